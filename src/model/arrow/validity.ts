/**
 * Reading an Arrow column's validity once, as one byte per row, for the column loops of data,
 * stats and dna (docs/methodology/stats.md#missing-values).
 */
import type { Vector } from 'apache-arrow';
import { bitAt } from './bits.js';

/**
 * Validity of every value of a column: 1 = present, 0 = null. Null when the column has no nulls
 * (callers skip the check). Arrow's `toArray()` turns Int32 nulls into 0, so this mask is the only
 * way to tell a null from a real zero. Reads each chunk's bitmap once, honouring chunk offsets.
 * @example validityOf(vectorFromArray([1, null], new Int32())) // => Uint8Array [1, 0]
 */
export function validityOf(vector: Vector): Uint8Array | null {
  if (vector.nullCount === 0) return null;
  const out = new Uint8Array(vector.length);
  // All null (a column the dataset does not provide): every byte is already 0.
  if (vector.nullCount === vector.length) return out;
  let at = 0;
  for (const d of vector.data) {
    const bitmap = d.nullBitmap;
    if (d.nullCount === 0 || !bitmap || bitmap.length === 0) out.fill(1, at, at + d.length);
    else for (let i = 0, j = d.offset; i < d.length; i++, j++) out[at + i] = bitAt(bitmap, j);
    at += d.length;
  }
  return out;
}
