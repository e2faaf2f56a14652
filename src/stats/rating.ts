/**
 * The model rating used where the provider gave none (docs/design.md#statistics, docs/methodology/stats.md#model-rating).
 */
import { metricEntriesOf, type MetricKey } from './metrics.js';
import type { Role } from './roles.js';

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
    saves_per90: 0.1,
    pass_accuracy_pct: 0.1,
    passes_per90: 0.05,
    long_balls_per90: 0.025,
    punches_per90: 0.025,
  },
  centre_back: {
    goals_conceded_per90: 0.2,
    aerials_won_per90: 0.15,
    pass_accuracy_pct: 0.15,
    passes_per90: 0.1,
    progressive_passes_per90: 0.05,
    interceptions_padj_per90: 0.1,
    duels_won_per90: 0.1,
    tackles_padj_per90: 0.05,
    clearances_padj_per90: 0.05,
    shots_blocked_padj_per90: 0.025,
    long_balls_per90: 0.025,
  },
  full_back: {
    goals_conceded_per90: 0.15,
    passes_per90: 0.1,
    progressive_passes_per90: 0.05,
    key_passes_per90: 0.1,
    xt_per90: 0.05,
    pass_accuracy_pct: 0.1,
    assists_per90: 0.05,
    xa_per90: 0.05,
    interceptions_padj_per90: 0.1,
    tackles_padj_per90: 0.05,
    cross_accuracy_pct: 0.05,
    dribbles_per90: 0.025,
    progressive_carries_per90: 0.025,
    duels_won_per90: 0.05,
    ball_recovery_padj_per90: 0.05,
  },
  midfielder: {
    passes_per90: 0.1,
    progressive_passes_per90: 0.05,
    pass_accuracy_pct: 0.15,
    key_passes_per90: 0.1,
    xt_per90: 0.05,
    goals_conceded_per90: 0.1,
    interceptions_padj_per90: 0.1,
    ball_recovery_padj_per90: 0.1,
    tackles_padj_per90: 0.05,
    assists_per90: 0.025,
    xa_per90: 0.025,
    goals_per90: 0.025,
    npxg_per90: 0.025,
    duels_won_per90: 0.05,
    dribbles_per90: 0.025,
    progressive_carries_per90: 0.025,
  },
  attacking_midfielder: {
    goals_per90: 0.1,
    npxg_per90: 0.1,
    assists_per90: 0.075,
    xa_per90: 0.075,
    key_passes_per90: 0.1,
    xt_per90: 0.05,
    dribbles_per90: 0.1,
    progressive_carries_per90: 0.05,
    big_chances_per90: 0.05,
    passes_into_box_per90: 0.05,
    shots_on_target_per90: 0.1,
    passes_per90: 0.05,
    pass_accuracy_pct: 0.05,
    cross_accuracy_pct: 0.05,
  },
  striker: {
    goals_per90: 0.2,
    npxg_per90: 0.15,
    shots_on_target_per90: 0.15,
    big_chances_per90: 0.15,
    assists_per90: 0.05,
    xa_per90: 0.05,
    key_passes_per90: 0.05,
    aerials_won_per90: 0.05,
    duels_won_per90: 0.05,
    dribbles_per90: 0.05,
    shots_per90: 0.05,
  },
} as const satisfies Record<Role, Partial<Record<MetricKey, number>>>;

/**
 * The classic metric that carries an event value's or PAdj metric's weight for a row that lacks it
 * (season tables, the demo, a provider without possession): the same job measured the older way.
 * Raw defending stands in for its possession-adjusted value, goals for npxG, assists for xA, key
 * passes for xT, passes for progressive passes, dribbles for progressive carries, big chances for
 * passes into the box (docs/methodology/stats.md#model-rating).
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
 * weights sum to 1. Metrics a role leaves out weigh 0 for it: they describe style more than how
 * well he does his job. goals_conceded enters with its inverted percentile, so fewer goals conceded
 * while on the pitch raises the rating of keepers and defenders (docs/methodology/stats.md#model-rating).
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

/** The role's weighted metrics with their weights, in RATING_WEIGHTS order. */
const weightsOf = (role: Role): [MetricKey, number][] => metricEntriesOf(RATING_WEIGHTS[role]);

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
  for (const [key] of weightsOf(role)) {
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
  let sum = 0;
  let weight = 0;
  for (const [key, w] of weightsOf(role)) {
    const r = ratedPercentileOf(key, percentileOf);
    if (r === null) continue;
    sum += w * r.percentile;
    weight += w;
  }
  return weight > 0 ? sum / weight : NaN;
}

/**
 * Share of the model rating taken by the on-pitch goal difference (plus-minus) percentile where
 * the dataset has it (event data): a fifth from the score while he played, four fifths from what
 * he did. Chosen on the Premier League 2017/18 alone, where 0.1–0.25 all ranked the teams alike;
 * the other three leagues are held out (docs/methodology/stats.md#on-pitch-goal-difference).
 */
export const ON_PITCH_WEIGHT = 0.15;

/**
 * The rating composite with the on-pitch goal difference percentile blended in at ON_PITCH_WEIGHT;
 * the composite alone when that percentile is unknown (season tables, the demo).
 * @example withOnPitch(60, 80) // => 63
 */
export function withOnPitch(composite: number, onPitchPercentile: number): number {
  if (Number.isNaN(onPitchPercentile) || Number.isNaN(composite)) return composite;
  return (1 - ON_PITCH_WEIGHT) * composite + ON_PITCH_WEIGHT * onPitchPercentile;
}

/**
 * Maps a composite percentile (0–100) linearly to the rating scale 5.0–9.5:
 * `5.0 + 4.5 × composite / 100`. NaN stays NaN.
 * @example ratingFromComposite(60) // => 7.7
 */
export function ratingFromComposite(composite: number): number {
  return MODEL_RATING_MIN + ((MODEL_RATING_MAX - MODEL_RATING_MIN) * composite) / 100;
}

/**
 * The model rating of one player-season from his role's percentiles.
 * @example modelRating('goalkeeper', (k) => (k === 'saves_per90' ? 80 : k === 'goals_conceded_per90' ? 40 : NaN)) // => 7.16 (composite 48)
 */
export function modelRating(role: Role, percentileOf: (key: MetricKey) => number): number {
  return ratingFromComposite(ratingComposite(role, percentileOf));
}
