/** @module Multi-row SQLite statements over any number of items, prepared once per chunk size. */
import type { SqliteDatabase, SqliteStatement } from './driver.js';

/** Row counts of the multi-row statements: any count is a sum of these, so five statements serve every batch. */
export const CHUNK_SIZES = [256, 64, 16, 4, 1] as const;

/**
 * A statement over a variable number of items (`sqlOf(n)` holds n items' parameters), prepared
 * once per chunk size and run over the items in chunks.
 * @example chunked(db, (n) => `DELETE FROM holds WHERE hold_id IN (${bindSlots(n)})`).run([[1], [2]])
 */
export function chunked<R = unknown>(db: SqliteDatabase, sqlOf: (n: number) => string) {
  const prepared = new Map<number, SqliteStatement>();
  const statement = (n: number) => {
    let s = prepared.get(n);
    if (!s) prepared.set(n, (s = db.prepare(sqlOf(n))));
    return s;
  };
  const each = (items: readonly unknown[][], use: (s: SqliteStatement, params: unknown[]) => void) => {
    let i = 0;
    for (const size of CHUNK_SIZES)
      for (; items.length - i >= size; i += size) use(statement(size), items.slice(i, i + size).flat());
  };
  return {
    run: (items: readonly unknown[][]) => each(items, (s, params) => s.run(params)),
    all: (items: readonly unknown[][]): R[] => {
      const rows: R[] = [];
      // cast: R names the columns of the SELECT the caller wrote (`sqlOf`), as prepare's generics do.
      each(items, (s, params) => rows.push(...(s.all(params) as R[])));
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
