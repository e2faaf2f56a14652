/**
 * Arrow tables of the schema joined end to end by copying their column buffers (docs/merging.md#cost):
 * the merge of datasets whose rows need no reconciling takes each input's columns as they are,
 * instead of reading every row into an object and building the columns again value by value. The
 * result is the same table as `tableFromRows` of the rows in input order, so its IPC bytes are too.
 */
import {
  Bool,
  type Data,
  type DataType,
  Float64,
  Int32,
  makeData,
  makeVector,
  Table,
  TimestampMillisecond,
  Utf8,
  type Vector,
} from 'apache-arrow';
import { isOwnTable } from './arrow.js';
import { arrowTypeOf, type ColumnKind, SCHEMA, type TableName } from './schema.js';

/**
 * Bytes of a validity or bool bitmap of `bits` rows as apache-arrow's builder sizes it (whole
 * 64-byte blocks, at least one), so the joined table writes the same IPC bytes as a built one.
 * @example bitmapBytes(513) // => 128
 */
const bitmapBytes = (bits: number): number => Math.max(64, Math.ceil(Math.ceil(bits / 8) / 64) * 64);

/** The one chunk of a column that can be copied as is: one Data, not sliced (null otherwise). */
function plainChunkOf(vector: Vector | null, type: DataType): Data | null {
  if (vector?.data.length !== 1 || String(vector.type) !== String(type)) return null;
  const [data] = vector.data;
  return data.offset === 0 ? data : null;
}

const bitOf = (bytes: Uint8Array, i: number): number => (bytes[i >> 3] >> (i & 7)) & 1;
/** Copies `count` bits of `from` (from bit 0) into `to` from bit `at`. */
function copyBits(from: Uint8Array, to: Uint8Array, at: number, count: number): void {
  for (let i = 0; i < count; i++) if (bitOf(from, i)) to[(at + i) >> 3] |= 1 << ((at + i) & 7);
}

/** The validity bitmap of the joined chunks, or undefined when none holds a null. */
function joinedValidity(chunks: readonly Data[], length: number): Uint8Array | undefined {
  if (chunks.every((d) => d.nullCount === 0)) return undefined;
  const bitmap = new Uint8Array(bitmapBytes(length));
  let at = 0;
  for (const d of chunks) {
    if (d.nullCount === 0) for (let i = 0; i < d.length; i++) bitmap[(at + i) >> 3] |= 1 << ((at + i) & 7);
    else copyBits(d.nullBitmap, bitmap, at, d.length);
    at += d.length;
  }
  return bitmap;
}

/** Copies the values of fixed-width chunks (one array slot per value) one after the other into `out`. */
function fillFixed<A extends { set(values: ArrayLike<number | bigint>, at: number): void }>(
  out: A,
  chunks: readonly Data[],
): A {
  let at = 0;
  for (const d of chunks) {
    out.set(d.values.subarray(0, d.length), at);
    at += d.length;
  }
  return out;
}

/** The joined bit-packed values of Bool chunks. */
function joinedBits(chunks: readonly Data[], length: number): Uint8Array {
  const out = new Uint8Array(bitmapBytes(length));
  let at = 0;
  for (const d of chunks) {
    copyBits(d.values, out, at, d.length);
    at += d.length;
  }
  return out;
}

/** The joined offsets and bytes of Utf8 chunks. */
function joinedUtf8(chunks: readonly Data[], length: number): { valueOffsets: Int32Array; data: Uint8Array } {
  const valueOffsets = new Int32Array(length + 1);
  const bytes = chunks.reduce((n, d) => n + (d.valueOffsets[d.length] - d.valueOffsets[0]), 0);
  const data = new Uint8Array(bytes);
  let row = 0;
  let base = 0;
  for (const d of chunks) {
    const start = d.valueOffsets[0];
    for (let i = 1; i <= d.length; i++) valueOffsets[row + i] = base + d.valueOffsets[i] - start;
    const end = d.valueOffsets[d.length];
    data.set(d.values.subarray(start, end), base);
    row += d.length;
    base += end - start;
  }
  return { valueOffsets, data };
}

/** One column of the joined chunks, all of the arrow type of `kind`. */
function joinedColumn(kind: ColumnKind, chunks: readonly Data[]): Vector {
  const length = chunks.reduce((n, d) => n + d.length, 0);
  const nullCount = chunks.reduce((n, d) => n + d.nullCount, 0);
  const common = { length, nullCount, nullBitmap: joinedValidity(chunks, length) };
  switch (kind) {
    case 'utf8':
      return makeVector(makeData({ type: new Utf8(), ...common, ...joinedUtf8(chunks, length) }));
    case 'bool':
      return makeVector(makeData({ type: new Bool(), ...common, data: joinedBits(chunks, length) }));
    case 'int32':
      return makeVector(makeData({ type: new Int32(), ...common, data: fillFixed(new Int32Array(length), chunks) }));
    case 'float64':
      return makeVector(
        makeData({ type: new Float64(), ...common, data: fillFixed(new Float64Array(length), chunks) }),
      );
    case 'timestamp':
      return makeVector(
        makeData({
          type: new TimestampMillisecond('UTC'),
          ...common,
          data: fillFixed(new BigInt64Array(length), chunks),
        }),
      );
  }
}

/**
 * The rows of `tables` one after the other, as one table of the schema's `name` columns (the same
 * table `tableFromRows` would build from their rows), or null when a table lacks a schema column,
 * holds it with another type, or in several or sliced chunks, or was built by another copy of
 * apache-arrow (the caller then goes through rows).
 * @example concatTables('leagues', [a, b])?.numRows // => a.numRows + b.numRows
 */
export function concatTables(name: TableName, tables: readonly Table[]): Table | null {
  if (tables.length === 0) return null;
  if (!tables.every(isOwnTable)) return null;
  const vectors: Record<string, Vector> = {};
  for (const [col, c] of Object.entries(SCHEMA[name].columns)) {
    const type = arrowTypeOf(c.kind);
    const chunks: Data[] = [];
    for (const t of tables) {
      const chunk = plainChunkOf(t.getChild(col), type);
      if (!chunk) return null;
      chunks.push(chunk);
    }
    vectors[col] = joinedColumn(c.kind, chunks);
  }
  return new Table(vectors);
}
