/**
 * The photo checks before any hold or render (docs/cards.md#photos): every PNG format the
 * specification defines is accepted, interlaced or not, and drawn by resvg the way the header
 * says; photos longer than PHOTO_MAX_ASPECT_RATIO : 1 are refused by their header (resvg aborts the
 * process on the card such a photo covers); image data that inflates past the header is refused
 * without inflating it whole.
 */
import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_ASPECT_RATIO, photoHeaderProblemOf } from '../../src/cards/photo.js';
import { photoPixelsProblemOf, pngRawBytesOf } from '../../src/cards/photo-pixels.js';
import { PNG_FORMATS, pngPhoto } from '../helpers/photos.js';

describe('pngRawBytesOf', () => {
  it('counts filter bytes per row, and per Adam7 pass when interlaced', () => {
    // 10 × 1 RGB: 1 filter byte + 30 samples.
    expect(pngRawBytesOf({ width: 10, height: 1, bitDepth: 8, colorType: 2, interlace: 0 })).toBe(31);
    // 3 × 3 grey 8-bit, Adam7: passes 1 (1×1), 4 (1×1: x 2), 5 (2×1: row 2), 6 (1×2: x 1), 7 (3×1: row 1):
    // (1+1) + (1+1) + (1+2) + 2×(1+1) + (1+3) = 15.
    expect(pngRawBytesOf({ width: 3, height: 3, bitDepth: 8, colorType: 0, interlace: 1 })).toBe(15);
  });
});

describe('photo checks', () => {
  it('accepts every colour type and bit depth, plain and interlaced (16-bit RGBA included)', async () => {
    for (const format of PNG_FORMATS)
      for (const interlace of [false, true]) {
        const png = pngPhoto({ width: 37, height: 23, ...format, interlace });
        const what = JSON.stringify({ ...format, interlace });
        expect(photoHeaderProblemOf(png), what).toBeNull();
        expect(await photoPixelsProblemOf(png), what).toBeNull();
      }
  });

  it('refuses the aspect ratios that abort resvg, and keeps the limit symmetric', () => {
    for (const [w, h] of [
      [10, 1],
      [50, 800],
      [1, 4096],
      [4096, 1023],
    ]) {
      expect(photoHeaderProblemOf(pngPhoto({ width: w, height: h })), `${w}×${h}`).toMatch(
        /long side may be at most 4/,
      );
    }
    for (const [w, h] of [
      [4, 1],
      [1, 4],
      [4096, 1024],
      [1024, 4096],
    ])
      expect(photoHeaderProblemOf(pngPhoto({ width: w, height: h })), `${w}×${h}`).toBeNull();
    expect(PHOTO_MAX_ASPECT_RATIO).toBe(4);
  });

  it('refuses bit depths and methods the PNG specification does not define', () => {
    const png = pngPhoto({ width: 8, height: 8 });
    const bad = (at: number, value: number) => {
      const copy = Buffer.from(png);
      copy[at] = value;
      return photoHeaderProblemOf(copy);
    };
    expect(bad(24, 16 + 1)).toMatch(/bit depth 17/);
    expect(bad(25, 5)).toMatch(/unknown colour type 5/);
    expect(bad(28, 2)).toMatch(/interlace method/);
  });

  it('refuses image data that inflates past its header, stopping at the declared size', async () => {
    // 64 × 64 RGB declares 64 × (1 + 192) = 12,352 bytes; the IDAT holds 256 MiB more zeros in ~256 KB.
    const bomb = pngPhoto({ width: 64, height: 64, extraBytes: 256 * 1024 * 1024 });
    expect(bomb.length).toBeLessThan(400_000);
    expect(photoHeaderProblemOf(bomb)).toBeNull();
    const before = process.memoryUsage().rss;
    expect(await photoPixelsProblemOf(bomb)).toMatch(/inflates to more than the 12352 bytes its header declares/);
    // Inflating it whole would take 256 MiB; the capped inflate stops after 12 KB.
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses truncated image data and unknown scanline filters', async () => {
    const png = pngPhoto({ width: 16, height: 16 });
    const truncated = pngPhoto({ width: 16, height: 17 });
    // The 16 × 17 scanlines under a header that says 16 × 16 inflate to more; under 16 × 18, to less.
    truncated.writeUInt32BE(18, 20);
    const ihdrCrc = (await import('node:zlib')).crc32(truncated.subarray(12, 29));
    truncated.writeUInt32BE(ihdrCrc, 29);
    expect(await photoPixelsProblemOf(truncated)).toMatch(/inflates to \d+ bytes where its header declares/);
    expect(await photoPixelsProblemOf(png)).toBeNull();
  });
});
