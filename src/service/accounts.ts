/**
 * @module Key and wallet administration used by the CLI (`halfspace keys`, `halfspace wallet`)
 * and by tests: issue a key with its wallet and opening credits, revoke, top up.
 */
import { fail, ok, type Result } from '../errors.js';
import type { KeyRecord, ServiceStore } from '../store/ports.js';
import { generateKey } from './keys.js';

/** A newly issued key: the only moment the full key is visible. */
export interface IssuedKey {
  key: string;
  record: KeyRecord;
  balance: number;
}

/**
 * Creates a key and its wallet (the wallet id is the key id), topped up with `credits`.
 * @example (await issueKey(store, { credits: 100 })).balance // => 100
 */
export async function issueKey(store: ServiceStore, options: { credits: number; label?: string | null; noWatermark?: boolean; now?: Date }): Promise<IssuedKey> {
  const at = (options.now ?? new Date()).toISOString();
  const { id, key, hash } = generateKey();
  const record: KeyRecord = { id, hash, label: options.label ?? null, no_watermark: options.noWatermark ?? false, created_at: at, revoked_at: null };
  await store.keys.create(record);
  await store.wallets.open(id, at);
  if (options.credits > 0) await store.wallets.topup(id, options.credits, at, 'opening credits');
  return { key, record, balance: options.credits };
}

/**
 * Adds `credits` (a positive integer) to the wallet of key `keyId`; `not_found` for an unknown key.
 * @example await topupWallet(store, 'key_x', 50) // => { ok: true, value: 150 }
 */
export async function topupWallet(store: ServiceStore, keyId: string, credits: number, note: string | null = null, now = new Date()): Promise<Result<number>> {
  if (!Number.isSafeInteger(credits) || credits <= 0) return fail('invalid_request', `credits must be a positive integer, got ${credits}`, { param: 'credits' });
  const entry = await store.wallets.topup(keyId, credits, now.toISOString(), note);
  return entry ? ok(entry.balance_after) : fail('not_found', `no wallet for key ${keyId}`, { param: 'key' });
}
