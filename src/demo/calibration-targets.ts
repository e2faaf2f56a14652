/**
 * The generator's calibration targets: per-90 quantiles (p10, p50, p90) by position group from
 * Table B of docs/methodology/demo-data.md#calibration (StatsBomb open data, Premier League
 * 2015/16, 318 matches, players with ≥ 180 minutes). Only quantiles are used; no StatsBomb data is
 * shipped. Also which counting column each generated metric fills, and which columns stay null:
 * what the generator decides about a metric is in this one file.
 */
import type { MetricKey } from '../stats/metrics.js';
import { POSITION_GROUPS, type PositionGroup, type CountingColumn } from '../model/schema.js';
import { recordOf } from '../model/record-of.js';

/** The metrics of docs/design.md#data-model that Table B covers, by their metric key. */
export const CALIBRATED_METRICS = [
  'goals_per90',
  'assists_per90',
  'shots_per90',
  'shots_on_target_per90',
  'key_passes_per90',
  'big_chances_per90',
  'passes_per90',
  'pass_accuracy_pct',
  'long_balls_per90',
  'crosses_per90',
  'cross_accuracy_pct',
  'dribbles_per90',
  'tackles_per90',
  'interceptions_per90',
  'clearances_per90',
  'shots_blocked_per90',
  'aerials_won_per90',
  'duels_won_per90',
  'ball_recovery_per90',
  'saves_per90',
  'punches_per90',
  'goals_conceded_per90',
  'cleansheets_per90',
] as const;
/** Why an event value has no calibration target. */
const NO_TARGET = 'event value: Table B has no target for it; the demo leaves its column null';
/** Why the generator leaves an event value's column null. */
const NO_EVENTS = 'event value: the demo universe has no events to compute it from (null, as for season tables)';

/**
 * Metrics the generator does not calibrate, each with the reason. A new metric goes into
 * CALIBRATED_METRICS (with targets in TABLE_B_ROWS and a counting column in COLUMN) or here;
 * tsc names any metric that is neither. (Type-only import of stats: it vanishes at run time.)
 */
export const UNCALIBRATED_METRICS = {
  rating: 'the provider rating is drawn from ability and output (market-values.ts), not from Table B',
  progressive_passes_per90: NO_TARGET,
  progressive_carries_per90: NO_TARGET,
  passes_into_final_third_per90: NO_TARGET,
  passes_into_box_per90: NO_TARGET,
  xg_per90: NO_TARGET,
  npxg_per90: NO_TARGET,
  xa_per90: NO_TARGET,
  xt_per90: NO_TARGET,
  tackles_padj_per90: NO_TARGET,
  interceptions_padj_per90: NO_TARGET,
  clearances_padj_per90: NO_TARGET,
  shots_blocked_padj_per90: NO_TARGET,
  ball_recovery_padj_per90: NO_TARGET,
  sca_per90: NO_TARGET,
} as const satisfies Record<Exclude<MetricKey, (typeof CALIBRATED_METRICS)[number]>, string>;

/** One of {@link CALIBRATED_METRICS}. */
export type CalibratedMetric = (typeof CALIBRATED_METRICS)[number];

/** [p10, p50, p90]; null where Table B has no qualifying players (goalkeepers' cross accuracy). */
export type Triple = readonly [number, number, number];

/** Table B, one metric a line: [p10, p50, p90] of goalkeepers, defenders, midfielders and attackers. */
// biome-ignore format: one metric per line reads as Table B
const TABLE_B_ROWS: Record<CalibratedMetric, readonly [Triple | null, Triple, Triple, Triple]> = {
  goals_per90: [[0, 0, 0], [0, 0, 0.12], [0, 0.06, 0.25], [0, 0.29, 0.57]],
  assists_per90: [[0, 0, 0], [0, 0, 0.14], [0, 0.05, 0.28], [0, 0.1, 0.33]],
  shots_per90: [[0, 0, 0], [0.15, 0.49, 0.91], [0.49, 1.22, 2.58], [1.19, 2.42, 3.77]],
  shots_on_target_per90: [[0, 0, 0], [0, 0.12, 0.32], [0, 0.34, 0.81], [0.38, 0.85, 1.5]],
  key_passes_per90: [[0, 0, 0.08], [0, 0.36, 1.01], [0.31, 1.04, 2.09], [0.59, 1.1, 2.19]],
  big_chances_per90: [[0, 0, 0], [0, 0, 0.07], [0, 0, 0.22], [0, 0.17, 0.45]],
  passes_per90: [[25.5, 29.9, 33.1], [29.5, 41.3, 55.3], [35.3, 48.7, 66.2], [20.2, 29.9, 50]],
  pass_accuracy_pct: [[47.1, 57.3, 67.2], [68.3, 76.9, 85.5], [70.2, 80.5, 87.4], [63.1, 73.2, 80.7]],
  long_balls_per90: [[17, 22.4, 26.9], [5.54, 8.6, 12.3], [3.9, 8.25, 12.7], [1.06, 2.45, 8.69]],
  crosses_per90: [[0, 0, 0], [0, 0.87, 2.84], [0.15, 0.68, 2.71], [0.36, 1.13, 3.47]],
  cross_accuracy_pct: [null, [16.7, 25.3, 40.6], [12.7, 29, 44], [15, 26.4, 40]],
  dribbles_per90: [[0, 0, 0.04], [0.06, 0.36, 1.24], [0.4, 1.13, 2.42], [0.59, 1.43, 3.06]],
  tackles_per90: [[0, 0, 0], [1.2, 2.06, 3.52], [1.23, 2.49, 3.78], [0.48, 1.13, 2.55]],
  interceptions_per90: [[0, 0, 0], [0.75, 1.26, 2.14], [0.5, 1.05, 2.3], [0.15, 0.49, 1.07]],
  clearances_per90: [[0, 0, 0.16], [2.36, 4.73, 7.86], [0.4, 1.32, 2.88], [0.19, 0.67, 1.51]],
  shots_blocked_per90: [[0, 0, 0], [0.13, 0.52, 1.2], [0, 0.25, 0.58], [0, 0.06, 0.29]],
  aerials_won_per90: [[0, 0, 0], [0.86, 2.41, 4.32], [0.41, 1.22, 3.01], [0.34, 1.53, 6.14]],
  duels_won_per90: [[0, 0, 0.04], [2.99, 4.41, 5.88], [2.66, 4.16, 6.27], [2.7, 4.55, 7.32]],
  ball_recovery_per90: [[3.76, 4.92, 5.85], [2.44, 3.71, 5.19], [4.05, 5.58, 7.25], [2.25, 3.89, 5.68]],
  saves_per90: [[2.17, 2.93, 4.24], [0, 0, 0], [0, 0, 0], [0, 0, 0]],
  punches_per90: [[0.27, 0.6, 0.95], [0, 0, 0], [0, 0, 0], [0, 0, 0]],
  goals_conceded_per90: [[0.98, 1.38, 2.13], [0.81, 1.37, 1.94], [0.81, 1.34, 2.05], [0.82, 1.34, 2.12]],
  cleansheets_per90: [[0, 0.28, 0.4], [0, 0.27, 0.5], [0, 0.29, 0.5], [0, 0.28, 0.48]],
};

