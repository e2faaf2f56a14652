/** @module Charged calls and credits by UTC day and operation, read from the ledger (admin API). */
import type { LedgerEntry, ServiceStore } from '../../store/ports.js';

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
  if (store.ledgerQueries) {
    const rows = new Map<string, UsageRow>();
    for (const c of await store.ledgerQueries.usage({
      walletId: filter.keyId,
      since: filter.since,
      until: filter.until,
    })) {
      const operation = (c.note ?? 'unknown').replace(/ job$/, '');
      const id = `${c.day}\n${operation}`;
      const row = rows.get(id) ?? { day: c.day, operation, calls: 0, credits: 0 };
      row.calls += c.calls;
      row.credits += c.credits;
      rows.set(id, row);
    }
    return sortUsage([...rows.values()]);
  }
  const wallets = filter.keyId !== undefined ? [filter.keyId] : (await store.keys.list()).map((k) => k.id);
  const rows = new Map<string, UsageRow>();
  for (const walletId of wallets) {
    const holds = new Map<number, LedgerEntry>();
    for (const e of await store.wallets.ledger(walletId)) {
      if (e.kind === 'hold') holds.set(e.entry_id, e);
      if (e.kind !== 'capture' || e.hold_id === null) continue;
      const day = e.at.slice(0, 10);
      if ((filter.since !== undefined && e.at < filter.since) || (filter.until !== undefined && e.at >= filter.until))
        continue;
      const hold = holds.get(e.hold_id);
      const operation = (hold?.note ?? 'unknown').replace(/ job$/, '');
      const id = `${day}\n${operation}`;
      const row = rows.get(id) ?? { day, operation, calls: 0, credits: 0 };
      row.calls += 1;
      row.credits += hold ? -hold.amount : 0;
      rows.set(id, row);
    }
  }
  return sortUsage([...rows.values()]);
}

const sortUsage = (rows: UsageRow[]) =>
  rows.sort((a, b) =>
    a.day === b.day ? (a.operation < b.operation ? -1 : a.operation > b.operation ? 1 : 0) : a.day < b.day ? -1 : 1,
  );
