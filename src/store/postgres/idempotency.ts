/** @module Idempotency records in PostgreSQL. */
import type pg from 'pg';
import type { IdempotencyStore, StoredResponse } from '../ports.js';
import { transaction } from './pool.js';

/**
 * The idempotency store over `pool`.
 * @example await postgresIdempotency(pool).purge(now) // => 0
 */
export function postgresIdempotency(pool: pg.Pool): IdempotencyStore {
  return {
    begin: (scope, key, fingerprint, at, expiresAt) =>
      transaction(pool, async (client) => {
        // Claims a new or expired record in one statement; a live record is only locked (not
        // changed) by ON CONFLICT, so the SELECT below reads it as it stands.
        const claimed = await client.query(
          `INSERT INTO idempotency (scope, key, fingerprint, status, headers, body, expires_at) VALUES ($1, $2, $3, NULL, NULL, NULL, $4)
           ON CONFLICT (scope, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = NULL, headers = NULL, body = NULL, expires_at = EXCLUDED.expires_at
           WHERE idempotency.expires_at <= $5`,
          [scope, key, fingerprint, expiresAt, at],
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
    async complete(scope, key, r) {
      await pool.query('UPDATE idempotency SET status = $1, headers = $2, body = $3 WHERE scope = $4 AND key = $5', [
        r.status,
        JSON.stringify(r.headers),
        r.body,
        scope,
        key,
      ]);
    },
    async abandon(scope, key) {
      await pool.query('DELETE FROM idempotency WHERE scope = $1 AND key = $2', [scope, key]);
    },
    async purge(now) {
      return (await pool.query('DELETE FROM idempotency WHERE expires_at <= $1', [now])).rowCount ?? 0;
    },
  };
}
