/**
 * The ledger core alone (src/store/ledger.ts): worked examples of a batch decision, the
 * group-commit queue, and fast-check invariants over any sequence of batches. The drivers run the
 * same decisions against real storage in wallet.case.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  batchReads,
  chargeOp,
  consecutiveIds,
  decideBatch,
  entryIdsNeeded,
  holdOp,
  topupOp,
  type BatchDecision,
  type LedgerOp,
  type LedgerOutcome,
  type LedgerState,
  type NewHold,
} from '../../src/store/ledger.js';
import { groupCommit } from '../../src/store/group-commit.js';
import { MAX_WALLET_CREDITS, type LedgerEntry } from '../../src/store/ports.js';
import { expectLedgerBalanced } from './wallet.case.js';

const T0 = '2026-03-01T12:00:00.000Z';
const T1 = '2026-03-01T12:05:00.000Z';
const OWNER = 'test:1#00000000';

const state = (over: Partial<LedgerState> = {}): LedgerState => ({
  balances: new Map(),
  held: new Map(),
  holds: new Map(),
  settledBefore: new Set(),
  ...over,
});
const capture = (holdId: number): LedgerOp => ({ kind: 'capture', holdId, at: T1, note: null });
const release = (holdId: number, note: string | null = null): LedgerOp => ({ kind: 'release', holdId, at: T1, note });

describe('decideBatch', () => {
  it('decides top-up, hold, capture and release in order, numbering entries from the ids given', () => {
    // w: 10 + 20 = 30; hold 12 → 18; capture keeps 18; hold 5 → 13; release returns 5 → 18.
    const d = decideBatch(
      state({ balances: new Map([['w', 10]]), held: new Map([['w', 0]]) }),
      [
        topupOp('w', 20, T0, 'cli topup'),
        holdOp('w', 12, T0, T1, 'cards', OWNER),
        capture(102),
        holdOp('w', 5, T0, T1, null, OWNER),
        release(104, 'http 404'),
      ],
      [101, 102, 103, 104, 105],
    );
    expect(d.outcomes).toEqual([
      {
        ok: true,
        entry: {
          entry_id: 101,
          wallet_id: 'w',
          kind: 'topup',
          amount: 20,
          hold_id: null,
          balance_after: 30,
          note: 'cli topup',
          at: T0,
        },
      },
      { ok: true, hold_id: 102, balance: 18 },
      { ok: true, balance: 18, amount: 12 },
      { ok: true, hold_id: 104, balance: 13 },
      { ok: true, balance: 18, amount: 5 },
    ]);
    expect(d.entries.map((e) => [e.entry_id, e.kind, e.amount, e.hold_id, e.balance_after])).toEqual([
      [101, 'topup', 20, null, 30],
      [102, 'hold', -12, 102, 18],
      [103, 'capture', 0, 102, 18],
      [104, 'hold', -5, 104, 13],
      [105, 'release', 5, 104, 18],
    ]);
    // Both holds were settled inside the batch: none to open, none open before it to remove.
    expect(d.opened).toEqual([]);
    expect(d.settled).toEqual([]);
    expect(d.balances).toEqual([['w', 18]]);
  });

  it('opens the holds it leaves open and settles the ones open before, once each', () => {
    const d = decideBatch(
      state({
        balances: new Map([
          ['w', 7],
          ['v', 0],
        ]),
        holds: new Map([[3, { wallet_id: 'v', amount: 4 }]]),
        settledBefore: new Set([2]),
      }),
      [holdOp('w', 7, T0, T1, 'cards', OWNER), release(3), capture(3), capture(2), capture(99)],
      consecutiveIds(40, 5),
    );
    expect(d.opened).toEqual([
      { hold_id: 41, wallet_id: 'w', amount: 7, expires_at: T1, owner: OWNER, note: 'cards', created_at: T0 },
    ]);
    expect(d.settled).toEqual([3]);
    expect(d.outcomes.slice(1)).toEqual([
      { ok: true, balance: 4, amount: 4 },
      { ok: false, reason: 'already_settled' },
      { ok: false, reason: 'already_settled' },
      { ok: false, reason: 'unknown_hold' },
    ]);
    // 41 hold, 42 release: ids 43–45 of the refused calls stay unused.
    expect(d.entries.map((e) => e.entry_id)).toEqual([41, 42]);
    expect(d.balances).toEqual([
      ['w', 0],
      ['v', 4],
    ]);
  });

  it('refuses unknown wallets, short balances and top-ups past MAX_WALLET_CREDITS, writing nothing', () => {
    const s = state({ balances: new Map([['w', MAX_WALLET_CREDITS - 30]]), held: new Map([['w', 20]]) });
    const d = decideBatch(
      s,
      [
        topupOp('ghost', 1, T0),
        holdOp('ghost', 1, T0, T1, null, OWNER),
        topupOp('w', 11, T0),
        holdOp('w', MAX_WALLET_CREDITS, T0, T1, null, OWNER),
      ],
      [1, 2, 3, 4],
    );
    expect(d.outcomes).toEqual([
      { ok: false, reason: 'unknown_wallet', balance: 0, held: 0 },
      { ok: false, reason: 'unknown_wallet', balance: 0 },
      // (10^12 − 30) + 20 held + 11 = 10^12 + 1.
      { ok: false, reason: 'balance_limit_exceeded', balance: MAX_WALLET_CREDITS - 30, held: 20 },
      { ok: false, reason: 'insufficient_credits', balance: MAX_WALLET_CREDITS - 30 },
    ]);
    expect(d).toMatchObject({ entries: [], opened: [], settled: [], balances: [] });
  });

  it('counts credits held and captured earlier in the batch against a top-up', () => {
    // Balance 100, hold 40: 60 + 40 held + (10^12 − 99) is one too many; once the hold is captured
    // the 40 are spent, and 60 + (10^12 − 99) = 10^12 − 39 fits.
    const s = state({ balances: new Map([['w', 100]]), held: new Map([['w', 0]]) });
    const d = decideBatch(
      s,
      [
        holdOp('w', 40, T0, T1, null, OWNER),
        topupOp('w', MAX_WALLET_CREDITS - 99, T0),
        capture(1),
        topupOp('w', MAX_WALLET_CREDITS - 99, T0),
      ],
      [1, 2, 3, 4],
    );
    expect(d.outcomes[1]).toEqual({ ok: false, reason: 'balance_limit_exceeded', balance: 60, held: 40 });
    expect(d.outcomes[3]).toMatchObject({ ok: true, entry: { entry_id: 3, balance_after: MAX_WALLET_CREDITS - 39 } });
    expect(d.balances).toEqual([['w', MAX_WALLET_CREDITS - 39]]);
  });

  it('throws on driver bugs: missing state or too few ids', () => {
    expect(() => decideBatch(state({ balances: new Map([['w', 1]]) }), [topupOp('w', 1, T0)], [1])).toThrow(
      'lacks the held credits of wallet w',
    );
    expect(() =>
      decideBatch(state({ holds: new Map([[5, { wallet_id: 'w', amount: 1 }]]) }), [release(5)], [1]),
    ).toThrow('lacks the balance of wallet w');
    expect(() => decideBatch(state(), [topupOp('w', 1, T0), topupOp('w', 2, T0)], [1])).toThrow(
      'needs as many entry ids',
    );
  });

  it('checks amounts when an operation is made', () => {
    expect(() => topupOp('w', 0, T0)).toThrow(RangeError);
    expect(() => holdOp('w', MAX_WALLET_CREDITS + 1, T0, T1, null, OWNER)).toThrow(
      'hold must be an integer from 1 to 1000000000000',
    );
  });
});

describe('batchReads', () => {
  it('lists distinct hold ids, wallets and topped-up wallets in first-mention order', () => {
    expect(
      batchReads([
        capture(7),
        holdOp('b', 1, T0, T1, null, OWNER),
        topupOp('a', 1, T0),
        release(7),
        topupOp('a', 2, T0),
        capture(3),
      ]),
    ).toEqual({
      holdIds: [7, 3],
      walletIds: ['b', 'a'],
      heldWalletIds: ['a'],
    });
  });
});

describe('charge', () => {
  it('writes the entries of a hold and its capture in one decision, leaving no hold open', () => {
    const seen = state({ balances: new Map([['w', 10]]) });
    const charged = decideBatch(seen, [chargeOp('w', 3, T0, 'intelligence.player', OWNER)], [41, 42]);
    const held = decideBatch(seen, [holdOp('w', 3, T0, T1, 'intelligence.player', OWNER)], [41]);
    const captured = decideBatch(
      state({ balances: new Map([['w', 7]]), holds: new Map([[41, { wallet_id: 'w', amount: 3 }]]) }),
      [{ kind: 'capture', holdId: 41, at: T0, note: null }],
      [42],
    );
    expect(charged.entries).toEqual([...held.entries, ...captured.entries]);
    expect(charged.entries.map((e) => [e.kind, e.amount, e.hold_id, e.balance_after])).toEqual([
      ['hold', -3, 41, 7],
      ['capture', 0, 41, 7],
    ]);
    expect(charged).toMatchObject({ opened: [], settled: [], balances: [['w', 7]] });
    expect(charged.outcomes).toEqual([{ ok: true, hold_id: 41, balance: 7, amount: 3 }]);
  });

  it('refuses a charge the balance does not cover and writes nothing; needs two ids', () => {
    const short = decideBatch(state({ balances: new Map([['w', 2]]) }), [chargeOp('w', 3, T0, null, OWNER)], [1, 2]);
    expect(short).toEqual({
      entries: [],
      opened: [],
      settled: [],
      balances: [],
      outcomes: [{ ok: false, reason: 'insufficient_credits', balance: 2 }],
    });
    expect(entryIdsNeeded([chargeOp('w', 1, T0, null, OWNER), capture(4)])).toBe(3);
    expect(() =>
      decideBatch(state({ balances: new Map([['w', 5]]) }), [chargeOp('w', 1, T0, null, OWNER)], [1]),
    ).toThrow('needs as many entry ids');
    expect(() => chargeOp('w', 0, T0, null, OWNER)).toThrow(RangeError);
  });
});

describe('groupCommit', () => {
  it('applies the calls of one turn as one batch, in call order, and the next ones after it', async () => {
    const batches: LedgerOp[][] = [];
    let inFlight = 0;
    const submit = groupCommit(async (ops) => {
      expect(++inFlight).toBe(1);
      batches.push(ops);
      await new Promise((r) => setTimeout(r, 5));
      inFlight -= 1;
      return ops.map((op, i): LedgerOutcome => ({ ok: true, balance: i, amount: op.kind === 'capture' ? 1 : 2 }));
    });
    const first = Promise.all([submit(capture(1)), submit(release(2)), submit(capture(3))]);
    // Called while the first batch is being written: waits for it, then goes in one batch.
    await new Promise((r) => setImmediate(r));
    const second = Promise.all([submit(release(4)), submit(release(5))]);
    expect(await first).toEqual([
      { ok: true, balance: 0, amount: 1 },
      { ok: true, balance: 1, amount: 2 },
      { ok: true, balance: 2, amount: 1 },
    ]);
    expect((await second).map((o) => o.ok && 'balance' in o && o.balance)).toEqual([0, 1]);
    expect(batches.map((b) => b.map((op) => ('holdId' in op ? op.holdId : op.walletId)))).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('rejects every call of a failed batch and goes on with the next', async () => {
    let calls = 0;
    const submit = groupCommit((ops) => {
      calls += 1;
      if (calls === 1) throw new Error('disk I/O error');
      return ops.map((): LedgerOutcome => ({ ok: false, reason: 'unknown_hold' }));
    });
    const failed = [submit(capture(1)), submit(capture(2))];
    await expect(failed[0]).rejects.toThrow('disk I/O error');
    await expect(failed[1]).rejects.toThrow('disk I/O error');
    expect(await submit(capture(3))).toEqual({ ok: false, reason: 'unknown_hold' });
  });
});

/** The smallest store over the core: what a driver reads and writes, kept in maps. */
class Books {
  readonly balances = new Map<string, number>([
    ['a', 0],
    ['b', 0],
  ]);
  readonly open = new Map<number, NewHold>();
  readonly entries: LedgerEntry[] = [];

