/**
 * @module The pixel check of a caller photo, after its header passed photoOf: a PNG's chunks are
 * read and its image data inflated with a cap at the size its header declares (off the event loop,
 * in zlib's thread pool), so a file that inflates to more is refused without ever holding it in
 * memory; a JPEG is decoded by resvg onto a tiny canvas (its pixel budget bounds the work).
 */
import { promisify } from 'node:util';
import { inflate } from 'node:zlib';
import { photoDecodes } from './render.js';
import { pngHeaderOf, type PngImageHeader } from './photo.js';

const inflateAsync = promisify(inflate);

/** Samples per pixel of each PNG colour type (greyscale, RGB, palette, grey + alpha, RGBA). */
const PNG_CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Adam7 passes: x offset, y offset, x step, y step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * Bytes of filtered scanlines (one filter byte per row) a PNG of this header inflates to:
 * per Adam7 pass when interlaced.
 * @example pngRawBytesOf({ width: 10, height: 1, bitDepth: 8, colorType: 2, interlace: 0 }) // => 31
 */
export function pngRawBytesOf(
  h: Pick<PngImageHeader, 'width' | 'height' | 'bitDepth' | 'colorType' | 'interlace'>,
): number {
  const bitsPerPixel = (PNG_CHANNELS[h.colorType] ?? 0) * h.bitDepth;
  const rowBytes = (w: number) => 1 + Math.ceil((w * bitsPerPixel) / 8);
  if (h.interlace === 0) return h.height * rowBytes(h.width);
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7) {
    const w = Math.ceil((h.width - x0) / dx);
    const rows = Math.ceil((h.height - y0) / dy);
    if (w > 0 && rows > 0) total += rows * rowBytes(w);
  }
  return total;
}

/** The image data of a PNG (its IDAT chunks joined), or why its chunks are not readable. */
function pngImageDataOf(b: Uint8Array, colorType: number): { ok: true; data: Buffer } | { ok: false; why: string } {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const idat: Uint8Array[] = [];
  let sawPalette = false;
  let i = 8;
  while (i + 12 <= b.length) {
    const length = view.getUint32(i);
    const type = String.fromCharCode(b[i + 4]!, b[i + 5]!, b[i + 6]!, b[i + 7]!);
    if (i + 12 + length > b.length) return { ok: false, why: `its ${type} chunk runs past the end of the file` };
    if (type === 'PLTE') sawPalette = true;
    if (type === 'IDAT') idat.push(b.subarray(i + 8, i + 8 + length));
    if (type === 'IEND') break;
    i += 12 + length;
  }
  if (idat.length === 0) return { ok: false, why: 'it has no image data (IDAT)' };
  if (colorType === 3 && !sawPalette) return { ok: false, why: 'it is a palette image without a palette (PLTE)' };
  return { ok: true, data: Buffer.concat(idat) };
}

/**
 * Why a PNG's pixel data cannot be used, or null: unreadable chunks, image data that does not
 * inflate, or inflates to more or less than the header declares, or a scanline with an unknown
 * filter. The inflate stops at the declared size, so a decompression bomb costs no more memory
 * than a genuine image of the same header.
 * @example await pngPixelsProblemOf(new Uint8Array(8)) // => 'is not a readable PNG image (its header is not a PNG header)'
 */
async function pngPixelsProblemOf(bytes: Uint8Array, header: PngImageHeader): Promise<string | null> {
  const refuse = (why: string) => `is not a readable PNG image (${why})`;
  const chunks = pngImageDataOf(bytes, header.colorType);
  if (!chunks.ok) return refuse(chunks.why);
  const expected = pngRawBytesOf(header);
  let raw: Buffer;
  try {
    raw = await inflateAsync(chunks.data, { maxOutputLength: expected });
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? error.code : undefined;
    return code === 'ERR_BUFFER_TOO_LARGE'
      ? refuse(`its pixel data inflates to more than the ${expected} bytes its header declares`)
      : refuse('its pixel data does not inflate');
  }
  if (raw.length !== expected)
    return refuse(`its pixel data inflates to ${raw.length} bytes where its header declares ${expected}`);
  if (header.interlace === 0) {
    const rowBytes = expected / header.height;
    for (let y = 0; y < header.height; y++)
      if (raw[y * rowBytes]! > 4) return refuse(`scanline ${y} has an unknown filter type ${raw[y * rowBytes]}`);
  }
  return null;
}

/**
 * Why photo bytes that passed photoOf cannot be drawn, or null. PNG: {@link pngPixelsProblemOf};
 * JPEG: resvg must decode it onto a tiny canvas with some ink (photoDecodes).
 * @example await photoPixelsProblemOf(tenByTenRgbPng) // => null
 */
export async function photoPixelsProblemOf(bytes: Uint8Array): Promise<string | null> {
  const png = pngHeaderOf(bytes);
  if (png) return pngPixelsProblemOf(bytes, png);
  return photoDecodes({ mime: 'image/jpeg', bytes })
    ? null
    : 'is not a readable JPEG image (its pixel data does not decode)';
}
