/**
 * Dataset validation (DESIGN §2): every table and column present with its Arrow type, no nulls
 * where the schema forbids them, enumerations respected, unique keys, plausible minutes and
 * totals, and every foreign key pointing at a row. Each column is read once as a typed array.
 */
import { DataType, Precision, Table, TimeUnit, type Vector } from 'apache-arrow';
import { validityOf } from './arrow/index.js';
import { DatasetError } from './dataset-error.js';
import { providerMetricKeyProblem } from './provider-metric-key.js';
import { tableFileOf } from './save.js';
import {
  COUNTING_COLUMNS,
  DatasetMeta,
  SCHEMA,
  TABLE_NAMES,
  type ColumnKind,
  type ColumnSpec,
  type Dataset,
  type TableName,
  type TableSpec,
} from './schema.js';

/**
 * Most minutes one appearance can add: 90 plus 30 of extra time, stoppage time not counted
 * (docs/methodology/dataset-validation.md#minutes).
 */
export const MAX_MINUTES_PER_APPEARANCE = 120;

/** Columns that count something and therefore can never be negative (docs/methodology/dataset-validation.md#ranges). */
const NON_NEGATIVE: Partial<Record<TableName, readonly string[]>> = {
  player_seasons: ['appearances', 'starts', 'minutes', ...COUNTING_COLUMNS],
  appearances: ['minutes'],
  fixtures: ['home_goals', 'away_goals'],
};

