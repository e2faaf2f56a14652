/**
 * @module In-process token buckets for keyed rate limits. Both drivers use it: a rate limit is
 * a per-process concern, so each replica counts its own requests (docs/api.md#rate-limits).
 */
import type { RateDecision, RateLimitStore } from '../ports.js';

interface Bucket {
  tokens: number;
  atMs: number;
}

/**
 * Token buckets kept in a Map: each bucket refills continuously at `ratePerSecond` up to `burst`.
 * @example new MemoryRateLimits().take('key_a', 0, 50, 100).remaining // => 99
 */
export class MemoryRateLimits implements RateLimitStore {
  private readonly buckets = new Map<string, Bucket>();

  take(bucket: string, nowMs: number, ratePerSecond: number, burst: number): RateDecision {
    const previous = this.buckets.get(bucket);
    const elapsedMs = previous ? Math.max(0, nowMs - previous.atMs) : 0;
    const tokens = previous ? Math.min(burst, previous.tokens + (elapsedMs * ratePerSecond) / 1000) : burst;
    const allowed = tokens >= 1;
    const left = allowed ? tokens - 1 : tokens;
    this.buckets.set(bucket, { tokens: left, atMs: nowMs });
    return rateDecisionOf(allowed, left, ratePerSecond, burst);
  }
}

/**
 * The decision for a bucket left holding `tokens` after a request that took one (`allowed`) or
 * none; the memory and PostgreSQL buckets answer through it.
 * @example rateDecisionOf(false, 0.5, 1, 10) // => { allowed: false, remaining: 0, retry_after_ms: 500, reset_ms: 9500 }
 */
export function rateDecisionOf(allowed: boolean, tokens: number, ratePerSecond: number, burst: number): RateDecision {
  const msPerToken = 1000 / ratePerSecond;
  const reset_ms = Math.ceil((burst - tokens) * msPerToken);
  if (!allowed) return { allowed, remaining: 0, retry_after_ms: Math.ceil((1 - tokens) * msPerToken), reset_ms };
  return { allowed, remaining: Math.floor(tokens), retry_after_ms: 0, reset_ms };
}
