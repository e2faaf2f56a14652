/**
 * The model rating used where the provider gave none (docs/design.md#statistics, docs/methodology/stats.md#model-rating).
 */
import type { MetricKey } from './metrics.js';
import type { Role } from './roles.js';

/** Model rating of a player at the 0th composite percentile (docs/methodology/stats.md#model-rating). */
export const MODEL_RATING_MIN = 5.0;
/** Model rating of a player at the 100th composite percentile (docs/methodology/stats.md#model-rating). */
export const MODEL_RATING_MAX = 9.5;

// Kept literal (satisfies, not an annotation) so the compiler knows which metrics some role weighs.
// Event values (xg_per90, xa_per90, xt_per90, progressive_*_per90) and possession-adjusted
// defending (*_padj_per90) plug in here with one line each where a role should weigh them.
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
    passes_per90: 0.15,
    interceptions_per90: 0.1,
    duels_won_per90: 0.1,
    tackles_per90: 0.05,
    clearances_per90: 0.05,
    shots_blocked_per90: 0.025,
    long_balls_per90: 0.025,
  },
  full_back: {
    goals_conceded_per90: 0.15,
    passes_per90: 0.15,
    key_passes_per90: 0.15,
    pass_accuracy_pct: 0.1,
    assists_per90: 0.1,
    interceptions_per90: 0.1,
    tackles_per90: 0.05,
    cross_accuracy_pct: 0.05,
    dribbles_per90: 0.05,
    duels_won_per90: 0.05,
    ball_recovery_per90: 0.05,
  },
  midfielder: {
    passes_per90: 0.15,
    pass_accuracy_pct: 0.15,
    key_passes_per90: 0.15,
    goals_conceded_per90: 0.1,
    interceptions_per90: 0.1,
    ball_recovery_per90: 0.1,
    tackles_per90: 0.05,
    assists_per90: 0.05,
    goals_per90: 0.05,
    duels_won_per90: 0.05,
    dribbles_per90: 0.05,
  },
  attacking_midfielder: {
    goals_per90: 0.2,
    assists_per90: 0.15,
    key_passes_per90: 0.15,
    dribbles_per90: 0.15,
    big_chances_per90: 0.1,
    shots_on_target_per90: 0.1,
    passes_per90: 0.05,
    pass_accuracy_pct: 0.05,
    cross_accuracy_pct: 0.05,
  },
  striker: {
    goals_per90: 0.35,
    shots_on_target_per90: 0.15,
    big_chances_per90: 0.15,
    assists_per90: 0.1,
    key_passes_per90: 0.05,
    aerials_won_per90: 0.05,
    duels_won_per90: 0.05,
    dribbles_per90: 0.05,
    shots_per90: 0.05,
  },
} as const satisfies Record<Role, Partial<Record<MetricKey, number>>>;

/**
 * Weights of each role's percentiles (ranked in the role cohort) in the model rating; each role's
 * weights sum to 1. Metrics a role leaves out weigh 0 for it: they describe style more than how
 * well he does his job. goals_conceded enters with its inverted percentile, so fewer goals conceded
 * while on the pitch raises the rating of keepers and defenders (docs/methodology/stats.md#model-rating).
 */
export const RATING_WEIGHTS: Record<Role, Partial<Record<MetricKey, number>>> = WEIGHTS;

/**
 * Metrics no role's model rating weighs, each with the reason (docs/methodology/stats.md#model-rating).
 * A new metric gets a weight in some role above (re-balancing that role to sum 1) or a line here;
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
  sca_per90: 'event value: null for season tables and the demo; the role-aware rating v2 decides its weight',
} as const satisfies Record<Exclude<MetricKey, { [R in Role]: keyof (typeof WEIGHTS)[R] }[Role]>, string>;

/**
 * The weighted mean of the role's percentiles (0–100), over the weighted metrics whose percentile
 * is known (missing ones drop out and the rest are re-weighted). NaN when none is known.
 * @example ratingComposite('goalkeeper', (k) => (k === 'saves_per90' ? 80 : k === 'goals_conceded_per90' ? 40 : NaN)) // => 52 ((0.15 × 80 + 0.35 × 40) / 0.5)
 */
export function ratingComposite(role: Role, percentileOf: (key: MetricKey) => number): number {
  let sum = 0;
  let weight = 0;
  for (const [key, w] of Object.entries(RATING_WEIGHTS[role]) as [MetricKey, number][]) {
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
 * The model rating of one player-season from his role's percentiles.
 * @example modelRating('goalkeeper', (k) => (k === 'saves_per90' ? 80 : k === 'goals_conceded_per90' ? 40 : NaN)) // => 7.34 (composite 52)
 */
export function modelRating(role: Role, percentileOf: (key: MetricKey) => number): number {
  return ratingFromComposite(ratingComposite(role, percentileOf));
}
