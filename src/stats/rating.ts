/**
 * The model rating used where the provider gave none (docs/design.md#statistics, docs/methodology/stats.md#model-rating).
 */
import type { PositionGroup } from '../data/schema.js';
import type { MetricKey } from './metrics.js';

/** Model rating of a player at the 0th composite percentile (docs/methodology/stats.md#model-rating). */
export const MODEL_RATING_MIN = 5.0;
/** Model rating of a player at the 100th composite percentile (docs/methodology/stats.md#model-rating). */
export const MODEL_RATING_MAX = 9.5;

// Kept literal (satisfies, not an annotation) so the compiler knows which metrics some group weighs.
const WEIGHTS = {
  goalkeeper: {
    saves_per90: 0.3,
    goals_conceded_per90: 0.3,
    cleansheets_per90: 0.2,
    pass_accuracy_pct: 0.1,
    long_balls_per90: 0.05,
    punches_per90: 0.05,
  },
  defender: {
    tackles_per90: 0.15,
    interceptions_per90: 0.15,
    clearances_per90: 0.15,
    aerials_won_per90: 0.15,
    duels_won_per90: 0.1,
    ball_recovery_per90: 0.1,
    shots_blocked_per90: 0.05,
    pass_accuracy_pct: 0.05,
    passes_per90: 0.05,
    long_balls_per90: 0.05,
  },
  midfielder: {
    key_passes_per90: 0.15,
    passes_per90: 0.1,
    pass_accuracy_pct: 0.1,
    assists_per90: 0.1,
    goals_per90: 0.1,
    tackles_per90: 0.1,
    interceptions_per90: 0.1,
    ball_recovery_per90: 0.05,
    duels_won_per90: 0.05,
    dribbles_per90: 0.05,
    big_chances_per90: 0.05,
    long_balls_per90: 0.025,
    shots_per90: 0.025,
  },
  attacker: {
    goals_per90: 0.3,
    assists_per90: 0.15,
    shots_on_target_per90: 0.1,
    big_chances_per90: 0.1,
    key_passes_per90: 0.1,
    dribbles_per90: 0.1,
    shots_per90: 0.05,
    duels_won_per90: 0.05,
    aerials_won_per90: 0.025,
    cross_accuracy_pct: 0.025,
  },
} as const satisfies Record<PositionGroup, Partial<Record<MetricKey, number>>>;

/**
 * Weights of each group's percentiles in the model rating; each group's weights sum to 1. Metrics of
 * the group left out (e.g. a defender's crosses) weigh 0: they describe style more than quality.
 * goals_conceded enters with its inverted percentile, so fewer goals conceded raises the rating.
 * (docs/methodology/stats.md#model-rating)
 */
export const RATING_WEIGHTS: Record<PositionGroup, Partial<Record<MetricKey, number>>> = WEIGHTS;

/**
 * Metrics no group's model rating weighs, each with the reason (docs/methodology/stats.md#model-rating).
 * A new metric gets a weight in some group above (re-balancing that group to sum 1) or a line here;
 * tsc names any metric that has neither.
 */
export const UNRATED_METRICS = {
  rating: 'the rating itself: the model rating replaces it, it cannot feed it',
  crosses_per90: 'how often a player crosses is style; how well he crosses is cross_accuracy_pct',
  progressive_passes_per90:
    'event value: null for season tables and the demo; the role-aware rating v2 decides its weight',
  progressive_carries_per90:
    'event value: null for season tables and the demo; the role-aware rating v2 decides its weight',
  passes_into_final_third_per90:
    'event value: null for season tables and the demo; the role-aware rating v2 decides its weight',
  passes_into_box_per90:
    'event value: null for season tables and the demo; the role-aware rating v2 decides its weight',
  xg_per90: 'event value: null for season tables and the demo; the role-aware rating v2 decides its weight',
  npxg_per90: 'event value: null for season tables and the demo; the role-aware rating v2 decides its weight',
  xa_per90: 'event value: null for season tables and the demo; the role-aware rating v2 decides its weight',
  xt_per90: 'event value: null for season tables and the demo; the role-aware rating v2 decides its weight',
  tackles_padj_per90: 'event value: null for season tables and the demo; the role-aware rating v2 decides its weight',
  interceptions_padj_per90:
    'event value: null for season tables and the demo; the role-aware rating v2 decides its weight',
  clearances_padj_per90:
    'event value: null for season tables and the demo; the role-aware rating v2 decides its weight',
  shots_blocked_padj_per90:
    'event value: null for season tables and the demo; the role-aware rating v2 decides its weight',
  ball_recovery_padj_per90:
    'event value: null for season tables and the demo; the role-aware rating v2 decides its weight',
} as const satisfies Record<
  Exclude<MetricKey, { [G in PositionGroup]: keyof (typeof WEIGHTS)[G] }[PositionGroup]>,
  string
>;

/**
 * The weighted mean of the group's percentiles (0–100), over the weighted metrics whose percentile
 * is known (missing ones drop out and the rest are re-weighted). NaN when none is known.
 * @example ratingComposite('goalkeeper', (k) => (k === 'saves_per90' ? 80 : k === 'goals_conceded_per90' ? 40 : NaN)) // => 60
 */
export function ratingComposite(group: PositionGroup, percentileOf: (key: MetricKey) => number): number {
  let sum = 0;
  let weight = 0;
  for (const [key, w] of Object.entries(RATING_WEIGHTS[group]) as [MetricKey, number][]) {
    const p = percentileOf(key);
    if (Number.isNaN(p)) continue;
    sum += w * p;
    weight += w;
  }
  return weight > 0 ? sum / weight : NaN;
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
 * The model rating of one player-season from his group's percentiles.
 * @example modelRating('goalkeeper', (k) => (k === 'saves_per90' ? 80 : k === 'goals_conceded_per90' ? 40 : NaN)) // => 7.7
 */
export function modelRating(group: PositionGroup, percentileOf: (key: MetricKey) => number): number {
  return ratingFromComposite(ratingComposite(group, percentileOf));
}
