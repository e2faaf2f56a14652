import { crc32 as zlibCrc32 } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32, encodePng } from '../../src/cards/png.js';
import { decodePng, pixelAt } from './png.js';

describe('encodePng', () => {
  it('round-trips pixels through the test decoder', () => {
    // 2 × 2: red, green / blue, half-transparent white.
    const rgba = Uint8Array.from([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 128]);
    const img = decodePng(encodePng(rgba, 2, 2));
    expect([img.width, img.height]).toEqual([2, 2]);
    expect(pixelAt(img, 0, 0)).toEqual([255, 0, 0, 255]);
    expect(pixelAt(img, 1, 0)).toEqual([0, 255, 0, 255]);
    expect(pixelAt(img, 0, 1)).toEqual([0, 0, 255, 255]);
    expect(pixelAt(img, 1, 1)).toEqual([255, 255, 255, 128]);
  });

  it('writes valid chunk CRCs (IHDR of a 1 × 1 RGBA image)', () => {
    const png = encodePng(Uint8Array.from([1, 2, 3, 255]), 1, 1);
    // IHDR data: width 1, height 1, depth 8, colour type 6, compression 0, filter 0, interlace 0.
    expect([...png.subarray(16, 29)]).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
    // CRC-32 of "IHDR" + that data, computed independently with the PNG polynomial.
    let c = 0xffffffff;
    for (const b of png.subarray(12, 29)) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    }
    expect(png.readUInt32BE(29)).toBe((c ^ 0xffffffff) >>> 0);
  });

  it('refuses a buffer of the wrong size', () => {
    expect(() => encodePng(new Uint8Array(7), 1, 2)).toThrow(RangeError);
  });
});

describe('crc32', () => {
  it('gives the check value of the CRC-32 catalogue for "123456789"', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  it('agrees with node:zlib where that has one', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(crc32(bytes)).toBe(zlibCrc32(bytes));
      }),
    );
  });
});
