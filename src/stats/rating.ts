/**
 * The model rating used where the provider gave none (docs/design.md#statistics, docs/methodology/stats.md#model-rating).
 */
import { normalQuantile } from '../model/normal-quantile.js';
import { metricEntriesOf, type MetricKey } from './metrics.js';
import { ROLES, type Role } from './roles.js';

/** Model rating of a player at the 0th composite percentile (docs/methodology/stats.md#model-rating). */
export const MODEL_RATING_MIN = 5.0;
/** Model rating of a player at the 100th composite percentile (docs/methodology/stats.md#model-rating). */
export const MODEL_RATING_MAX = 9.5;

// Kept literal (satisfies, not an annotation) so the compiler knows which metrics some role weighs.
// An event value (xG, xA, xT, progression) and a possession-adjusted (PAdj) defending metric each
// take a share of the weight its classic counterpart had in v1; without it, RATING_STAND_INS hands
// the share back, so a season table is rated exactly as before (docs/methodology/stats.md#model-rating).
const WEIGHTS = {
  goalkeeper: {
    goals_conceded_per90: 0.4,
    cleansheets_per90: 0.3,
    saves_per90: 0.15,
    pass_accuracy_pct: 0.1,
    passes_per90: 0.05,
  },
  centre_back: {
    interceptions_padj_per90: 0.15,
    tackles_padj_per90: 0.1,
    clearances_padj_per90: 0.1,
    shots_blocked_padj_per90: 0.05,
    aerials_won_per90: 0.15,
    // Duels won is tackles won + aerials won + take-ons (docs/methodology/wyscout.md): for a
    // centre-back it counts his tackles and aerials a second time, raw, not adjusted for possession,
    // so it weighs little and his passing carries the rest.
    duels_won_per90: 0.05,
    progressive_passes_per90: 0.2,
    pass_accuracy_pct: 0.1,
    xt_per90: 0.05,
    goals_per90: 0.05,
  },
  full_back: {
    interceptions_padj_per90: 0.15,
    tackles_padj_per90: 0.15,
    duels_won_per90: 0.05,
    ball_recovery_padj_per90: 0.05,
    progressive_passes_per90: 0.1,
    // Take-ons stand in for carries where the provider has none, and duels won counts them too;
    // xT values his passes (and carries) by the danger they add rather than the distance.
    progressive_carries_per90: 0.05,
    xt_per90: 0.15,
    xa_per90: 0.15,
    assists_per90: 0.05,
    key_passes_per90: 0.05,
    goals_per90: 0.025,
    npxg_per90: 0.025,
  },
  midfielder: {
    progressive_passes_per90: 0.15,
    xt_per90: 0.15,
    progressive_carries_per90: 0.025,
    key_passes_per90: 0.05,
    xa_per90: 0.075,
    assists_per90: 0.05,
    goals_per90: 0.05,
    npxg_per90: 0.05,
    interceptions_padj_per90: 0.1,
    ball_recovery_padj_per90: 0.1,
    tackles_padj_per90: 0.1,
    duels_won_per90: 0.05,
    pass_accuracy_pct: 0.05,
  },
  attacking_midfielder: {
    goals_per90: 0.15,
    npxg_per90: 0.15,
    assists_per90: 0.125,
    xa_per90: 0.125,
    key_passes_per90: 0.1,
    xt_per90: 0.1,
    progressive_carries_per90: 0.1,
    dribbles_per90: 0.05,
    passes_into_box_per90: 0.05,
    shots_on_target_per90: 0.05,
  },
  striker: {
    goals_per90: 0.2,
    npxg_per90: 0.2,
    assists_per90: 0.1,
    xa_per90: 0.1,
    shots_on_target_per90: 0.1,
    big_chances_per90: 0.1,
    key_passes_per90: 0.05,
    xt_per90: 0.05,
    aerials_won_per90: 0.05,
    duels_won_per90: 0.05,
  },
} as const satisfies Record<Role, Partial<Record<MetricKey, number>>>;

/**
 * The classic metric that carries an event value's or PAdj metric's weight for a row that lacks it
 * (season tables, the demo, a provider without possession): the same job measured the older way
 * (docs/methodology/stats.md#model-rating).
 */
