/** @module Daily demo usage counts in SQLite. */
import type { SqliteDatabase } from './driver.js';
import type { DemoStore } from '../ports.js';

/**
 * The demo usage store over `db`.
 * @example await sqliteDemo(db).reserve('203.0.113.7', '2026-03-01', 10) // => { ok: true, used: 1 }
 */
export function sqliteDemo(db: SqliteDatabase): DemoStore {
  const get = db.prepare<[string, string], { used: number }>(
    'SELECT used FROM demo_usage WHERE day = ? AND client = ?',
  );
  const set = db.prepare(
    'INSERT INTO demo_usage (day, client, used) VALUES (?, ?, ?) ON CONFLICT (day, client) DO UPDATE SET used = excluded.used',
  );
  const reserve = db.transaction((client: string, day: string, limit: number) => {
    const used = get.get(day, client)?.used ?? 0;
    if (used >= limit) return { ok: false, used };
    set.run(day, client, used + 1);
    return { ok: true, used: used + 1 };
  });
  const unreserve = db.prepare('UPDATE demo_usage SET used = used - 1 WHERE day = ? AND client = ? AND used > 0');
  const purge = db.prepare('DELETE FROM demo_usage WHERE day < ?');
  return {
    async reserve(client, day, limit) {
      return reserve.immediate(client, day, limit);
    },
    async unreserve(client, day) {
      unreserve.run(day, client);
    },
    async purge(day) {
      return purge.run(day).changes;
    },
  };
}
