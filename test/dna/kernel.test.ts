import { describe, expect, it } from 'vitest';
import { KERNEL_DIMS, kernelOver, sharedMemoryOf } from '../../src/dna/kernel.js';

describe('int8 × int16 SIMD kernel', () => {
  it('writes the exact integer dot product of the query with each 16-byte vector', () => {
    // Layout: query (16 × int16) at byte 0, three int8 vectors at byte 64, int32 scores at byte 128.
    const memory = sharedMemoryOf(256);
    const q = new Int16Array(memory.buffer, 0, KERNEL_DIMS);
    const v = new Int8Array(memory.buffer, 64, 3 * KERNEL_DIMS);
    const out = new Int32Array(memory.buffer, 128, 4).fill(-1);
    for (let d = 0; d < KERNEL_DIMS; d++) q[d] = d + 1; // 1 … 16
    v.fill(1, 0, 16); // Σ (d + 1) = 136
    for (let d = 0; d < KERNEL_DIMS; d++) v[16 + d] = d % 2 === 0 ? -127 : 127; // −127 on even d, +127 on odd d: 127 × ((2 + 4 + … + 16) − (1 + 3 + … + 15)) = 127 × (72 − 64) = 1016
    v[32 + 15] = -128; // only the last lane: 16 × −128 = −2048
    kernelOver(memory)(64, 3, 0, 128);
    expect(Array.from(out)).toEqual([136, 1016, -2048, -1]); // the 4th slot is untouched
    // Extremes: int16 32767 × int8 −128 over 16 lanes stays inside int32.
    q.fill(32767);
    v.fill(-128, 0, 16);
    kernelOver(memory)(64, 1, 0, 128);
    expect(out[0]).toBe(16 * 32767 * -128); // −67,106,816
  });
});
