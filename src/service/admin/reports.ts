/**
 * @module What the admin API reports: keys (never the secret) with their wallet's balance and held
 * credits, pages of a wallet's ledger, and charged calls by UTC day and operation.
 */
import { fail, ok, type Result } from '../../errors.js';
import type { KeyRecord, LedgerEntry, LedgerFilter, ServiceStore } from '../../store/ports.js';
import { LEDGER_PAGE_DEFAULT } from '../contract/admin-openapi.js';

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
export async function keySummaryOf(store: ServiceStore, k: KeyRecord) {
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

/** A key as the admin API lists it: never the secret, with its wallet's balance and held credits. */
export type KeySummary = Awaited<ReturnType<typeof keySummaryOf>>;

/** Filter and page of {@link ledgerPage}: as the store's, the page size defaulting to {@link LEDGER_PAGE_DEFAULT}. */
export type LedgerQuery = Partial<LedgerFilter>;

/** One page of a wallet's ledger, newest first. */
export interface LedgerPage {
  entries: LedgerEntry[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  next_before: number | null;
}

/**
 * A page of the ledger of wallet `walletId`, newest first, filtered by kind and time; `not_found`
 * for an unknown wallet.
 * @example (await ledgerPage(store, 'key_x', { kind: 'topup', limit: 10 })).value.entries.length // => 1
 */
export async function ledgerPage(
  store: ServiceStore,
  walletId: string,
  query: LedgerQuery = {},
): Promise<Result<LedgerPage>> {
  if ((await store.wallets.balance(walletId)) === null)
    return fail('not_found', `no wallet for ${walletId}`, { param: 'key' });
  const limit = query.limit ?? LEDGER_PAGE_DEFAULT;
  // One entry more than the page tells whether another page follows.
  const matches = (e: LedgerEntry) =>
    (query.kind === undefined || e.kind === query.kind) &&
    (query.since === undefined || e.at >= query.since) &&
    (query.until === undefined || e.at < query.until) &&
    (query.before === undefined || e.entry_id < query.before);
  const matching = store.ledgerQueries
    ? await store.ledgerQueries.ledgerPage(walletId, { ...query, limit: limit + 1 })
    : (await store.wallets.ledger(walletId)).filter(matches).reverse();
  const entries = matching.slice(0, limit);
  return ok({ entries, next_before: matching.length > limit ? entries[entries.length - 1].entry_id : null });
}

/** Paid calls of one endpoint on one UTC day. */
export interface UsageRow {
  /** YYYY-MM-DD (UTC) of the capture. */
  day: string;
  /** Operation id, e.g. `intelligence.player` (async hd jobs count under their operation). */
  operation: string;
  /** Charged calls. */
  calls: number;
  /** Credits charged. */
  credits: number;
}

/**
 * Charged calls and credits by UTC day and operation, from the ledger (a capture of a hold whose
 * note names the operation), for one key or every key, days in `[since, until)` when given.
 * Sorted by day, then operation.
 * @example await usageOf(store, { keyId: 'key_x' }) // => [{ day: '2026-11-24', operation: 'intelligence.player', calls: 3, credits: 3 }]
 */
export async function usageOf(
  store: ServiceStore,
  filter: { keyId?: string; since?: string; until?: string } = {},
): Promise<UsageRow[]> {
  const rows = new Map<string, UsageRow>();
  const add = (day: string, note: string | null | undefined, calls: number, credits: number) => {
    const operation = (note ?? 'unknown').replace(/ job$/, '');
    const id = `${day}\n${operation}`;
    const row = rows.get(id) ?? { day, operation, calls: 0, credits: 0 };
    row.calls += calls;
    row.credits += credits;
    rows.set(id, row);
  };
  if (store.ledgerQueries) {
    const { keyId: walletId, since, until } = filter;
    for (const c of await store.ledgerQueries.usage({ walletId, since, until })) add(c.day, c.note, c.calls, c.credits);
  } else {
    const wallets = filter.keyId !== undefined ? [filter.keyId] : (await store.keys.list()).map((k) => k.id);
    for (const walletId of wallets) {
      const holds = new Map<number, LedgerEntry>();
      for (const e of await store.wallets.ledger(walletId)) {
        if (e.kind === 'hold') holds.set(e.entry_id, e);
        if (e.kind !== 'capture' || e.hold_id === null) continue;
        if ((filter.since !== undefined && e.at < filter.since) || (filter.until !== undefined && e.at >= filter.until))
          continue;
        const hold = holds.get(e.hold_id);
        add(e.at.slice(0, 10), hold?.note, 1, hold ? -hold.amount : 0);
      }
    }
  }
  return [...rows.values()].sort((a, b) =>
    a.day === b.day ? (a.operation < b.operation ? -1 : a.operation > b.operation ? 1 : 0) : a.day < b.day ? -1 : 1,
  );
}
