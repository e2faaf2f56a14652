/**
 * Cohort percentiles and ratings of every derived row (docs/methodology/stats.md#percentiles,
 * docs/methodology/stats.md#model-rating): every metric ranked in each row's chosen cohort, then
 * the rating built from the percentiles of the row's role.
 */
import { CohortRanker } from './cohort-ranker.js';
import type { CohortAssignment } from './cohorts.js';
import { METRIC_KEYS, METRICS, type MetricKey } from './metrics.js';
import { PER90_MINUTES_MIN } from './per90.js';
import { normalScoreOf, RATING_WEIGHTS, ratingFromScore, roleScoreOf, standInOf } from './rating.js';
import { saveShareColumn } from './save-share.js';
import { ROLES } from './roles.js';

/** What {@link CohortRanks} ranks: the values, the cohort choice and what a rating is built from. */
export interface RankInputs {
  /** Values of the 23 computed metrics (everything but `rating`). */
  values: Omit<Record<MetricKey, Float64Array>, 'rating'>;
  /** The values a metric is ranked by (a ratio on too few attempts is left out). */
  rankable: (key: MetricKey) => Float64Array;
  byRole: CohortAssignment;
  byGroup: CohortAssignment;
  /** Each row's chosen cohort: a role cohort id, or the role cohorts' count + a group cohort id; -1 when none. */
  cohort: Int32Array;
  /** 1 when the row is ranked in its group's cohort (its role cohort is too small or missing). */
  fallback: Uint8Array;
  /** Index into ROLES of each row's role. */
  role: Uint8Array;
  minutes: Float64Array;
  /** The provider's rating, NaN where it has none. */
  providerRating: Float64Array;
  /** On-pitch goal difference per 90 (on-pitch.ts), null when the dataset has no events. */
  onPitch: Float64Array | null;
}

const RANKED_KEYS = METRIC_KEYS.filter((k) => k !== 'rating');

/**
 * Per role: the weighted metrics, the metric standing in for each when a row lacks it
 * (RATING_STAND_INS, null when none) and their weights, in RATING_WEIGHTS key order (the order
 * ratingComposite() sums in).
 */
const ROLE_WEIGHTS = ROLES.map((r) => {
  const keys: MetricKey[] = [];
  const standIns: (MetricKey | null)[] = [];
  const weights: number[] = [];
  for (const key of Object.keys(RATING_WEIGHTS[r])) {
    const weight = isMetricKey(key) ? RATING_WEIGHTS[r][key] : undefined;
    if (!isMetricKey(key) || weight === undefined) continue;
    keys.push(key);
    standIns.push(standInOf(key));
    weights.push(weight);
  }
  return { keys, standIns, weights };
});

function isMetricKey(key: string): key is MetricKey {
  return key in METRICS;
}

/** The percentile and rating columns of a derived table, every cohort ranked on construction. */
export class CohortRanks {
  /** Percentile columns (NaN where missing). */
  readonly percentiles: Record<MetricKey, Float64Array>;
  /** Rating column: the provider's, else the model rating. */
  readonly rating: Float64Array;
  readonly ratingIsProvider: Uint8Array;
  /** Cohort percentile of the on-pitch goal difference (NaN where missing), a facet of the rating. */
  readonly onPitchPercentiles: Float64Array;
  /** Cohort percentile of the save share (save-share.ts; NaN where missing), a facet of a keeper's rating. */
  readonly saveSharePercentiles: Float64Array;
  private readonly inputs: RankInputs;
  private readonly role: CohortRanker;
  private readonly group: CohortRanker | null;

  constructor(inputs: RankInputs) {
    const n = inputs.cohort.length;
    this.inputs = inputs;
    this.role = new CohortRanker(inputs.byRole.cohort, inputs.byRole.inCohort, inputs.byRole.cohorts.length);
    this.group = inputs.fallback.includes(1)
      ? new CohortRanker(inputs.byGroup.cohort, inputs.byGroup.inCohort, inputs.byGroup.cohorts.length)
      : null;
    // cast: filled with every METRIC_KEYS key by the loops right below before anyone reads it.
    const percentiles = {} as Record<MetricKey, Float64Array>;
    for (const key of RANKED_KEYS) percentiles[key] = this.column(inputs.rankable(key), METRICS[key].lowerIsBetter);
    this.percentiles = percentiles;
    this.onPitchPercentiles = inputs.onPitch
      ? this.column(inputs.onPitch, false)
      : new Float64Array(n).fill(Number.NaN);
    const saveShare = saveShareColumn(inputs.values.saves_per90, inputs.values.goals_conceded_per90);
    this.saveSharePercentiles = this.column(saveShare, false);
    this.ratingIsProvider = new Uint8Array(n);
    for (let i = 0; i < n; i++) if (Number.isFinite(inputs.providerRating[i])) this.ratingIsProvider[i] = 1;
    this.rating = new Float64Array(n);
    for (let i = 0; i < n; i++) this.rating[i] = this.ratingOfRow(i);
    percentiles.rating = this.column(this.rating, false);
  }

  /**
   * Cohort percentiles of any other column (a provider metric), all rows at once: each row ranked
   * in its chosen cohort, NaN where the value or the cohort is missing.
   */
  column(values: Float64Array, lowerIsBetter: boolean): Float64Array {
    const out = new Float64Array(values.length);
    this.columnInto(values, lowerIsBetter, out);
    return out;
  }

  /** Each row's percentile in its chosen cohort: the role cohort's, or the group's for rows that fall back. */
  private columnInto(values: Float64Array, lowerIsBetter: boolean, out: Float64Array): void {
    out.fill(Number.NaN);
    this.role.percentilesInto(values, lowerIsBetter, out);
    if (!this.group) return;
    const byGroup = new Float64Array(values.length).fill(Number.NaN);
    this.group.percentilesInto(values, lowerIsBetter, byGroup);
    const { fallback } = this.inputs;
    for (let i = 0; i < out.length; i++) if (fallback[i]) out[i] = byGroup[i];
  }

  /**
   * The provider's rating of a row, else its model rating from its role's percentiles (rating.ts):
   * NaN when none is known or the row has under PER90_MINUTES_MIN minutes (then only ratios such
   * as pass accuracy exist, and one perfect ratio from a cameo would rate 9.5).
   */
  private ratingOfRow(i: number): number {
    const provider = this.inputs.providerRating[i];
    if (Number.isFinite(provider)) return provider;
    if (this.inputs.minutes[i] < PER90_MINUTES_MIN) return Number.NaN;
    const { keys, standIns, weights } = ROLE_WEIGHTS[this.inputs.role[i]];
    let sum = 0;
    let weight = 0;
    for (let k = 0; k < keys.length; k++) {
      let x = this.percentiles[keys[k]][i];
      // A missing event value reads its stand-in's percentile (ratedPercentileOf).
      const standIn = standIns[k];
      if (Number.isNaN(x) && standIn !== null) x = this.percentiles[standIn][i];
      if (Number.isNaN(x)) continue;
      sum += weights[k] * normalScoreOf(x);
      weight += weights[k];
    }
    const role = ROLES[this.inputs.role[i]];
    return weight > 0
      ? ratingFromScore(
          roleScoreOf(role, sum / weight, this.onPitchPercentiles[i], this.saveSharePercentiles[i]),
          this.inputs.minutes[i],
        )
      : Number.NaN;
  }
}
