/**
 * The group-commit queue of the SQLite and PostgreSQL wallet stores (docs/design.md#service):
 * concurrent calls gathered into one batch, decided by the ledger core (ledger.ts) in one
 * transaction.
 */
import { chargeOp, holdOp, type LedgerOp, type LedgerOutcome, type OutcomeOf } from './ledger.js';
import type { WalletStore } from './ports.js';

/**
 * A group-commit queue: operations submitted while a batch is pending or being written go, in
 * submission order, into the next call of `apply` (one transaction for many calls). One batch runs
 * at a time, so within a process the order of effects is the call order. When `apply` throws (the
 * database failed: disk full, lost connection, lock timeout), every call of that batch rejects
 * with the error; it wrote nothing, since outcomes are decided in the core, not by the database.
 * @example const submit = groupCommit((ops) => applyBatch.immediate(ops)); await submit(holdOp('w', 1, T0, T1, null, owner)) // => { ok: true, hold_id: 42, balance: 7 }
 */
export function groupCommit(
  apply: (ops: LedgerOp[]) => LedgerOutcome[] | Promise<LedgerOutcome[]>,
): <O extends LedgerOp>(op: O) => Promise<OutcomeOf<O>> {
  type Queued = { op: LedgerOp; resolve: (outcome: LedgerOutcome) => void; reject: (error: unknown) => void };
  let queue: Queued[] = [];
  let running = false;
  async function drain(): Promise<void> {
    const jobs = queue;
    queue = [];
    try {
      const outcomes = await apply(jobs.map((j) => j.op));
      for (const [i, job] of jobs.entries()) job.resolve(outcomes[i]);
    } catch (error) {
      for (const job of jobs) job.reject(error);
    } finally {
      running = false;
      if (queue.length > 0) start();
    }
  }
  function start(): void {
    running = true;
    // setImmediate lets every call made in this event-loop turn join the batch.
    setImmediate(() => void drain());
  }
  return <O extends LedgerOp>(op: O) =>
    new Promise<OutcomeOf<O>>((resolve, reject) => {
      // cast: the core answers the outcome type of each op's kind (OutcomeOf), which the queue cannot see.
      queue.push({ op, resolve: resolve as (outcome: LedgerOutcome) => void, reject });
      if (!running) start();
    });
}

/**
 * The WalletStore methods that only submit one operation to a queue made by {@link groupCommit}:
 * hold and charge (their amount checked first, a RangeError rejecting the call), capture and release.
 * @example const { hold, capture, release } = queuedSettlements(groupCommit(apply), owner)
 */
export function queuedSettlements(
  submit: ReturnType<typeof groupCommit>,
  owner: string,
): Pick<WalletStore, 'hold' | 'charge' | 'capture' | 'release'> {
  // Not `async`: the queue's own promise is handed back, a turn sooner than an async wrapper's.
  return {
    hold: (walletId, credits, at, expiresAt, note = null) =>
      submitChecked(submit, () => holdOp(walletId, credits, at, expiresAt, note, owner)),
    charge: (walletId, credits, at, note = null) =>
      submitChecked(submit, () => chargeOp(walletId, credits, at, note, owner)),
    capture: (holdId, at) => submit({ kind: 'capture', holdId, at, note: null }),
    release: (holdId, at, note = null) => submit({ kind: 'release', holdId, at, note }),
  };
}

/** Submits the op `make` builds; the RangeError of its check rejects the call rather than throwing. */
function submitChecked<O extends LedgerOp>(
  submit: ReturnType<typeof groupCommit>,
  make: () => O,
): Promise<OutcomeOf<O>> {
  let op: O;
  try {
    op = make();
  } catch (error) {
    return Promise.reject(error);
  }
  return submit(op);
}
