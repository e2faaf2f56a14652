/**
 * @module Keyed rate limits shared by every replica on one PostgreSQL database: one token bucket
 * row per key, refilled and taken in a single `INSERT … ON CONFLICT DO UPDATE`, so concurrent
 * requests on any replica queue on the row lock and the limit holds in total.
 */
import type pg from 'pg';
import { rateDecisionOf } from '../memory/rate-limits.js';
import type { RateDecision, RateLimitStore } from '../ports.js';

// The refilled level before this request, from the row's old values (every SET expression of an
// UPDATE reads the old row). A clock behind the stored one never refills and never moves it back.
const REFILLED = 'LEAST($4::float8, b.tokens + GREATEST(0, $2::bigint - b.at_ms) * $3::float8 / 1000.0)';
const TAKE_SQL = `
INSERT INTO rate_buckets AS b (bucket, tokens, at_ms, allowed) VALUES ($1, $4::float8 - 1, $2::bigint, true)
ON CONFLICT (bucket) DO UPDATE SET
  tokens = CASE WHEN ${REFILLED} >= 1 THEN ${REFILLED} - 1 ELSE ${REFILLED} END,
  allowed = ${REFILLED} >= 1,
  at_ms = GREATEST(b.at_ms, $2::bigint)
RETURNING tokens, allowed`;

/**
 * Token buckets in PostgreSQL; each `take` is one round trip.
 * @example await postgresRateLimits(pool).take('key_a', Date.now(), 50, 100) // => { allowed: true, remaining: 99, … }
 */
export function postgresRateLimits(pool: pg.Pool): RateLimitStore {
  return {
    async take(bucket: string, nowMs: number, ratePerSecond: number, burst: number): Promise<RateDecision> {
      const row = (
        await pool.query<{ tokens: number; allowed: boolean }>(TAKE_SQL, [
          bucket,
          Math.floor(nowMs),
          ratePerSecond,
          burst,
        ])
      ).rows[0];
      return rateDecisionOf(row.allowed, row.tokens, ratePerSecond, burst);
    },
  };
}