/** Unique column combinations beyond the primary key (docs/methodology/dataset-validation.md#keys). */
const UNIQUE_TOGETHER: Partial<Record<TableName, readonly (readonly string[])[]>> = {
  player_seasons: [['player_id', 'season_id', 'team_id']],
  appearances: [['fixture_id', 'player_id']],
};

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written `YYYY-MM-DD`. */
function isIsoDate(s: string): boolean {
  const m = ISO_DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** The schema's name for an Arrow type, for messages. */
const KIND_LABEL: Record<ColumnKind, string> = {
  int32: 'Int32',
  float64: 'Float64',
  utf8: 'Utf8',
  bool: 'Bool',
  timestamp: 'Timestamp<MILLISECOND>',
};

function typeMatches(type: DataType, kind: ColumnKind): boolean {
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
interface ColumnData {
  values: ArrayLike<unknown>;
  valid: Uint8Array | null;
}

/** Checked columns of every table, kept for the key and foreign-key passes. */
type Checked = Partial<Record<TableName, { rows: number; columns: Map<string, ColumnData> }>>;

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
    const offsets = chunk.valueOffsets as Int32Array;
    const bytes = chunk.values as Uint8Array;
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
interface FloatBounds {
  min: number | null;
  max: number | null;
  /** Problem text for a value above `max`. */
  above?: (x: number) => string;
}

function checkColumn(file: string, name: string, spec: ColumnSpec, vector: Vector, bounds: FloatBounds): ColumnData {
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
      const xs = vector.toArray() as ArrayLike<string | null>;
      for (let i = 0; i < n; i++) {
        const v = xs[i];
        if (v !== null && !isIsoDate(v))
          throw new DatasetError(file, name, i, `"${v}" is not a date written YYYY-MM-DD`);
      }
    }
    return { values: [], valid };
  }
  const values = vector.toArray() as ArrayLike<unknown>;
  if (spec.kind === 'float64') {
    const xs = values as Float64Array;
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

function checkNonNegative(file: string, name: string, col: ColumnData): void {
  const xs = col.values as Int32Array;
  const valid = col.valid;
  for (let i = 0; i < xs.length; i++) {
    if (xs[i] < 0 && (!valid || valid[i])) throw new DatasetError(file, name, i, `negative value ${xs[i]}`);
  }
}

/** `player_seasons.minutes` ≤ 120 × appearances (appearances rows are bounded while their column is read). */
function checkSeasonMinutes(file: string, columns: Map<string, ColumnData>, rows: number): void {
  const minutes = columns.get('minutes')!.values as Float64Array;
  const apps = columns.get('appearances')!.values as Int32Array;
  for (let i = 0; i < rows; i++) {
    if (minutes[i] > MAX_MINUTES_PER_APPEARANCE * apps[i]) {
      throw new DatasetError(
        file,
        'minutes',
        i,
        `${minutes[i]} minutes in ${apps[i]} appearances (at most ${MAX_MINUTES_PER_APPEARANCE} × ${apps[i]} = ${MAX_MINUTES_PER_APPEARANCE * apps[i]})`,
      );
    }
  }
}

/** Smallest and largest value of an id column (`lo` > `hi` when empty). */
function rangeOf(xs: Int32Array): { lo: number; hi: number } {
  let lo = 2147483647;
  let hi = -2147483648;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i];
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  return { lo, hi };
}

/** Largest key space checked with a bitset (bits; 16 MB) before falling back to a Set. */
const BITSET_MAX_BITS = 2 ** 27;
/**
 * A bitset pays for its whole key space (allocation and page faults) but only `rows` bits are
 * touched; beyond this many bits per row a Set of the keys is cheaper.
 */
const BITSET_BITS_PER_ROW = 64;

/**
 * The composite-key check for tables stored in runs of their first key column (appearances
 * grouped by fixture, player_seasons by player): within each run, a small stamp array over the
 * other columns' key space finds repeats while staying in cache. Returns false when the first
 * column turns out not to be in runs or the other columns' space is too wide; the caller then
 * checks every row another way.
 */
function uniqueWithinRuns(
  cols: Int32Array[],
  ranges: { lo: number; hi: number }[],
  spans: number[],
  rows: number,
  fail: (i: number) => never,
): boolean {
  const restSpace = spans.slice(1).reduce((a, b) => a * b, 1);
  if (restSpace > LOOKUP_MAX_SPAN || spans[0] > LOOKUP_MAX_SPAN) return false;
  const [a, b, c] = cols;
  const closed = new Uint8Array(spans[0]);
  const stamp = new Int32Array(restSpace).fill(-1);
  const la = ranges[0].lo;
  const lb = ranges[1].lo;
  const lc = c ? ranges[2].lo : 0;
  const sc = c ? spans[2] : 1;
  let run = 0;
  for (let i = 0; i < rows; i++) {
    if (i > 0 && a[i] !== a[i - 1]) {
      // A value of the first column seen again after its run ended: not stored in runs. Every
      // repeat before this row lay within one run and would have been found already.
      closed[a[i - 1] - la] = 1;
      if (closed[a[i] - la]) return false;
      run++;
    }
    const k = (b[i] - lb) * sc + (c ? c[i] - lc : 0);
    if (stamp[k] === run) fail(i);
    stamp[k] = run;
  }
  return true;
}

/**
 * Throws on the first row whose key columns repeat an earlier row. Each row's key is one exact
 * number (mixed radix over each column's range); a bitset over that key space marks what was seen,
 * so the pass allocates no per-row objects. Key spaces too wide or too sparse for the bitset use a Set.
 */
function checkUnique(file: string, names: readonly string[], columns: Map<string, ColumnData>, rows: number): void {
  if (rows === 0) return;
  const cols = names.map((n) => columns.get(n)!.values as Int32Array);
  const ranges = cols.map(rangeOf);
  const spans = ranges.map((r) => r.hi - r.lo + 1);
  const space = spans.reduce((a, b) => a * b, 1);
  const keyOf = (i: number): number => {
    let k = 0;
    for (let c = 0; c < cols.length; c++) k = k * spans[c] + (cols[c][i] - ranges[c].lo);
    return k;
  };
  const fail = (i: number): never => {
    const key = keyOf(i);
    let first = 0;
    while (keyOf(first) !== key) first++;
    const label = names.length === 1 ? names[0] : `(${names.join(', ')})`;
    const value = names.length === 1 ? String(cols[0][i]) : `(${cols.map((c) => c[i]).join(', ')})`;
    throw new DatasetError(file, names.join(','), i, `duplicate ${label} ${value}, first at row ${first}`);
  };
  if ((cols.length === 2 || cols.length === 3) && uniqueWithinRuns(cols, ranges, spans, rows, fail)) return;
  if (cols.length <= 3 && space <= BITSET_MAX_BITS && space <= BITSET_BITS_PER_ROW * rows + 65536) {
    const seen = new Uint8Array(Math.ceil(space / 8));
    // One, two or three key columns (checked above); written out so the loop stays monomorphic.
    const [a, b, c] = cols;
    const [la, lb, lc] = ranges.map((r) => r.lo);
    const [, sb, sc] = spans;
    for (let i = 0; i < rows; i++) {
      let k = a[i] - la;
      if (b) k = k * sb + (b[i] - lb);
      if (c) k = k * sc + (c[i] - lc);
      const bit = 1 << (k & 7);
      if (seen[k >>> 3] & bit) fail(i);
      seen[k >>> 3] |= bit;
    }
    return;
  }
  const exact = space <= Number.MAX_SAFE_INTEGER;
  const seen = new Set<number | string>();
  for (let i = 0; i < rows; i++) {
    const key = exact ? keyOf(i) : cols.map((col) => col[i]).join(',');
    if (seen.has(key)) fail(i);
    seen.add(key);
  }
}

/** Widest id range tested with a lookup array (one byte per id, 16 MB) instead of a Set. */
const LOOKUP_MAX_SPAN = 2 ** 24;

function checkForeignKeys(checked: Checked, where: (name: TableName) => string): void {
  for (const name of TABLE_NAMES) {
    const entry = checked[name];
    if (!entry) continue;
    const spec: TableSpec = SCHEMA[name];
    for (const fk of spec.foreignKeys) {
      const target: TableName = fk.table as TableName;
      const targetColumn = fk.references ?? (SCHEMA[target] as TableSpec).key!;
      const ids = checked[target]!.columns.get(targetColumn)!.values as Int32Array;
      const { values, valid } = entry.columns.get(fk.column)!;
      const xs = values as Int32Array;
      const dangling = (i: number): never => {
        throw new DatasetError(
          where(name),
          fk.column,
          i,
          `${fk.column} ${xs[i]} is not a ${targetColumn} in ${target}`,
        );
      };
      const { lo, hi } = rangeOf(ids);
      if (hi - lo < LOOKUP_MAX_SPAN) {
        const present = new Uint8Array(Math.max(0, hi - lo + 1));
        for (let i = 0; i < ids.length; i++) present[ids[i] - lo] = 1;
        for (let i = 0; i < entry.rows; i++) {
          const x = xs[i];
          if ((x < lo || x > hi || present[x - lo] === 0) && (!valid || valid[i])) dangling(i);
        }
      } else {
        const set = new Set(ids);
        for (let i = 0; i < entry.rows; i++) if (!set.has(xs[i]) && (!valid || valid[i])) dangling(i);
      }
    }
  }
}

/** A provider metric column: Float64, finite or null (docs/scoring.md#provider-metrics); negative totals such as goals prevented are allowed. */
function checkProviderMetric(file: string, column: string, table: Table): void {
  const vector = table.getChild(column)!;
  const field = table.schema.fields.find((f) => f.name === column)!;
  if (!typeMatches(field.type, 'float64'))
    throw new DatasetError(
      file,
      column,
      null,
      `type ${String(field.type)}, expected ${KIND_LABEL.float64} (provider metric)`,
    );
  const values = vector.toArray() as Float64Array;
  for (let i = 0; i < values.length; i++) {
    const x = values[i];
    if (x - x !== 0 && !Number.isNaN(x) && vector.isValid(i))
      throw new DatasetError(file, column, i, `${x} is not a finite number`);
  }
}

/** Options of {@link validateDataset}. */
export interface ValidateOptions {
  /** Where the tables came from, for error messages; default `files` (`players.arrow`), `memory` names the table (`players table`). */
  source?: 'files' | 'memory';
}

/**
 * Checks a dataset against the schema (DESIGN §2) and throws {@link DatasetError} on the first
 * problem, naming the Arrow file (`players.arrow`), the column and the zero-based row. Checks, in
 * order per table: presence, unknown or missing columns, Arrow types, nulls in non-nullable
 * columns, enumerations, non-finite floats, `_date` columns written `YYYY-MM-DD`, negative counts
 * and minutes, minutes above 120 × appearances, duplicate keys; then every foreign key.
 * Also checks `dataset.meta` against {@link DatasetMeta} (file `dataset.json`). With
 * `{ source: 'memory' }` (an in-memory dataset, `Engine.open({ dataset: { meta, tables } })`)
 * errors name the table (`players table`) and `dataset.meta` instead of files.
 * Cost: one pass over each column, no per-row objects; about 30 ms warm (100 ms on a cold first
 * call) for a demo-sized dataset of 200,000 appearances (bench/data/validate.bench.ts).
 * @example validateDataset(tinyDataset()) // => undefined (throws DatasetError on a bad dataset)
 */
export function validateDataset(dataset: Dataset, options: ValidateOptions = {}): void {
  const inMemory = options.source === 'memory';
  const where = (name: TableName): string => (inMemory ? `${name} table` : tableFileOf(name));
  const meta = DatasetMeta.safeParse(dataset.meta);
  if (!meta.success) {
    const issue = meta.error.issues[0];
    throw new DatasetError(
      inMemory ? 'dataset.meta' : 'dataset.json',
      issue.path.join('.') || null,
      null,
      issue.message,
    );
  }
  const checked: Checked = {};
  for (const name of TABLE_NAMES) {
    const spec: TableSpec = SCHEMA[name];
    const file = where(name);
    const table: unknown = dataset.tables[name];
    if (table === undefined || table === null) {
      if (spec.optional) continue;
      throw new DatasetError(file, null, null, `required table "${name}" is missing`);
    }
    if (!(table instanceof Table)) throw new DatasetError(file, null, null, 'not an Arrow table');
    // Provider metrics declared in dataset.json are the only columns allowed beyond the schema.
    const provider =
      name === 'player_seasons' ? new Set((meta.data.provider_metrics ?? []).map((m) => m.key)) : new Set<string>();
    for (const field of table.schema.fields) {
      if (provider.has(field.name) && !(field.name in spec.columns)) {
        checkProviderMetric(file, field.name, table);
        continue;
      }
      if (!(field.name in spec.columns))
        throw new DatasetError(file, field.name, null, `unknown column (not in the schema of ${name})`);
    }
    if (name === 'player_seasons' && provider.size !== (meta.data.provider_metrics ?? []).length)
      throw new DatasetError('dataset.json', 'provider_metrics', null, 'a provider metric is declared twice');
    for (const key of provider) {
      const problem = providerMetricKeyProblem(key);
      if (problem) throw new DatasetError('dataset.json', 'provider_metrics', null, `provider metric ${problem}`);
      if (!table.getChild(key))
        throw new DatasetError(file, key, null, 'missing column (declared in provider_metrics of dataset.json)');
    }
    const columns = new Map<string, ColumnData>();
    for (const [colName, colSpec] of Object.entries(spec.columns) as [string, ColumnSpec][]) {
      const field = table.schema.fields.find((f) => f.name === colName);
      const vector = table.getChild(colName);
      if (!field || !vector) throw new DatasetError(file, colName, null, 'missing column');
      if (!typeMatches(field.type, colSpec.kind)) {
        throw new DatasetError(file, colName, null, `type ${String(field.type)}, expected ${KIND_LABEL[colSpec.kind]}`);
      }
      const nonNegative = (NON_NEGATIVE[name] ?? []).includes(colName);
      const perAppearance = name === 'appearances' && colName === 'minutes';
      const bounds: FloatBounds = {
        min: nonNegative ? 0 : null,
        max: perAppearance ? MAX_MINUTES_PER_APPEARANCE : null,
        above: (x) => `${x} minutes in one appearance (at most ${MAX_MINUTES_PER_APPEARANCE})`,
      };
      columns.set(colName, checkColumn(file, colName, colSpec, vector, bounds));
      if (nonNegative && colSpec.kind === 'int32') checkNonNegative(file, colName, columns.get(colName)!);
    }
    if (name === 'player_seasons') checkSeasonMinutes(file, columns, table.numRows);
    if (spec.key) checkUnique(file, [spec.key], columns, table.numRows);
    for (const names of UNIQUE_TOGETHER[name] ?? []) checkUnique(file, names, columns, table.numRows);
    checked[name] = { rows: table.numRows, columns };
  }
  checkForeignKeys(checked, where);
}
