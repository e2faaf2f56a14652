/** @module Keys as the admin API lists them: never the secret, with their wallet's balance and held credits. */
import type { KeyRecord, ServiceStore } from '../../store/ports.js';

/** A key as the admin API lists it: never the secret, with its wallet. */
export interface KeySummary {
  id: string;
  label: string | null;
  no_watermark: boolean;
  created_at: string;
  revoked_at: string | null;
  balance: number;
  held: number;
}

/**
 * Every key, oldest first, with its balance and held credits.
 * @example (await listKeys(store))[0].balance // => 100
 */
export async function listKeys(store: ServiceStore): Promise<KeySummary[]> {
  const keys = await store.keys.list();
  return Promise.all(keys.map(async (k) => keySummaryOf(store, k)));
}

/**
 * Key `k` as the admin API shows it, with its wallet's balance and held credits.
 * @example (await keySummaryOf(store, key)).held // => 0
 */
export async function keySummaryOf(store: ServiceStore, k: KeyRecord): Promise<KeySummary> {
  const holds = await store.wallets.openHolds(k.id);
  return {
    id: k.id,
    label: k.label,
    no_watermark: k.no_watermark,
    created_at: k.created_at,
    revoked_at: k.revoked_at,
    balance: (await store.wallets.balance(k.id)) ?? 0,
    held: holds.reduce((sum, h) => sum + h.credits, 0),
  };
}
