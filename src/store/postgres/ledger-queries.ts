/**
 * @module Ledger pages and usage counts of the PostgreSQL store, answered by indexed queries so
 * the admin API and the console never read a whole ledger. Times compare in the "C" collation,
 * as everywhere in this store.
 */
import type pg from 'pg';
import type { LedgerEntry, LedgerQueries, UsageCount } from '../ports.js';

/**
 * The ledger queries over `pool`.
 * @example await postgresLedgerQueries(pool).usage({}) // => [{ day: '2026-11-24', note: 'intelligence.player', calls: 3, credits: 3 }]
 */
export function postgresLedgerQueries(pool: pg.Pool): LedgerQueries {
  return {
    async ledgerPage(walletId, f) {
      return (
        await pool.query<LedgerEntry>(
          `SELECT entry_id, wallet_id, kind, amount, hold_id, balance_after, note, at FROM ledger
         WHERE wallet_id = $1 AND ($2::text IS NULL OR kind = $2) AND ($3::text IS NULL OR at COLLATE "C" >= $3)
           AND ($4::text IS NULL OR at COLLATE "C" < $4) AND ($5::bigint IS NULL OR entry_id < $5)
         ORDER BY entry_id DESC LIMIT $6`,
          [walletId, f.kind ?? null, f.since ?? null, f.until ?? null, f.before ?? null, f.limit],
        )
      ).rows;
    },
    async usage(f) {
      return (
        await pool.query<UsageCount>(
          `SELECT substr(c.at, 1, 10) AS day, h.note AS note, COUNT(*)::bigint AS calls, SUM(-h.amount)::bigint AS credits
         FROM ledger AS c JOIN ledger AS h ON h.entry_id = c.hold_id
         WHERE c.kind = 'capture' AND ($1::text IS NULL OR c.wallet_id = $1) AND ($2::text IS NULL OR c.at COLLATE "C" >= $2) AND ($3::text IS NULL OR c.at COLLATE "C" < $3)
         GROUP BY 1, 2`,
          [f.walletId ?? null, f.since ?? null, f.until ?? null],
        )
      ).rows;
    },
  };
}