  stateFor(ops: readonly LedgerOp[]): LedgerState {
    const reads = batchReads(ops);
    const holds = new Map(
      reads.holdIds.flatMap((id) => (this.open.has(id) ? [[id, this.open.get(id)!] as const] : [])),
    );
    const settledBefore = new Set(
      reads.holdIds.filter((id) => !holds.has(id) && this.entries[id - 1]?.kind === 'hold'),
    );
    const wallets = [...reads.walletIds, ...[...holds.values()].map((h) => h.wallet_id)].filter((w) =>
      this.balances.has(w),
    );
    const held = new Map(reads.heldWalletIds.filter((w) => this.balances.has(w)).map((w) => [w, this.heldOf(w)]));
    return { balances: new Map(wallets.map((w) => [w, this.balances.get(w)!])), held, holds, settledBefore };
  }
  heldOf(walletId: string): number {
    return [...this.open.values()].filter((h) => h.wallet_id === walletId).reduce((sum, h) => sum + h.amount, 0);
  }
  decide(ops: readonly LedgerOp[]): BatchDecision {
    return decideBatch(this.stateFor(ops), ops, consecutiveIds(this.entries.length, entryIdsNeeded(ops)));
  }
  write(d: BatchDecision): void {
    this.entries.push(...d.entries);
    for (const h of d.opened) this.open.set(h.hold_id, h);
    for (const id of d.settled) this.open.delete(id);
    for (const [w, balance] of d.balances) this.balances.set(w, balance);
  }
  snapshot() {
    return { balances: [...this.balances], open: [...this.open], entries: this.entries.length };
  }
}

