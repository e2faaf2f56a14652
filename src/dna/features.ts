/**
 * The style features of each position group: which per-90 (and accuracy) metrics make up a DNA
 * vector, where each sits in the vector and how much it weighs (docs/design.md#dna-and-similarity,
 * docs/methodology/dna.md#features).
 */
import type { PositionGroup } from '../model/schema.js';
import type { MetricKey } from '../stats/metrics.js';

/** One style feature: a metric and its weight in the DNA vector. */
export interface StyleFeature {
  metric: MetricKey;
  /** Multiplier applied to the metric's z-score before L2 normalisation (1 = full weight). */
  weight: number;
}

/**
 * Length of every DNA vector, whatever the group (docs/methodology/dna.md#features). Each group's
 * features fill the first slots in order and the rest stay 0, so one contiguous matrix holds every
 * group; slot i means a different metric in each group, which is why search compares within a
 * group by default. 16 floats = 64 bytes, one cache line per vector.
 */
export const DNA_DIMS = 16;

// Kept literal (satisfies, not an annotation) so the compiler knows which metrics are features.
const FEATURES = {
  goalkeeper: [
    { metric: 'saves_per90', weight: 1 },
    { metric: 'cleansheets_per90', weight: 0.5 },
    { metric: 'goals_conceded_per90', weight: 0.5 },
    { metric: 'punches_per90', weight: 1 },
    { metric: 'long_balls_per90', weight: 1 },
    { metric: 'pass_accuracy_pct', weight: 0.75 },
    { metric: 'passes_per90', weight: 1 },
  ],
  defender: [
    { metric: 'tackles_per90', weight: 1 },
    { metric: 'interceptions_per90', weight: 1 },
    { metric: 'clearances_per90', weight: 1 },
    { metric: 'aerials_won_per90', weight: 1 },
    { metric: 'shots_blocked_per90', weight: 0.75 },
    { metric: 'duels_won_per90', weight: 0.75 },
    { metric: 'ball_recovery_per90', weight: 0.75 },
    { metric: 'passes_per90', weight: 1 },
    { metric: 'pass_accuracy_pct', weight: 0.5 },
    { metric: 'long_balls_per90', weight: 1 },
    { metric: 'crosses_per90', weight: 1 },
    { metric: 'key_passes_per90', weight: 1 },
  ],
  midfielder: [
    { metric: 'key_passes_per90', weight: 1 },
    { metric: 'passes_per90', weight: 1 },
    { metric: 'pass_accuracy_pct', weight: 0.5 },
    { metric: 'long_balls_per90', weight: 0.75 },
    { metric: 'tackles_per90', weight: 1 },
    { metric: 'interceptions_per90', weight: 1 },
    { metric: 'ball_recovery_per90', weight: 0.75 },
    { metric: 'duels_won_per90', weight: 0.75 },
    { metric: 'dribbles_per90', weight: 1 },
    { metric: 'assists_per90', weight: 0.75 },
    { metric: 'goals_per90', weight: 1 },
    { metric: 'shots_per90', weight: 1 },
    { metric: 'big_chances_per90', weight: 0.75 },
  ],
  attacker: [
    { metric: 'goals_per90', weight: 1 },
    { metric: 'assists_per90', weight: 0.75 },
    { metric: 'shots_per90', weight: 1 },
    { metric: 'shots_on_target_per90', weight: 0.5 },
    { metric: 'big_chances_per90', weight: 0.75 },
    { metric: 'key_passes_per90', weight: 1 },
    { metric: 'dribbles_per90', weight: 1 },
    { metric: 'crosses_per90', weight: 1 },
    { metric: 'cross_accuracy_pct', weight: 0.5 },
    { metric: 'aerials_won_per90', weight: 1 },
    { metric: 'duels_won_per90', weight: 0.75 },
  ],
} as const satisfies Record<PositionGroup, readonly StyleFeature[]>;

/**
 * Style features per group (docs/methodology/dna.md#features): the group's metrics of docs/design.md#data-model
 * without `rating` (quality, not style). Weights below 1 damp metrics that mostly repeat another
 * feature (shots on target ~ shots) or measure the team more than the player (clean sheets,
 * goals conceded, accuracy percentages).
 */
export const STYLE_FEATURES: Record<PositionGroup, readonly StyleFeature[]> = FEATURES;

/**
 * Metrics in no group's DNA vector, each with the reason (docs/methodology/dna.md#features). A new
 * metric becomes a feature of some group above (within DNA_DIMS slots) or gets a line here; tsc names
 * any metric that has neither.
 */
export const NOT_STYLE_FEATURES = {
  rating: 'quality, not style (docs/design.md#dna-and-similarity)',
  progressive_passes_per90: 'event value, null outside event datasets: a stats-only DNA must not depend on it',
  progressive_carries_per90: 'event value, null outside event datasets: a stats-only DNA must not depend on it',
  passes_into_final_third_per90: 'event value, null outside event datasets: a stats-only DNA must not depend on it',
  passes_into_box_per90: 'event value, null outside event datasets: a stats-only DNA must not depend on it',
  xg_per90: 'event value, null outside event datasets: a stats-only DNA must not depend on it',
  npxg_per90: 'event value, null outside event datasets: a stats-only DNA must not depend on it',
  xa_per90: 'event value, null outside event datasets: a stats-only DNA must not depend on it',
  xt_per90: 'event value, null outside event datasets: a stats-only DNA must not depend on it',
  tackles_padj_per90: 'event value, null outside event datasets: a stats-only DNA must not depend on it',
  interceptions_padj_per90: 'event value, null outside event datasets: a stats-only DNA must not depend on it',
  clearances_padj_per90: 'event value, null outside event datasets: a stats-only DNA must not depend on it',
  shots_blocked_padj_per90: 'event value, null outside event datasets: a stats-only DNA must not depend on it',
  ball_recovery_padj_per90: 'event value, null outside event datasets: a stats-only DNA must not depend on it',
  sca_per90: 'event value, null outside event datasets: a stats-only DNA must not depend on it',
} as const satisfies Record<Exclude<MetricKey, (typeof FEATURES)[PositionGroup][number]['metric']>, string>;

/**
 * The vector slot of `metric` in `group`'s DNA vector, or -1 when it is not one of the group's
 * style features.
 * @example featureSlotOf('attacker', 'shots_per90') // => 2
 * @example featureSlotOf('goalkeeper', 'goals_per90') // => -1
 */
export function featureSlotOf(group: PositionGroup, metric: MetricKey): number {
  return STYLE_FEATURES[group].findIndex((f) => f.metric === metric);
}