export const RATING_STAND_INS = {
  tackles_padj_per90: 'tackles_per90',
  interceptions_padj_per90: 'interceptions_per90',
  clearances_padj_per90: 'clearances_per90',
  shots_blocked_padj_per90: 'shots_blocked_per90',
  ball_recovery_padj_per90: 'ball_recovery_per90',
  npxg_per90: 'goals_per90',
  xa_per90: 'assists_per90',
  xt_per90: 'key_passes_per90',
  progressive_passes_per90: 'passes_per90',
  progressive_carries_per90: 'dribbles_per90',
  passes_into_box_per90: 'big_chances_per90',
} as const satisfies Partial<Record<MetricKey, MetricKey>>;

/**
 * Weights of each role's percentiles (ranked in the role cohort) in the model rating; each role's
 * weights sum to 1, and a metric a role leaves out weighs 0 (docs/methodology/stats.md#model-rating).
 */
export const RATING_WEIGHTS: Record<Role, Partial<Record<MetricKey, number>>> = WEIGHTS;

/**
 * Metrics no role's model rating weighs nor stands in with, each with the reason
 * (docs/methodology/stats.md#model-rating). A new metric gets a weight in some role above
 * (re-balancing that role to sum 1), a stand-in role, or a line here; tsc names any metric that has none.
 */
export const UNRATED_METRICS = {
  rating: 'the rating itself: the model rating replaces it, it cannot feed it',
  crosses_per90: 'how often a player crosses is style; how well he crosses is cross_accuracy_pct',
  xg_per90: "npxG is weighed instead: a penalty is the taker's by appointment, not a chance he made",
  passes_into_final_third_per90:
    'overlaps progressive passes (most passes into the final third are progressive); weighing both counts one act twice',
  sca_per90:
    'overlaps key passes, xA and dribbles (a shot-creating action is the pass or take-on before a shot); weighing it too counts one act twice',
  punches_per90: "punching rather than catching is a keeper's style, not how well he keeps goal",
  long_balls_per90:
    "how often a player goes long is his team's style; what his passing gains is progressive passes and xT",
  cross_accuracy_pct: 'a completion ratio on a handful of crosses rewards the safe cross; what crossing creates is xA',
  shots_per90: 'shot volume without quality; shots on target and npxG say what the shots were worth',
} as const satisfies Record<
  Exclude<
    MetricKey,
    { [R in Role]: keyof (typeof WEIGHTS)[R] }[Role] | (typeof RATING_STAND_INS)[keyof typeof RATING_STAND_INS]
  >,
  string
>;

const STAND_IN: Partial<Record<MetricKey, MetricKey>> = RATING_STAND_INS;

/**
 * The metric standing in for `key` in the rating when a row lacks it, or null.
 * @example standInOf('npxg_per90') // => 'goals_per90'
 */
export function standInOf(key: MetricKey): MetricKey | null {
  return STAND_IN[key] ?? null;
}

/**
 * The metric a row's rating reads for weighted metric `key`, with its percentile: `key` itself when
 * its percentile is known, else its stand-in's (RATING_STAND_INS), else null.
 * @example ratedPercentileOf('tackles_padj_per90', (k) => (k === 'tackles_per90' ? 70 : NaN)) // => { key: 'tackles_per90', percentile: 70 }
 */
export function ratedPercentileOf(
  key: MetricKey,
  percentileOf: (key: MetricKey) => number,
): { key: MetricKey; percentile: number } | null {
  const p = percentileOf(key);
  if (!Number.isNaN(p)) return { key, percentile: p };
  const standIn = standInOf(key);
  if (standIn === null) return null;
  const q = percentileOf(standIn);
  return Number.isNaN(q) ? null : { key: standIn, percentile: q };
}

const WEIGHT_ENTRIES = new Map(ROLES.map((role) => [role, metricEntriesOf(RATING_WEIGHTS[role])]));

/** The role's weighted metrics with their weights, in RATING_WEIGHTS order (the order a rating sums in). */
export const ratingWeightsOf = (role: Role): readonly [MetricKey, number][] => WEIGHT_ENTRIES.get(role) ?? [];

/**
 * The percentiles a role's rating reads, keyed by the metric actually read (a stand-in replaces a
 * missing event value); what verdicts judge and cite.
 * @example ratedPercentilesOf('striker', (k) => (k === 'goals_per90' ? 90 : NaN)) // => { goals_per90: 90 }
 */
