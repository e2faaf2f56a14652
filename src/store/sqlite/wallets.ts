/**
 * @module Wallets and their ledger in SQLite: every change is one IMMEDIATE transaction, decided by
 * the ledger core and written with a few multi-row statements.
 */
import type { SqliteDatabase } from './driver.js';
import type { LedgerEntry, OpenHold, TopupOutcome, WalletStore } from '../ports.js';
import type { HeldCredits, LedgerOp, LedgerOutcome } from '../ledger.js';
import {
  batchReads,
  consecutiveIds,
  decideBatch,
  entryIdsNeeded,
  groupCommit,
  queuedSettlements,
  topupOp,
} from '../ledger.js';
import { bindSlots, chunked } from './chunked.js';

/**
 * The wallet store over `db`; `owner` is recorded on the holds it takes.
 * @example await sqliteWallets(db, owner).balance('key_x') // => null
 */
export function sqliteWallets(db: SqliteDatabase, owner: string): WalletStore {
  const openWallet = db.prepare('INSERT OR IGNORE INTO wallets (wallet_id, balance, created_at) VALUES (?, 0, ?)');
  const getBalance = db.prepare<[string], { balance: number }>('SELECT balance FROM wallets WHERE wallet_id = ?');
  const setBalance = db.prepare('UPDATE wallets SET balance = ? WHERE wallet_id = ?');
  const dueHolds = db.prepare<[string], { hold_id: number }>('SELECT hold_id FROM holds WHERE expires_at <= ?');
  const othersHolds = db.prepare<[string], { hold_id: number }>(
    'SELECT hold_id FROM holds WHERE owner IS NULL OR owner <> ? ORDER BY hold_id',
  );
  const heldOf = db.prepare<[string], number>('SELECT COALESCE(SUM(amount), 0) FROM holds WHERE wallet_id = ?').pluck();
  const openHoldsOf = db.prepare<[string], OpenHold>(
    'SELECT h.hold_id, h.wallet_id, h.amount AS credits, l.note, l.at AS created_at, h.expires_at, h.owner FROM holds AS h JOIN ledger AS l ON l.entry_id = h.hold_id WHERE h.wallet_id = ? ORDER BY h.hold_id',
  );
  const entriesOf = db.prepare<[string, number], LedgerEntry>(
    'SELECT * FROM (SELECT * FROM ledger WHERE wallet_id = ? ORDER BY entry_id DESC LIMIT ?) ORDER BY entry_id',
  );

  // Group commit: holds and settlements requested in the same event-loop turn are applied in one
  // IMMEDIATE transaction (one WAL commit for many calls). The ledger core decides the batch under
  // the write lock, from balances and holds read at its start; it is then written with a few
  // multi-row statements per table instead of ~10 statements per call (bench/results/http.md).
  const nextEntryId = db.prepare<[], { seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'ledger'");
  const holdsIn = chunked<{ hold_id: number; wallet_id: string; amount: number }>(
    db,
    (n) => `SELECT hold_id, wallet_id, amount FROM holds WHERE hold_id IN (${bindSlots(n)})`,
  );
  const holdEntriesIn = chunked<{ entry_id: number }>(
    db,
    (n) => `SELECT entry_id FROM ledger WHERE kind = 'hold' AND entry_id IN (${bindSlots(n)})`,
  );
  const insertEntries = chunked(
    db,
    (n) =>
      `INSERT INTO ledger (entry_id, wallet_id, kind, amount, hold_id, balance_after, note, at) VALUES ${bindSlots(n, 8)}`,
  );
  const insertHolds = chunked(
    db,
    (n) => `INSERT INTO holds (hold_id, wallet_id, amount, expires_at, owner) VALUES ${bindSlots(n, 5)}`,
  );
  const deleteHolds = chunked(db, (n) => `DELETE FROM holds WHERE hold_id IN (${bindSlots(n)})`);

  const applyBatch = db.transaction((ops: LedgerOp[]): LedgerOutcome[] => {
    const reads = batchReads(ops);
    const open = holdsIn.all(reads.holdIds.map((id) => [id]));
    const holds = new Map(
      open.map((h): [number, HeldCredits] => [h.hold_id, { wallet_id: h.wallet_id, amount: h.amount }]),
    );
    // A hold id missing from the open holds is either settled already (its ledger entry exists) or unknown.
    const missing = reads.holdIds.filter((id) => !holds.has(id)).map((id) => [id]);
    const settledBefore = new Set(holdEntriesIn.all(missing).map((e) => e.entry_id));
    const balances = new Map<string, number>();
    for (const walletId of new Set([...reads.walletIds, ...open.map((h) => h.wallet_id)])) {
      const row = getBalance.get(walletId);
      if (row) balances.set(walletId, row.balance);
    }
    const held = new Map(reads.heldWalletIds.map((walletId) => [walletId, heldOf.get(walletId)!]));
    const decision = decideBatch(
      { balances, held, holds, settledBefore },
      ops,
      consecutiveIds(nextEntryId.get()?.seq ?? 0, entryIdsNeeded(ops)),
    );
    insertEntries.run(
      decision.entries.map((e) => [
        e.entry_id,
        e.wallet_id,
        e.kind,
        e.amount,
        e.hold_id,
        e.balance_after,
        e.note,
        e.at,
      ]),
    );
    insertHolds.run(decision.opened.map((h) => [h.hold_id, h.wallet_id, h.amount, h.expires_at, h.owner]));
    deleteHolds.run(decision.settled.map((id) => [id]));
    for (const [walletId, balance] of decision.balances) setBalance.run(balance, walletId);
    return decision.outcomes;
  });
  const released = (outcomes: LedgerOutcome[]) => outcomes.filter((o) => o.ok).length;

  const expire = db.transaction((now: string): number => {
    const due = dueHolds
      .all(now)
      .map(({ hold_id }): LedgerOp => ({ kind: 'release', holdId: hold_id, at: now, note: 'expired' }));
    return released(applyBatch(due));
  });

  const abandoned = db.transaction((at: string, keep: readonly number[]): number => {
    const kept = new Set(keep);
    const ops = othersHolds
      .all(owner)
      .flatMap(({ hold_id }): LedgerOp[] =>
        kept.has(hold_id) ? [] : [{ kind: 'release', holdId: hold_id, at, note: 'abandoned' }],
      );
    return released(applyBatch(ops));
  });

  // Outcomes are decided in JavaScript, so only the database itself can fail a batch (disk full,
  // lock timeout): the transaction wrote nothing and every call of the batch gets the error.
  const grouped = groupCommit((ops) => applyBatch.immediate(ops));

  return {
    owner,
    async open(walletId, at) {
      openWallet.run(walletId, at);
    },
    async topup(walletId, credits, at, note = null) {
      // Not grouped: a top-up commits alone, so `mixed` durability can sync exactly its commit.
      return applyBatch.immediate([topupOp(walletId, credits, at, note)])[0] as TopupOutcome;
    },
    ...queuedSettlements(grouped, owner),
    async expireHolds(now) {
      return expire.immediate(now);
    },
    async releaseAbandoned(at, keep = []) {
      return abandoned.immediate(at, keep);
    },
    async balance(walletId) {
      return getBalance.get(walletId)?.balance ?? null;
    },
    async openHolds(walletId) {
      return openHoldsOf.all(walletId);
    },
    async ledger(walletId, limit) {
      return entriesOf.all(walletId, limit ?? -1);
    },
  };
}
