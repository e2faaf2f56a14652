import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodePng, pixelAt } from './png.js';

/** Builds a PNG by hand (CRCs are not checked by the decoder, so zeros do). */
function handPng(width: number, height: number, rows: number[][]): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    new DataView(out.buffer).setUint32(0, data.length);
    out.set(
      [...type].map((c) => c.charCodeAt(0)),
      4,
    );
    out.set(data, 8);
    return out;
  };
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, width);
  new DataView(ihdr.buffer).setUint32(4, height);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const raw = deflateSync(Uint8Array.from(rows.flat()));
  return Uint8Array.from([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk('IHDR', ihdr),
    ...chunk('IDAT', raw),
    ...chunk('IEND', new Uint8Array()),
  ]);
}

describe('decodePng (test helper)', () => {
  it('undoes the Sub and Up filters', () => {
    // Row 0, filter 1 (Sub): pixel 1 = (10,20,30,255) + (5,5,5,0) = (15,25,35,255).
    // Row 1, filter 2 (Up): pixel 0 = (10,20,30,255) + (1,1,1,0) = (11,21,31,255).
    const png = handPng(2, 2, [
      [1, 10, 20, 30, 255, 5, 5, 5, 0],
      [2, 1, 1, 1, 0, 0, 0, 0, 0],
    ]);
    const img = decodePng(png);
    expect([img.width, img.height]).toEqual([2, 2]);
    expect(pixelAt(img, 1, 0)).toEqual([15, 25, 35, 255]);
    expect(pixelAt(img, 0, 1)).toEqual([11, 21, 31, 255]);
    expect(pixelAt(img, 1, 1)).toEqual([15, 25, 35, 255]);
  });

  it('rejects bytes that are not a PNG', () => {
    expect(() => decodePng(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]))).toThrow('not a PNG');
  });
});
