/**
 * @module Photo checks of an hd card request that can be decided before any credit is held
 * (docs/api.md#async-hd-cards): an uploaded photo must be a PNG or JPEG with a readable header,
 * only on an hd style, never together with `photo_url` or `photo_mode`, and a `photo_url` must not
 * name a host that is never public. The fetch-time guard stays for what only DNS can tell.
 */
import type { Failure } from '../errors.js';
import { isHdStyle, type CardRequest } from '../cards/request.js';
import { PHOTO_MAX_BYTES } from '../cards/photo.js';
import { photoUrlHostProblemOf } from './photo-fetch.js';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** True when a PNG starts with its signature and an IHDR chunk of positive width and height. */
function isPng(b: Uint8Array): boolean {
  if (b.length < 33 || !PNG_SIGNATURE.every((x, i) => b[i] === x)) return false;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const ihdr = view.getUint32(8) === 13 && String.fromCharCode(b[12], b[13], b[14], b[15]) === 'IHDR';
  return ihdr && view.getUint32(16) > 0 && view.getUint32(20) > 0;
}

/** True when a JPEG starts with SOI and its marker segments reach a frame header (SOFn) of positive size. */
function isJpeg(b: Uint8Array): boolean {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return false;
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return false;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    const length = (b[i + 2] << 8) | b[i + 3];
    if (length < 2) return false;
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC): height and width follow the precision byte.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (i + 9 > b.length) return false;
      return ((b[i + 5] << 8) | b[i + 6]) > 0 && ((b[i + 7] << 8) | b[i + 8]) > 0;
    }
    if (marker === 0xd9 || marker === 0xda) return false;
    i += 2 + length;
  }
  return false;
}

/**
 * Why uploaded photo bytes cannot be a card photo, or null.
 * @example photoBytesProblemOf(new TextEncoder().encode('hello')) // => 'must be a PNG or JPEG image (got 5 bytes that are neither)'
 */
export function photoBytesProblemOf(bytes: Uint8Array): string | null {
  if (bytes.length === 0) return 'is empty';
  if (bytes.length > PHOTO_MAX_BYTES) return `is larger than ${PHOTO_MAX_BYTES} bytes`;
  if (isPng(bytes) || isJpeg(bytes)) return null;
  return `must be a PNG or JPEG image (got ${bytes.length} bytes that are neither)`;
}

/**
 * The card request problems that involve the photo, decided from the request alone; null when none.
 * `b` is a body parsed by the card schema.
 * @example cardPhotoProblemOf({ style: 'collage', photo_url: 'https://10.0.0.1/a.png' }, undefined)?.param // => 'photo_url'
 */
export function cardPhotoProblemOf(
  b: Pick<CardRequest, 'style' | 'photo_url' | 'photo_mode'>,
  photo: Uint8Array | undefined,
): Failure | null {
  const refuse = (param: string, message: string): Failure => ({
    code: 'invalid_request',
    message: `${param}: ${message}`,
    param,
  });
  if (b.photo_url !== undefined) {
    const host = photoUrlHostProblemOf(b.photo_url);
    if (host) return refuse('photo_url', `${host}; the server fetches photos only from public hosts`);
  }
  if (photo === undefined) return null;
  if (!isHdStyle(b.style)) return refuse('photo', `photos are only for the hd styles, not ${b.style}`);
  if (b.photo_url !== undefined) return refuse('photo', 'send an uploaded photo or photo_url, not both');
  if (b.photo_mode !== undefined)
    return refuse('photo', 'photo_mode silhouette is for cards without a photo; drop the photo or photo_mode');
  const problem = photoBytesProblemOf(photo);
  return problem ? refuse('photo', problem) : null;
}
