/** @module Idempotency records in PostgreSQL. */
import type pg from 'pg';
import { instanceOfOwner } from '../hold-owner.js';
import type { IdempotencyStore, StoredResponse } from '../ports.js';
import { transaction } from './pool.js';

/**
 * The idempotency store over `pool`; claims are recorded under `owner` (WalletStore.owner).
 * @example await postgresIdempotency(pool, 'api-1#3fa85f64').purge(now) // => 0
 */
export function postgresIdempotency(pool: pg.Pool, owner: string): IdempotencyStore {
  return {
    begin: (scope, key, fingerprint, at, expiresAt) =>
      transaction(pool, async (client) => {
        // Claims a new or expired record in one statement; a live record is only locked (not
        // changed) by ON CONFLICT, so the SELECT below reads it as it stands.
        const claimed = await client.query(
          `INSERT INTO idempotency (scope, key, fingerprint, status, headers, body, expires_at, owner) VALUES ($1, $2, $3, NULL, NULL, NULL, $4, $6)
           ON CONFLICT (scope, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = NULL, headers = NULL, body = NULL, expires_at = EXCLUDED.expires_at, owner = EXCLUDED.owner
           WHERE idempotency.expires_at <= $5`,
          [scope, key, fingerprint, expiresAt, at, owner],
        );
        if (claimed.rowCount === 1) return { claimed: true as const };
        const row = (
          await client.query<{
            fingerprint: string;
            status: number | null;
            headers: string | null;
            body: string | null;
          }>('SELECT fingerprint, status, headers, body FROM idempotency WHERE scope = $1 AND key = $2', [scope, key])
        ).rows[0];
        const response: StoredResponse | null =
          row.status === null ? null : { status: row.status, headers: JSON.parse(row.headers!), body: row.body! };
        return { claimed: false as const, record: { fingerprint: row.fingerprint, response } };
      }),
    async complete(scope, key, r, expiresAt) {
      await pool.query(
        'UPDATE idempotency SET status = $1, headers = $2, body = $3, expires_at = $4 WHERE scope = $5 AND key = $6',
        [r.status, JSON.stringify(r.headers), r.body, expiresAt, scope, key],
      );
    },
    async releaseAbandoned() {
      // Only an earlier process of this instance, as for holds: other replicas' claims may be in
      // flight; they lapse at their pending expiry.
      const prefix = `${instanceOfOwner(owner)}#`;
      return (
        (
          await pool.query('DELETE FROM idempotency WHERE status IS NULL AND left(owner, $1) = $2 AND owner <> $3', [
            prefix.length,
            prefix,
            owner,
          ])
        ).rowCount ?? 0
      );
    },
    async abandon(scope, key) {
      await pool.query('DELETE FROM idempotency WHERE scope = $1 AND key = $2', [scope, key]);
    },
    async purge(now) {
      return (await pool.query('DELETE FROM idempotency WHERE expires_at <= $1', [now])).rowCount ?? 0;
    },
  };
}
