import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ServiceStore } from '../../src/store/ports.js';
import { memoryStore } from '../../src/store/memory/store.js';
import { sqliteStore } from '../../src/store/sqlite/store.js';
import { storeSuite } from './wallet.case.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-store-'));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// synchronous=normal keeps the many small property-test databases fast; durability is a pragma, not logic.
storeSuite('sqlite', () => sqliteStore(join(dir, `s${n++}.db`), { synchronous: 'normal' }));

describe('sqlite store file', () => {
  it('keeps keys, balances and the ledger across reopen, and shares the file between two handles', async () => {
    const file = join(dir, 'shared.db');
    const a = sqliteStore(file);
    const b = sqliteStore(file);
    await a.wallets.open('w', '2026-03-01T00:00:00.000Z');
    await a.wallets.topup('w', 30, '2026-03-01T00:00:00.000Z');
    // A second handle (as the CLI next to a running server) sees and changes the same wallet: 30 + 12 = 42.
    await b.wallets.topup('w', 12, '2026-03-01T00:00:01.000Z');
    expect(await a.wallets.balance('w')).toBe(42);
    await a.close();
    await b.close();
    const c = sqliteStore(file);
    expect(await c.wallets.balance('w')).toBe(42);
    expect((await c.wallets.ledger('w')).map((e) => e.amount)).toEqual([30, 12]);
    await c.close();
  });
});

describe('sqlite store migration', () => {
  it('adds jobs.photo to a file created by the schema without it, keeping old rows, once', async () => {
    const file = join(dir, 'old-schema.db');
    const old = new Database(file);
    // The jobs table exactly as the first release created it.
    old.exec(`CREATE TABLE jobs (
  job_id TEXT PRIMARY KEY, key_id TEXT NOT NULL, hold_id INTEGER NOT NULL, credits INTEGER NOT NULL, status TEXT NOT NULL,
  request TEXT NOT NULL, result TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
)`);
    old
      .prepare('INSERT INTO jobs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(
        'job_old',
        'key_a',
        7,
        40,
        'queued',
        '{"style":"collage"}',
        null,
        '2026-03-01T12:00:00.000Z',
        '2026-03-01T12:00:00.000Z',
      );
    old
      .prepare('INSERT INTO jobs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(
        'job_old_done',
        'key_a',
        9,
        40,
        'succeeded',
        '{"style":"collage"}',
        '{"ok":true}',
        '2026-03-01T11:00:00.000Z',
        '2026-03-01T11:01:00.000Z',
      );
    old.close();

    const s = sqliteStore(file);
    expect(await s.jobs.get('job_old')).toEqual({
      job_id: 'job_old',
      key_id: 'key_a',
      hold_id: 7,
      credits: 40,
      status: 'queued',
      request: '{"style":"collage"}',
      result: null,
      created_at: '2026-03-01T12:00:00.000Z',
      updated_at: '2026-03-01T12:00:00.000Z',
    });
    expect((await s.jobs.unfinished()).map((j) => [j.job_id, j.photo])).toEqual([['job_old', null]]);
    await s.jobs.create(
      {
        job_id: 'job_new',
        key_id: 'key_a',
        hold_id: 11,
        credits: 40,
        status: 'queued',
        request: '{}',
        result: null,
        created_at: '2026-03-01T12:30:00.000Z',
        updated_at: '2026-03-01T12:30:00.000Z',
      },
      new Uint8Array([0x89, 0x50]),
    );
    await s.close();
    // Opening the migrated file again (as the CLI next to the server does) must not add the column twice.
    const again = sqliteStore(file);
    expect(Array.from((await again.jobs.unfinished())[1].photo!)).toEqual([0x89, 0x50]);
    expect(await again.jobs.update('job_new', 'succeeded', '{"ok":true}', '2026-03-01T12:31:00.000Z')).toBe(true);
    await again.close();

    const raw = new Database(file, { readonly: true });
    const columns = (raw.pragma('table_info(jobs)') as { name: string }[]).map((c) => c.name);
    expect(columns.filter((c) => c === 'photo')).toHaveLength(1);
    // The finished job's photo is gone; the old finished row is untouched.
    expect(raw.prepare("SELECT photo FROM jobs WHERE job_id = 'job_new'").get()).toEqual({ photo: null });
    expect(raw.prepare("SELECT status, result FROM jobs WHERE job_id = 'job_old_done'").get()).toEqual({
      status: 'succeeded',
      result: '{"ok":true}',
    });
    raw.close();
  });
});

