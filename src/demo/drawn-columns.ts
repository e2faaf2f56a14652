/** Which counting column each generated metric fills, and which metrics follow attacking or defensive form. */
import type { CountingColumn } from '../model/schema.js';
import type { CalibratedMetric } from './calibration-targets.js';

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
  progressive_passes: 'event value: the demo universe has no events to compute it from (null, as for season tables)',
  progressive_carries: 'event value: the demo universe has no events to compute it from (null, as for season tables)',
  passes_into_final_third:
    'event value: the demo universe has no events to compute it from (null, as for season tables)',
  passes_into_box: 'event value: the demo universe has no events to compute it from (null, as for season tables)',
  xg: 'event value: the demo universe has no events to compute it from (null, as for season tables)',
  npxg: 'event value: the demo universe has no events to compute it from (null, as for season tables)',
  xa: 'event value: the demo universe has no events to compute it from (null, as for season tables)',
  xt: 'event value: the demo universe has no events to compute it from (null, as for season tables)',
  tackles_padj: 'event value: the demo universe has no events to compute it from (null, as for season tables)',
  interceptions_padj: 'event value: the demo universe has no events to compute it from (null, as for season tables)',
  clearances_padj: 'event value: the demo universe has no events to compute it from (null, as for season tables)',
  shots_blocked_padj: 'event value: the demo universe has no events to compute it from (null, as for season tables)',
  ball_recoveries_padj: 'event value: the demo universe has no events to compute it from (null, as for season tables)',
  sca: 'event value: the demo universe has no events to compute it from (null, as for season tables)',
} as const satisfies Record<Exclude<CountingColumn, (typeof COLUMN)[PoissonMetric] | OwnRuleColumn>, string>;
