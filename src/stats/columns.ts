/**
 * Reading Arrow columns as typed arrays once, with their null masks, for the column loops of
 * `deriveSeasons` (docs/methodology/stats.md#missing-values).
 */
import { type Table, util } from 'apache-arrow';
import { validityOf, valuesAs } from '../model/arrow.js';

/**
 * A numeric column as a Float64Array with nulls (and a missing column) as NaN.
 * @example numberColumn(tableFromArrays({ x: Int32Array.of(1) }), 'x') // => Float64Array [1]
 */
export function numberColumn(table: Table, name: string): Float64Array {
  const { values, valid } = rawColumn(table, name);
  const out = Float64Array.from(values);
  if (valid) for (let i = 0; i < out.length; i++) if (!valid[i]) out[i] = NaN;
  return out;
}

/**
 * A non-null integer column as an Int32Array copy (nulls, if any slipped through, read as 0).
 * @example intColumn(tableFromArrays({ id: Int32Array.of(7) }), 'id') // => Int32Array [7]
 */
export function intColumn(table: Table, name: string): Int32Array {
  const vector = table.getChild(name);
  const out = new Int32Array(table.numRows);
  if (!vector) return out;
  out.set(numbersOf(vector.toArray(), out.length));
  return out;
}

/**
 * A Bool column as one byte per row: 1 where it holds true, 0 for false, null or a missing column.
 * @example trueFlagsOf(tableFromArrays({ s: [true, null] }), 's') // => Uint8Array [1, 0]
 */
export function trueFlagsOf(table: Table, name: string): Uint8Array {
  const vector = table.getChild(name);
  const out = new Uint8Array(table.numRows);
  if (!vector) return out;
  const valid = validityOf(vector);
  let at = 0;
  // One pass over each chunk's bits: the on-pitch tally reads every appearance at open, where
  // apache-arrow's per-value iterator stays in the interpreter.
  for (const d of vector.data) {
    const bits = valuesAs(d.values, Uint8Array, `${name} bits`);
    for (let i = 0, j = d.offset; i < d.length; i++, j++, at++)
      if (!valid || valid[at]) out[at] = util.getBit(null, j, bits[j >> 3], j & 7);
  }
  return out;
}

/** A typed array of plain numbers (not BigInt, not a DataView). */
function isNumberArray(x: unknown): x is ArrayLike<number> {
  return (
    ArrayBuffer.isView(x) && !(x instanceof BigInt64Array) && !(x instanceof BigUint64Array) && !(x instanceof DataView)
  );
}

/**
 * The numbers of a column's `toArray()`: the typed array itself when it holds plain numbers (no
 * copy), else `n` values converted with Number (64-bit integers, plain arrays).
 */
function numbersOf(raw: unknown, n: number): ArrayLike<number> {
  if (isNumberArray(raw)) return raw;
  const out = new Float64Array(n);
  if (raw instanceof BigInt64Array || raw instanceof BigUint64Array || Array.isArray(raw))
    for (let i = 0; i < n; i++) out[i] = Number(raw[i]);
  return out;
}

/** A numeric column as read from Arrow without conversion: raw values plus validity (null = no nulls). */
export interface RawColumn {
  values: ArrayLike<number>;
  valid: Uint8Array | null;
}

/**
 * A numeric column's raw typed array (zero-copy for a single chunk) and its validity mask; a
 * missing column reads as all null. Nulls hold arbitrary values in `values` (0 for Int32).
 * @example rawColumn(tableFromArrays({ x: Int32Array.of(4) }), 'x') // => { values: Int32Array [4], valid: null }
 */
export function rawColumn(table: Table, name: string): RawColumn {
  const vector = table.getChild(name);
  if (!vector) return { values: new Float64Array(table.numRows), valid: new Uint8Array(table.numRows) };
  return { values: numbersOf(vector.toArray(), table.numRows), valid: validityOf(vector) };
}
