/**
 * @module Key and wallet administration used by the CLI (`halfspace keys`, `halfspace wallet`)
 * and by tests: issue a key with its wallet and opening credits, revoke, top up, show balances
 * and open holds, and release at start-up the holds a crashed process left.
 */
import { fail, HalfspaceError, ok, type Result } from '../../errors.js';
import {
  isCreditAmount,
  MAX_WALLET_CREDITS,
  type KeyRecord,
  type OpenHold,
  type ServiceStore,
} from '../../store/ports.js';
import { generateKey } from './keys.js';

/** A newly issued key: the only moment the full key is visible. */
export interface IssuedKey {
  key: string;
  record: KeyRecord;
  balance: number;
}

/** The failure of an amount outside 1–{@link MAX_WALLET_CREDITS}. */
const amountOutOfRange = (credits: number, least: 0 | 1) =>
  fail<never>(
    'amount_out_of_range',
    `credits must be an integer from ${least} to ${MAX_WALLET_CREDITS}, got ${credits}`,
    { param: 'credits', max_credits: MAX_WALLET_CREDITS },
  );

/**
 * Creates a key and its wallet (the wallet id is the key id), topped up with `credits` (an integer
 * 0–{@link MAX_WALLET_CREDITS}; throws a HalfspaceError `amount_out_of_range` otherwise, before
 * anything is stored).
 * @example (await issueKey(store, { credits: 100 })).balance // => 100
 */
export async function issueKey(
  store: ServiceStore,
  options: { credits: number; label?: string | null; noWatermark?: boolean; now?: Date },
): Promise<IssuedKey> {
  if (options.credits !== 0 && !isCreditAmount(options.credits)) {
    const refused = amountOutOfRange(options.credits, 0);
    if (!refused.ok) throw new HalfspaceError(refused.error);
  }
  const at = (options.now ?? new Date()).toISOString();
  const { id, key, hash } = generateKey();
  const record: KeyRecord = {
    id,
    hash,
    label: options.label ?? null,
    no_watermark: options.noWatermark ?? false,
    created_at: at,
    revoked_at: null,
  };
  await store.keys.create(record);
  await store.wallets.open(id, at);
  if (options.credits > 0) await store.wallets.topup(id, options.credits, at, 'opening credits');
  return { key, record, balance: options.credits };
}

/**
 * Adds `credits` to the wallet of key `keyId` and returns the new balance. Refusals, nothing
 * written: `amount_out_of_range` (not an integer 1–{@link MAX_WALLET_CREDITS}),
 * `balance_limit_exceeded` (balance + held + credits would pass {@link MAX_WALLET_CREDITS}; with
 * `balance`, `held`, `max_credits`) or `key_revoked`;
 * `not_found` for an unknown key.
 * @example await topupWallet(store, 'key_x', 50) // => { ok: true, value: 150 }
 */
export async function topupWallet(
  store: ServiceStore,
  keyId: string,
  credits: number,
  note: string | null = null,
  now = new Date(),
): Promise<Result<number>> {
  if (!isCreditAmount(credits)) return amountOutOfRange(credits, 1);
  const key = await store.keys.byId(keyId);
  if (!key) return fail('not_found', `no wallet for key ${keyId}`, { param: 'key' });
  // A revoked key can never spend again, so credits added to it would be lost.
  if (key.revoked_at !== null)
    return fail('key_revoked', `key ${keyId} was revoked at ${key.revoked_at}; its wallet takes no more credits`, {
      param: 'key',
    });
  const added = await store.wallets.topup(keyId, credits, now.toISOString(), note);
  if (added.ok) return ok(added.entry.balance_after);
  if (added.reason === 'unknown_wallet') return fail('not_found', `no wallet for key ${keyId}`, { param: 'key' });
  return fail(
    'balance_limit_exceeded',
    `a top-up of ${credits} would bring ${keyId} to ${added.balance + added.held + credits} credits (balance ${added.balance} + held ${added.held} + ${credits}); a wallet holds at most ${MAX_WALLET_CREDITS}`,
    { param: 'credits', balance: added.balance, held: added.held, max_credits: MAX_WALLET_CREDITS },
  );
}

/** What a wallet holds: spendable credits, credits in open holds, and those holds. */
export interface WalletStatus {
  /** Spendable credits: the sum of the ledger, as X-SVC-Wallet-Balance reports it. */
  balance: number;
  /** Credits in open holds: calls in flight (or left by a crashed process until released). */
  held: number;
  /** What the next call can spend: equal to `balance` (held credits are already out of it). */
  available: number;
  /** The open holds, oldest first. */
  holds: OpenHold[];
}

/**
 * The balance, held credits and open holds of the wallet of key (or wallet) `walletId`;
 * `not_found` when there is no such wallet.
 * @example await walletStatusOf(store, 'key_x') // => { ok: true, value: { balance: 80, held: 20, available: 80, holds: [ … ] } }
 */
export async function walletStatusOf(store: ServiceStore, walletId: string): Promise<Result<WalletStatus>> {
  const balance = await store.wallets.balance(walletId);
  if (balance === null) return fail('not_found', `no wallet for ${walletId}`, { param: 'key' });
  const holds = await store.wallets.openHolds(walletId);
  return ok({ balance, held: holds.reduce((sum, h) => sum + h.credits, 0), available: balance, holds });
}

/**
 * For start-up, before serving: releases the holds an earlier process left that no live process
 * will settle (WalletStore.releaseAbandoned; the holds of unfinished async jobs stay, they resume
 * under them) and every expired hold, and with them that process's pending Idempotency-Key claims
 * and demo reservations (so a retry runs and the demo quota counts successes only). Returns how
 * many of each were released.
 * @example await releaseLeftoverHolds(store) // => { abandoned: 2, expired: 0, idempotencyKeys: 2, demoCalls: 0 }
 */
export async function releaseLeftoverHolds(
  store: ServiceStore,
  now = new Date(),
): Promise<{ abandoned: number; expired: number; idempotencyKeys: number; demoCalls: number }> {
  const at = now.toISOString();
  const keep = (await store.jobs.unfinished()).map((job) => job.hold_id);
  const abandoned = await store.wallets.releaseAbandoned(at, keep);
  const expired = await store.wallets.expireHolds(at);
  const idempotencyKeys = await store.idempotency.releaseAbandoned();
  const demoCalls = await store.demo.releaseAbandoned();
  return { abandoned, expired, idempotencyKeys, demoCalls };
}

/**
 * Revokes key `id`: its calls answer 401 from then on. `not_found` for an unknown key,
 * `key_revoked` when it is revoked already.
 * @example await revokeKey(store, 'key_x') // => { ok: true, value: { id: 'key_x', revoked_at: '2026-…' } }
 */
export async function revokeKey(
  store: ServiceStore,
  id: string,
  now = new Date(),
): Promise<Result<{ id: string; revoked_at: string }>> {
  const at = now.toISOString();
  if (await store.keys.revoke(id, at)) return ok({ id, revoked_at: at });
  const key = await store.keys.byId(id);
  if (!key) return fail('not_found', `no key ${id}`, { param: 'key' });
  return fail('key_revoked', `key ${id} was already revoked at ${key.revoked_at}`, { param: 'key' });
}
