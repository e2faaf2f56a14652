/**
 * @module Billing of paid calls (DESIGN §9, SPEC §8.2): hold the cost before work, capture on a
 * chargeable 2xx, release on every other outcome. Holds expire so a crash never keeps credits.
 */
import { fail, ok, type Result } from '../errors.js';
import type { WalletStore } from '../store/ports.js';

/** Lifetime of the hold of a synchronous call; a crashed call's credits return after it (docs/api.md#billing). */
export const HOLD_TTL_MS = 5 * 60 * 1000;

/**
 * Holds `cost` credits of `walletId`; 402 `insufficient_credits` (with `required_credits` and
 * `balance`) when the balance is lower.
 * @example await holdCredits(wallets, 'key_a', 1, new Date(), 'intelligence.player') // => { ok: true, value: { hold_id: 7, balance: 41 } }
 */
export async function holdCredits(wallets: WalletStore, walletId: string, cost: number, now: Date, note: string, ttlMs = HOLD_TTL_MS): Promise<Result<{ hold_id: number; balance: number }>> {
  const held = await wallets.hold(walletId, cost, now.toISOString(), new Date(now.getTime() + ttlMs).toISOString(), note);
  if (held.ok) return ok({ hold_id: held.hold_id, balance: held.balance });
  return fail('insufficient_credits', `this call costs ${cost} credit${cost === 1 ? '' : 's'}; the wallet holds ${held.balance}`, {
    required_credits: cost,
    balance: held.balance,
  });
}

/**
 * Settles a hold: capture when `charge` is true, release otherwise. Returns the credits charged
 * (0 when released, or when the hold had already expired) and the balance afterwards.
 * @example await settleCredits(wallets, 'key_a', 7, true, new Date(), 'http 200') // => { charged: 1, balance: 41 }
 */
export async function settleCredits(wallets: WalletStore, walletId: string, holdId: number, charge: boolean, now: Date, note: string): Promise<{ charged: number; balance: number }> {
  const at = now.toISOString();
  const settled = charge ? await wallets.capture(holdId, at) : await wallets.release(holdId, at, note);
  if (settled.ok) return { charged: charge ? settled.amount : 0, balance: settled.balance };
  // Already settled means the hold expired and was released while the call ran: nothing was charged.
  return { charged: 0, balance: (await wallets.balance(walletId)) ?? 0 };
}
