/**
 * @module Ledger pages and usage counts of the SQLite store, answered by indexed queries so the
 * admin API and the console never read a whole ledger.
 */
import type { SqliteDatabase } from './driver.js';
import type { LedgerEntry, LedgerQueries, UsageCount } from '../ports.js';

/**
 * The ledger queries of `db`.
 * @example await sqliteLedgerQueries(db).ledgerPage('key_x', { limit: 10 }) // => [ …newest first… ]
 */
export function sqliteLedgerQueries(db: SqliteDatabase): LedgerQueries {
  const page = db.prepare<Record<string, unknown>, LedgerEntry>(
    `SELECT entry_id, wallet_id, kind, amount, hold_id, balance_after, note, at FROM ledger
     WHERE wallet_id = @wallet AND (@kind IS NULL OR kind = @kind) AND (@since IS NULL OR at >= @since)
       AND (@until IS NULL OR at < @until) AND (@before IS NULL OR entry_id < @before)
     ORDER BY entry_id DESC LIMIT @limit`,
  );
  const usage = db.prepare<Record<string, unknown>, UsageCount>(
    `SELECT substr(c.at, 1, 10) AS day, h.note AS note, COUNT(*) AS calls, SUM(-h.amount) AS credits
     FROM ledger AS c JOIN ledger AS h ON h.entry_id = c.hold_id
     WHERE c.kind = 'capture' AND (@wallet IS NULL OR c.wallet_id = @wallet) AND (@since IS NULL OR c.at >= @since) AND (@until IS NULL OR c.at < @until)
     GROUP BY 1, 2`,
  );
  return {
    async ledgerPage(walletId, f) {
      return page.all({
        wallet: walletId,
        kind: f.kind ?? null,
        since: f.since ?? null,
        until: f.until ?? null,
        before: f.before ?? null,
        limit: f.limit,
      });
    },
    async usage(f) {
      return usage.all({ wallet: f.walletId ?? null, since: f.since ?? null, until: f.until ?? null });
    },
  };
}
