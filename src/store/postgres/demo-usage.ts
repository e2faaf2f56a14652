/** @module Daily demo usage counts in PostgreSQL, with the reservations of calls still running. */
import type pg from 'pg';
import { instanceOfOwner } from '../hold-owner.js';
import type { DemoStore } from '../ports.js';
import { transaction } from './pool.js';

/**
 * Counts a demo call of `client` on `day` under `limit` and records the reservation under `owner`,
 * in the transaction of `c`; otherwise reads the count as it stands.
 */
async function reserveIn(
  c: pg.PoolClient,
  owner: string,
  client: string,
  day: string,
  limit: number,
): Promise<{ ok: boolean; used: number }> {
  // One upsert counts the call only while the count is below the limit; when it does not, the
  // current count is read (a limit of 0 never inserts a row).
  if (limit > 0) {
    const counted = await c.query<{ used: number }>(
      'INSERT INTO demo_usage (day, client, used) VALUES ($1, $2, 1) ON CONFLICT (day, client) DO UPDATE SET used = demo_usage.used + 1 WHERE demo_usage.used < $3 RETURNING used',
      [day, client, limit],
    );
    if (counted.rows.length === 1) {
      await c.query(
        'INSERT INTO demo_reservations (owner, day, client, n) VALUES ($1, $2, $3, 1) ON CONFLICT (owner, day, client) DO UPDATE SET n = demo_reservations.n + 1',
        [owner, day, client],
      );
      return { ok: true, used: counted.rows[0].used };
    }
  }
  const row = (
    await c.query<{ used: number }>('SELECT used FROM demo_usage WHERE day = $1 AND client = $2', [day, client])
  ).rows[0];
  return { ok: false, used: row?.used ?? 0 };
}

/**
 * The demo usage store over `pool`; reservations are recorded under `owner` (WalletStore.owner)
 * until the call settles, so a restarted replica gives back those its predecessor left.
 * @example await postgresDemo(pool, 'api-1#3fa85f64').reserve('203.0.113.7', '2026-03-01', 10) // => { ok: true, used: 1 }
 */
export function postgresDemo(pool: pg.Pool, owner: string): DemoStore {
  // Rows are locked in the order reserve() locks them (the count, then the reservation) and only
  // the caller's own rows are touched, so concurrent reserves and settles never deadlock.
  const settle = (client: string, day: string, keep: boolean) =>
    transaction(pool, async (c) => {
      if (!keep)
        await c.query('UPDATE demo_usage SET used = used - 1 WHERE day = $1 AND client = $2 AND used > 0', [
          day,
          client,
        ]);
      await c.query('UPDATE demo_reservations SET n = n - 1 WHERE owner = $1 AND day = $2 AND client = $3', [
        owner,
        day,
        client,
      ]);
      await c.query('DELETE FROM demo_reservations WHERE owner = $1 AND day = $2 AND client = $3 AND n <= 0', [
        owner,
        day,
        client,
      ]);
    });
  return {
    reserve: (client, day, limit) => transaction(pool, (c) => reserveIn(c, owner, client, day, limit)),
    unreserve: (client, day) => settle(client, day, false),
    confirm: (client, day) => settle(client, day, true),
    releaseAbandoned: () =>
      transaction(pool, async (c) => {
        // Only an earlier process of this instance, as for holds (WalletStore.releaseAbandoned).
        const prefix = `${instanceOfOwner(owner)}#`;
        const left = (
          await c.query<{ day: string; client: string; n: number }>(
            'DELETE FROM demo_reservations WHERE left(owner, $1) = $2 AND owner <> $3 RETURNING day, client, n',
            [prefix.length, prefix, owner],
          )
        ).rows;
        for (const r of left)
          await c.query('UPDATE demo_usage SET used = GREATEST(0, used - $1) WHERE day = $2 AND client = $3', [
            r.n,
            r.day,
            r.client,
          ]);
        return left.reduce((sum, r) => sum + r.n, 0);
      }),
    async purge(day) {
      await pool.query('DELETE FROM demo_reservations WHERE day < $1', [day]);
      return (await pool.query('DELETE FROM demo_usage WHERE day < $1', [day])).rowCount ?? 0;
    },
  };
}
