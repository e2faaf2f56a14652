/**
 * The shape of everything derived at load from `player_seasons` (docs/design.md#data-model "Derived at load"):
 * one row per player-season, stored column-wise in typed arrays so hot loops read a column once.
 * Missing values are NaN in float columns (per-90 under 90 minutes, accuracy with no attempts,
 * a null counting total, percentiles where the value is missing or no cohort exists). Values and
 * percentiles are filled for all 24 metrics, also those outside the player's group (a card may
 * ask for any key); GROUP_METRICS says which ones a group reports.
 */
import type { PositionGroup } from '../model/schema.js';
import type { MetricKey } from './metrics.js';
import type { Role } from './roles.js';

/**
 * A cohort: same league × season × role (or × position group when the role cohort is too small),
 * players with at least `min_minutes` (docs/methodology/stats.md#roles).
 */
export interface Cohort {
  /** Index into `DerivedSeasons.cohorts`. */
  id: number;
  league_id: number;
  season_id: number;
  /** The position group; of a role cohort, the group its role belongs to (ROLE_GROUP). */
  position_group: PositionGroup;
  /** The role of a role cohort; null for a position-group cohort (the fallback). */
  role: Role | null;
  min_minutes: number;
  /** Number of qualifying player-seasons. */
  n: number;
}

/**
 * A provider metric (docs/scoring.md#provider-metrics) derived like our per-90 metrics: the same
 * 90-minute floor and the same cohort percentile rule.
 */
export interface ProviderDerived {
  /** The `player_seasons` column, e.g. `xg`; the per-90 key is `<key>_per90`. */
  key: string;
  label: string;
  lowerIsBetter: boolean;
  /** Season totals, NaN when the row has none. */
  totals: Float64Array;
  /** total × 90 / minutes; NaN under 90 minutes or without a total. */
  per90: Float64Array;
  /** Cohort percentile 0–100 of `per90` (inverted when lower is better), NaN where missing. */
  percentiles: Float64Array;
}

export interface DerivedSeasons {
  /** Number of player-season rows (same order as the `player_seasons` table). */
  n: number;
  player_id: Int32Array;
  season_id: Int32Array;
  league_id: Int32Array;
  team_id: Int32Array;
  /** Index into POSITION_GROUPS of the player's group. */
  group: Uint8Array;
  /** Index into ROLES of the player's role (docs/methodology/stats.md#roles). */
  role: Uint8Array;
  appearances: Int32Array;
  minutes: Float64Array;
  /** Metric values (per-90, accuracy %, rating). NaN when not computable. */
  values: Record<MetricKey, Float64Array>;
  /**
   * Cohort percentile 0–100 (integer), NaN when the value is missing or the row has no cohort.
   * Already inverted for lower-is-better metrics (goals_conceded_per90). Low-sample rows
   * (inCohort = 0) are ranked against their group's cohort without being part of it.
   */
  percentiles: Record<MetricKey, Float64Array>;
  /** Cohort the row is ranked against (its own, or its group's cohort when it has too few minutes). -1 when none exists. */
  cohort: Int32Array;
  /** 1 when the row itself met the cohort's minutes threshold, 0 when it is a low-sample row. */
  inCohort: Uint8Array;
  /** 1 when `values.rating` is the provider's rating, 0 when it is the model rating. */
  ratingIsProvider: Uint8Array;
  cohorts: Cohort[];
  /** Provider metrics declared by the dataset, in declaration order; absent or empty when none. */
  provider?: ProviderDerived[];
  /**
   * The percentiles and ratings ranked cohort by cohort as they are asked for (cohort-ranks.ts),
   * when derived by deriveSeasons: read one row through {@link percentileAt} and {@link ratingAt}
   * to rank only its cohort; reading `percentiles[key]` or `values.rating` whole ranks them all.
   */
  ranks?: RowRanks;
}

/** Percentiles and ratings one row at a time (what cohort-ranks.ts's CohortRanks offers). */
export interface RowRanks {
  /** Whether every cohort is ranked (the whole columns are filled). */
  readonly isComplete: boolean;
  percentileAt(key: MetricKey, row: number): number;
  ratingAt(row: number): number;
  /** A keeper's save-share percentile in his cohort (NaN when missing or not a keeper's cohort). */
  saveSharePercentileAt(row: number): number;
}

/**
 * Percentile of one row (NaN when missing): ranks only the row's cohort while the columns have not
 * been read whole (a report about one player does not pay for the whole table).
 * @example percentileAt(derived, 'goals_per90', row) === derived.percentiles.goals_per90[row] // => true
 */
export function percentileAt(d: DerivedSeasons, key: MetricKey, row: number): number {
  return d.ranks && !d.ranks.isComplete ? d.ranks.percentileAt(key, row) : d.percentiles[key][row];
}

/**
 * Rating of one row (the provider's, else the model rating; NaN when neither), ranking only its cohort.
 * @example ratingAt(derived, row) === derived.values.rating[row] // => true
 */
export function ratingAt(d: DerivedSeasons, row: number): number {
  return d.ranks && !d.ranks.isComplete ? d.ranks.ratingAt(row) : d.values.rating[row];
}

/**
 * A goalkeeper's save-share percentile (save-share.ts) in his cohort, the facet of his rating that
 * is his own shot stopping; NaN when unknown or when the table was not derived with cohort ranks.
 * @example saveSharePercentileAt(derived, keeperRow) // => 97
 */
export function saveSharePercentileAt(d: DerivedSeasons, row: number): number {
  return d.ranks ? d.ranks.saveSharePercentileAt(row) : Number.NaN;
}

/**
 * Value of one metric in one row (NaN when not computable); the rating through {@link ratingAt}.
 * @example valueAt(derived, 'goals_per90', row) === derived.values.goals_per90[row] // => true
 */
export function valueAt(d: DerivedSeasons, key: MetricKey, row: number): number {
  return key === 'rating' ? ratingAt(d, row) : d.values[key][row];
}
