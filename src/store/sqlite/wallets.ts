/**
 * @module Wallets and their ledger in SQLite: every change is one IMMEDIATE transaction, decided by
 * the ledger core.
 */
import type { SqliteDatabase, SqliteStatement } from './driver.js';
import type { LedgerEntry, OpenHold, TopupOutcome, WalletStore } from '../ports.js';
import type { BatchDecision, HeldCredits, LedgerOp, LedgerOutcome, LedgerState } from '../ledger.js';
import { groupCommit, queuedSettlements } from '../group-commit.js';
import { batchReads, consecutiveIds, decideBatch, entryIdsNeeded, topupOp } from '../ledger.js';

/**
 * Ledger entries one INSERT writes at most: a batch's entries go in a few multi-row statements,
 * since each statement run costs more than the rows it adds.
 */
const ENTRIES_PER_INSERT = 16;

/** The INSERT of `n` ledger entries. */
const insertEntriesSql = (n: number): string =>
  `INSERT INTO ledger (entry_id, wallet_id, kind, amount, hold_id, balance_after, note, at) VALUES ${Array(n).fill('(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`;

/** The prepared statements of the wallet store over `db`. */
function walletStatements(db: SqliteDatabase) {
  const inserts: SqliteStatement[] = [];
  return {
    /** The INSERT of `n` ledger entries (1–{@link ENTRIES_PER_INSERT}), prepared on first use. */
    insertEntries: (n: number): SqliteStatement => (inserts[n] ??= db.prepare(insertEntriesSql(n))),
    openWallet: db.prepare('INSERT OR IGNORE INTO wallets (wallet_id, balance, created_at) VALUES (?, 0, ?)'),
    getBalance: db.prepare<[string], { balance: number }>('SELECT balance FROM wallets WHERE wallet_id = ?'),
    setBalance: db.prepare('UPDATE wallets SET balance = ? WHERE wallet_id = ?'),
    dueHolds: db.prepare<[string], { hold_id: number }>('SELECT hold_id FROM holds WHERE expires_at <= ?'),
    othersHolds: db.prepare<[string], { hold_id: number }>(
      'SELECT hold_id FROM holds WHERE owner IS NULL OR owner <> ? ORDER BY hold_id',
    ),
    heldOf: db.prepare<[string], number>('SELECT COALESCE(SUM(amount), 0) FROM holds WHERE wallet_id = ?').pluck(),
    openHoldsOf: db.prepare<[string], OpenHold>(
      'SELECT h.hold_id, h.wallet_id, h.amount AS credits, l.note, l.at AS created_at, h.expires_at, h.owner FROM holds AS h JOIN ledger AS l ON l.entry_id = h.hold_id WHERE h.wallet_id = ? ORDER BY h.hold_id',
    ),
    entriesOf: db.prepare<[string, number], LedgerEntry>(
      'SELECT * FROM (SELECT * FROM ledger WHERE wallet_id = ? ORDER BY entry_id DESC LIMIT ?) ORDER BY entry_id',
    ),
    nextEntryId: db.prepare<[], { seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'ledger'"),
    openHold: db.prepare<[number], { hold_id: number; wallet_id: string; amount: number }>(
      'SELECT hold_id, wallet_id, amount FROM holds WHERE hold_id = ?',
    ),
    isHoldEntry: db.prepare<[number], number>("SELECT 1 FROM ledger WHERE kind = 'hold' AND entry_id = ?").pluck(),
    insertHold: db.prepare('INSERT INTO holds (hold_id, wallet_id, amount, expires_at, owner) VALUES (?, ?, ?, ?, ?)'),
    deleteHold: db.prepare('DELETE FROM holds WHERE hold_id = ?'),
  };
}

type WalletStatements = ReturnType<typeof walletStatements>;

/** Reads what the ledger core needs to decide `ops` (inside the batch's transaction). */
function ledgerStateOf(st: WalletStatements, ops: LedgerOp[]): LedgerState {
  const reads = batchReads(ops);
  const open = reads.holdIds.flatMap((id) => st.openHold.get(id) ?? []);
  const holds = new Map(
    open.map((h): [number, HeldCredits] => [h.hold_id, { wallet_id: h.wallet_id, amount: h.amount }]),
  );
  // A hold id missing from the open holds is either settled already (its ledger entry exists) or unknown.
  const settledBefore = new Set(reads.holdIds.filter((id) => !holds.has(id) && st.isHoldEntry.get(id) !== undefined));
  const balances = new Map<string, number>();
  for (const walletId of new Set([...reads.walletIds, ...open.map((h) => h.wallet_id)])) {
    const row = st.getBalance.get(walletId);
    if (row) balances.set(walletId, row.balance);
  }
  const held = new Map(reads.heldWalletIds.map((walletId) => [walletId, st.heldOf.get(walletId) ?? 0]));
  return { balances, held, holds, settledBefore };
}

/** Writes what the core decided. */
function writeDecision(st: WalletStatements, decision: BatchDecision): void {
  const { entries } = decision;
  for (let start = 0; start < entries.length; start += ENTRIES_PER_INSERT) {
    const end = Math.min(entries.length, start + ENTRIES_PER_INSERT);
    const params: unknown[] = [];
    for (let i = start; i < end; i++) {
      const e = entries[i];
      params.push(e.entry_id, e.wallet_id, e.kind, e.amount, e.hold_id, e.balance_after, e.note, e.at);
    }
    st.insertEntries(end - start).run(params);
  }
  for (const h of decision.opened) st.insertHold.run(h.hold_id, h.wallet_id, h.amount, h.expires_at, h.owner);
  for (const id of decision.settled) st.deleteHold.run(id);
  for (const [walletId, balance] of decision.balances) st.setBalance.run(balance, walletId);
}

/**
 * The wallet store over `db`; `owner` is recorded on the holds it takes.
 * @example await sqliteWallets(db, owner).balance('key_x') // => null
 */
export function sqliteWallets(db: SqliteDatabase, owner: string): WalletStore {
  const st = walletStatements(db);
  // Group commit: holds and settlements requested in the same event-loop turn are applied in one
  // IMMEDIATE transaction (one WAL commit for many calls). The ledger core decides the batch under
  // the write lock, from balances and holds read at its start.
  const applyBatch = db.transaction((ops: LedgerOp[]): LedgerOutcome[] => {
    const ids = consecutiveIds(st.nextEntryId.get()?.seq ?? 0, entryIdsNeeded(ops));
    const decision = decideBatch(ledgerStateOf(st, ops), ops, ids);
    writeDecision(st, decision);
    return decision.outcomes;
  });
  const released = (outcomes: LedgerOutcome[]) => outcomes.filter((o) => o.ok).length;
  const releaseAll = (holdIds: { hold_id: number }[], at: string, note: string) =>
    released(applyBatch(holdIds.map(({ hold_id }): LedgerOp => ({ kind: 'release', holdId: hold_id, at, note }))));
  const expire = db.transaction((now: string): number => releaseAll(st.dueHolds.all(now), now, 'expired'));
  const abandoned = db.transaction((at: string, keep: readonly number[]): number => {
    const kept = new Set(keep);
    return releaseAll(
      st.othersHolds.all(owner).filter(({ hold_id }) => !kept.has(hold_id)),
      at,
      'abandoned',
    );
  });
  // Outcomes are decided in JavaScript, so only the database itself can fail a batch (disk full,
  // lock timeout): the transaction wrote nothing and every call of the batch gets the error.
  const grouped = groupCommit((ops) => applyBatch.immediate(ops));

  return {
    owner,
    async open(walletId, at) {
      st.openWallet.run(walletId, at);
    },
    async topup(walletId, credits, at, note = null) {
      // Not grouped: a top-up commits alone, so `mixed` durability can sync exactly its commit.
      // cast: the core answers a top-up with a TopupOutcome (OutcomeOf), which the batch's array type cannot say.
      return applyBatch.immediate([topupOp(walletId, credits, at, note)])[0] as TopupOutcome;
    },
    ...queuedSettlements(grouped, owner),
    expireHolds: async (now) => expire.immediate(now),
    releaseAbandoned: async (at, keep = []) => abandoned.immediate(at, keep),
    balance: async (walletId) => st.getBalance.get(walletId)?.balance ?? null,
    openHolds: async (walletId) => st.openHoldsOf.all(walletId),
    ledger: async (walletId, limit) => st.entriesOf.all(walletId, limit ?? -1),
  };
}
