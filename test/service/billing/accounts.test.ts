/**
 * Key and wallet administration as a library caller sees it: refusals are error values with a
 * machine-readable `reason` (issue #11: amounts past MAX_WALLET_CREDITS, top-ups on revoked keys),
 * and the start-up release of leftover holds keeps the holds of unfinished jobs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HalfspaceError } from '../../../src/errors.js';
import { issueKey, releaseLeftoverHolds, topupWallet, walletStatusOf } from '../../../src/service/billing/accounts.js';
import { memoryStore } from '../../../src/store/memory/store.js';
import { MAX_WALLET_CREDITS } from '../../../src/store/ports.js';
import { sqliteStore } from '../../../src/store/sqlite/store.js';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const LATER = '2026-03-01T12:05:00.000Z';

describe('topupWallet', () => {
  it('answers every refusal with an error value and writes nothing', async () => {
    const store = memoryStore();
    const { record } = await issueKey(store, { credits: 10, now: NOW });
    const id = record.id;
    for (const credits of [0, -3, 1.5, Number.NaN, MAX_WALLET_CREDITS + 1, 9_007_199_254_740_000]) {
      expect(await topupWallet(store, id, credits, null, NOW)).toEqual({
        ok: false,
        error: {
          code: 'amount_out_of_range',
          message: `credits must be an integer from 1 to 1000000000000, got ${credits}`,
          param: 'credits',
          max_credits: MAX_WALLET_CREDITS,
        },
      });
    }
    expect(await topupWallet(store, 'key_nobody', 5, null, NOW)).toMatchObject({
      ok: false,
      error: { code: 'not_found', param: 'key' },
    });
    // 10 + (10^12 − 10) = 10^12: the limit itself is allowed, one more is not.
    expect(await topupWallet(store, id, MAX_WALLET_CREDITS - 10, 'big', NOW)).toEqual({
      ok: true,
      value: MAX_WALLET_CREDITS,
    });
    expect(await topupWallet(store, id, 1, null, NOW)).toEqual({
      ok: false,
      error: {
        code: 'balance_limit_exceeded',
        message: `a top-up of 1 would bring ${id} to 1000000000001 credits (balance 1000000000000 + held 0 + 1); a wallet holds at most 1000000000000`,
        param: 'credits',
        balance: MAX_WALLET_CREDITS,
        held: 0,
        max_credits: MAX_WALLET_CREDITS,
      },
    });
    await store.keys.revoke(id, LATER);
    expect(await topupWallet(store, id, 1, null, NOW)).toEqual({
      ok: false,
      error: {
        code: 'key_revoked',
        message: `key ${id} was revoked at ${LATER}; its wallet takes no more credits`,
        param: 'key',
      },
    });
    expect((await store.wallets.ledger(id)).map((e) => e.amount)).toEqual([10, MAX_WALLET_CREDITS - 10]);
  });

  it('refuses opening credits out of range before creating anything', async () => {
    const store = memoryStore();
    const refused = await issueKey(store, { credits: MAX_WALLET_CREDITS + 1 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HalfspaceError);
    expect((refused as HalfspaceError).failure).toMatchObject({ code: 'amount_out_of_range', param: 'credits' });
    await expect(issueKey(store, { credits: -1 })).rejects.toThrow(
      'credits must be an integer from 0 to 1000000000000, got -1',
    );
    expect(await store.keys.list()).toEqual([]);
    expect((await issueKey(store, { credits: MAX_WALLET_CREDITS })).balance).toBe(MAX_WALLET_CREDITS);
  });

  it('keeps every wallet within 0…MAX_WALLET_CREDITS, its ledger summing to its balance, under any top-ups (fast-check)', async () => {
    const amount = fc.oneof(
      fc.integer({ min: -5, max: 100 }),
      fc.integer({ min: MAX_WALLET_CREDITS / 4, max: MAX_WALLET_CREDITS + 5 }),
      fc.double({ noNaN: true }),
    );
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 1000 }), fc.array(amount, { maxLength: 12 }), async (opening, amounts) => {
        const store = memoryStore();
        const { record } = await issueKey(store, { credits: opening, now: NOW });
        let expected = opening;
        for (const credits of amounts) {
          const out = await topupWallet(store, record.id, credits, null, NOW);
          const fits =
            Number.isInteger(credits) &&
            credits >= 1 &&
            credits <= MAX_WALLET_CREDITS &&
            expected + credits <= MAX_WALLET_CREDITS;
          expect(out.ok).toBe(fits);
          if (fits) expected += credits;
        }
        const balance = (await store.wallets.balance(record.id))!;
        expect(balance).toBe(expected);
        expect(balance).toBeGreaterThanOrEqual(0);
        expect(balance).toBeLessThanOrEqual(MAX_WALLET_CREDITS);
        expect((await store.wallets.ledger(record.id)).reduce((sum, e) => sum + e.amount, 0)).toBe(balance);
      }),
      { numRuns: 200 },
    );
  });
});

describe('walletStatusOf and releaseLeftoverHolds', () => {
  it("shows held credits; at start releases the holds of another handle and expired ones, never an unfinished job's", async () => {
    // Two handles on one file stand for a crashed process and the one started after it.
    const dir = mkdtempSync(join(tmpdir(), 'halfspace-accounts-'));
    try {
      const crashed = sqliteStore(join(dir, 'a.db'));
      const { record } = await issueKey(crashed, { credits: 100, now: NOW });
      const id = record.id;
      const at = NOW.toISOString();
      const call = await crashed.wallets.hold(id, 10, at, LATER, 'intelligence.player');
      const job = await crashed.wallets.hold(id, 40, at, '2026-03-01T12:15:00.000Z', 'cards job');
      const stale = await crashed.wallets.hold(id, 5, at, '2026-03-01T12:00:30.000Z', 'verdict');
      if (!call.ok || !job.ok || !stale.ok) throw new Error('holds refused');
      await crashed.jobs.create({
        job_id: 'job_1',
        key_id: id,
        hold_id: job.hold_id,
        credits: 40,
        status: 'running',
        request: '{}',
        result: null,
        created_at: at,
        updated_at: at,
      });
      expect(await walletStatusOf(crashed, id)).toEqual({
        ok: true,
        value: { balance: 45, held: 55, available: 45, holds: await crashed.wallets.openHolds(id) },
      });
      expect(await walletStatusOf(crashed, 'key_nobody')).toMatchObject({ ok: false, error: { code: 'not_found' } });

      const next = sqliteStore(join(dir, 'a.db'));
      // The call's and the stale hold come back as abandoned (10 + 5); the job keeps its 40 to resume under.
      expect(await releaseLeftoverHolds(next, new Date('2026-03-01T12:01:00.000Z'))).toEqual({
        abandoned: 2,
        expired: 0,
        idempotencyKeys: 0,
        demoCalls: 0,
      });
      const status = await walletStatusOf(next, id);
      expect(status.ok && [status.value.balance, status.value.held, status.value.holds.map((h) => h.hold_id)]).toEqual([
        60,
        40,
        [job.hold_id],
      ]);
      // A memory store has no earlier process: only expiry applies.
      const mem = memoryStore();
      const k = await issueKey(mem, { credits: 9, now: NOW });
      await mem.wallets.hold(k.record.id, 4, at, '2026-03-01T12:00:30.000Z');
      await mem.wallets.hold(k.record.id, 2, at, LATER);
      expect(await releaseLeftoverHolds(mem, new Date('2026-03-01T12:01:00.000Z'))).toEqual({
        abandoned: 0,
        expired: 1,
        idempotencyKeys: 0,
        demoCalls: 0,
      });
      expect(await walletStatusOf(mem, k.record.id)).toMatchObject({
        ok: true,
        value: { balance: 7, held: 2, available: 7 },
      });
      await crashed.close();
      await next.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
