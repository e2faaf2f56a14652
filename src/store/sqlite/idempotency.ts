/** @module Idempotency records in SQLite. */
import type { SqliteDatabase } from './driver.js';
import type { IdempotencyStore, StoredResponse } from '../ports.js';

/**
 * The idempotency store over `db`.
 * @example await sqliteIdempotency(db).purge(now) // => 0
 */
export function sqliteIdempotency(db: SqliteDatabase): IdempotencyStore {
  const get = db.prepare<
    [string, string],
    { fingerprint: string; status: number | null; headers: string | null; body: string | null; expires_at: string }
  >('SELECT fingerprint, status, headers, body, expires_at FROM idempotency WHERE scope = ? AND key = ?');
  const put = db.prepare(
    'INSERT OR REPLACE INTO idempotency (scope, key, fingerprint, status, headers, body, expires_at) VALUES (?, ?, ?, NULL, NULL, NULL, ?)',
  );
  const complete = db.prepare('UPDATE idempotency SET status = ?, headers = ?, body = ? WHERE scope = ? AND key = ?');
  const remove = db.prepare('DELETE FROM idempotency WHERE scope = ? AND key = ?');
  const purge = db.prepare('DELETE FROM idempotency WHERE expires_at <= ?');
  const begin = db.transaction((scope: string, key: string, fingerprint: string, at: string, expiresAt: string) => {
    const row = get.get(scope, key);
    if (row && row.expires_at > at) {
      const response: StoredResponse | null =
        row.status === null ? null : { status: row.status, headers: JSON.parse(row.headers!), body: row.body! };
      return { claimed: false as const, record: { fingerprint: row.fingerprint, response } };
    }
    put.run(scope, key, fingerprint, expiresAt);
    return { claimed: true as const };
  });
  return {
    async begin(scope, key, fingerprint, at, expiresAt) {
      return begin.immediate(scope, key, fingerprint, at, expiresAt);
    },
    async complete(scope, key, r) {
      complete.run(r.status, JSON.stringify(r.headers), r.body, scope, key);
    },
    async abandon(scope, key) {
      remove.run(scope, key);
    },
    async purge(now) {
      return purge.run(now).changes;
    },
  };
}
