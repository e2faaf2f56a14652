/** @module Daily demo usage counts in SQLite, with the reservations of calls still running. */
import type { SqliteDatabase } from './driver.js';
import type { DemoStore } from '../ports.js';

/**
 * The demo usage store over `db`; reservations are recorded under `owner` (WalletStore.owner) until
 * the call settles, so a restart gives back those of a killed process.
 * @example await sqliteDemo(db, 'api-1#3fa85f64').reserve('203.0.113.7', '2026-03-01', 10) // => { ok: true, used: 1 }
 */
export function sqliteDemo(db: SqliteDatabase, owner: string): DemoStore {
  const get = db.prepare<[string, string], { used: number }>(
    'SELECT used FROM demo_usage WHERE day = ? AND client = ?',
  );
  const set = db.prepare(
    'INSERT INTO demo_usage (day, client, used) VALUES (?, ?, ?) ON CONFLICT (day, client) DO UPDATE SET used = excluded.used',
  );
  const pend = db.prepare(
    'INSERT INTO demo_reservations (owner, day, client, n) VALUES (?, ?, ?, 1) ON CONFLICT (owner, day, client) DO UPDATE SET n = n + 1',
  );
  const unpend = db.prepare('UPDATE demo_reservations SET n = n - 1 WHERE owner = ? AND day = ? AND client = ?');
  const dropSettled = db.prepare('DELETE FROM demo_reservations WHERE n <= 0');
  const unuse = db.prepare('UPDATE demo_usage SET used = used - 1 WHERE day = ? AND client = ? AND used > 0');
  const reserve = db.transaction((client: string, day: string, limit: number) => {
    const used = get.get(day, client)?.used ?? 0;
    if (used >= limit) return { ok: false, used };
    set.run(day, client, used + 1);
    pend.run(owner, day, client);
    return { ok: true, used: used + 1 };
  });
  const settle = db.transaction((client: string, day: string, keep: boolean) => {
    unpend.run(owner, day, client);
    dropSettled.run();
    if (!keep) unuse.run(day, client);
  });
  // One serving process per file: every other handle's reservation belongs to a dead process.
  const abandoned = db.transaction(() => {
    const left = db
      .prepare<[string], { day: string; client: string; n: number }>(
        'SELECT day, client, SUM(n) AS n FROM demo_reservations WHERE owner <> ? GROUP BY day, client',
      )
      .all(owner);
    const giveBack = db.prepare('UPDATE demo_usage SET used = MAX(0, used - ?) WHERE day = ? AND client = ?');
    for (const r of left) giveBack.run(r.n, r.day, r.client);
    db.prepare('DELETE FROM demo_reservations WHERE owner <> ?').run(owner);
    return left.reduce((sum, r) => sum + r.n, 0);
  });
  const purge = db.transaction((day: string) => {
    db.prepare('DELETE FROM demo_reservations WHERE day < ?').run(day);
    return db.prepare('DELETE FROM demo_usage WHERE day < ?').run(day).changes;
  });
  return {
    async reserve(client, day, limit) {
      return reserve.immediate(client, day, limit);
    },
    async unreserve(client, day) {
      settle.immediate(client, day, false);
    },
    async confirm(client, day) {
      settle.immediate(client, day, true);
    },
    async releaseAbandoned() {
      return abandoned.immediate();
    },
    async purge(day) {
      return purge.immediate(day);
    },
  };
}
