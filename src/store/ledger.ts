/**
 * @module The one hold/capture/release core of the wallet stores (docs/design.md#service, docs/design.md#errors): a pure
 * decision over a batch of ledger operations — which succeed, which entries to append, which holds
 * to open and settle, which balances to write (group-commit.ts gathers concurrent calls into one
 * batch). The memory, SQLite and PostgreSQL drivers only read the state a batch
 * needs ({@link batchReads}), call {@link decideBatch}, and write what it decided.
 */
import type { ChargeOutcome, HoldOutcome, LedgerEntry, SettleOutcome, TopupOutcome } from './ports.js';
import { assertCredits, MAX_WALLET_CREDITS } from './ports.js';

/** A hold request: take `credits` from the balance until the hold is settled or expires. */
interface HoldOp {
  kind: 'hold';
  walletId: string;
  /** Credits, an integer 1–{@link MAX_WALLET_CREDITS}. */
  credits: number;
  /** ISO-8601 UTC. */
  at: string;
  /** ISO-8601 UTC: when the hold releases itself. */
  expiresAt: string;
  note: string | null;
  /** The store handle taking the hold (WalletStore.owner). */
  owner: string;
}

/** A settlement request: capture keeps the held credits spent, release returns them. */
interface SettleOp {
  kind: 'capture' | 'release';
  /** The entry id of the hold's ledger entry. */
  holdId: number;
  /** ISO-8601 UTC. */
  at: string;
  /** Free note, e.g. `expired` or `abandoned` for releases the store makes itself. */
  note: string | null;
}

/** A top-up request: add `credits` to the wallet (no expiry, no owner: nothing is held). */
interface TopupOp extends Omit<HoldOp, 'kind' | 'expiresAt' | 'owner'> {
  kind: 'topup';
}

/**
 * A charge request: a hold captured in the same batch, for a call whose chargeable answer is known
 * before billing (a cached answer). It writes the same two entries as a hold and its capture, in
 * one transaction and with no open hold in between.
 */
interface ChargeOp extends Omit<HoldOp, 'kind' | 'expiresAt'> {
  kind: 'charge';
}

/** One requested ledger operation. */
export type LedgerOp = TopupOp | HoldOp | SettleOp | ChargeOp;

/** What an operation of kind `O` resolves to. */
export type OutcomeOf<O extends LedgerOp> = O extends TopupOp
  ? TopupOutcome
  : O extends HoldOp
    ? HoldOutcome
    : O extends ChargeOp
      ? ChargeOutcome
      : SettleOutcome;

/** Outcome of any ledger operation. */
export type LedgerOutcome = TopupOutcome | HoldOutcome | SettleOutcome | ChargeOutcome;

/**
 * A top-up request, checked: throws a RangeError unless `credits` is an integer 1–{@link MAX_WALLET_CREDITS}.
 * @example topupOp('key_a', 0, '2026-03-01T12:00:00.000Z') // throws RangeError
 */
export function topupOp(walletId: string, credits: number, at: string, note: string | null = null): TopupOp {
  assertCredits('top-up', credits);
  return { kind: 'topup', walletId, credits, at, note };
}

/**
 * A hold request, checked: throws a RangeError unless `credits` is an integer 1–{@link MAX_WALLET_CREDITS}.
 * @example holdOp('key_a', 3, T0, T1, 'cards', owner).kind // => 'hold'
 */
export function holdOp(
  walletId: string,
  credits: number,
  at: string,
  expiresAt: string,
  note: string | null,
  owner: string,
): HoldOp {
  assertCredits('hold', credits);
  return { kind: 'hold', walletId, credits, at, expiresAt, note, owner };
}

/**
 * A charge request, checked: throws a RangeError unless `credits` is an integer 1–{@link MAX_WALLET_CREDITS}.
 * @example chargeOp('key_a', 1, T0, 'intelligence.player', owner).kind // => 'charge'
 */
export function chargeOp(walletId: string, credits: number, at: string, note: string | null, owner: string): ChargeOp {
  assertCredits('hold', credits);
  return { kind: 'charge', walletId, credits, at, note, owner };
}

/**
 * How many entry ids a batch may use: one per operation, two per charge (its hold and its capture).
 * @example entryIdsNeeded([chargeOp('w', 1, T0, null, owner)]) // => 2
 */
export function entryIdsNeeded(ops: readonly LedgerOp[]): number {
  let n = ops.length;
  for (const op of ops) if (op.kind === 'charge') n += 1;
  return n;
}

/** An open hold as the core needs it. */
export interface HeldCredits {
  wallet_id: string;
  /** Credits held. */
  amount: number;
}

/** What a driver must read before deciding a batch (see {@link batchReads}). */
interface BatchReads {
  /** Hold ids the batch settles: read their open holds, and which of the missing ones were holds. */
  holdIds: number[];
  /** Wallets named by the operations: read their balances (plus the wallets of the open holds read). */
  walletIds: string[];
  /** Wallets topped up: read the credits in their open holds. */
  heldWalletIds: string[];
}

