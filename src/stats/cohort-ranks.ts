/**
 * Cohort percentiles and ratings of every derived row, computed on demand, a metric in a cohort
 * when first asked for there (docs/methodology/stats.md#implementation-and-performance). A cohort is
 * ranked by the same code either way, so both give the same numbers.
 */
import { CohortRanker } from './cohort-ranker.js';
import type { CohortAssignment } from './cohorts.js';
import type { RowRanks } from './derived.js';
import { METRIC_KEYS, METRICS, type MetricKey } from './metrics.js';
import { PER90_MINUTES_MIN } from './per90.js';
import { ratingFromScore, ratingScore, ratingWeightsOf, roleScoreOf, standInOf } from './rating.js';
import { saveShareColumn } from './save-share.js';
import { ROLES } from './roles.js';

/** What {@link CohortRanks} ranks: the values, the cohort choice and what a rating is built from. */
export interface RankInputs {
  /** Values of the 23 computed metrics (everything but `rating`). */
  values: Omit<Record<MetricKey, Float64Array>, 'rating'>;
  /** The values a metric is ranked by (a ratio on too few attempts is left out), built on first use. */
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
 * The columns ranked one cohort at a time, each when first read: every metric (its index in
 * METRIC_KEYS, the rating's being the rating percentiles) and the on-pitch facet after them.
 */
const SLOT_OF_KEY = new Map(METRIC_KEYS.map((key, i) => [key, i]));
const slotOf = (key: MetricKey): number => SLOT_OF_KEY.get(key)!;
const RATING_SLOT = slotOf('rating');
const ON_PITCH_SLOT = METRIC_KEYS.length;
const SAVE_SHARE_SLOT = ON_PITCH_SLOT + 1;
const RANK_SLOTS = SAVE_SHARE_SLOT + 1;
const GOALKEEPER = ROLES.indexOf('goalkeeper');

/** The percentile and rating columns of a derived table, filled cohort by cohort as they are asked for. */
export class CohortRanks implements RowRanks {
  /** Percentile columns (NaN where missing), complete only after {@link complete}. */
  readonly percentiles: Record<MetricKey, Float64Array>;
  /** Rating column (the provider's, else the model rating), complete only after {@link complete}. */
  readonly rating: Float64Array;
  readonly ratingIsProvider: Uint8Array;
  /** Cohort percentile of the on-pitch goal difference (NaN where missing), a facet of the rating. */
  readonly onPitchPercentiles: Float64Array;
  /** Cohort percentile of the save share (save-share.ts; NaN where missing), a facet of a keeper's rating. */
  readonly saveSharePercentiles: Float64Array;
  private readonly saveShare: Float64Array;
  private readonly inputs: RankInputs;
  private readonly role: CohortRanker;
  private readonly group: CohortRanker | null;
  private readonly offset: number;
  /** Per chosen cohort × {@link RANK_SLOTS}: 1 when that column is ranked in that cohort. */
  private readonly ranked: Uint8Array;
  /** Per chosen cohort: 1 when the ratings of its rows are computed. */
  private readonly rated: Uint8Array;
  private whole = false;

  constructor(inputs: RankInputs) {
    const n = inputs.cohort.length;
    this.inputs = inputs;
    this.role = new CohortRanker(inputs.byRole.cohort, inputs.byRole.inCohort, inputs.byRole.cohorts.length);
    this.group = inputs.fallback.includes(1)
      ? new CohortRanker(inputs.byGroup.cohort, inputs.byGroup.inCohort, inputs.byGroup.cohorts.length)
      : null;
    this.offset = inputs.byRole.cohorts.length;
    this.rated = new Uint8Array(this.offset + inputs.byGroup.cohorts.length);
    this.ranked = new Uint8Array(this.rated.length * RANK_SLOTS);
    // cast: filled with every METRIC_KEYS key by the loop right below before anyone reads it.
    const percentiles = {} as Record<MetricKey, Float64Array>;
    for (const key of METRIC_KEYS) percentiles[key] = new Float64Array(n).fill(Number.NaN);
    this.percentiles = percentiles;
    this.rating = new Float64Array(n).fill(Number.NaN);
    this.onPitchPercentiles = new Float64Array(n).fill(Number.NaN);
    this.saveSharePercentiles = new Float64Array(n).fill(Number.NaN);
    this.saveShare = saveShareColumn(inputs.values.saves_per90, inputs.values.goals_conceded_per90);
    this.ratingIsProvider = new Uint8Array(n);
    for (let i = 0; i < n; i++) if (Number.isFinite(inputs.providerRating[i])) this.ratingIsProvider[i] = 1;
  }

  /** Percentile of one row (NaN when missing), ranking only this metric in the row's cohort if it is not ranked yet. */
  percentileAt(key: MetricKey, row: number): number {
    const c = this.whole ? -1 : this.inputs.cohort[row];
    if (c >= 0) {
      if (key === 'rating') this.rankRatings(c);
      else this.rankMetric(c, key);
    }
    return this.percentiles[key][row];
  }

  /** Rating of one row (the provider's, else the model rating; NaN when neither exists). */
  ratingAt(row: number): number {
    if (this.whole) return this.rating[row];
    const c = this.inputs.cohort[row];
    if (c >= 0) this.rateCohort(c);
    else this.rating[row] = this.ratingOfRow(row);
    return this.rating[row];
  }

  /** A keeper's save-share percentile (NaN when missing), rating the row's cohort first. */
  saveSharePercentileAt(row: number): number {
    this.ratingAt(row);
    return this.saveSharePercentiles[row];
  }

  /** Whether every cohort is ranked. */
  get isComplete(): boolean {
    return this.whole;
  }

  /** Ranks every cohort (what reading a whole column needs). */
  complete(): void {
    if (this.whole) return;
    // Whole columns, metric by metric in table order (cache-friendly at a million rows); a cohort
    // ranked before gets the same numbers again.
    for (const key of RANKED_KEYS) {
      this.columnInto(this.inputs.rankable(key), METRICS[key].lowerIsBetter, this.percentiles[key]);
    }
    if (this.inputs.onPitch) this.columnInto(this.inputs.onPitch, false, this.onPitchPercentiles);
    this.columnInto(this.saveShare, false, this.saveSharePercentiles);
    for (let i = 0; i < this.rating.length; i++) this.rating[i] = this.ratingOfRow(i);
    this.columnInto(this.rating, false, this.percentiles.rating);
    this.whole = true;
  }

  /** The ranker of chosen cohort `c` and its index there. */
  private rankerOf(c: number): { ranker: CohortRanker | null; local: number } {
    return c >= this.offset ? { ranker: this.group, local: c - this.offset } : { ranker: this.role, local: c };
  }

  /**
   * Ranks one column (a metric, the on-pitch facet or the rating) in chosen cohort `c`, once. Only
   * the rows that chose this cohort take its percentiles (a group cohort also holds rows ranked by role).
   */
  private rankColumn(c: number, slot: number, values: Float64Array, lowerIsBetter: boolean, out: Float64Array): void {
    const flag = c * RANK_SLOTS + slot;
    if (this.ranked[flag]) return;
    const { ranker, local } = this.rankerOf(c);
    const { cohort } = this.inputs;
    ranker?.rankCohort(values, lowerIsBetter, local, out, (row) => cohort[row] === c);
    this.ranked[flag] = 1;
  }

  private rankMetric(c: number, key: MetricKey): void {
    this.rankColumn(c, slotOf(key), this.inputs.rankable(key), METRICS[key].lowerIsBetter, this.percentiles[key]);
  }

  /**
   * The ratings of the rows whose chosen cohort is `c`: first the percentiles they are built from
   * (the weighted metrics of the rows' roles, their stand-ins and the on-pitch facet), each ranked
   * in this cohort only.
   */
  private rateCohort(c: number): void {
    if (this.rated[c]) return;
    const { ranker, local } = this.rankerOf(c);
    if (!ranker) return;
    const { cohort, role, onPitch } = this.inputs;
    const rows = ranker.rowsOf(local);
    const roles = new Uint8Array(ROLES.length);
    // Indexed loops: this runs cold in a first answer, where for-of allocates an iterator result per row.
    for (let k = 0; k < rows.length; k++) if (cohort[rows[k]] === c) roles[role[rows[k]]] = 1;
    for (let r = 0; r < ROLES.length; r++) {
      if (!roles[r]) continue;
      for (const [key] of ratingWeightsOf(ROLES[r])) {
        this.rankMetric(c, key);
        const standIn = standInOf(key);
        if (standIn !== null) this.rankMetric(c, standIn);
      }
    }
    if (onPitch) this.rankColumn(c, ON_PITCH_SLOT, onPitch, false, this.onPitchPercentiles);
    if (roles[GOALKEEPER]) this.rankColumn(c, SAVE_SHARE_SLOT, this.saveShare, false, this.saveSharePercentiles);
    for (let k = 0; k < rows.length; k++) if (cohort[rows[k]] === c) this.rating[rows[k]] = this.ratingOfRow(rows[k]);
    this.rated[c] = 1;
  }

  /**
   * The rating percentiles of chosen cohort `c`. A group cohort ranks the ratings of members ranked
   * in their role cohorts too, so those are rated first.
   */
  private rankRatings(c: number): void {
    if (this.ranked[c * RANK_SLOTS + RATING_SLOT]) return;
    const { ranker, local } = this.rankerOf(c);
    const { cohort, fallback } = this.inputs;
    if (ranker && c >= this.offset) {
      const members = ranker.membersOf(local);
      for (let k = 0; k < members.length; k++)
        if (!fallback[members[k]] && cohort[members[k]] >= 0) this.rateCohort(cohort[members[k]]);
    }
    this.rateCohort(c);
    this.rankColumn(c, RATING_SLOT, this.rating, false, this.percentiles.rating);
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
    const role = ROLES[this.inputs.role[i]];
    const score = ratingScore(role, (key) => this.percentiles[key][i]);
    return Number.isNaN(score)
      ? Number.NaN
      : ratingFromScore(
          roleScoreOf(role, score, this.onPitchPercentiles[i], this.saveSharePercentiles[i]),
          this.inputs.minutes[i],
        );
  }
}
