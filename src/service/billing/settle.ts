/**
 * @module The one settle policy of paid work, synchronous calls and hd jobs alike
 * (docs/design.md#billing-rules): hold the cost before the work, capture when the outcome is a
 * chargeable 2xx, release on every other outcome, and report every capture (the metrics count
 * exactly what the ledger charged). Also how an operation is run so that a throw becomes a
 * settled `internal_error` rather than a lost hold.
 */
import { type Failure, InvariantError, ok, type Result } from '../../errors.js';
import { isStoreOutage } from '../store-outage.js';
import type { WalletStore } from '../../store/ports.js';
import type { Operation, OperationRun, OperationOutcome } from '../contract/operation.js';

/** Lifetime of the hold of a synchronous call; a crashed call's credits return after it (docs/api.md#billing). */
export const HOLD_TTL_MS = 5 * 60 * 1000;

/** Receives every capture: the operation id and the credits the ledger charged (> 0). */
export type ChargeListener = (operation: string, credits: number) => void;

/**
 * Holds `cost` credits of `walletId`; 402 `insufficient_credits` (with `required_credits` and
 * `balance`) when the balance is lower.
 * @example await holdCredits(wallets, 'key_a', 1, new Date(), 'intelligence.player') // => { ok: true, value: { hold_id: 7, balance: 41 } }
 */
export async function holdCredits(
  wallets: WalletStore,
  walletId: string,
  cost: number,
  now: Date,
  note: string,
  ttlMs = HOLD_TTL_MS,
): Promise<Result<{ hold_id: number; balance: number }>> {
  const held = await wallets.hold(
    walletId,
    cost,
    now.toISOString(),
    new Date(now.getTime() + ttlMs).toISOString(),
    note,
  );
  if (held.ok) return ok({ hold_id: held.hold_id, balance: held.balance });
  return { ok: false, error: insufficientCredits(cost, held.balance) };
}

/**
 * The 402 of a hold (or charge) the balance does not cover, with `required_credits` and `balance`.
 * @example insufficientCredits(2, 1).message // => 'this call costs 2 credits; the wallet holds 1'
 */
export const insufficientCredits = (cost: number, balance: number): Failure & { balance: number } => ({
  code: 'insufficient_credits',
  message: `this call costs ${cost} credit${cost === 1 ? '' : 's'}; the wallet holds ${balance}`,
  required_credits: cost,
  balance,
});

/**
 * Whether an outcome is charged: a success with a 2xx status that the operation did not mark
 * unchargeable (a card whose image could not be stored). Everything else releases the hold.
 * @example isChargeable(ok({ body: {} })) // => true
 */
export const isChargeable = (outcome: Result<OperationOutcome>): boolean => {
  if (!outcome.ok) return false;
  const status = outcome.value.status ?? 200;
  return status >= 200 && status < 300 && outcome.value.chargeable !== false;
};

/** One hold to settle: whose wallet, which hold, the operation it paid for, and the ledger note of a release. */
interface HoldToSettle {
  walletId: string;
  holdId: number;
  operation: string;
}

/**
 * Settles a hold by {@link isChargeable}: capture or release. Returns the credits charged (0 when
 * released, or when the hold had already expired) and the balance afterwards; a capture is
 * reported to `onCharge`.
 * @example await settleHold(wallets, { walletId: 'key_a', holdId: 7, operation: 'verdict' }, ok({ body: {} }), new Date(), 'http 200') // => { charged: 1, balance: 41 }
 */
export async function settleHold(
  wallets: WalletStore,
  hold: HoldToSettle,
  outcome: Result<OperationOutcome>,
  now: Date,
  note: string,
  onCharge?: ChargeListener,
): Promise<{ charged: number; balance: number }> {
  const charge = isChargeable(outcome);
  const at = now.toISOString();
  const settled = charge ? await wallets.capture(hold.holdId, at) : await wallets.release(hold.holdId, at, note);
  if (settled.ok) {
    const charged = charge ? settled.amount : 0;
    if (charged > 0) onCharge?.(hold.operation, charged);
    return { charged, balance: settled.balance };
  }
  // Already settled means the hold expired and was released while the work ran: nothing was charged.
  return { charged: 0, balance: (await wallets.balance(hold.walletId)) ?? 0 };
}

/**
 * The one failure answered for an unexpected throw: a generic `internal_error` (its detail never
 * leaves the server; `onError` receives the error itself).
 * @example internalFailure(new Error('x')) // => { ok: false, error: { code: 'internal_error', message: 'unexpected error' } }
 */
export const internalFailure = (error: unknown): { ok: false; error: Failure } => ({
  ok: false,
  error: { code: 'internal_error', message: error instanceof InvariantError ? 'invariant broken' : 'unexpected error' },
});

/**
 * Runs `op` on its parsed request; a throw is reported to `onError` and becomes
 * {@link internalFailure}, so the hold of the call is released rather than left to expire. A store
 * outage (storing the card's image) is rethrown: the call answers 503 and its caller returns the
 * hold once the store is back (store-outage.ts).
 * @example await runOperation(op, { engine, body, query: {}, key: null, baseUrl, images }, console.error) // => { ok: true, value: { body: {…} } }
 */
export async function runOperation(
  op: Operation,
  context: OperationRun,
  onError: (error: unknown) => void,
): Promise<Result<OperationOutcome>> {
  try {
    return await op.run(context);
  } catch (error) {
    if (isStoreOutage(error)) throw error;
    onError(error);
    return internalFailure(error);
  }
}