/** wallets, ledger and holds as releases before holds.owner created them: settled holds kept, flagged. */
const SETTLED_FLAG_TABLES = `CREATE TABLE wallets (wallet_id TEXT PRIMARY KEY, balance INTEGER NOT NULL CHECK (balance >= 0), created_at TEXT NOT NULL);
CREATE TABLE ledger (
  entry_id INTEGER PRIMARY KEY AUTOINCREMENT, wallet_id TEXT NOT NULL REFERENCES wallets(wallet_id),
  kind TEXT NOT NULL CHECK (kind IN ('topup','hold','capture','release')), amount INTEGER NOT NULL,
  hold_id INTEGER, balance_after INTEGER NOT NULL, note TEXT, at TEXT NOT NULL
);
CREATE TABLE holds (
  hold_id INTEGER PRIMARY KEY, wallet_id TEXT NOT NULL, amount INTEGER NOT NULL, expires_at TEXT NOT NULL,
  settled INTEGER NOT NULL DEFAULT 0
);`;

describe('sqlite holds migration', () => {
  it('keeps only open holds of a file whose holds table flagged settled ones, and still tells settled from unknown', async () => {
    const file = join(dir, 'old-holds.db');
    const old = new Database(file);
    // wallets, ledger and holds as the first release created them (settled holds kept, flagged and indexed).
    old.exec(`${SETTLED_FLAG_TABLES}
CREATE INDEX holds_open ON holds(settled, expires_at);
INSERT INTO wallets VALUES ('w', 10, '2026-03-01T00:00:00.000Z');
INSERT INTO ledger (wallet_id, kind, amount, hold_id, balance_after, note, at) VALUES
  ('w', 'topup', 20, NULL, 20, NULL, '2026-03-01T00:00:00.000Z'),
  ('w', 'hold', -5, 2, 15, NULL, '2026-03-01T00:00:01.000Z'),
  ('w', 'capture', 0, 2, 15, NULL, '2026-03-01T00:00:02.000Z'),
  ('w', 'hold', -5, 4, 10, NULL, '2026-03-01T00:00:03.000Z');
INSERT INTO holds VALUES (2, 'w', 5, '2026-03-01T00:05:01.000Z', 1), (4, 'w', 5, '2026-03-01T00:05:03.000Z', 0);`);
    old.close();

    const s = sqliteStore(file);
    const at = '2026-03-01T00:01:00.000Z';
    // Hold 2 was captured before the migration; hold 4 is still open; 99 never existed.
    expect(await s.wallets.capture(2, at)).toEqual({ ok: false, reason: 'already_settled' });
    expect(await s.wallets.capture(99, at)).toEqual({ ok: false, reason: 'unknown_hold' });
    // 10 + 5 released = 15.
    expect(await s.wallets.release(4, at, 'http 404')).toEqual({ ok: true, balance: 15, amount: 5 });
    expect(await s.wallets.release(4, at)).toEqual({ ok: false, reason: 'already_settled' });
    // A new hold continues the entry ids (6, after the release at 5); once expired nothing is left.
    expect(await s.wallets.hold('w', 3, at, '2026-03-01T00:02:00.000Z')).toEqual({ ok: true, hold_id: 6, balance: 12 });
    expect(await s.wallets.expireHolds('2026-03-01T00:03:00.000Z')).toBe(1);
    expect(await s.wallets.expireHolds('2026-03-01T00:04:00.000Z')).toBe(0);
    const ledger = await s.wallets.ledger('w');
    expect(ledger.map((e) => [e.entry_id, e.kind, e.amount, e.hold_id])).toEqual([
      [1, 'topup', 20, null],
      [2, 'hold', -5, 2],
      [3, 'capture', 0, 2],
      [4, 'hold', -5, 4],
      [5, 'release', 5, 4],
      [6, 'hold', -3, 6],
      [7, 'release', 3, 6],
    ]);
    expect(await s.wallets.balance('w')).toBe(15);
    await s.close();

    const raw = new Database(file, { readonly: true });
    expect(raw.prepare('SELECT count(*) AS n FROM holds').get()).toEqual({ n: 0 });
    expect(
      raw.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'index' AND name = 'holds_open'").get(),
    ).toEqual({ n: 0 });
    raw.close();
  });
});

