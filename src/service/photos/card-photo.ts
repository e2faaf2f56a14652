/**
 * @module Photo checks of an hd card request that can be decided before any credit is held
 * (docs/api.md#async-hd-cards): an uploaded photo's header must be a PNG or JPEG within the photo
 * limits (its pixels are checked by the job queue once the balance covers the call), only on an hd style, never together with `photo_url` or `photo_mode`, and a `photo_url` must not
 * name a host that is never public. The fetch-time guard stays for what only DNS can tell.
 */
import type { Failure } from '../../errors.js';
import { isHdStyle, type CardRequest } from '../../cards/request.js';
import { photoHeaderProblemOf } from '../../cards/photo.js';
import { photoUrlHostProblemOf } from './public-address.js';

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
  // Only the header here: decoding waits until the wallet is known to cover the call (jobs.ts).
  const problem = photoHeaderProblemOf(photo);
  return problem ? refuse('photo', problem) : null;
}
