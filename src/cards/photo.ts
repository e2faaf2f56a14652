/**
 * @module Caller photos for the hd styles: PNG or JPEG bytes recognised by their header, kept as
 * bytes (cheap to hand to a render worker) and embedded in the card as a data URL where it is drawn
 * (never fetched here; the service fetches `photo_url` with its own limits).
 * The header's width × height must fit {@link PHOTO_MAX_PIXELS} before anything decodes the image,
 * so a small file of huge dimensions (a decompression bomb) never reaches the decoder.
 */
import { fail, ok, type Result } from '../errors.js';

/** Largest photo accepted, in bytes (docs/cards.md#photos). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Most pixels a photo may have (4096 × 4096): decoded as RGBA it takes at most 64 MiB, where a
 * 5 MB PNG can otherwise declare 20,000 × 20,000 and take gigabytes (docs/cards.md#photos).
 */
export const PHOTO_MAX_PIXELS = 4096 * 4096;

/**
 * Largest ratio of a photo's long side to its short side (docs/cards.md#photos). The layouts cover
 * their photo box with the photo, so a longer photo is drawn far outside the card, which resvg
 * cannot rasterise (it aborts the process); 4 keeps every hd box's cover well inside it.
 */
export const PHOTO_MAX_ASPECT_RATIO = 4;

/** PNG bit depths allowed for each colour type (PNG specification, table 11.1). */
const PNG_BIT_DEPTHS: Readonly<Record<number, readonly number[]>> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

/** A photo ready for a layout: its checked bytes and their type. */
export interface CardPhoto {
  mime: 'image/png' | 'image/jpeg';
  bytes: Uint8Array;
}

/**
 * The photo as a data URL, the form satori and resvg draw; made where the card is drawn (a render
 * worker), not where the photo arrived.
 * @example photoDataUrlOf({ mime: 'image/png', bytes: new Uint8Array([1]) }) // => 'data:image/png;base64,AQ=='
 */
export const photoDataUrlOf = (photo: CardPhoto): string =>
  `data:${photo.mime};base64,${Buffer.from(photo.bytes.buffer, photo.bytes.byteOffset, photo.bytes.byteLength).toString('base64')}`;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The IHDR of bytes that start with the PNG signature and an IHDR chunk, or null.
 * @example pngHeaderOf(new Uint8Array(4)) // => null
 */
export function pngHeaderOf(b: Uint8Array) {
  if (b.length < 33 || !PNG_SIGNATURE.every((x, i) => b[i] === x)) return null;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const ihdr = view.getUint32(8) === 13 && String.fromCharCode(b[12], b[13], b[14], b[15]) === 'IHDR';
  if (!ihdr) return null;
  return {
    width: view.getUint32(16),
    height: view.getUint32(20),
    bitDepth: b[24]!,
    colorType: b[25]!,
    /** Compression and filter methods: 0 is the only one defined. */
    compression: b[26]!,
    filter: b[27]!,
    /** 0 none, 1 Adam7. */
    interlace: b[28]!,
  };
}

/** What a PNG's IHDR declares. */
export type PngImageHeader = NonNullable<ReturnType<typeof pngHeaderOf>>;

/** Width and height from the frame header (SOFn) a JPEG's marker segments reach, or null. */
function jpegSizeOf(b: Uint8Array): { width: number; height: number } | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    const length = (b[i + 2] << 8) | b[i + 3];
    if (length < 2) return null;
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC): height and width follow the precision byte.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (i + 9 > b.length) return null;
      return { height: (b[i + 5] << 8) | b[i + 6], width: (b[i + 7] << 8) | b[i + 8] };
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    i += 2 + length;
  }
  return null;
}

/**
 * Why photo bytes cannot be a card photo judging by size and header, or null: empty, over
 * {@link PHOTO_MAX_BYTES}, neither PNG nor JPEG, zero-sized, over {@link PHOTO_MAX_PIXELS},
 * longer than {@link PHOTO_MAX_ASPECT_RATIO} : 1, or a PNG
 * whose bit depth, colour type or methods the PNG specification does not define.
 * Nothing is decoded: photoPixelsProblemOf checks the pixel data.
 * @example photoHeaderProblemOf(new TextEncoder().encode('hello')) // => 'must be a PNG or JPEG image (got 5 bytes that are neither)'
 */
export function photoHeaderProblemOf(bytes: Uint8Array): string | null {
  if (bytes.length === 0) return 'is empty';
  if (bytes.length > PHOTO_MAX_BYTES) return `is larger than ${PHOTO_MAX_BYTES} bytes`;
  const png = pngHeaderOf(bytes);
  const header = png ?? jpegSizeOf(bytes);
  if (!header || header.width === 0 || header.height === 0)
    return `must be a PNG or JPEG image (got ${bytes.length} bytes that are neither)`;
  if (header.width * header.height > PHOTO_MAX_PIXELS)
    return `is ${header.width} × ${header.height} pixels; at most ${PHOTO_MAX_PIXELS} pixels (4096 × 4096) are accepted`;
  const long = Math.max(header.width, header.height);
  const short = Math.min(header.width, header.height);
  if (long > short * PHOTO_MAX_ASPECT_RATIO)
    return `is ${header.width} × ${header.height} pixels; its long side may be at most ${PHOTO_MAX_ASPECT_RATIO} times its short side`;
  if (!png) return null;
  const depths = PNG_BIT_DEPTHS[png.colorType];
  if (!depths) return `is a PNG of unknown colour type ${png.colorType}`;
  if (!depths.includes(png.bitDepth))
    return `is a PNG of colour type ${png.colorType} with bit depth ${png.bitDepth} (allowed: ${depths.join(', ')})`;
  if (png.compression !== 0 || png.filter !== 0 || png.interlace > 1)
    return 'is a PNG with an unknown compression, filter or interlace method';
  return null;
}

/**
 * Checks photo bytes ({@link photoHeaderProblemOf}) and names their type; anything else is
 * `invalid_request` with `param: 'photo'`. Nothing is decoded or copied here.
 * @example photoOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47])).ok // => false
 */
export function photoOf(bytes: Uint8Array): Result<CardPhoto> {
  const problem = photoHeaderProblemOf(bytes);
  if (problem) return fail('invalid_request', `photo: ${problem}`, { param: 'photo' });
  return ok({ mime: pngHeaderOf(bytes) ? 'image/png' : 'image/jpeg', bytes });
}
