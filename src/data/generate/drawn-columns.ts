/** Which counting column each generated metric fills, and which metrics follow attacking or defensive form. */
import type { CountingColumn } from '../schema.js';
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

/** Counting column of each Poisson metric. */
export const COLUMN: Partial<Record<CalibratedMetric, CountingColumn>> = {
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
};
