/**
 * Arrow columns written straight from row values (docs/design.md#tables-from-rows): one pass per
 * column into a typed array and a validity bitmap, instead of apache-arrow's generic builder, which
 * dispatches per value and resizes as it goes (most of the table build of a Wyscout ingest). The
 * buffers are the ones the builder would make, as the IPC writer sees them, so the bytes on disk do
 * not change: values at null rows are zero, and bitmaps have the builder's size ({@link bitmapBytes}).
 * A value of another JS type than the column's (a string in a number column) is left to the builder.
 */
import type { Vector } from 'apache-arrow';
import type { ArrowModule } from './arrow/arrow.js';

/** The schema's column kinds (`ColumnKind` of schema.ts, spelled out here: schema.ts imports this module). */
type ColumnKind = 'int32' | 'float64' | 'utf8' | 'bool' | 'timestamp';

/**
 * Bytes of a bitmap of `bits` bits as Arrow's builders size it (a multiple of 64 bytes, at least
 * 64): the IPC writer writes a bitmap with its whole length, so the bytes on disk depend on it.
 * @example bitmapBytes(513) // => 128
 */
export const bitmapBytes = (bits: number): number => Math.max(64, Math.ceil(Math.ceil(bits / 8) / 64) * 64);

/** A column's values and validity, filled row by row; `fits` is false once a value of another type came. */
interface Filled<A> {
  values: A;
  validity: Uint8Array;
  nullCount: number;
  fits: boolean;
}

/** The value of `col` in each row (undefined read as null) fed to `put`, which says whether it fits. */
function fill<A>(
  rows: ReadonlyArray<object>,
  col: string,
  values: A,
  put: (values: A, i: number, v: unknown) => boolean,
): Filled<A> {
  const validity = new Uint8Array(bitmapBytes(rows.length));
  let nullCount = 0;
  for (let i = 0; i < rows.length; i++) {
    const v: unknown = Reflect.get(rows[i], col);
    if (v === undefined || v === null) {
      nullCount++;
      continue;
    }
    if (!put(values, i, v)) return { values, validity, nullCount, fits: false };
    validity[i >> 3] |= 1 << (i & 7);
  }
  return { values, validity, nullCount, fits: true };
}

const putNumber = (values: Int32Array | Float64Array, i: number, v: unknown): boolean => {
  if (typeof v !== 'number') return false;
  values[i] = v;
  return true;
};
// BigInt of a fraction throws: such a value goes to the builder, which throws the same error.
const putMillis = (values: BigInt64Array, i: number, v: unknown): boolean => {
  if (typeof v !== 'number' || !Number.isInteger(v)) return false;
  values[i] = BigInt(v);
  return true;
};
const putBool = (values: Uint8Array, i: number, v: unknown): boolean => {
  if (typeof v !== 'boolean') return false;
  if (v) values[i >> 3] |= 1 << (i & 7);
  return true;
};

/** UTF-8 bytes and offsets of a text column, encoded into one buffer. */
function fillUtf8(rows: ReadonlyArray<object>, col: string) {
  const encoder = new TextEncoder();
  const valueOffsets = new Int32Array(rows.length + 1);
  let bytes = new Uint8Array(1024);
  let at = 0;
  const filled = fill(rows, col, valueOffsets, (offsets, i, v) => {
    if (typeof v !== 'string') return false;
    // A UTF-16 unit takes at most 3 bytes in UTF-8.
    if (bytes.length - at < v.length * 3) {
      const grown = new Uint8Array(Math.max(bytes.length * 2, at + v.length * 3));
      grown.set(bytes.subarray(0, at));
      bytes = grown;
    }
    at += encoder.encodeInto(v, bytes.subarray(at)).written;
    offsets[i + 1] = at;
    return true;
  });
  // A null row ends where the row before it ended.
  for (let i = 1; i <= rows.length; i++)
    if (valueOffsets[i] < valueOffsets[i - 1]) valueOffsets[i] = valueOffsets[i - 1];
  return { ...filled, data: bytes.slice(0, at) };
}

/**
 * The Arrow column of `kind` holding `col` of each row (undefined and null as null), built by
 * `arrow`; null when a value is not of the column's JS type (the caller then uses the builder).
 * @example columnOf(shared(), 'int32', [{ a: 1 }, { a: null }], 'a')?.toArray() // => Int32Array [1, 0]
 */
export function columnOf(
  arrow: ArrowModule,
  kind: ColumnKind,
  rows: ReadonlyArray<object>,
  col: string,
): Vector | null {
  const { Bool, Float64, Int32, makeData, makeVector, TimestampMillisecond, Utf8 } = arrow;
  const n = rows.length;
  const made = <A>(f: Filled<A>) => ({
    length: n,
    nullCount: f.nullCount,
    nullBitmap: f.nullCount > 0 ? f.validity : undefined,
  });
  switch (kind) {
    case 'int32': {
      const f = fill(rows, col, new Int32Array(n), putNumber);
      return f.fits ? makeVector(makeData({ type: new Int32(), ...made(f), data: f.values })) : null;
    }
    case 'float64': {
      const f = fill(rows, col, new Float64Array(n), putNumber);
      return f.fits ? makeVector(makeData({ type: new Float64(), ...made(f), data: f.values })) : null;
    }
    case 'timestamp': {
      const f = fill(rows, col, new BigInt64Array(n), putMillis);
      return f.fits
        ? makeVector(makeData({ type: new TimestampMillisecond('UTC'), ...made(f), data: f.values }))
        : null;
    }
    case 'bool': {
      const f = fill(rows, col, new Uint8Array(bitmapBytes(n)), putBool);
      return f.fits ? makeVector(makeData({ type: new Bool(), ...made(f), data: f.values })) : null;
    }
    case 'utf8': {
      const f = fillUtf8(rows, col);
      return f.fits
        ? makeVector(makeData({ type: new Utf8(), ...made(f), valueOffsets: f.values, data: f.data }))
        : null;
    }
  }
}
