/**
 * Arrow's LSB-first bit packing, written once: validity bitmaps and Bool value buffers.
 */

/**
 * Packs a 1-byte-per-row mask (non-zero = set) into Arrow's LSB-first bitmap, and counts the
 * unset rows (for a validity mask: the null count).
 * @example packBits(Uint8Array.of(1, 0, 1)) // => { bitmap: Uint8Array [5], unset: 1 }
 */
export function packBits(mask: ArrayLike<number>): { bitmap: Uint8Array; unset: number } {
  const n = mask.length;
  const bitmap = new Uint8Array((n + 7) >> 3);
  let unset = 0;
  for (let i = 0; i < n; i++) {
    if (mask[i]) bitmap[i >> 3] |= 1 << (i & 7);
    else unset++;
  }
  return { bitmap, unset };
}

/**
 * Bit `j` of an LSB-first bitmap (1 or 0).
 * @example bitAt(Uint8Array.of(5), 2) // => 1
 */
export function bitAt(bitmap: Uint8Array, j: number): number {
  return (bitmap[j >> 3] >> (j & 7)) & 1;
}
