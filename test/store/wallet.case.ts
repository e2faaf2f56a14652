/**
 * The store suite every driver runs (docs/design.md#tests-and-benches, "one suite, many implementations"): examples for
 * keys, wallets, idempotency, demo counters, images and jobs, plus a model-based ledger test.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ledgerPage, usageOf } from '../../src/service/admin/reports.js';
import { MemoryRateLimits } from '../../src/store/memory/rate-limits.js';
import { MAX_WALLET_CREDITS, type LedgerEntry, type ServiceStore } from '../../src/store/ports.js';

const T0 = '2026-03-01T12:00:00.000Z';
const T1 = '2026-03-01T12:05:00.000Z';
const LATER = '2026-03-01T13:00:00.000Z';

/** The ledger of a wallet sums to its balance and every balance_after is a running sum. */
export function expectLedgerBalanced(entries: LedgerEntry[], balance: number): void {
  let running = 0;
  for (const e of entries) {
    running += e.amount;
    expect(e.balance_after).toBe(running);
    expect(running).toBeGreaterThanOrEqual(0);
    expect(running).toBeLessThanOrEqual(MAX_WALLET_CREDITS);
  }
  expect(running).toBe(balance);
}

/** Runs the store suite against `make` (a fresh, empty store per call; async for drivers that connect). */
export function storeSuite(name: string, make: () => ServiceStore | Promise<ServiceStore>): void {
  describe(`${name} store`, () => {
    it('stores keys by hash and revokes them once', async () => {
      const s = await make();
      await s.keys.create({
        id: 'key_a',
        hash: 'h'.repeat(64),
        label: 'test',
        no_watermark: true,
        created_at: T0,
        revoked_at: null,
      });
      expect(await s.keys.byHash('h'.repeat(64))).toEqual({
        id: 'key_a',
        hash: 'h'.repeat(64),
        label: 'test',
        no_watermark: true,
        created_at: T0,
        revoked_at: null,
      });
      expect(await s.keys.byHash('x'.repeat(64))).toBeNull();
      expect(await s.keys.revoke('key_a', T1)).toBe(true);
      expect(await s.keys.revoke('key_a', LATER)).toBe(false);
      expect(await s.keys.revoke('key_missing', T1)).toBe(false);
      expect((await s.keys.byId('key_a'))?.revoked_at).toBe(T1);
      expect((await s.keys.list()).map((k) => k.id)).toEqual(['key_a']);
      await expect(
        s.keys.create({
          id: 'key_a',
          hash: 'z'.repeat(64),
          label: null,
          no_watermark: false,
          created_at: T0,
          revoked_at: null,
        }),
      ).rejects.toThrow();
      await s.close();
    });

    it('holds, captures and releases with a balanced ledger', async () => {
      const s = await make();
      await s.wallets.open('w', T0);
      expect(await s.wallets.balance('w')).toBe(0);
      expect(await s.wallets.balance('nobody')).toBeNull();
      expect(await s.wallets.topup('nobody', 5, T0)).toEqual({
        ok: false,
        reason: 'unknown_wallet',
        balance: 0,
        held: 0,
      });
      expect(await s.wallets.topup('w', 20, T0, 'first')).toMatchObject({
        ok: true,
        entry: { kind: 'topup', amount: 20, balance_after: 20, note: 'first', at: T0 },
      });
      // 20 − 15 = 5 after the hold; capture keeps it at 5.
      const h1 = await s.wallets.hold('w', 15, T0, LATER, 'cards');
      expect(h1).toMatchObject({ ok: true, balance: 5 });
      if (!h1.ok) return;
      expect(await s.wallets.capture(h1.hold_id, T1)).toEqual({ ok: true, balance: 5, amount: 15 });
      expect(await s.wallets.capture(h1.hold_id, T1)).toEqual({ ok: false, reason: 'already_settled' });
      expect(await s.wallets.release(h1.hold_id, T1)).toEqual({ ok: false, reason: 'already_settled' });
      // 5 < 6: refused, balance unchanged.
      expect(await s.wallets.hold('w', 6, T0, LATER)).toEqual({
        ok: false,
        reason: 'insufficient_credits',
        balance: 5,
      });
      const h2 = await s.wallets.hold('w', 5, T0, LATER);
      expect(h2).toMatchObject({ ok: true, balance: 0 });
      if (!h2.ok) return;
      expect(await s.wallets.release(h2.hold_id, T1, 'http 404')).toEqual({ ok: true, balance: 5, amount: 5 });
      expect(await s.wallets.release(999_999, T1)).toEqual({ ok: false, reason: 'unknown_hold' });
      expect(await s.wallets.hold('nobody', 1, T0, LATER)).toEqual({ ok: false, reason: 'unknown_wallet', balance: 0 });
      const ledger = await s.wallets.ledger('w');
      expect(ledger.map((e) => [e.kind, e.amount])).toEqual([
        ['topup', 20],
        ['hold', -15],
        ['capture', 0],
        ['hold', -5],
        ['release', 5],
      ]);
      expect(ledger[2].hold_id).toBe(ledger[1].entry_id);
      expect(ledger[1].hold_id).toBe(ledger[1].entry_id);
      expectLedgerBalanced(ledger, 5);
      expect((await s.wallets.ledger('w', 2)).map((e) => e.kind)).toEqual(['hold', 'release']);
      await s.close();
    });

    it('applies concurrent holds and settlements one by one (group commit keeps each atomic)', async () => {
      const s = await make();
      await s.wallets.open('w', T0);
      await s.wallets.topup('w', 20, T0);
      // Ten holds of 3 issued in the same turn: ⌊20 / 3⌋ = 6 succeed, 4 see a balance of 2.
      const holds = await Promise.all(Array.from({ length: 10 }, () => s.wallets.hold('w', 3, T0, LATER)));
      expect(holds.filter((h) => h.ok)).toHaveLength(6);
      expect(holds.filter((h) => !h.ok).map((h) => h.balance)).toEqual([2, 2, 2, 2]);
      const ids = holds.flatMap((h) => (h.ok ? [h.hold_id] : []));
      // Capture three, release three, and settle one twice, all in one turn: 2 + 3 × 3 = 11.
      const settled = await Promise.all([
        ...ids.slice(0, 3).map((id) => s.wallets.capture(id, T1)),
        ...ids.slice(3).map((id) => s.wallets.release(id, T1)),
        s.wallets.capture(ids[0], T1),
      ]);
      expect(settled.filter((r) => r.ok)).toHaveLength(6);
      expect(settled[6]).toEqual({ ok: false, reason: 'already_settled' });
      expect(await s.wallets.balance('w')).toBe(11);
      expectLedgerBalanced(await s.wallets.ledger('w'), 11);
      await s.close();
    });

    it('charges in one step: a hold and its capture, concurrent charges atomic, nothing written when short', async () => {
      const s = await make();
      await s.wallets.open('w', T0);
      await s.wallets.topup('w', 10, T0);
      // Five charges of 3 in the same turn: ⌊10 / 3⌋ = 3 succeed beside a hold of the same turn.
      const [held, ...charges] = await Promise.all([
        s.wallets.hold('w', 1, T0, LATER),
        ...Array.from({ length: 4 }, () => s.wallets.charge('w', 3, T1, 'intelligence.player')),
      ]);
      expect(held).toMatchObject({ ok: true, balance: 9 });
      expect(charges.map((c) => c.ok)).toEqual([true, true, true, false]);
      expect(charges[2]).toMatchObject({ ok: true, balance: 0, amount: 3 });
      expect(charges[3]).toEqual({ ok: false, reason: 'insufficient_credits', balance: 0 });
      expect(await s.wallets.charge('nobody', 1, T1)).toEqual({ ok: false, reason: 'unknown_wallet', balance: 0 });
      const ledger = await s.wallets.ledger('w');
      // topup, the hold, then hold + capture per charge, each capture naming its own hold.
      expect(ledger.map((e) => e.kind)).toEqual([
        'topup',
        'hold',
        'hold',
        'capture',
        'hold',
        'capture',
        'hold',
        'capture',
      ]);
      for (const i of [2, 4, 6]) {
        expect(ledger[i + 1].hold_id).toBe(ledger[i].entry_id);
        expect(ledger[i]).toMatchObject({ amount: -3, note: 'intelligence.player' });
      }
      expectLedgerBalanced(ledger, 0);
      // Only the plain hold is open: a charge leaves none.
      expect((await s.wallets.openHolds('w')).map((h) => h.credits)).toEqual([1]);
      await expect(s.wallets.charge('w', 0, T1)).rejects.toThrow(RangeError);
      await s.close();
    });

    it('rejects non-integer, non-positive and too large amounts', async () => {
      const s = await make();
      await s.wallets.open('w', T0);
      await expect(s.wallets.topup('w', 0, T0)).rejects.toThrow(RangeError);
      await expect(s.wallets.topup('w', 1.5, T0)).rejects.toThrow(RangeError);
      await expect(s.wallets.hold('w', -1, T0, LATER)).rejects.toThrow(RangeError);
      // The amount of issue #11: above the limit, and twice it is no longer an exact double.
      await expect(s.wallets.topup('w', 9_007_199_254_740_000, T0)).rejects.toThrow(
        'top-up must be an integer from 1 to 1000000000000, got 9007199254740000',
      );
      await expect(s.wallets.topup('w', MAX_WALLET_CREDITS + 1, T0)).rejects.toThrow(RangeError);
      await expect(s.wallets.hold('w', MAX_WALLET_CREDITS + 1, T0, LATER)).rejects.toThrow(RangeError);
      expect(await s.wallets.balance('w')).toBe(0);
      expect(await s.wallets.ledger('w')).toEqual([]);
      await s.close();
    });

    it('keeps balance + held at most MAX_WALLET_CREDITS, refusing the top-up that would pass it', async () => {
      const s = await make();
      await s.wallets.open('w', T0);
      expect(await s.wallets.topup('w', MAX_WALLET_CREDITS - 10, T0)).toMatchObject({
        ok: true,
        entry: { balance_after: MAX_WALLET_CREDITS - 10 },
      });
      // 10 credits held still count: balance (10^12 − 30) + held 20 + 11 = 10^12 + 1 is one too many.
      const h = await s.wallets.hold('w', 20, T0, LATER, 'cards');
      expect(h).toMatchObject({ ok: true, balance: MAX_WALLET_CREDITS - 30 });
      expect(await s.wallets.topup('w', 11, T1)).toEqual({
        ok: false,
        reason: 'balance_limit_exceeded',
        balance: MAX_WALLET_CREDITS - 30,
        held: 20,
      });
      expect(await s.wallets.topup('w', MAX_WALLET_CREDITS, T1)).toEqual({
        ok: false,
        reason: 'balance_limit_exceeded',
        balance: MAX_WALLET_CREDITS - 30,
        held: 20,
      });
      // Exactly up to the limit is fine; then not one credit more, even after the hold is released.
      expect(await s.wallets.topup('w', 10, T1)).toMatchObject({
        ok: true,
        entry: { balance_after: MAX_WALLET_CREDITS - 20 },
      });
      if (h.ok)
        expect(await s.wallets.release(h.hold_id, T1)).toEqual({ ok: true, balance: MAX_WALLET_CREDITS, amount: 20 });
      expect(await s.wallets.topup('w', 1, T1)).toEqual({
        ok: false,
        reason: 'balance_limit_exceeded',
        balance: MAX_WALLET_CREDITS,
        held: 0,
      });
      expect(await s.wallets.balance('w')).toBe(MAX_WALLET_CREDITS);
      expectLedgerBalanced(await s.wallets.ledger('w'), MAX_WALLET_CREDITS);
      await s.close();
    });

    it('lists open holds with their owner, note and times, until they settle', async () => {
      const s = await make();
      await s.wallets.open('w', T0);
      await s.wallets.open('v', T0);
      await s.wallets.topup('w', 50, T0);
      await s.wallets.topup('v', 50, T0);
      expect(await s.wallets.openHolds('w')).toEqual([]);
      expect(await s.wallets.openHolds('nobody')).toEqual([]);
      const a = await s.wallets.hold('w', 15, T0, LATER, 'cards');
      const b = await s.wallets.hold('w', 1, T1, LATER);
      await s.wallets.hold('v', 7, T0, LATER, 'other wallet');
      if (!a.ok || !b.ok) throw new Error('holds refused');
      expect(s.wallets.owner).toMatch(/^.+#[0-9a-f]{8}$/);
      expect(await s.wallets.openHolds('w')).toEqual([
        {
          hold_id: a.hold_id,
          wallet_id: 'w',
          credits: 15,
          note: 'cards',
          created_at: T0,
          expires_at: LATER,
          owner: s.wallets.owner,
        },
        {
          hold_id: b.hold_id,
          wallet_id: 'w',
          credits: 1,
          note: null,
          created_at: T1,
          expires_at: LATER,
          owner: s.wallets.owner,
        },
      ]);
      await s.wallets.capture(a.hold_id, T1);
      expect((await s.wallets.openHolds('w')).map((h) => h.hold_id)).toEqual([b.hold_id]);
      await s.wallets.release(b.hold_id, T1);
      expect(await s.wallets.openHolds('w')).toEqual([]);
      expect((await s.wallets.openHolds('v')).map((h) => h.credits)).toEqual([7]);
      await s.close();
    });

    it('never releases as abandoned a hold its own handle took', async () => {
      const s = await make();
      await s.wallets.open('w', T0);
      await s.wallets.topup('w', 10, T0);
      const h = await s.wallets.hold('w', 4, T0, LATER);
      expect(await s.wallets.releaseAbandoned(T1)).toBe(0);
      expect(await s.wallets.balance('w')).toBe(6);
      expect((await s.wallets.openHolds('w')).map((o) => o.credits)).toEqual([4]);
      if (h.ok) expect(await s.wallets.capture(h.hold_id, T1)).toMatchObject({ ok: true, balance: 6 });
      await s.close();
    });

    it('releases expired holds exactly once', async () => {
      const s = await make();
      await s.wallets.open('w', T0);
      await s.wallets.topup('w', 10, T0);
      const h = await s.wallets.hold('w', 4, T0, T1);
      const keep = await s.wallets.hold('w', 3, T0, LATER);
      // Not yet due at T0.
      expect(await s.wallets.expireHolds(T0)).toBe(0);
      expect(await s.wallets.expireHolds(T1)).toBe(1);
      expect(await s.wallets.expireHolds(T1)).toBe(0);
      // 10 − 4 − 3 + 4 = 7.
      expect(await s.wallets.balance('w')).toBe(7);
      if (h.ok) expect(await s.wallets.capture(h.hold_id, T1)).toEqual({ ok: false, reason: 'already_settled' });
      if (keep.ok) expect(await s.wallets.capture(keep.hold_id, T1)).toMatchObject({ ok: true, balance: 7 });
      expectLedgerBalanced(await s.wallets.ledger('w'), 7);
      await s.close();
    });

    it('claims, replays, abandons and expires idempotency records', async () => {
      const s = await make();
      expect(await s.idempotency.begin('key_a', 'k1', 'fp1', T0, T1)).toEqual({ claimed: true });
      expect(await s.idempotency.begin('key_a', 'k1', 'fp2', T0, T1)).toEqual({
        claimed: false,
        record: { fingerprint: 'fp1', response: null },
      });
      // Another scope does not see the record.
      expect(await s.idempotency.begin('key_b', 'k1', 'fp2', T0, T1)).toEqual({ claimed: true });
      const stored = { status: 200, headers: { 'x-svc-credits-charged': '1' }, body: '{"a":1}' };
      await s.idempotency.complete('key_a', 'k1', stored, T1);
      expect(await s.idempotency.begin('key_a', 'k1', 'fp1', T0, T1)).toEqual({
        claimed: false,
        record: { fingerprint: 'fp1', response: stored },
      });
      // Expired at T1: claimable again.
      expect(await s.idempotency.begin('key_a', 'k1', 'fp3', T1, LATER)).toEqual({ claimed: true });
      await s.idempotency.abandon('key_a', 'k1');
      expect(await s.idempotency.begin('key_a', 'k1', 'fp4', T1, LATER)).toEqual({ claimed: true });
      await s.close();
    });

    it('purges expired idempotency records and past demo days, and nothing else', async () => {
      const s = await make();
      await s.idempotency.begin('key_a', 'old', 'fp', T0, T1);
      await s.idempotency.begin('key_a', 'new', 'fp', T0, LATER);
      // At T1 the first has expired (expires_at <= now), the second has not.
      expect(await s.idempotency.purge(T1)).toBe(1);
      expect(await s.idempotency.purge(T1)).toBe(0);
      expect(await s.idempotency.begin('key_a', 'new', 'fp2', T1, LATER)).toEqual({
        claimed: false,
        record: { fingerprint: 'fp', response: null },
      });
      await s.demo.reserve('1.2.3.4', '2026-02-28', 5);
      await s.demo.reserve('5.6.7.8', '2026-02-28', 5);
      await s.demo.reserve('1.2.3.4', '2026-03-01', 5);
      // Days before 2026-03-01 go; the day itself stays (its count continues at 2).
      expect(await s.demo.purge('2026-03-01')).toBe(2);
      expect(await s.demo.reserve('1.2.3.4', '2026-03-01', 5)).toEqual({ ok: true, used: 2 });
      await s.close();
    });

    it('counts demo calls per client and day up to the limit', async () => {
      const s = await make();
      for (let i = 1; i <= 3; i++)
        expect(await s.demo.reserve('1.2.3.4', '2026-03-01', 3)).toEqual({ ok: true, used: i });
      expect(await s.demo.reserve('1.2.3.4', '2026-03-01', 3)).toEqual({ ok: false, used: 3 });
      expect(await s.demo.reserve('1.2.3.4', '2026-03-02', 3)).toEqual({ ok: true, used: 1 });
      expect(await s.demo.reserve('5.6.7.8', '2026-03-01', 3)).toEqual({ ok: true, used: 1 });
      await s.demo.unreserve('1.2.3.4', '2026-03-01');
      expect(await s.demo.reserve('1.2.3.4', '2026-03-01', 3)).toEqual({ ok: true, used: 3 });
      await s.close();
    });

    it('stores images by hash and jobs through their states', async () => {
      const s = await make();
      const png = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
      await s.images.put('a'.repeat(64), png);
      expect(Array.from((await s.images.get('a'.repeat(64)))!)).toEqual([137, 80, 78, 71, 1, 2, 3]);
      expect(await s.images.get('b'.repeat(64))).toBeNull();
      await s.jobs.create({
        job_id: 'job_1',
        key_id: 'key_a',
        hold_id: 3,
        credits: 40,
        status: 'queued',
        request: '{}',
        result: null,
        created_at: T0,
        updated_at: T0,
      });
      expect(await s.jobs.update('job_1', 'running', null, T1)).toBe(true);
      expect(await s.jobs.update('job_1', 'succeeded', '{"ok":true}', T1)).toBe(true);
      expect(await s.jobs.update('job_1', 'failed', null, LATER)).toBe(false);
      expect(await s.jobs.get('job_1')).toMatchObject({
        credits: 40,
        status: 'succeeded',
        result: '{"ok":true}',
        updated_at: T1,
      });
      expect(await s.jobs.get('job_2')).toBeNull();
      await s.close();
    });

    it('lists unfinished jobs oldest first with their uploaded photo, until they finish', async () => {
      const s = await make();
      const job = (job_id: string, created_at: string) => ({
        job_id,
        key_id: 'key_a',
        hold_id: 1,
        credits: 40,
        status: 'queued' as const,
        request: `{"id":"${job_id}"}`,
        result: null,
        created_at,
        updated_at: created_at,
      });
      const upload = new Uint8Array([0xff, 0xd8, 0xff, 7]);
      // Created out of order: job_late at T1 first, then two at T0 (insertion order breaks the tie), then one finished.
      await s.jobs.create(job('job_late', T1));
      await s.jobs.create(job('job_first', T0), upload);
      await s.jobs.create(job('job_second', T0));
      await s.jobs.create(job('job_done', T0), new Uint8Array([1]));
      expect(await s.jobs.update('job_done', 'failed', '{"code":"x"}', T1)).toBe(true);
      expect(await s.jobs.update('job_second', 'running', null, T1)).toBe(true);
      // The caller reusing its buffer must not change the stored photo.
      upload[3] = 9;
      const open = await s.jobs.unfinished();
      expect(open.map((j) => [j.job_id, j.status])).toEqual([
        ['job_first', 'queued'],
        ['job_second', 'running'],
        ['job_late', 'queued'],
      ]);
      expect(Array.from(open[0].photo!)).toEqual([0xff, 0xd8, 0xff, 7]);
      expect(open[1].photo).toBeNull();
      expect(open[0]).toMatchObject({
        key_id: 'key_a',
        hold_id: 1,
        credits: 40,
        request: '{"id":"job_first"}',
        result: null,
        created_at: T0,
      });
      // Polls never carry the photo.
      expect(await s.jobs.get('job_first')).not.toHaveProperty('photo');
      // Back to queued (a resume) keeps the photo; finishing removes the job from the list.
      expect(await s.jobs.update('job_first', 'queued', null, LATER)).toBe(true);
      expect(Array.from((await s.jobs.unfinished())[0].photo!)).toEqual([0xff, 0xd8, 0xff, 7]);
      expect(await s.jobs.update('job_first', 'succeeded', '{"ok":true}', LATER)).toBe(true);
      expect((await s.jobs.unfinished()).map((j) => j.job_id)).toEqual(['job_second', 'job_late']);
      await s.close();
    });

    it('refills rate-limit buckets over time', async () => {
      const s = await make();
      // burst 2 at 10/s: two allowed, the third waits 100 ms for one token.
      expect(await s.rateLimits.take('k', 0, 10, 2)).toMatchObject({ allowed: true, remaining: 1 });
      expect(await s.rateLimits.take('k', 0, 10, 2)).toMatchObject({ allowed: true, remaining: 0 });
      expect(await s.rateLimits.take('k', 0, 10, 2)).toEqual({
        allowed: false,
        remaining: 0,
        retry_after_ms: 100,
        reset_ms: 200,
      });
      expect(await s.rateLimits.take('k', 100, 10, 2)).toMatchObject({ allowed: true, remaining: 0 });
      expect(await s.rateLimits.take('other', 100, 10, 2)).toMatchObject({ allowed: true, remaining: 1 });
      await s.close();
    });

    it('pages the ledger and counts usage as a full read of the ledger would (admin API)', async () => {
      const T = (min: number) => new Date(Date.UTC(2026, 0, 1) + min * 3_600_000).toISOString();
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.tuple(
              fc.constantFrom('w1', 'w2'),
              fc.integer({ min: 1, max: 9 }),
              fc.constantFrom('a.x', 'b.y', 'cards job'),
              fc.constantFrom('capture', 'release'),
              fc.integer({ min: 0, max: 60 }),
            ),
            { minLength: 1, maxLength: 25 },
          ),
          fc.record({
            kind: fc.constantFrom(undefined, 'topup', 'hold', 'capture', 'release'),
            since: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
            until: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
            limit: fc.integer({ min: 1, max: 8 }),
          }),
          async (calls, q) => {
            const s = await make();
            try {
              for (const w of ['w1', 'w2']) {
                await s.wallets.open(w, T(0));
                await s.wallets.topup(w, 1000, T(0));
              }
              for (const [w, credits, note, end, at] of calls) {
                const held = await s.wallets.hold(w, credits, T(at), T(at + 100), note);
                if (!held.ok) throw new Error('hold refused');
                if (end === 'capture') await s.wallets.capture(held.hold_id, T(at));
                else await s.wallets.release(held.hold_id, T(at));
              }
              const full: ServiceStore = { ...s, ledgerQueries: undefined };
              const query = {
                kind: q.kind as LedgerEntry['kind'] | undefined,
                since: q.since === undefined ? undefined : T(q.since),
                until: q.until === undefined ? undefined : T(q.until),
                limit: q.limit,
              };
              for (
                let before: number | null | undefined = undefined, pages = 0;
                before !== null && pages < 30;
                pages++
              ) {
                const paged = await ledgerPage(s, 'w1', { ...query, ...(before === undefined ? {} : { before }) });
                expect(paged).toEqual(
                  await ledgerPage(full, 'w1', { ...query, ...(before === undefined ? {} : { before }) }),
                );
                before = paged.ok ? paged.value.next_before : null;
              }
              expect(await usageOf(s, { keyId: 'w1', since: query.since, until: query.until })).toEqual(
                await usageOf(full, { keyId: 'w1', since: query.since, until: query.until }),
              );
              expect(await usageOf(s, { keyId: 'w2' })).toEqual(await usageOf(full, { keyId: 'w2' }));
            } finally {
              await s.close();
            }
          },
        ),
        { numRuns: 10 },
      );
    });

    it('decides like the in-memory token bucket for any sequence of requests (the model)', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.constantFrom('a', 'b'), fc.integer({ min: 0, max: 400 })), {
            minLength: 1,
            maxLength: 40,
          }),
          fc.integer({ min: 1, max: 20 }),
          fc.integer({ min: 1, max: 5 }),
          async (steps, rate, burst) => {
            const s = await make();
            const model = new MemoryRateLimits();
            let now = 1_000;
            try {
              for (const [bucket, gap] of steps) {
                now += gap;
                expect(await s.rateLimits.take(bucket, now, rate, burst)).toEqual(model.take(bucket, now, rate, burst));
              }
            } finally {
              await s.close();
            }
          },
        ),
        { numRuns: 15 },
      );
    });

    it('matches a simple ledger model under any sequence of operations (fc.commands)', async () => {
      type Model = {
        balance: number;
        holds: { id: number; amount: number; settled: boolean; expiresMin: number }[];
        nowMin: number;
      };
      const heldOf = (m: Model) => m.holds.reduce((sum, h) => sum + (h.settled ? 0 : h.amount), 0);
      type Real = { store: ServiceStore };
      const at = (min: number) => new Date(Date.UTC(2026, 2, 1, 12, min)).toISOString();
      const check = async (m: Model, r: Real) => {
        const balance = await r.store.wallets.balance('w');
        expect(balance).toBe(m.balance);
        expect(balance).toBeGreaterThanOrEqual(0);
        // Never above the limit, open holds included.
        const open = await r.store.wallets.openHolds('w');
        expect(open.map((h) => [h.hold_id, h.credits])).toEqual(
          m.holds.filter((h) => !h.settled).map((h) => [h.id, h.amount]),
        );
        expect(balance! + heldOf(m)).toBeLessThanOrEqual(MAX_WALLET_CREDITS);
        expectLedgerBalanced(await r.store.wallets.ledger('w'), m.balance);
      };
      class Topup implements fc.AsyncCommand<Model, Real> {
        constructor(readonly n: number) {}
        check = () => true;
        async run(m: Model, r: Real) {
          const out = await r.store.wallets.topup('w', this.n, at(m.nowMin));
          const fits = m.balance + heldOf(m) + this.n <= MAX_WALLET_CREDITS;
          expect(out).toEqual(
            fits
              ? expect.objectContaining({ ok: true })
              : { ok: false, reason: 'balance_limit_exceeded', balance: m.balance, held: heldOf(m) },
          );
          if (fits) m.balance += this.n;
          await check(m, r);
        }
        toString = () => `topup(${this.n})`;
      }
      class Hold implements fc.AsyncCommand<Model, Real> {
        constructor(
          readonly n: number,
          readonly ttlMin: number,
        ) {}
        check = () => true;
        async run(m: Model, r: Real) {
          const out = await r.store.wallets.hold('w', this.n, at(m.nowMin), at(m.nowMin + this.ttlMin));
          expect(out.ok).toBe(m.balance >= this.n);
          if (out.ok) {
            m.balance -= this.n;
            m.holds.push({ id: out.hold_id, amount: this.n, settled: false, expiresMin: m.nowMin + this.ttlMin });
          }
          await check(m, r);
        }
        toString = () => `hold(${this.n}, ttl ${this.ttlMin})`;
      }
      class Settle implements fc.AsyncCommand<Model, Real> {
        constructor(
          readonly pick: number,
          readonly capture: boolean,
        ) {}
        check = (m: Readonly<Model>) => m.holds.length > 0;
        async run(m: Model, r: Real) {
          const h = m.holds[this.pick % m.holds.length];
          const out = this.capture
            ? await r.store.wallets.capture(h.id, at(m.nowMin))
            : await r.store.wallets.release(h.id, at(m.nowMin));
          expect(out.ok).toBe(!h.settled);
          if (!h.settled && !this.capture) m.balance += h.amount;
          h.settled = true;
          await check(m, r);
        }
        toString = () => `${this.capture ? 'capture' : 'release'}(#${this.pick})`;
      }
      class Advance implements fc.AsyncCommand<Model, Real> {
        constructor(readonly min: number) {}
        check = () => true;
        async run(m: Model, r: Real) {
          m.nowMin += this.min;
          const due = m.holds.filter((h) => !h.settled && h.expiresMin <= m.nowMin);
          expect(await r.store.wallets.expireHolds(at(m.nowMin))).toBe(due.length);
          for (const h of due) {
            h.settled = true;
            m.balance += h.amount;
          }
          await check(m, r);
        }
        toString = () => `advance(${this.min}min)`;
      }
      const commands = [
        // Small top-ups, and large ones that reach the limit within a few commands.
        fc
          .oneof(
            fc.integer({ min: 1, max: 50 }),
            fc.integer({ min: MAX_WALLET_CREDITS / 2 - 40, max: MAX_WALLET_CREDITS }),
          )
          .map((n) => new Topup(n)),
        fc.tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 10 })).map(([n, ttl]) => new Hold(n, ttl)),
        fc.tuple(fc.nat(), fc.boolean()).map(([p, c]) => new Settle(p, c)),
        fc.integer({ min: 1, max: 5 }).map((n) => new Advance(n)),
      ];
      await fc.assert(
        fc.asyncProperty(fc.commands(commands, { size: '+1' }), async (cmds) => {
          const store = await make();
          await store.wallets.open('w', at(0));
          await fc.asyncModelRun(() => ({ model: { balance: 0, holds: [], nowMin: 0 }, real: { store } }), cmds);
          await store.close();
        }),
        { numRuns: 60 },
      );
    });
  });
}
