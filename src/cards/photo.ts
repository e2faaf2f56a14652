/**
 * @module Caller photos for the hd styles: PNG or JPEG bytes recognised by their signature and
 * embedded as a data URL (never fetched here; the service fetches `photo_url` with its own limits).
 */
import { fail, ok, type Result } from '../errors.js';

/** Largest photo accepted, in bytes (docs/cards.md#photos). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** A photo ready for a layout. */
export interface CardPhoto {
  mime: 'image/png' | 'image/jpeg';
  data_url: string;
}

/**
 * Checks photo bytes (PNG or JPEG signature, at most {@link PHOTO_MAX_BYTES}) and makes a data URL;
 * anything else is `invalid_request` with `param: 'photo'`.
 * @example photoOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])).ok // => true
 */
export function photoOf(bytes: Uint8Array): Result<CardPhoto> {
  if (bytes.length > PHOTO_MAX_BYTES)
    return fail('invalid_request', `photo: larger than ${PHOTO_MAX_BYTES} bytes`, { param: 'photo' });
  const png = bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b);
  const jpeg = bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!png && !jpeg) return fail('invalid_request', 'photo: must be a PNG or JPEG image', { param: 'photo' });
  const mime = png ? 'image/png' : 'image/jpeg';
  return ok({ mime, data_url: `data:${mime};base64,${Buffer.from(bytes).toString('base64')}` });
}
