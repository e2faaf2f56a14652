/** @module Pages of a wallet's ledger, newest first, filtered by kind and time (admin API). */
import { fail, ok, type Result } from '../../errors.js';
import type { LedgerEntry, LedgerKind, ServiceStore } from '../../store/ports.js';
import { LEDGER_PAGE_DEFAULT } from '../contract/admin-openapi.js';

/** Filter and page of {@link ledgerPage}. */
export interface LedgerQuery {
  /** Only entries of this kind. */
  kind?: LedgerKind;
  /** Only entries at or after this ISO-8601 instant. */
  since?: string;
  /** Only entries strictly before this ISO-8601 instant. */
  until?: string;
  /** Only entries with a smaller entry id (the `next_before` of the previous page). */
  before?: number;
  /** Entries per page; default {@link LEDGER_PAGE_DEFAULT}. */
  limit?: number;
}

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
