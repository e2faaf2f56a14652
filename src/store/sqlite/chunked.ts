/** @module Multi-row SQLite statements over any number of items, prepared once per chunk size. */
import type { SqliteDatabase, SqliteStatement } from './driver.js';

/** Row counts of the multi-row statements: any count is a sum of these, so five statements serve every batch. */
export const CHUNK_SIZES = [256, 64, 16, 4, 1] as const;

/**
 * A statement over a variable number of items (`sqlOf(n)` holds n items' parameters, `width` each),
 * prepared once per chunk size and run over the items in chunks. The items' parameters come flat,
 * one after the other, so a batch builds no array per item.
 * @example chunked(db, (n) => `DELETE FROM holds WHERE hold_id IN (${bindSlots(n)})`).run([1, 2])
 */
export function chunked<R = unknown>(db: SqliteDatabase, sqlOf: (n: number) => string, width = 1) {
  const prepared = new Map<number, SqliteStatement>();
  const statement = (n: number) => {
    let s = prepared.get(n);
    if (!s) prepared.set(n, (s = db.prepare(sqlOf(n))));
    return s;
  };
  const each = (params: readonly unknown[], use: (s: SqliteStatement, params: unknown[]) => void) => {
    if (params.length % width !== 0) throw new RangeError(`${params.length} parameters are no whole items of ${width}`);
    const items = params.length / width;
    let i = 0;
    for (const size of CHUNK_SIZES)
      for (; items - i >= size; i += size) use(statement(size), params.slice(i * width, (i + size) * width));
  };
  // Parameters are spread as arguments: better-sqlite3 reads each argument directly, where it
  // reads an array's elements one property lookup at a time (a visible share of the ledger's insert cost).
  return {
    /** Runs the statement over items whose parameters are `params`, flat. */
    run: (params: readonly unknown[]) => each(params, (s, chunk) => s.run(...chunk)),
    /** The rows the statement selects over items whose parameters are `params`, flat. */
    all: (params: readonly unknown[]): R[] => {
      const rows: R[] = [];
      // cast: R names the columns of the SELECT the caller wrote (`sqlOf`), as prepare's generics do.
      each(params, (s, chunk) => rows.push(...(s.all(...chunk) as R[])));
      return rows;
    },
  };
}

/**
 * `?, ?, …` (width 1) or `(?, ?), (?, ?), …` bind slots for n items.
 * @example bindSlots(2, 3) // => '(?, ?, ?), (?, ?, ?)'
 */
export const bindSlots = (n: number, width = 1) =>
  Array.from({ length: n }, () => (width === 1 ? '?' : `(${Array(width).fill('?').join(', ')})`)).join(', ');
