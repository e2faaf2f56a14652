/**
 * The PostgreSQL store against a real server (test/helpers/postgres.ts): the shared store suite,
 * two stores on one schema acting as two replicas, and reopening.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MAX_WALLET_CREDITS, type HoldOutcome, type ServiceStore } from '../../src/store/ports.js';
import { postgresStore } from '../../src/store/postgres/store.js';
import { postgresUnavailable, usePostgres } from '../helpers/postgres.js';
import { expectLedgerBalanced, storeSuite } from './wallet.case.js';

const T0 = '2026-03-01T12:00:00.000Z';
const T1 = '2026-03-01T12:05:00.000Z';
const LATER = '2026-03-01T13:00:00.000Z';

if (postgresUnavailable) console.warn(`[store/postgres] skipped: ${postgresUnavailable}`);

describe.skipIf(postgresUnavailable !== null)('postgres', () => {
  const cluster = usePostgres();
  const open = (schema: string, max = 4, instanceId?: string) =>
    postgresStore({ connectionString: cluster.url(), schema, max, ...(instanceId ? { instanceId } : {}) });

  storeSuite('postgres', () => open(cluster.schema(), 2));

  describe('two replicas on one schema', () => {
    it('never overspend one wallet when both hold from it at once, and settle each hold once', async () => {
      const schema = cluster.schema();
      const a = await open(schema);
      const b = await open(schema);
      await a.wallets.open('w', T0);
      await b.wallets.open('w', T0);
      await a.wallets.topup('w', 100, T0);
      // 40 holds of 7, alternating replicas, all at once: ⌊100 / 7⌋ = 14 succeed (98), 2 remain.
      const holds = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).wallets.hold('w', 7, T0, LATER)),
      );
      const ok = holds.filter((h): h is Extract<HoldOutcome, { ok: true }> => h.ok);
      expect(ok).toHaveLength(14);
      expect(holds.filter((h) => !h.ok).every((h) => !h.ok && h.reason === 'insufficient_credits')).toBe(true);
      expect(new Set(ok.map((h) => h.hold_id)).size).toBe(14);
      expect(await a.wallets.balance('w')).toBe(2);
      // Both replicas settle every hold at once (the first 7 captured, the other 7 released): each
      // hold settles exactly once, the loser sees already_settled. 2 + 7 × 7 = 51.
      const ids = ok.map((h) => h.hold_id);
      const settle = (s: ServiceStore, id: number, i: number) =>
        i < 7 ? s.wallets.capture(id, T1) : s.wallets.release(id, T1);
      const [fromA, fromB] = await Promise.all([
        Promise.all(ids.map((id, i) => settle(a, id, i))),
        Promise.all(ids.map((id, i) => settle(b, id, i))),
      ]);
      ids.forEach((_, i) => {
        expect([fromA[i].ok, fromB[i].ok].filter(Boolean)).toHaveLength(1);
        expect([fromA[i], fromB[i]].find((r) => !r.ok)).toEqual({ ok: false, reason: 'already_settled' });
      });
      expect(await b.wallets.balance('w')).toBe(51);
      // Five holds of 3 that expire at T1, expired by both replicas at once: released 5 times in all.
      for (let i = 0; i < 5; i++) expect((await a.wallets.hold('w', 3, T0, T1)).ok).toBe(true);
      const [expiredA, expiredB] = await Promise.all([a.wallets.expireHolds(T1), b.wallets.expireHolds(T1)]);
      expect(expiredA + expiredB).toBe(5);
      expect(await a.wallets.balance('w')).toBe(51);
      const ledger = await b.wallets.ledger('w');
      // 1 topup + 14 holds + 14 settlements + 5 holds + 5 releases.
      expect(ledger).toHaveLength(39);
      expectLedgerBalanced(ledger, 51);
      await a.close();
      await b.close();
    });

    it('refuses, in the database itself, a balance below zero', async () => {
      const schema = cluster.schema();
      const s = await open(schema);
      await s.wallets.open('w', T0);
      await s.wallets.topup('w', 3, T0);
      const client = new pg.Client({ connectionString: cluster.url() });
      await client.connect();
      try {
        await expect(
          client.query(`UPDATE ${schema}.wallets SET balance = balance - 4 WHERE wallet_id = 'w'`),
        ).rejects.toThrow(/check constraint/);
      } finally {
        await client.end();
      }
      expect(await s.wallets.balance('w')).toBe(3);
      await s.close();
    });
  });

  describe('wallet limit and hold owners across replicas', () => {
    it('lets only top-ups that fit under MAX_WALLET_CREDITS through when two replicas top up at once', async () => {
      const schema = cluster.schema();
      const a = await open(schema);
      const b = await open(schema);
      await a.wallets.open('w', T0);
      await a.wallets.topup('w', MAX_WALLET_CREDITS - 100, T0);
      const h = await b.wallets.hold('w', 40, T0, LATER);
      // 20 top-ups of 30 through both replicas at once: 100 credits of room (held ones count) fit 3.
      const outs = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).wallets.topup('w', 30, T1)),
      );
      expect(outs.filter((o) => o.ok)).toHaveLength(3);
      expect(outs.filter((o) => !o.ok).every((o) => !o.ok && o.reason === 'balance_limit_exceeded')).toBe(true);
      // 10^12 − 100 − 40 + 90 = 10^12 − 50; releasing the hold brings it to 10^12 − 10, no further.
      expect(await b.wallets.balance('w')).toBe(MAX_WALLET_CREDITS - 50);
      if (h.ok)
        expect(await a.wallets.release(h.hold_id, T1)).toMatchObject({ ok: true, balance: MAX_WALLET_CREDITS - 10 });
      expect(await a.wallets.topup('w', 11, T1)).toEqual({
        ok: false,
        reason: 'balance_limit_exceeded',
        balance: MAX_WALLET_CREDITS - 10,
        held: 0,
      });
      expectLedgerBalanced(await a.wallets.ledger('w'), MAX_WALLET_CREDITS - 10);
      await a.close();
      await b.close();
    });

    it('releases at start only the holds an earlier process of the same instance left; other replicas wait for expiry', async () => {
      const schema = cluster.schema();
      const crashed = await open(schema, 2, 'replica-1');
      const other = await open(schema, 2, 'replica-2');
      await crashed.wallets.open('w', T0);
      await crashed.wallets.topup('w', 100, T0);
      const mine = await Promise.all(
        [10, 20, 30].map((n) => crashed.wallets.hold('w', n, T0, LATER, 'intelligence.player')),
      );
      const theirs = await other.wallets.hold('w', 7, T0, T1);
      const ids = mine.map((h) => (h.ok ? h.hold_id : -1));
      await crashed.close();

      // The same replica restarted: a new token, the same instance.
      const restarted = await open(schema, 2, 'replica-1');
      expect(restarted.wallets.owner).toMatch(/^replica-1#[0-9a-f]{8}$/);
      expect(restarted.wallets.owner).not.toBe(crashed.wallets.owner);
      // A third replica never touches holds that are not its own instance's.
      const third = await open(schema, 2, 'replica-3');
      expect(await third.wallets.releaseAbandoned(T0)).toBe(0);
      // Hold 30 is an unfinished job's and is kept.
      expect(await restarted.wallets.releaseAbandoned(T0, [ids[2]])).toBe(2);
      expect(await restarted.wallets.releaseAbandoned(T0, [ids[2]])).toBe(0);
      // 100 − 60 − 7 + 30 = 63; replica-2's hold is still open until T1.
      expect(await restarted.wallets.balance('w')).toBe(63);
      expect((await restarted.wallets.openHolds('w')).map((h) => [h.credits, h.owner])).toEqual([
        [30, crashed.wallets.owner],
        [7, other.wallets.owner],
      ]);
      expect(await restarted.wallets.expireHolds(T1)).toBe(1);
      if (theirs.ok)
        expect(await other.wallets.capture(theirs.hold_id, T1)).toEqual({ ok: false, reason: 'already_settled' });
      expect((await restarted.wallets.ledger('w')).filter((e) => e.kind === 'release').map((e) => e.note)).toEqual([
        'abandoned',
        'abandoned',
        'expired',
      ]);
      for (const s of [other, restarted, third]) await s.close();
    });

    it('adds holds.owner to a schema made without it; its old holds have no owner and only expire', async () => {
      const schema = cluster.schema();
      const client = new pg.Client({ connectionString: cluster.url() });
      await client.connect();
      try {
        // The wallet tables as the release before owners created them, with one open hold.
        await client.query(`CREATE SCHEMA ${schema};
SET search_path = ${schema};
CREATE TABLE wallets (wallet_id TEXT COLLATE "C" PRIMARY KEY, balance BIGINT NOT NULL CHECK (balance >= 0), created_at TEXT NOT NULL);
CREATE SEQUENCE ledger_entry_seq;
CREATE TABLE ledger (
  entry_id BIGINT PRIMARY KEY, wallet_id TEXT NOT NULL REFERENCES wallets(wallet_id),
  kind TEXT NOT NULL CHECK (kind IN ('topup','hold','capture','release')), amount BIGINT NOT NULL,
  hold_id BIGINT, balance_after BIGINT NOT NULL CHECK (balance_after >= 0), note TEXT, at TEXT NOT NULL
);
CREATE TABLE holds (hold_id BIGINT PRIMARY KEY, wallet_id TEXT NOT NULL, amount BIGINT NOT NULL, expires_at TEXT COLLATE "C" NOT NULL);
INSERT INTO wallets VALUES ('w', 12, '${T0}');
INSERT INTO ledger VALUES (1, 'w', 'topup', 20, NULL, 20, NULL, '${T0}'), (2, 'w', 'hold', -8, 2, 12, 'cards', '${T0}');
INSERT INTO holds VALUES (2, 'w', 8, '${T1}');
SELECT setval('ledger_entry_seq', 2);`);
      } finally {
        await client.end();
      }
      const s = await open(schema);
      expect(await s.wallets.openHolds('w')).toEqual([
        { hold_id: 2, wallet_id: 'w', credits: 8, note: 'cards', created_at: T0, expires_at: T1, owner: null },
      ]);
      const h = await s.wallets.hold('w', 2, T0, LATER);
      expect((await s.wallets.openHolds('w')).map((o) => o.owner)).toEqual([null, s.wallets.owner]);
      expect(await s.wallets.releaseAbandoned(T0)).toBe(0);
      expect(await s.wallets.expireHolds(T1)).toBe(1);
      // 12 − 2 + 8 = 18, and the new hold settles normally.
      if (h.ok) expect(await s.wallets.capture(h.hold_id, T1)).toEqual({ ok: true, balance: 18, amount: 2 });
      await s.close();
      // Opening again finds the column and changes nothing.
      const again = await open(schema);
      expect(await again.wallets.balance('w')).toBe(18);
      await again.close();
    });
  });

  describe('reopening', () => {
    it('keeps keys, balances, open holds and the ledger numbering across a new pool on the same schema', async () => {
      const schema = cluster.schema();
      const first = await open(schema);
      await first.keys.create({
        id: 'key_a',
        hash: 'h'.repeat(64),
        label: null,
        no_watermark: false,
        created_at: T0,
        revoked_at: null,
      });
      await first.wallets.open('key_a', T0);
      await first.wallets.topup('key_a', 30, T0);
      const hold = await first.wallets.hold('key_a', 5, T0, LATER);
      await first.close();

      const again = await open(schema);
      expect((await again.keys.list()).map((k) => k.id)).toEqual(['key_a']);
      // 30 − 5 = 25, and the hold made before the reopen still settles (once).
      expect(await again.wallets.balance('key_a')).toBe(25);
      if (!hold.ok) throw new Error('the hold should have been placed');
      expect(await again.wallets.release(hold.hold_id, T1)).toEqual({ ok: true, balance: 30, amount: 5 });
      expect(await again.wallets.release(hold.hold_id, T1)).toEqual({ ok: false, reason: 'already_settled' });
      const ledger = await again.wallets.ledger('key_a');
      expect(ledger.map((e) => [e.kind, e.amount])).toEqual([
        ['topup', 30],
        ['hold', -5],
        ['release', 5],
      ]);
      expect(ledger[2].entry_id).toBeGreaterThan(ledger[1].entry_id);
      expectLedgerBalanced(ledger, 30);
      await again.close();
    });

    it('rejects a schema name that is not a plain identifier, and an unreachable server', async () => {
      await expect(postgresStore({ connectionString: cluster.url(), schema: 'x; DROP TABLE y' })).rejects.toThrow(
        RangeError,
      );
      // Port 1 on the loopback: nothing listens there.
      await expect(postgresStore({ connectionString: 'postgres://postgres@127.0.0.1:1/postgres' })).rejects.toThrow();
    });
  });
});
