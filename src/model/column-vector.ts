/**
 * One column of plain rows as an Arrow vector of the schema's type (docs/design.md#data-model),
 * written straight into the typed array of that type and one validity byte per row. Arrow's
 * generic `vectorFromArray` infers a builder and appends value by value; a dataset builds every
 * column of every table this way, so the fixed cost of any dataset, however few its events, is
 * mostly this. The vectors are what that builder makes: the same buffers, and a field written as
 * nullable whether or not the column holds a null.
 */
import {
  Bool,
  type Data,
  Float64,
  Int32,
  makeData,
  makeVector,
  TimestampMillisecond,
  Utf8,
  type Vector,
} from 'apache-arrow';
import { utf8BytesOf } from './arrow.js';

/** Column kinds used by the schema. Dates are ISO `YYYY-MM-DD` strings; `timestamp` is UTC milliseconds. */
export type ColumnKind = 'int32' | 'float64' | 'utf8' | 'bool' | 'timestamp';

/** The value of `column` in each row, `undefined` read as null. */
function cellsOf(rows: ReadonlyArray<object>, column: string): unknown[] {
  const out = new Array<unknown>(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = Reflect.get(rows[i]!, column) ?? null;
  return out;
}

/**
 * Bits packed eight to a byte, least significant first, in whole blocks of 64 bytes: Arrow's
 * builder allocates bitmaps so, and its IPC writer writes a bitmap whole, padding included.
 */
function packedBits(bits: Uint8Array): Uint8Array {
  const out = new Uint8Array((Math.ceil(((bits.length + 7) >> 3) / 64) || 1) * 64);
  for (let i = 0; i < bits.length; i++) if (bits[i]) out[i >> 3]! |= 1 << (i & 7);
  return out;
}

/** Rows whose cell is null (0) or holds a value (1), and how many are null. */
function validityOfCells(cells: readonly unknown[]): { valid: Uint8Array; nulls: number } {
  const valid = new Uint8Array(cells.length);
  let nulls = 0;
  for (let i = 0; i < cells.length; i++)
    if (cells[i] === null) nulls++;
    else valid[i] = 1;
  return { valid, nulls };
}

/** The text cells as UTF-8 (a non-text value written as its string, as Arrow's builder writes it). */
function utf8DataOf(cells: readonly unknown[], nullCount: number, nullBitmap: Uint8Array | undefined): Data<Utf8> {
  const texts = cells.map((v) => (v === null || typeof v === 'string' ? v : String(v)));
  return makeData({ type: new Utf8(), length: cells.length, nullCount, nullBitmap, ...utf8BytesOf(texts) });
}

/**
 * The vector of `column` of `rows` as the column kind `kind` (missing and undefined cells null).
 * @example columnVectorOf('int32', [{ a: 1 }, {}], 'a').get(1) // => null
 */
export function columnVectorOf(kind: ColumnKind, rows: ReadonlyArray<object>, column: string): Vector {
  const cells = cellsOf(rows, column);
  const n = cells.length;
  const { valid, nulls } = validityOfCells(cells);
  const nullBitmap = nulls > 0 ? packedBits(valid) : undefined;
  const props = { length: n, nullCount: nulls, nullBitmap };
  switch (kind) {
    case 'int32': {
      const data = new Int32Array(n);
      // Number() is the conversion a typed array applies to any value it is given.
      for (let i = 0; i < n; i++) if (valid[i]) data[i] = Number(cells[i]);
      return makeVector(makeData({ type: new Int32(), data, ...props }));
    }
    case 'float64': {
      const data = new Float64Array(n);
      for (let i = 0; i < n; i++) if (valid[i]) data[i] = Number(cells[i]);
      return makeVector(makeData({ type: new Float64(), data, ...props }));
    }
    case 'timestamp': {
      const data = new BigInt64Array(n);
      // A timestamp cell is epoch milliseconds; BigInt throws on a fraction, as Arrow's builder does.
      for (let i = 0; i < n; i++) if (valid[i]) data[i] = BigInt(Number(cells[i]));
      return makeVector(makeData({ type: new TimestampMillisecond('UTC'), data, ...props }));
    }
    case 'bool': {
      const bits = new Uint8Array(n);
      for (let i = 0; i < n; i++) bits[i] = valid[i] && cells[i] ? 1 : 0;
      return makeVector(makeData({ type: new Bool(), data: packedBits(bits), ...props }));
    }
    case 'utf8':
      return makeVector(utf8DataOf(cells, nulls, nullBitmap));
  }
}
