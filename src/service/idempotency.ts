/**
 * @module Idempotency-Key handling (docs/design.md#service, docs/design.md#errors): a replay returns the stored status, body
 * and headers and charges nothing; the same key with another request is 422
 * `idempotency_key_reused`; a key whose first request still runs is 409 `idempotency_in_progress`.
 */
import { createHash } from 'node:crypto';

/** How long an idempotency record is kept (docs/api.md#idempotency). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * How long a claimed key waits for its first request, at most: as long as that request's hold
 * (HOLD_TTL_MS), so a claim a crashed process left lapses with its hold (docs/api.md#idempotency).
 */
export const IDEMPOTENCY_PENDING_MS = 5 * 60 * 1000;

/** Longest accepted Idempotency-Key. */
const IDEMPOTENCY_KEY_MAX = 255;

/**
 * True for a usable key: 1–255 visible ASCII characters.
 * @example isValidIdempotencyKey('order-42') // => true
 */
export const isValidIdempotencyKey = (key: string): boolean =>
  key.length >= 1 && key.length <= IDEMPOTENCY_KEY_MAX && /^[\x21-\x7e]+$/.test(key);

/** `value` as JSON with every object's keys sorted, so key order never changes the text. */
function canonicalJsonOf(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJsonOf).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJsonOf(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Fingerprint of a request: operation, query and body, so the same key with another request is
 * detected. Object keys are sorted first: the same JSON with its keys in another order is the same
 * request (docs/api.md#idempotency).
 * @example requestFingerprint('intelligence.player', {}, { name: 'A', limit: 2 }) === requestFingerprint('intelligence.player', {}, { limit: 2, name: 'A' }) // => true
 */
export function requestFingerprint(operationId: string, query: unknown, body: unknown): string {
  return createHash('sha256')
    .update(canonicalJsonOf([operationId, query ?? null, body ?? null]))
    .digest('hex');
}

/**
 * Whether a response may be replayed later. Transient refusals (401, 402, 409, 429, 5xx) are not
 * kept, so a retry after fixing credentials or topping up runs the request again.
 * @example isReplayable(404) // => true
 */
export const isReplayable = (status: number): boolean => status < 500 && ![401, 402, 409, 429].includes(status);
