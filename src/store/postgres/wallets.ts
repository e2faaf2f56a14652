/**
 * @module Wallets and their ledger in PostgreSQL: every change is one transaction that locks the
 * wallet rows it touches (`SELECT … FOR UPDATE`, in wallet_id order), decided by the ledger core.
 */
import type pg from 'pg';
import type { LedgerEntry, OpenHold, WalletStore } from '../ports.js';
import type { BatchDecision, HeldCredits, LedgerOp, LedgerOutcome, LedgerState } from '../ledger.js';
import { groupCommit, queuedSettlements } from '../group-commit.js';
import { batchReads, decideBatch, entryIdsNeeded, topupOp } from '../ledger.js';
import { instanceOfOwner } from '../hold-owner.js';
import { transaction } from './pool.js';

/** The rows of `sql` over the array `values` (its `$1`); none, without a query, when `values` is empty. */
async function rowsOver<R extends pg.QueryResultRow>(
  client: pg.PoolClient,
  sql: string,
  values: unknown[],
): Promise<R[]> {
  return values.length === 0 ? [] : (await client.query<R>(sql, [values])).rows;
}

/** Reads what the ledger core needs to decide `ops`, under row locks, and the entry ids it may use. */
async function lockedStateOf(client: pg.PoolClient, ops: LedgerOp[]): Promise<{ state: LedgerState; ids: number[] }> {
  const reads = batchReads(ops);
  // A hold's wallet never changes, so reading it before taking the lock is safe.
  const holdWallets = await rowsOver<{ wallet_id: string }>(
    client,
    'SELECT wallet_id FROM holds WHERE hold_id = ANY($1::bigint[])',
    reads.holdIds,
  );
  const walletIds = [...new Set([...reads.walletIds, ...holdWallets.map((h) => h.wallet_id)])];
  const locked = await rowsOver<{ wallet_id: string; balance: number }>(
    client,
    'SELECT wallet_id, balance FROM wallets WHERE wallet_id = ANY($1::text[]) ORDER BY wallet_id FOR UPDATE',
    walletIds,
  );
  const balances = new Map(locked.map((w) => [w.wallet_id, w.balance]));
  const held = await heldOf(client, reads.heldWalletIds);
  const { holds, settledBefore } = await claimHolds(client, reads.holdIds);
  // Ids are drawn under the wallet locks, so each wallet's entries are numbered in commit order;
  // one per operation (two per charge), and those of refused operations are left unused (gaps, as after a rollback).
  const ids = (
    await client.query<{ id: number }>("SELECT nextval('ledger_entry_seq') AS id FROM generate_series(1, $1::int)", [
      entryIdsNeeded(ops),
    ])
  ).rows
    .map((r) => r.id)
    .sort((x, y) => x - y);
  return { state: { balances, held, holds, settledBefore }, ids };
}

/**
 * Credits in open holds of `walletIds`, for the top-up limit: read under the wallet locks (holds
 * of a wallet are only added or settled under its lock) and before this batch settles any.
 */
async function heldOf(client: pg.PoolClient, walletIds: string[]): Promise<Map<string, number>> {
  const rows = await rowsOver<{ wallet_id: string; held: number }>(
    client,
    'SELECT wallet_id, SUM(amount)::bigint AS held FROM holds WHERE wallet_id = ANY($1::text[]) GROUP BY wallet_id',
    walletIds,
  );
  return new Map(walletIds.map((walletId) => [walletId, rows.find((h) => h.wallet_id === walletId)?.held ?? 0]));
}

/**
 * The open holds among `holdIds`, deleted now: deleting claims their settlement (a replica settling
 * the same hold waits for this transaction and then finds no row). A hold id with no open hold is
 * settled already (its hold entry exists) or unknown.
 */
async function claimHolds(
  client: pg.PoolClient,
  holdIds: number[],
): Promise<Pick<LedgerState, 'holds' | 'settledBefore'>> {
  const open = await rowsOver<{ hold_id: number; wallet_id: string; amount: number }>(
    client,
    'DELETE FROM holds WHERE hold_id = ANY($1::bigint[]) RETURNING hold_id, wallet_id, amount',
    holdIds,
  );
  const holds = new Map(
    open.map((h): [number, HeldCredits] => [h.hold_id, { wallet_id: h.wallet_id, amount: h.amount }]),
  );
  const settled = await rowsOver<{ entry_id: number }>(
    client,
    "SELECT entry_id FROM ledger WHERE kind = 'hold' AND entry_id = ANY($1::bigint[])",
    holdIds.filter((id) => !holds.has(id)),
  );
  const settledBefore = new Set(settled.map((e) => e.entry_id));
  return { holds, settledBefore };
}

