/** @module Daily demo usage counts in PostgreSQL. */
import type pg from 'pg';
import type { DemoStore } from '../ports.js';

/**
 * The demo usage store over `pool`.
 * @example await postgresDemo(pool).reserve('203.0.113.7', '2026-03-01', 10) // => { ok: true, used: 1 }
 */
export function postgresDemo(pool: pg.Pool): DemoStore {
  return {
    async reserve(client, day, limit) {
      // One upsert counts the call only while the count is below the limit; when it does not, the
      // current count is read (a limit of 0 never inserts a row).
      if (limit > 0) {
        const counted = await pool.query<{ used: number }>(
          'INSERT INTO demo_usage (day, client, used) VALUES ($1, $2, 1) ON CONFLICT (day, client) DO UPDATE SET used = demo_usage.used + 1 WHERE demo_usage.used < $3 RETURNING used',
          [day, client, limit],
        );
        if (counted.rows.length === 1) return { ok: true, used: counted.rows[0].used };
      }
      const row = (
        await pool.query<{ used: number }>('SELECT used FROM demo_usage WHERE day = $1 AND client = $2', [day, client])
      ).rows[0];
      return { ok: false, used: row?.used ?? 0 };
    },
    async unreserve(client, day) {
      await pool.query('UPDATE demo_usage SET used = used - 1 WHERE day = $1 AND client = $2 AND used > 0', [
        day,
        client,
      ]);
    },
    async purge(day) {
      return (await pool.query('DELETE FROM demo_usage WHERE day < $1', [day])).rowCount ?? 0;
    },
  };
}