/** Table B by group (the order of POSITION_GROUPS). Accuracy percentages are in percent. */
export const TABLE_B: Record<PositionGroup, Record<CalibratedMetric, Triple | null>> = recordOf(
  POSITION_GROUPS,
  (group) => recordOf(CALIBRATED_METRICS, (metric) => TABLE_B_ROWS[metric][POSITION_GROUPS.indexOf(group)]),
);

/** Minimum minutes for the calibration sample (docs/methodology/demo-data.md#calibration). */
export const CALIBRATION_MINUTES_MIN = 180;
/** Minimum crosses for a player's cross accuracy to enter the sample (docs/methodology/demo-data.md#calibration). */
export const CROSS_ACCURACY_ATTEMPTS_MIN = 5;

/** Metrics whose season form fades after 30 (attacking output). */
export const ATTACKING: ReadonlySet<CalibratedMetric> = new Set([
  'goals_per90',
  'assists_per90',
  'shots_per90',
  'shots_on_target_per90',
  'big_chances_per90',
  'key_passes_per90',
  'dribbles_per90',
  'crosses_per90',
]);
/** Metrics whose season form fades a little later (defensive work). */
export const DEFENSIVE: ReadonlySet<CalibratedMetric> = new Set([
  'tackles_per90',
  'interceptions_per90',
  'ball_recovery_per90',
  'duels_won_per90',
  'aerials_won_per90',
  'clearances_per90',
  'shots_blocked_per90',
]);

/** Metrics drawn by their own rule in stats.ts rather than as plain Poisson counts. */
type OwnRuleMetric =
  | 'goals_per90'
  | 'assists_per90'
  | 'pass_accuracy_pct'
  | 'cross_accuracy_pct'
  | 'goals_conceded_per90'
  | 'cleansheets_per90';
/** A calibrated metric drawn as a Poisson count of rate × minutes / 90. */
export type PoissonMetric = Exclude<CalibratedMetric, OwnRuleMetric>;

/**
 * Counting column of each Poisson metric. A new calibrated metric needs its column here (tsc says
 * so); stats.ts draws every metric listed, the bounded ones first in their own order.
 */
export const COLUMN = {
  shots_on_target_per90: 'shots_on_target',
  shots_per90: 'shots',
  big_chances_per90: 'big_chances',
  key_passes_per90: 'key_passes',
  passes_per90: 'passes',
  long_balls_per90: 'long_balls',
  crosses_per90: 'crosses',
  dribbles_per90: 'dribbles',
  tackles_per90: 'tackles',
  interceptions_per90: 'interceptions',
  clearances_per90: 'clearances',
  shots_blocked_per90: 'shots_blocked',
  aerials_won_per90: 'aerials_won',
  duels_won_per90: 'duels_won',
  ball_recovery_per90: 'ball_recoveries',
  saves_per90: 'saves',
  punches_per90: 'punches',
} as const satisfies Record<PoissonMetric, CountingColumn>;

/** Counting columns the generator fills by its own rule: allocation, completions, match simulation. */
type OwnRuleColumn = 'goals' | 'assists' | 'passes_completed' | 'crosses_completed' | 'goals_conceded' | 'clean_sheets';

/**
 * Counting columns the demo generator leaves null, each with the reason. A new counting column is
 * the COLUMN of some calibrated metric above or is listed here; tsc names any column that is neither.
 */
export const COLUMNS_NOT_GENERATED = {
  progressive_passes: NO_EVENTS,
  progressive_carries: NO_EVENTS,
  passes_into_final_third: NO_EVENTS,
  passes_into_box: NO_EVENTS,
  xg: NO_EVENTS,
  npxg: NO_EVENTS,
  xa: NO_EVENTS,
  xt: NO_EVENTS,
  tackles_padj: NO_EVENTS,
  interceptions_padj: NO_EVENTS,
  clearances_padj: NO_EVENTS,
  shots_blocked_padj: NO_EVENTS,
  ball_recoveries_padj: NO_EVENTS,
  sca: NO_EVENTS,
} as const satisfies Record<Exclude<CountingColumn, (typeof COLUMN)[PoissonMetric] | OwnRuleColumn>, string>;
