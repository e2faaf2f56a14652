/**
 * Reading Arrow columns as typed arrays once, with their null masks, for the column loops of
 * `deriveSeasons` (docs/methodology/stats.md#missing-values).
 */
import type { Table, Vector } from 'apache-arrow';

/**
 * Validity of every value of a column: 1 = present, 0 = null. Null when the column has no nulls
 * (callers skip the check). Arrow's `toArray()` turns Int32 nulls into 0, so this mask is the only
 * way to tell a null from a real zero.
 * @example validityOf(vectorFromArray([1, null], new Int32())) // => Uint8Array [1, 0]
 */
export function validityOf(vector: Vector): Uint8Array | null {
  if (vector.nullCount === 0) return null;
  const out = new Uint8Array(vector.length);
  let at = 0;
  for (const d of vector.data) {
    const bitmap = d.nullBitmap;
    if (d.nullCount === 0 || !bitmap || bitmap.length === 0) {
      out.fill(1, at, at + d.length);
    } else {
      for (let i = 0, j = d.offset; i < d.length; i++, j++) out[at + i] = (bitmap[j >> 3] >> (j & 7)) & 1;
    }
    at += d.length;
  }
  return out;
}

/**
 * A numeric column as a Float64Array with nulls (and a missing column) as NaN.
 * @example numberColumn(tableFromArrays({ x: Int32Array.of(1) }), 'x') // => Float64Array [1]
 */
export function numberColumn(table: Table, name: string): Float64Array {
  const vector = table.getChild(name);
  const out = new Float64Array(table.numRows);
  if (!vector) return out.fill(NaN);
  const raw = vector.toArray() as ArrayLike<number | bigint>;
  const valid = validityOf(vector);
  if (raw instanceof Float64Array) out.set(raw);
  else if (ArrayBuffer.isView(raw) && !(raw instanceof BigInt64Array) && !(raw instanceof BigUint64Array)) out.set(raw as ArrayLike<number>);
  else for (let i = 0; i < out.length; i++) out[i] = Number(raw[i]);
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
  const raw = vector.toArray() as ArrayLike<number | bigint>;
  if (ArrayBuffer.isView(raw) && !(raw instanceof BigInt64Array) && !(raw instanceof BigUint64Array)) out.set(raw as ArrayLike<number>);
  else for (let i = 0; i < out.length; i++) out[i] = Number(raw[i]);
  return out;
}