/**
 * What a batch reads: distinct hold ids and wallet ids, in first-mention order.
 * @example batchReads([{ kind: 'capture', holdId: 7, at, note: null }]) // => { holdIds: [7], walletIds: [], heldWalletIds: [] }
 */
export function batchReads(ops: readonly LedgerOp[]): BatchReads {
  const holdIds = new Set<number>();
  const walletIds = new Set<string>();
  const heldWalletIds = new Set<string>();
  for (const op of ops) {
    if (op.kind === 'topup' || op.kind === 'hold' || op.kind === 'charge') {
      walletIds.add(op.walletId);
      if (op.kind === 'topup') heldWalletIds.add(op.walletId);
    } else holdIds.add(op.holdId);
  }
  return { holdIds: [...holdIds], walletIds: [...walletIds], heldWalletIds: [...heldWalletIds] };
}

/** The stored state a batch is decided from, read by the driver in the batch's transaction. */
export interface LedgerState {
  /** Balance of every existing wallet the batch touches (its ops' wallets and its open holds' wallets); absent = unknown wallet. */
  balances: ReadonlyMap<string, number>;
  /** Credits in open holds of every wallet the batch tops up (0 when none); a missing one is a driver bug (decideBatch throws). */
  held: ReadonlyMap<string, number>;
  /** The open holds among the hold ids the batch settles. */
  holds: ReadonlyMap<number, HeldCredits>;
  /** The hold ids the batch settles that name a hold entry but no open hold: settled before. */
  settledBefore: ReadonlySet<number>;
}

/** A hold the batch opens (and leaves open). */
export interface NewHold extends HeldCredits {
  /** The id of the hold's ledger entry. */
  hold_id: number;
  /** ISO-8601 UTC. */
  expires_at: string;
  owner: string;
  /** The hold entry's note and time, for stores that keep them with the hold. */
  note: string | null;
  created_at: string;
}

/** What a batch decided: the rows to write and the outcome of every operation. */
export interface BatchDecision {
  /** Entries to append, ids ascending; empty when every operation was refused. */
  entries: LedgerEntry[];
  /** Holds to open: those the batch took and did not settle itself. */
  opened: NewHold[];
  /** Holds open before the batch that it settled (each once): remove them from the open holds. */
  settled: number[];
  /** Wallet balances to write: only the ones that changed. */
  balances: [walletId: string, balance: number][];
  /** One per operation, in order. */
  outcomes: LedgerOutcome[];
}

/** A batch being decided: the state read, the changes so far (kept beside it, not in copies: a batch is often a single call). */
interface Decision {
  readonly state: LedgerState;
  readonly ids: readonly number[];
  readonly balances: Map<string, number>;
  readonly held: Map<string, number>;
  readonly opened: Map<number, NewHold>;
  readonly settledHere: Set<number>;
  readonly settled: number[];
  readonly entries: LedgerEntry[];
}

const balanceIn = (d: Decision, walletId: string): number | undefined =>
  d.balances.get(walletId) ?? d.state.balances.get(walletId);
const heldIn = (d: Decision, walletId: string): number | undefined =>
  d.held.get(walletId) ?? d.state.held.get(walletId);

/** Appends the next entry (its id is the next unused one) and records the wallet's new balance. */
function append(d: Decision, entry: Omit<LedgerEntry, 'entry_id'>): LedgerEntry {
  const written: LedgerEntry = { entry_id: d.ids[d.entries.length], ...entry };
  d.entries.push(written);
  d.balances.set(entry.wallet_id, entry.balance_after);
  return written;
}

function decideTopup(d: Decision, op: TopupOp): TopupOutcome {
  const balance = balanceIn(d, op.walletId);
  if (balance === undefined) return { ok: false, reason: 'unknown_wallet', balance: 0, held: 0 };
  const heldNow = heldIn(d, op.walletId);
  if (heldNow === undefined) throw new Error(`ledger state lacks the held credits of wallet ${op.walletId}`);
  if (balance + heldNow + op.credits > MAX_WALLET_CREDITS)
    return { ok: false, reason: 'balance_limit_exceeded', balance, held: heldNow };
  const entry = append(d, {
    wallet_id: op.walletId,
    kind: 'topup',
    amount: op.credits,
    hold_id: null,
    balance_after: balance + op.credits,
    note: op.note,
    at: op.at,
  });
  return { ok: true, entry: { ...entry } };
}

