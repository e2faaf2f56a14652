/** Per-match counting totals that every event provider folds into `player_seasons`. */
import { COUNTING_COLUMNS, type CountingColumn } from '../schema.js';

/** Counting totals of one player in one match, keyed like the `player_seasons` columns. */
export type CountingTotals = Record<CountingColumn, number>;

/** A zeroed set of counting totals. @example emptyTotals().goals // => 0 */
export function emptyTotals(): CountingTotals {
  return Object.fromEntries(COUNTING_COLUMNS.map((c) => [c, 0])) as CountingTotals;
}