describe('sqlite group commit', () => {
  it('decides a batch of concurrent ledger calls exactly as the memory store applies them one by one (fast-check)', async () => {
    type Call =
      | { kind: 'hold'; wallet: 'a' | 'b' | 'ghost'; credits: number }
      | { kind: 'capture' | 'release'; holdId: number };
    // Hold ids are entry ids, so small integers name holds of earlier batches, of the same batch
    // (placed earlier in it), and holds that do not exist.
    const call = fc.oneof(
      fc.record({
        kind: fc.constant('hold' as const),
        wallet: fc.constantFrom('a' as const, 'b' as const, 'ghost' as const),
        credits: fc.integer({ min: 1, max: 9 }),
      }),
      fc.record({
        kind: fc.constantFrom('capture' as const, 'release' as const),
        holdId: fc.integer({ min: 1, max: 40 }),
      }),
    );
    const at = '2026-03-01T00:00:00.000Z';
    const later = '2026-03-01T01:00:00.000Z';
    const issue = (s: ServiceStore, c: Call) =>
      c.kind === 'hold'
        ? s.wallets.hold(c.wallet, c.credits, at, later, 'x')
        : c.kind === 'capture'
          ? s.wallets.capture(c.holdId, at)
          : s.wallets.release(c.holdId, at, 'x');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(call, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 4 }),
        async (batches) => {
          const real = sqliteStore(join(dir, `batch${n++}.db`), { synchronous: 'normal' });
          const model = memoryStore();
          for (const s of [real, model]) {
            for (const w of ['a', 'b']) {
              await s.wallets.open(w, at);
              await s.wallets.topup(w, 12, at);
            }
          }
          for (const batch of batches) {
            // One turn: the SQLite store commits the whole batch in one transaction.
            const got = await Promise.all(batch.map((c) => issue(real, c)));
            const want: unknown[] = [];
            for (const c of batch) want.push(await issue(model, c));
            expect(got).toEqual(want);
          }
          for (const w of ['a', 'b']) {
            expect(await real.wallets.balance(w)).toBe(await model.wallets.balance(w));
            expect(await real.wallets.ledger(w)).toEqual(await model.wallets.ledger(w));
          }
          await real.close();
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('sqlite hold owners', () => {
  it('releases at once every hold another handle took, except the kept ones, and each once', async () => {
    const file = join(dir, 'owners.db');
    const at = '2026-03-01T00:00:00.000Z';
    const later = '2026-03-01T01:00:00.000Z';
    const crashed = sqliteStore(file, { instanceId: 'api-1' });
    await crashed.wallets.open('w', at);
    await crashed.wallets.topup('w', 100, at);
    const held = await Promise.all(
      [10, 20, 30].map((n) => crashed.wallets.hold('w', n, at, later, 'intelligence.player')),
    );
    const ids = held.map((h) => (h.ok ? h.hold_id : -1));
    // The process "dies" without settling: its handle is simply never used again.
    const next = sqliteStore(file, { instanceId: 'api-1' });
    expect(next.wallets.owner).not.toBe(crashed.wallets.owner);
    const own = await next.wallets.hold('w', 5, at, later);
    expect((await next.wallets.openHolds('w')).map((h) => h.owner)).toEqual([
      crashed.wallets.owner,
      crashed.wallets.owner,
      crashed.wallets.owner,
      next.wallets.owner,
    ]);
    // Hold 30 belongs to an unfinished job and is kept; 10 + 20 come back now, not after their expiry.
    expect(await next.wallets.releaseAbandoned('2026-03-01T00:00:05.000Z', [ids[2]])).toBe(2);
    expect(await next.wallets.releaseAbandoned('2026-03-01T00:00:06.000Z', [ids[2]])).toBe(0);
    // 100 − 60 − 5 + 30 = 65.
    expect(await next.wallets.balance('w')).toBe(65);
    expect((await next.wallets.openHolds('w')).map((h) => h.credits)).toEqual([30, 5]);
    const ledger = await next.wallets.ledger('w');
    expect(ledger.filter((e) => e.kind === 'release').map((e) => [e.hold_id, e.amount, e.note])).toEqual([
      [ids[0], 10, 'abandoned'],
      [ids[1], 20, 'abandoned'],
    ]);
    // A late settlement by the old handle finds the hold gone: nothing is charged twice.
    expect(await crashed.wallets.capture(ids[0], '2026-03-01T00:00:07.000Z')).toEqual({
      ok: false,
      reason: 'already_settled',
    });
    if (own.ok) expect(await next.wallets.capture(own.hold_id, '2026-03-01T00:00:07.000Z')).toMatchObject({ ok: true });
    await crashed.close();
    await next.close();
  });

  it('adds holds.owner to a file without it; its open holds have no owner and count as abandoned', async () => {
    const file = join(dir, 'old-owner.db');
    const old = new Database(file);
    // wallets, ledger and holds as the release before owners created them.
    old.exec(`${SETTLED_FLAG_TABLES}
INSERT INTO wallets VALUES ('w', 12, '2026-03-01T00:00:00.000Z');
INSERT INTO ledger (wallet_id, kind, amount, hold_id, balance_after, note, at) VALUES
  ('w', 'topup', 20, NULL, 20, NULL, '2026-03-01T00:00:00.000Z'),
  ('w', 'hold', -8, 2, 12, 'cards', '2026-03-01T00:00:01.000Z');
INSERT INTO holds VALUES (2, 'w', 8, '2026-03-01T00:05:01.000Z', 0);`);
    old.close();

    const s = sqliteStore(file);
    expect(await s.wallets.openHolds('w')).toEqual([
      {
        hold_id: 2,
        wallet_id: 'w',
        credits: 8,
        note: 'cards',
        created_at: '2026-03-01T00:00:01.000Z',
        expires_at: '2026-03-01T00:05:01.000Z',
        owner: null,
      },
    ]);
    // New holds record their owner next to the old one.
    const h = await s.wallets.hold('w', 2, '2026-03-01T00:00:02.000Z', '2026-03-01T00:05:02.000Z');
    expect((await s.wallets.openHolds('w')).map((o) => o.owner)).toEqual([null, s.wallets.owner]);
    expect(await s.wallets.releaseAbandoned('2026-03-01T00:00:03.000Z')).toBe(1);
    // 12 − 2 + 8 = 18.
    expect(await s.wallets.balance('w')).toBe(18);
    if (h.ok)
      expect(await s.wallets.release(h.hold_id, '2026-03-01T00:00:04.000Z')).toEqual({
        ok: true,
        balance: 20,
        amount: 2,
      });
    await s.close();
    // A second open (the CLI next to the server) migrates nothing twice.
    const again = sqliteStore(file);
    expect(await again.wallets.balance('w')).toBe(20);
    await again.close();
    const raw = new Database(file, { readonly: true });
    expect((raw.pragma('table_info(holds)') as { name: string }[]).map((c) => c.name)).toEqual([
      'hold_id',
      'wallet_id',
      'amount',
      'expires_at',
      'settled',
      'owner',
    ]);
    raw.close();
  });
});