export function ratedPercentilesOf(
  role: Role,
  percentileOf: (key: MetricKey) => number,
): Partial<Record<MetricKey, number>> {
  const out: Partial<Record<MetricKey, number>> = {};
  for (const [key] of ratingWeightsOf(role)) {
    const r = ratedPercentileOf(key, percentileOf);
    if (r) out[r.key] = r.percentile;
  }
  return out;
}

/**
 * The weighted mean of the role's percentiles (0–100), over the weighted metrics whose percentile
 * is known, a missing event value read through its stand-in (RATING_STAND_INS); metrics still
 * missing drop out and the rest are re-weighted. NaN when none is known.
 * @example ratingComposite('goalkeeper', (k) => (k === 'saves_per90' ? 80 : k === 'goals_conceded_per90' ? 40 : NaN)) // => 48 ((0.1 × 80 + 0.4 × 40) / 0.5)
 */
export function ratingComposite(role: Role, percentileOf: (key: MetricKey) => number): number {
  return weightedMeanOf(role, percentileOf, (p) => p);
}

/**
 * The weighted mean of `score(percentile)` over the role's weighted metrics whose percentile is
 * known (a missing one read through its stand-in); NaN when none is known.
 */
function weightedMeanOf(
  role: Role,
  percentileOf: (key: MetricKey) => number,
  score: (percentile: number) => number,
): number {
  let sum = 0;
  let weight = 0;
  for (const [key, w] of ratingWeightsOf(role)) {
    let p = percentileOf(key);
    const standIn = STAND_IN[key];
    if (Number.isNaN(p) && standIn !== undefined) p = percentileOf(standIn);
    if (Number.isNaN(p)) continue;
    sum += w * score(p);
    weight += w;
  }
  return weight > 0 ? sum / weight : NaN;
}

/**
 * Percentiles are read as normal scores between these bounds (docs/methodology/stats.md#model-rating):
 * a cohort's 0th and 100th percentile are its extremes, not infinitely far from the norm.
 */
export const NORMAL_SCORE_PERCENTILE_MIN = 0.5;
export const NORMAL_SCORE_PERCENTILE_MAX = 99.5;

/**
 * The standard normal quantile of a percentile (0–100), clamped to
 * NORMAL_SCORE_PERCENTILE_MIN–MAX: how many standard deviations above his cohort's norm a player
 * at that percentile stands, were the metric normal. NaN stays NaN. Acklam's rational
 * approximation (model/normal-quantile.ts).
 * @example normalScoreOf(50) // => 0
 * @example normalScoreOf(97.5) // => 1.96 (to 3 decimals)
 */
export function normalScoreOf(percentile: number): number {
  if (Number.isNaN(percentile)) return Number.NaN;
  const p = Math.min(NORMAL_SCORE_PERCENTILE_MAX, Math.max(NORMAL_SCORE_PERCENTILE_MIN, percentile)) / 100;
  return normalQuantile(p);
}

/**
 * The rating score of a role: the weighted mean of the normal scores of its percentiles
 * ({@link normalScoreOf}), over the weighted metrics whose percentile is known (a missing event
 * value read through its stand-in); NaN when none is known. Why normal scores:
 * docs/methodology/stats.md#model-rating.
 * @example ratingScore('striker', (k) => (k === 'goals_per90' ? 97.5 : k === 'npxg_per90' ? 50 : NaN)) // => 0.98 (to 2 decimals)
 */
export function ratingScore(role: Role, percentileOf: (key: MetricKey) => number): number {
  return weightedMeanOf(role, percentileOf, normalScoreOf);
}

/**
 * Share of the model rating taken by the on-pitch goal difference (plus-minus) where the dataset
 * has it (event data) (docs/methodology/stats.md#on-pitch-goal-difference).
 */
export const ON_PITCH_WEIGHT = 0.25;

/**
 * The rating score with the on-pitch goal difference blended in at ON_PITCH_WEIGHT, both as normal
 * scores; the score alone when the on-pitch percentile is unknown (season tables, the demo).
 * @example withOnPitch(1, 50) // => 0.85
 */
export function withOnPitch(score: number, onPitchPercentile: number): number {
  if (Number.isNaN(onPitchPercentile) || Number.isNaN(score)) return score;
  return (1 - ON_PITCH_WEIGHT) * score + ON_PITCH_WEIGHT * normalScoreOf(onPitchPercentile);
}

/**
 * Share of a goalkeeper's rating score taken by his save share (save-share.ts), the shots on target
 * he kept out (docs/methodology/stats.md#model-rating).
 */