/** Writes what the core decided: the entries, the holds it opened, the balances that changed. */
async function writeDecision(client: pg.PoolClient, decision: BatchDecision): Promise<void> {
  const { entries, opened } = decision;
  if (entries.length > 0) {
    await client.query(
      `INSERT INTO ledger (entry_id, wallet_id, kind, amount, hold_id, balance_after, note, at)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::bigint[], $7::text[], $8::text[])`,
      [
        entries.map((e) => e.entry_id),
        entries.map((e) => e.wallet_id),
        entries.map((e) => e.kind),
        entries.map((e) => e.amount),
        entries.map((e) => e.hold_id),
        entries.map((e) => e.balance_after),
        entries.map((e) => e.note),
        entries.map((e) => e.at),
      ],
    );
  }
  if (opened.length > 0) {
    await client.query(
      'INSERT INTO holds (hold_id, wallet_id, amount, expires_at, owner) SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::text[], $5::text[])',
      [
        opened.map((h) => h.hold_id),
        opened.map((h) => h.wallet_id),
        opened.map((h) => h.amount),
        opened.map((h) => h.expires_at),
        opened.map((h) => h.owner),
      ],
    );
  }
  if (decision.balances.length > 0) {
    await client.query(
      'UPDATE wallets AS w SET balance = v.balance FROM unnest($1::text[], $2::bigint[]) AS v(wallet_id, balance) WHERE w.wallet_id = v.wallet_id',
      [decision.balances.map(([id]) => id), decision.balances.map(([, balance]) => balance)],
    );
  }
}

/**
 * Applies a batch of ledger operations, in order, in the transaction of `client`: reads what the
 * ledger core needs under row locks, lets it decide, and writes its decision. Lock order is always
 * wallets (sorted by id, one statement) and then their holds, so concurrent batches of two replicas
 * wait for each other instead of deadlocking.
 */
async function applyBatch(client: pg.PoolClient, ops: LedgerOp[]): Promise<LedgerOutcome[]> {
  const { state, ids } = await lockedStateOf(client, ops);
  const decision = decideBatch(state, ops, ids);
  await writeDecision(client, decision);
  return decision.outcomes;
}

/** The wallet store's reads: balances, open holds and ledger pages (no lock, no batch). */
function walletReads(pool: pg.Pool): Pick<WalletStore, 'balance' | 'openHolds' | 'ledger'> {
  return {
    async balance(walletId) {
      return (
        (await pool.query<{ balance: number }>('SELECT balance FROM wallets WHERE wallet_id = $1', [walletId])).rows[0]
          ?.balance ?? null
      );
    },
    async openHolds(walletId) {
      return (
        await pool.query<OpenHold>(
          'SELECT h.hold_id, h.wallet_id, h.amount AS credits, l.note, l.at AS created_at, h.expires_at, h.owner FROM holds AS h JOIN ledger AS l ON l.entry_id = h.hold_id WHERE h.wallet_id = $1 ORDER BY h.hold_id',
          [walletId],
        )
      ).rows;
    },
    async ledger(walletId, limit) {
      return (
        await pool.query<LedgerEntry>(
          'SELECT * FROM (SELECT entry_id, wallet_id, kind, amount, hold_id, balance_after, note, at FROM ledger WHERE wallet_id = $1 ORDER BY entry_id DESC LIMIT $2) AS newest ORDER BY entry_id',
          [walletId, limit ?? null],
        )
      ).rows;
    },
  };
}

/**
 * The wallet store over `pool`; `owner` is recorded on the holds it takes.
 * @example await postgresWallets(pool, owner).balance('key_x') // => null
 */
export function postgresWallets(pool: pg.Pool, owner: string): WalletStore {
  // Group commit: the operations requested while the previous batch was being written go into the
  // next transaction together. Outcomes are decided from locked rows, so only the database itself
  // can fail a batch (lost connection, shutdown): it rolls back and every call of it gets the error.
  const grouped = groupCommit((ops) => transaction(pool, (client) => applyBatch(client, ops)));

  /** Releases the given holds through the batch; a hold another replica settled first is not counted. */
  async function releaseAll(holdIds: number[], at: string, note: string): Promise<number> {
    const outcomes = await Promise.all(holdIds.map((holdId) => grouped({ kind: 'release', holdId, at, note })));
    return outcomes.filter((o) => o.ok).length;
  }

  return {
    owner,
    async open(walletId, at) {
      await pool.query(
        'INSERT INTO wallets (wallet_id, balance, created_at) VALUES ($1, 0, $2) ON CONFLICT (wallet_id) DO NOTHING',
        [walletId, at],
      );
    },
    async topup(walletId, credits, at, note = null) {
      return grouped(topupOp(walletId, credits, at, note));
    },
    ...queuedSettlements(grouped, owner),
    async expireHolds(now) {
      // Every due hold is released through the batch; one another replica settles first comes back
      // already_settled and is not counted, so each hold is released (and counted) once.
      const due = (
        await pool.query<{ hold_id: number }>('SELECT hold_id FROM holds WHERE expires_at <= $1 ORDER BY hold_id', [
          now,
        ])
      ).rows;
      return releaseAll(
        due.map((h) => h.hold_id),
        now,
        'expired',
      );
    },
    async releaseAbandoned(at, keep = []) {
      // Only an earlier process of this instance: same instance, another token. Other replicas'
      // holds may belong to calls in flight right now; they wait for their expiry.
      const prefix = `${instanceOfOwner(owner)}#`;
      const mine = (
        await pool.query<{ hold_id: number }>(
          'SELECT hold_id FROM holds WHERE left(owner, $1) = $2 AND owner <> $3 ORDER BY hold_id',
          [prefix.length, prefix, owner],
        )
      ).rows;
      const kept = new Set(keep);
      return releaseAll(
        mine.map((h) => h.hold_id).filter((id) => !kept.has(id)),
        at,
        'abandoned',
      );
    },
    ...walletReads(pool),
  };
}
