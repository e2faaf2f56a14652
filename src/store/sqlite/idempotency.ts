/** @module Idempotency records in SQLite. */
import type { SqliteDatabase } from './driver.js';
import type { IdempotencyStore, StoredResponse } from '../ports.js';

/**
 * The idempotency store over `db`; claims are recorded under `owner` (WalletStore.owner).
 * @example await sqliteIdempotency(db, 'api-1#3fa85f64').purge(now) // => 0
 */
export function sqliteIdempotency(db: SqliteDatabase, owner: string): IdempotencyStore {
  const get = db.prepare<
    [string, string],
    { fingerprint: string; status: number | null; headers: string | null; body: string | null; expires_at: string }
  >('SELECT fingerprint, status, headers, body, expires_at FROM idempotency WHERE scope = ? AND key = ?');
  const put = db.prepare(
    'INSERT OR REPLACE INTO idempotency (scope, key, fingerprint, status, headers, body, expires_at, owner) VALUES (?, ?, ?, NULL, NULL, NULL, ?, ?)',
  );
  const complete = db.prepare(
    'UPDATE idempotency SET status = ?, headers = ?, body = ?, expires_at = ? WHERE scope = ? AND key = ?',
  );
  const remove = db.prepare('DELETE FROM idempotency WHERE scope = ? AND key = ?');
  const purge = db.prepare('DELETE FROM idempotency WHERE expires_at <= ?');
  // One serving process per file: a pending claim of any other handle belongs to a dead process.
  const abandoned = db.prepare('DELETE FROM idempotency WHERE status IS NULL AND (owner IS NULL OR owner <> ?)');
  const begin = db.transaction((scope: string, key: string, fingerprint: string, at: string, expiresAt: string) => {
    const row = get.get(scope, key);
    if (row && row.expires_at > at) {
      const response: StoredResponse | null =
        row.status === null ? null : { status: row.status, headers: JSON.parse(row.headers!), body: row.body! };
      return { claimed: false as const, record: { fingerprint: row.fingerprint, response } };
    }
    put.run(scope, key, fingerprint, expiresAt, owner);
    return { claimed: true as const };
  });
  return {
    async begin(scope, key, fingerprint, at, expiresAt) {
      return begin.immediate(scope, key, fingerprint, at, expiresAt);
    },
    async complete(scope, key, r, expiresAt) {
      complete.run(r.status, JSON.stringify(r.headers), r.body, expiresAt, scope, key);
    },
    async abandon(scope, key) {
      remove.run(scope, key);
    },
    async purge(now) {
      return purge.run(now).changes;
    },
    async releaseAbandoned() {
      return abandoned.run(owner).changes;
    },
  };
}
