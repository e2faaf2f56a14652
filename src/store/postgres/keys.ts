/** @module API keys in PostgreSQL. */
import type pg from 'pg';
import type { KeyRecord, KeyStore } from '../ports.js';

/**
 * The key store over `pool`.
 * @example await postgresKeys(pool).byId('key_x') // => null
 */
export function postgresKeys(pool: pg.Pool): KeyStore {
  // No revision(): another replica's key changes cannot be seen without asking the database, so
  // the service looks the key up on every call (one indexed SELECT) instead of caching it.
  const COLUMNS = 'id, hash, label, no_watermark, created_at, revoked_at';
  return {
    async create(r) {
      await pool.query(`INSERT INTO api_keys (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)`, [
        r.id,
        r.hash,
        r.label,
        r.no_watermark,
        r.created_at,
        r.revoked_at,
      ]);
    },
    async byHash(hash) {
      return (await pool.query<KeyRecord>(`SELECT ${COLUMNS} FROM api_keys WHERE hash = $1`, [hash])).rows[0] ?? null;
    },
    async byId(id) {
      return (await pool.query<KeyRecord>(`SELECT ${COLUMNS} FROM api_keys WHERE id = $1`, [id])).rows[0] ?? null;
    },
    async list() {
      return (await pool.query<KeyRecord>(`SELECT ${COLUMNS} FROM api_keys ORDER BY created_at, id`)).rows;
    },
    async revoke(id, at) {
      return (
        (await pool.query('UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [at, id]))
          .rowCount === 1
      );
    },
  };
}