export const KEEPER_SAVE_SHARE_WEIGHT = 0.5;

/**
 * A keeper's rating score with his save-share percentile blended in at KEEPER_SAVE_SHARE_WEIGHT,
 * both as normal scores; the score alone when the save share is unknown.
 * @example withSaveShare(1, 50) // => 0.5
 */
export function withSaveShare(score: number, saveSharePercentile: number): number {
  if (Number.isNaN(saveSharePercentile)) return score;
  if (Number.isNaN(score)) return normalScoreOf(saveSharePercentile);
  return (1 - KEEPER_SAVE_SHARE_WEIGHT) * score + KEEPER_SAVE_SHARE_WEIGHT * normalScoreOf(saveSharePercentile);
}

/**
 * Minutes of evidence that count as much as the role's norm: a score is shrunk toward the norm by
 * `minutes / (minutes + RATING_PRIOR_MINUTES)` (docs/methodology/stats.md#model-rating).
 */
export const RATING_PRIOR_MINUTES = 270;
/** The rating of a player at his role's norm (a rating score of 0). */
export const RATING_NORM = 7.25;
/** Rating points per standard deviation of the rating score (docs/methodology/stats.md#model-rating). */
export const RATING_PER_SD = 1.5;

/**
 * Maps a rating score (normal-score units) to the rating scale: shrunk toward the norm for the
 * sample (RATING_PRIOR_MINUTES), then `RATING_NORM + RATING_PER_SD × score`, clamped to
 * MODEL_RATING_MIN–MAX. Without minutes no shrinkage. NaN stays NaN.
 * @example ratingFromScore(1) // => 8.75
 * @example ratingFromScore(1, 270) // => 8 (half the evidence: half the distance from the norm)
 */
export function ratingFromScore(score: number, minutes = Number.POSITIVE_INFINITY): number {
  if (Number.isNaN(score)) return Number.NaN;
  const shrink = Number.isFinite(minutes) ? Math.max(0, minutes) / (Math.max(0, minutes) + RATING_PRIOR_MINUTES) : 1;
  const rating = RATING_NORM + RATING_PER_SD * score * shrink;
  return Math.min(MODEL_RATING_MAX, Math.max(MODEL_RATING_MIN, rating));
}

/**
 * The model rating of one player-season from his role's percentiles, the on-pitch goal difference
 * percentile (NaN when unknown), his minutes (no shrinkage when omitted) and, for a goalkeeper,
 * his save-share percentile (NaN when unknown).
 * @example modelRating('striker', (k) => (k === 'goals_per90' ? 97.5 : k === 'npxg_per90' ? 50 : NaN)) // => 8.72 (to 2 decimals)
 */
export function modelRating(
  role: Role,
  percentileOf: (key: MetricKey) => number,
  onPitchPercentile = Number.NaN,
  minutes = Number.POSITIVE_INFINITY,
  saveSharePercentile = Number.NaN,
): number {
  return ratingFromScore(
    roleScoreOf(role, ratingScore(role, percentileOf), onPitchPercentile, saveSharePercentile),
    minutes,
  );
}

/**
 * A row's full rating score from its metric score: a keeper's with his save share blended in
 * ({@link withSaveShare}), an outfield player's with the on-pitch goal difference
 * ({@link withOnPitch}); why a keeper takes no on-pitch share: docs/methodology/stats.md#model-rating.
 */
export function roleScoreOf(
  role: Role,
  metricScore: number,
  onPitchPercentile: number,
  saveSharePercentile: number,
): number {
  if (role === 'goalkeeper') return withSaveShare(metricScore, saveSharePercentile);
  return withOnPitch(metricScore, onPitchPercentile);
}

/**
 * The rating as a share of its scale, 0–100: `100 × (rating − MODEL_RATING_MIN) / (MODEL_RATING_MAX
 * − MODEL_RATING_MIN)`, clamped; what the Best XI and the cards read as quality
 * (docs/methodology/bestxi.md#season-score). NaN stays NaN.
 * @example ratingShareOf(7.25) // => 50
 */
export function ratingShareOf(rating: number): number {
  if (Number.isNaN(rating)) return Number.NaN;
  return Math.min(100, Math.max(0, (100 * (rating - MODEL_RATING_MIN)) / (MODEL_RATING_MAX - MODEL_RATING_MIN)));
}
