/** Per-match counting totals that every event provider folds into `player_seasons`. */
import { COUNTING_COLUMNS, type CountingColumn } from '../model/schema.js';

/** Counting totals of one player in one match, keyed like the `player_seasons` columns. */
export type CountingTotals = Record<CountingColumn, number>;

// cast: the entries are exactly one zero per counting column, which fromEntries types as string keys.
const ZERO_TOTALS = Object.fromEntries(COUNTING_COLUMNS.map((c) => [c, 0])) as CountingTotals;

/**
 * A zeroed set of counting totals, one per player and match of an ingest.
 * @example emptyTotals().goals // => 0
 */
export function emptyTotals(): CountingTotals {
  return { ...ZERO_TOTALS };
}

/**
 * How an event provider fills one counting column: `counted` says from which events (one line for
 * docs/methodology), `notProvided` why the provider cannot (the column is left null and the
 * dataset's coverage says why; never a silent zero).
 */
export type ProviderColumn = { counted: string } | { notProvided: string };

/**
 * Season totals as written to `player_seasons`: the provider's totals, with every column it does not
 * provide set to null.
 * @example providedTotalsOf(emptyTotals(), { ...columns, punches: { notProvided: 'no punch event' } }).punches // => null
 */
export function providedTotalsOf(
  totals: CountingTotals,
  columns: Readonly<Record<CountingColumn, ProviderColumn>>,
): Record<CountingColumn, number | null> {
  const out: Record<string, number | null> = {};
  for (const c of COUNTING_COLUMNS) out[c] = 'notProvided' in columns[c] ? null : totals[c];
  // cast: the loop above sets every counting column.
  return out as Record<CountingColumn, number | null>;
}

/**
 * The `dataset.json` coverage notes of the columns a provider does not provide, keyed
 * `player_seasons.<column>`.
 * @example notProvidedCoverageOf({ ...columns, punches: { notProvided: 'no punch event' } }, 'X')['player_seasons.punches'] // => 'not in X: null (no punch event)'
 */
export function notProvidedCoverageOf(
  columns: Readonly<Record<CountingColumn, ProviderColumn>>,
  provider: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of COUNTING_COLUMNS) {
    const how = columns[c];
    if ('notProvided' in how) out[`player_seasons.${c}`] = `not in ${provider}: null (${how.notProvided})`;
  }
  return out;
}
