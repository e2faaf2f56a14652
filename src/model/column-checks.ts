/**
 * The per-column checks of dataset validation (docs/methodology/dataset-validation.md): Arrow type,
 * nulls where the schema forbids them, enumerations, `_date` columns, finite and bounded floats and
 * non-negative counts. Each column is read once as a typed array, kept for the key checks.
 */
import { DataType, Precision, type Table, TimeUnit, type Vector } from 'apache-arrow';
import { utf8BuffersOf, validityOf, valuesAs } from './arrow.js';
import { DatasetError } from './dataset-error.js';
import type { ColumnKind, ColumnSpec } from './schema.js';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(s: string): boolean {
  const m = ISO_DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** The schema's name for an Arrow type, for messages. */
export const KIND_LABEL: Record<ColumnKind, string> = {
  int32: 'Int32',
  float64: 'Float64',
  utf8: 'Utf8',
  bool: 'Bool',
  timestamp: 'Timestamp<MILLISECOND>',
};

/** True when an Arrow type is the one the schema gives for a column kind. */
export function typeMatches(type: DataType, kind: ColumnKind): boolean {
  switch (kind) {
    case 'int32':
      return DataType.isInt(type) && type.bitWidth === 32 && type.isSigned;
    case 'float64':
      return DataType.isFloat(type) && type.precision === Precision.DOUBLE;
    case 'utf8':
      return DataType.isUtf8(type);
    case 'bool':
      return DataType.isBool(type);
    case 'timestamp':
      // Arrow timestamps always hold UTC epoch values; the zone is only a display hint.
      return DataType.isTimestamp(type) && type.unit === TimeUnit.MILLISECOND;
  }
}

/** One checked column: its values as read once (none for Bool, which no later check reads), and which rows hold a value. */
export interface ColumnData {
  values: ArrayLike<unknown>;
  valid: Uint8Array | null;
}

const utf8 = new TextEncoder();

/** Packs a value of at most 3 UTF-8 bytes and its length into one small integer. */
const packed = (len: number, b0: number, b1: number, b2: number): number => (len << 24) | (b0 << 16) | (b1 << 8) | b2;

/**
 * First row of a Utf8 column whose value is not in `allowed`, or -1. Works on the raw UTF-8 bytes
 * of each chunk, so no string is decoded (this column has 200,000 rows in the demo): values of up
 * to 3 bytes (position codes) are packed into one integer and looked up, longer ones compared byte
 * by byte.
 */
function firstOutside(vector: Vector, allowed: readonly string[], valid: Uint8Array | null): number {
  const short = new Set<number>();
  const long: Uint8Array[] = [];
  for (const v of allowed) {
    const b = utf8.encode(v);
    if (b.length <= 3) short.add(packed(b.length, b[0] ?? 0, b[1] ?? 0, b[2] ?? 0));
    else long.push(b);
  }
  const isLongAllowed = (bytes: Uint8Array, start: number, len: number): boolean =>
    long.some((want) => want.length === len && want.every((x, j) => bytes[start + j] === x));
  let base = 0;
  for (const chunk of vector.data) {
    const { offsets, bytes } = utf8BuffersOf(chunk);
    for (let i = 0; i < chunk.length; i++) {
      if (valid && !valid[base + i]) continue;
      const start = offsets[i];
      const len = offsets[i + 1] - start;
      const ok =
        len <= 3
          ? short.has(
              packed(len, len > 0 ? bytes[start] : 0, len > 1 ? bytes[start + 1] : 0, len > 2 ? bytes[start + 2] : 0),
            )
          : isLongAllowed(bytes, start, len);
      if (!ok) return base + i;
    }
    base += chunk.length;
  }
  return -1;
}
/** Inclusive bounds a Float64 column is checked against in the same pass as finiteness. */
export interface FloatBounds {
  min: number | null;
  max: number | null;
  /** Problem text for a value above `max`. */
  above?: (x: number) => string;
}

/** Checks one column against its spec (nulls, enumeration, dates, finite floats within `bounds`) and returns its values. */
export function checkColumn(
  file: string,
  name: string,
  spec: ColumnSpec,
  vector: Vector,
  bounds: FloatBounds,
): ColumnData {
  const valid = validityOf(vector);
  if (valid && !spec.nullable) {
    throw new DatasetError(file, name, valid.indexOf(0), 'null in a column that must hold a value');
  }
  const n = vector.length;
  if (spec.kind === 'bool') return { values: [], valid };
  if (spec.kind === 'utf8') {
    if (spec.values) {
      const row = firstOutside(vector, spec.values, valid);
      if (row >= 0)
        throw new DatasetError(file, name, row, `"${String(vector.get(row))}" is not one of ${spec.values.join(', ')}`);
    }
    if (name.endsWith('_date')) {
      const xs: ArrayLike<unknown> = vector.toArray();
      for (let i = 0; i < n; i++) {
        const v = xs[i];
        if (typeof v === 'string' && !isIsoDate(v))
          throw new DatasetError(file, name, i, `"${v}" is not a date written YYYY-MM-DD`);
      }
    }
    return { values: [], valid };
  }
  const values: ArrayLike<unknown> = vector.toArray();
  if (spec.kind === 'float64') {
    const xs = valuesAs(values, Float64Array, name);
    const min = bounds.min ?? -Infinity;
    const max = bounds.max ?? Infinity;
    for (let i = 0; i < n; i++) {
      const x = xs[i];
      // One comparison chain per row: NaN fails `x >= min`, ±Infinity fails one of the bounds.
      if (x >= min && x <= max && x !== Infinity && x !== -Infinity) continue;
      if (valid && !valid[i]) continue;
      if (!Number.isFinite(x)) throw new DatasetError(file, name, i, `${x} is not a finite number`);
      if (x < min) throw new DatasetError(file, name, i, `negative value ${x}`);
      throw new DatasetError(file, name, i, bounds.above ? bounds.above(x) : `${x} is above ${max}`);
    }
  }
  return { values, valid };
}
/** Throws on the first negative value of an Int32 column. */
export function checkNonNegative(file: string, name: string, col: ColumnData): void {
  const xs = valuesAs(col.values, Int32Array, name);
  const valid = col.valid;
  for (let i = 0; i < xs.length; i++) {
    if (xs[i] < 0 && (!valid || valid[i])) throw new DatasetError(file, name, i, `negative value ${xs[i]}`);
  }
}

/** A provider metric column: Float64, finite or null (docs/scoring.md#provider-metrics); negative totals such as goals prevented are allowed. */
export function checkProviderMetric(file: string, column: string, table: Table): void {
  const vector = table.getChild(column)!;
  const field = table.schema.fields.find((f) => f.name === column)!;
  if (!typeMatches(field.type, 'float64'))
    throw new DatasetError(
      file,
      column,
      null,
      `type ${String(field.type)}, expected ${KIND_LABEL.float64} (provider metric)`,
    );
  const values = valuesAs(vector.toArray(), Float64Array, column);
  for (let i = 0; i < values.length; i++) {
    const x = values[i];
    if (x - x !== 0 && !Number.isNaN(x) && vector.isValid(i))
      throw new DatasetError(file, column, i, `${x} is not a finite number`);
  }
}
