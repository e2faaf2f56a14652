/**
 * @module Rate limits of keyed calls (SPEC leaves them open; decision in docs/api.md#rate-limits):
 * a token bucket per key, 50 requests/s with a burst of 100 by default, answered with 429
 * `rate_limited`, Retry-After and the RateLimit-* headers.
 */
import type { Failure } from '../errors.js';
import type { RateDecision } from '../store/ports.js';
import type { ServiceContext } from './context.js';

/** Sustained keyed requests per second per key (docs/api.md#rate-limits). */
export const RATE_LIMIT_PER_SECOND = 50;
/** Requests a key may send at once before the sustained rate applies (docs/api.md#rate-limits). */
export const RATE_LIMIT_BURST = 100;

/** Rate-limit settings of a service. */
export interface RateLimitOptions {
  /** Sustained requests per second per key; default 50. */
  perSecond?: number;
  /** Bucket size; default 100. */
  burst?: number;
}

/**
 * The RateLimit-* headers (draft-ietf-httpapi-ratelimit-headers) and, when refused, Retry-After:
 * `RateLimit-Limit` is the bucket size (the burst), `RateLimit-Policy` states the sustained rate as
 * that many requests per window of `burst / perSecond` seconds (`100;w=2` is 50/s), `-Remaining`
 * the whole requests left now, `-Reset` the seconds until the bucket is full again.
 * @example rateLimitHeaders({ allowed: false, remaining: 0, retry_after_ms: 20, reset_ms: 2000 }, 100)['retry-after'] // => '1'
 * @example rateLimitHeaders({ allowed: true, remaining: 99, retry_after_ms: 0, reset_ms: 20 }, 100, 50)['ratelimit-policy'] // => '100;w=2'
 */
function rateLimitHeaders(
  decision: RateDecision,
  burst: number,
  perSecond: number = RATE_LIMIT_PER_SECOND,
): Record<string, string> {
  const headers: Record<string, string> = {
    'ratelimit-limit': String(burst),
    'ratelimit-policy': `${burst};w=${Math.max(1, Math.ceil(burst / perSecond))}`,
    'ratelimit-remaining': String(decision.remaining),
    'ratelimit-reset': String(Math.ceil(decision.reset_ms / 1000)),
  };
  if (!decision.allowed) headers['retry-after'] = String(Math.max(1, Math.ceil(decision.retry_after_ms / 1000)));
  return headers;
}

/**
 * Takes one token of key `keyId`'s bucket at `nowMs`: the RateLimit-* headers (with Retry-After
 * when refused) and, when no token was left, the 429 `rate_limited` failure.
 * @example (await takeToken(ctx, 'key_a', Date.now())).refusal // => null
 */
export async function takeToken(
  ctx: Pick<ServiceContext, 'store' | 'perSecond' | 'burst'>,
  keyId: string,
  nowMs: number,
): Promise<{ headers: Record<string, string>; refusal: Failure | null }> {
  const { perSecond, burst } = ctx;
  const decision = await ctx.store.rateLimits.take(keyId, nowMs, perSecond, burst);
  const headers = rateLimitHeaders(decision, burst, perSecond);
  if (decision.allowed) return { headers, refusal: null };
  const message = `more than ${perSecond} requests/s (burst ${burst}) for this key; retry after ${headers['retry-after']} s`;
  return { headers, refusal: { code: 'rate_limited', message } };
}