describe('ledger core invariants (fast-check)', () => {
  // Small and near-limit amounts, three wallets (one unknown), hold ids that exist, were settled, or never did.
  const credits = fc.oneof(
    fc.integer({ min: 1, max: 30 }),
    fc.integer({ min: MAX_WALLET_CREDITS - 50, max: MAX_WALLET_CREDITS }),
  );
  const wallet = fc.constantFrom('a', 'b', 'ghost');
  const op: fc.Arbitrary<LedgerOp> = fc.oneof(
    fc.tuple(wallet, credits).map(([w, n]) => topupOp(w, n, T0)),
    fc.tuple(wallet, credits).map(([w, n]) => holdOp(w, n, T0, T1, null, OWNER)),
    fc.tuple(wallet, credits).map(([w, n]) => chargeOp(w, n, T0, 'charged', OWNER)),
    fc
      .tuple(fc.constantFrom('capture' as const, 'release' as const), fc.integer({ min: 1, max: 30 }))
      .map(([kind, holdId]): LedgerOp => ({ kind, holdId, at: T1, note: null })),
  );
  const batches = fc.array(fc.array(op, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 8 });

  it('keeps every balance in 0–MAX_WALLET_CREDITS with holds, settles each hold once, and the ledger sums to the balance', () => {
    fc.assert(
      fc.property(batches, (bs) => {
        const books = new Books();
        for (const ops of bs) books.write(books.decide(ops));
        const settlements = new Map<number, number>();
        for (const e of books.entries)
          if (e.kind === 'capture' || e.kind === 'release')
            settlements.set(e.hold_id!, (settlements.get(e.hold_id!) ?? 0) + 1);
        for (const [holdId, n] of settlements) {
          expect(n).toBe(1);
          expect(books.entries[holdId - 1].kind).toBe('hold');
          expect(books.open.has(holdId)).toBe(false);
        }
        // Every hold entry is either settled once or still open, with its amount.
        for (const e of books.entries.filter((x) => x.kind === 'hold'))
          expect(settlements.has(e.entry_id) !== books.open.has(e.entry_id)).toBe(true);
        for (const [w, balance] of books.balances) {
          expect(balance).toBeGreaterThanOrEqual(0);
          expect(balance + books.heldOf(w)).toBeLessThanOrEqual(MAX_WALLET_CREDITS);
          expectLedgerBalanced(
            books.entries.filter((e) => e.wallet_id === w),
            balance,
          );
        }
        expect(books.entries.map((e) => e.entry_id)).toEqual(consecutiveIds(0, books.entries.length));
      }),
      { numRuns: 300 },
    );
  });

  it('decides a batch exactly as the same operations one at a time, and a refused operation changes nothing', () => {
    fc.assert(
      fc.property(batches, (bs) => {
        const batched = new Books();
        const single = new Books();
        for (const ops of bs) {
          const together = batched.decide(ops);
          batched.write(together);
          const alone = ops.map((o) => {
            const before = single.snapshot();
            const d = single.decide([o]);
            single.write(d);
            if (!d.outcomes[0].ok) {
              expect(d).toMatchObject({ entries: [], opened: [], settled: [], balances: [] });
              expect(single.snapshot()).toEqual(before);
            }
            return d.outcomes[0];
          });
          // Entry ids included: a batch uses its ids in order and leaves the refused calls' ids unused.
          expect(together.outcomes).toEqual(alone);
        }
        expect(batched.snapshot()).toEqual(single.snapshot());
        expect(batched.entries).toEqual(single.entries);
      }),
      { numRuns: 300 },
    );
  });
});