/** A hold (or the hold of a charge, which expires when the batch is written: it is captured in it). */
function decideHold(d: Decision, op: HoldOp | ChargeOp): HoldOutcome {
  const balance = balanceIn(d, op.walletId);
  if (balance === undefined) return { ok: false, reason: 'unknown_wallet', balance: 0 };
  if (balance < op.credits) return { ok: false, reason: 'insufficient_credits', balance };
  const after = balance - op.credits;
  const { entry_id } = append(d, {
    wallet_id: op.walletId,
    kind: 'hold',
    amount: -op.credits,
    hold_id: d.ids[d.entries.length],
    balance_after: after,
    note: op.note,
    at: op.at,
  });
  // Held credits only matter to later top-ups, which read them for their wallets.
  const heldNow = heldIn(d, op.walletId);
  if (heldNow !== undefined) d.held.set(op.walletId, heldNow + op.credits);
  d.opened.set(entry_id, {
    hold_id: entry_id,
    wallet_id: op.walletId,
    amount: op.credits,
    expires_at: op.kind === 'hold' ? op.expiresAt : op.at,
    owner: op.owner,
    note: op.note,
    created_at: op.at,
  });
  return { ok: true, hold_id: entry_id, balance: after };
}

function decideSettle(d: Decision, op: SettleOp): SettleOutcome {
  // Not open: settled before the batch, or earlier in it, or no hold at all.
  const hold = d.settledHere.has(op.holdId) ? undefined : (d.opened.get(op.holdId) ?? d.state.holds.get(op.holdId));
  if (!hold) {
    const before = d.settledHere.has(op.holdId) || d.state.settledBefore.has(op.holdId);
    return { ok: false, reason: before ? 'already_settled' : 'unknown_hold' };
  }
  d.settledHere.add(op.holdId);
  if (!d.opened.delete(op.holdId)) d.settled.push(op.holdId);
  const heldNow = heldIn(d, hold.wallet_id);
  if (heldNow !== undefined) d.held.set(hold.wallet_id, heldNow - hold.amount);
  const balance = balanceIn(d, hold.wallet_id);
  if (balance === undefined)
    throw new Error(`ledger state lacks the balance of wallet ${hold.wallet_id}, which open hold ${op.holdId} names`);
  const amount = op.kind === 'capture' ? 0 : hold.amount;
  append(d, {
    wallet_id: hold.wallet_id,
    kind: op.kind,
    amount,
    hold_id: op.holdId,
    balance_after: balance + amount,
    note: op.note,
    at: op.at,
  });
  return { ok: true, balance: balance + amount, amount: hold.amount };
}

/** A charge: its hold, then the capture of that hold (no hold stays open). */
function decideCharge(d: Decision, op: ChargeOp): ChargeOutcome {
  const held = decideHold(d, op);
  if (!held.ok) return held;
  const captured = decideSettle(d, { kind: 'capture', holdId: held.hold_id, at: op.at, note: null });
  if (!captured.ok) throw new Error(`the hold ${held.hold_id} of a charge was settled before its capture`);
  return { ok: true, hold_id: held.hold_id, balance: captured.balance, amount: captured.amount };
}

function decideOne(d: Decision, op: LedgerOp): LedgerOutcome {
  switch (op.kind) {
    case 'topup':
      return decideTopup(d, op);
    case 'hold':
      return decideHold(d, op);
    case 'charge':
      return decideCharge(d, op);
    default:
      return decideSettle(d, op);
  }
}

/**
 * Decides a batch of operations in order, each seeing the ones before it, exactly as if each ran
 * alone: a top-up succeeds unless balance + held + credits would pass {@link MAX_WALLET_CREDITS}, a
 * hold (or a charge) when the balance covers it, a capture or release only for a hold still open
 * (one taken earlier in the batch included). A refused operation writes nothing. The n-th entry
 * written gets `ids[n]` ({@link entryIdsNeeded} ids at least, ascending; unused ids are simply
 * skipped). Pure: throws an Error only when `state` or `ids` lack what the batch needs (a driver bug).
 * @example decideBatch({ balances: new Map([['w', 5]]), held: new Map(), holds: new Map(), settledBefore: new Set() }, [holdOp('w', 6, T0, T1, null, 'o')], [1]).outcomes // => [{ ok: false, reason: 'insufficient_credits', balance: 5 }]
 */
export function decideBatch(state: LedgerState, ops: readonly LedgerOp[], ids: readonly number[]): BatchDecision {
  const needed = entryIdsNeeded(ops);
  if (ids.length < needed)
    throw new Error(`a batch of ${ops.length} operations needs as many entry ids (${needed}), got ${ids.length}`);
  const d: Decision = {
    state,
    ids,
    balances: new Map(),
    held: new Map(),
    opened: new Map(),
    settledHere: new Set(),
    settled: [],
    entries: [],
  };
  const outcomes = ops.map((op) => decideOne(d, op));
  const changed: [string, number][] = [];
  for (const [walletId, balance] of d.balances)
    if (state.balances.get(walletId) !== balance) changed.push([walletId, balance]);
  return { entries: d.entries, opened: [...d.opened.values()], settled: d.settled, balances: changed, outcomes };
}

/**
 * `count` ids from `after + 1` on, for stores that number entries themselves (memory, SQLite).
 * @example consecutiveIds(41, 3) // => [42, 43, 44]
 */
export function consecutiveIds(after: number, count: number): number[] {
  const ids = new Array<number>(count);
  for (let i = 0; i < count; i++) ids[i] = after + 1 + i;
  return ids;
}
