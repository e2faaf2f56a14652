/**
 * The counting columns of `player_seasons` (docs/design.md#data-model), which of them hold
 * decimals, and the columns added to stored tables after datasets were first written.
 */
import { isOneOf } from '../validation.js';
import { ACTION_COLUMNS } from './location-profile.js';

/**
 * Counting columns that hold decimals (float64): expected values and possession-adjusted totals.
 * Every other counting column is a whole count (int32).
 */
export const DECIMAL_COLUMNS = [
  'xg',
  'npxg',
  'xa',
  'xt',
  'tackles_padj',
  'interceptions_padj',
  'clearances_padj',
  'shots_blocked_padj',
  'ball_recoveries_padj',
] as const;
export type DecimalColumn = (typeof DECIMAL_COLUMNS)[number];

/** Counting totals of `player_seasons`, in schema order. */
export const COUNTING_COLUMNS = [
  'goals',
  'assists',
  'shots',
  'shots_on_target',
  'big_chances',
  'key_passes',
  'passes',
  'passes_completed',
  'long_balls',
  'crosses',
  'crosses_completed',
  'dribbles',
  'tackles',
  'interceptions',
  'clearances',
  'shots_blocked',
  'aerials_won',
  'duels_won',
  'ball_recoveries',
  'saves',
  'goals_conceded',
  'clean_sheets',
  'punches',
  // Event values (docs/methodology/event-values.md): progression, expected goals and threat, and
  // the possession-adjusted (PAdj) defensive totals. Null where a provider cannot tell them.
  'progressive_passes',
  'progressive_carries',
  'passes_into_final_third',
  'passes_into_box',
  ...DECIMAL_COLUMNS,
  'sca',
] as const;
export type CountingColumn = (typeof COUNTING_COLUMNS)[number];
/** True when counting column `c` holds decimals. @example isDecimalColumn('xg') // => true */
export const isDecimalColumn = (c: CountingColumn): c is DecimalColumn => isOneOf(DECIMAL_COLUMNS, c);

/**
 * Columns added after datasets were first written: a stored table without one loads with the
 * column all null ("not provided"), so older datasets keep loading (docs/methodology/event-values.md).
 */
export const ADDED_COLUMNS: Readonly<Partial<Record<string, readonly string[]>>> = {
  player_seasons: COUNTING_COLUMNS.slice(COUNTING_COLUMNS.indexOf('progressive_passes')),
  fixtures: ['home_possession', 'away_possession'],
  appearances: ['team_possession'],
  players: ['contract_end_date'],
  player_zones: ACTION_COLUMNS,
};
