/**
 * `--map wyscout-search` (docs/scoring.md#wyscout-search): a Wyscout advanced-search player export
 * (the Excel export saved as CSV). Column names and order as analysts' public tools list them
 * (e.g. dhcoders/radar-generator `src/wyscout_remapping.py`): identity and season totals first,
 * then per-90 values and percentages; `Aerial duels per 90` appears twice (outfield and
 * goalkeeping blocks). Most stats are per 90 only, so totals are converted back with the minutes.
 */
import type { ColumnMapInput } from '../column-map.js';

/** Wyscout position codes → ours (docs/scoring.md#wyscout-search); LAMF/RAMF count as wingers. */
const WYSCOUT_POSITIONS = {
  GK: 'GK', CB: 'CB', LCB: 'CB', RCB: 'CB', LCB3: 'CB', RCB3: 'CB', LB: 'LB', LB5: 'LB', RB: 'RB', RB5: 'RB', LWB: 'LWB', RWB: 'RWB',
  DMF: 'DM', LDMF: 'DM', RDMF: 'DM', CMF: 'CM', LCMF: 'CM', RCMF: 'CM', AMF: 'AM', LAMF: 'LW', RAMF: 'RW',
  LW: 'LW', RW: 'RW', LWF: 'LW', RWF: 'RW', CF: 'CF',
} as const;

/** The `wyscout-search` preset (docs/scoring.md#wyscout-search). */
export const WYSCOUT_SEARCH_MAP: ColumnMapInput = {
  name: 'wyscout-search',
  columns: {
    Player: 'name',
    'Team within selected timeframe': 'team',
    Position: 'position',
    'Market value': 'market_value_eur',
    'Matches played': 'appearances',
    'Minutes played': 'minutes',
    Goals: 'goals',
    Assists: 'assists',
    Height: 'height_cm',
    Shots: 'shots',
    'Conceded goals': 'goals_conceded',
    'Clean sheets': 'clean_sheets',
  },
  per90: {
    'Goals per 90': 'goals',
    'Assists per 90': 'assists',
    'Shots per 90': 'shots',
    'Shots blocked per 90': 'shots_blocked',
    'Interceptions per 90': 'interceptions',
    'Crosses per 90': 'crosses',
    'Passes per 90': 'passes',
    'Long passes per 90': 'long_balls',
    'Key passes per 90': 'key_passes',
    'Conceded goals per 90': 'goals_conceded',
  },
  pct: {
    'Shots on target, %': { completed: 'shots_on_target', attempted: 'shots' },
    'Accurate passes, %': { completed: 'passes_completed', attempted: 'passes' },
    'Accurate crosses, %': { completed: 'crosses_completed', attempted: 'crosses' },
    'Successful dribbles, %': { completed: 'dribbles', attempted: { per90: 'Dribbles per 90' } },
    'Aerial duels won, %': { completed: 'aerials_won', attempted: { per90: 'Aerial duels per 90' } },
    'Duels won, %': { completed: 'duels_won', attempted: { per90: 'Duels per 90' } },
    'Save rate, %': { completed: 'saves', attempted: { total: 'Shots against' } },
  },
  metrics: {
    xG: { key: 'xg', label: 'xG' },
    xA: { key: 'xa', label: 'xA' },
    'Progressive passes per 90': { key: 'progressive_passes', as: 'per90', label: 'Progressive passes' },
    'Progressive runs per 90': { key: 'progressive_runs', as: 'per90', label: 'Progressive runs' },
    'Touches in box per 90': { key: 'touches_in_box', as: 'per90', label: 'Touches in box' },
    'Prevented goals': { key: 'prevented_goals', label: 'Prevented goals' },
  },
  ignore: [
    'Team', 'Age', 'Contract expires', 'Birth country', 'Passport country', 'Foot', 'Weight', 'On loan',
    'Duels per 90', 'Successful defensive actions per 90', 'Defensive duels per 90', 'Defensive duels won, %',
    'Aerial duels per 90', 'Sliding tackles per 90', 'PAdj Sliding tackles', 'PAdj Interceptions', 'Fouls per 90',
    'Yellow cards', 'Yellow cards per 90', 'Red cards', 'Red cards per 90', 'Successful attacking actions per 90',
    'Non-penalty goals', 'Non-penalty goals per 90', 'xG per 90', 'Head goals', 'Head goals per 90', 'Goal conversion, %',
    'Crosses from left flank per 90', 'Accurate crosses from left flank, %', 'Crosses from right flank per 90',
    'Accurate crosses from right flank, %', 'Crosses to goalie box per 90', 'Dribbles per 90', 'Offensive duels per 90',
    'Offensive duels won, %', 'Accelerations per 90', 'Received passes per 90', 'Received long passes per 90',
    'Fouls suffered per 90', 'Forward passes per 90', 'Accurate forward passes, %', 'Back passes per 90',
    'Accurate back passes, %', 'Lateral passes per 90', 'Accurate lateral passes, %', 'Short / medium passes per 90',
    'Accurate short / medium passes, %', 'Accurate long passes, %', 'Average pass length, m', 'Average long pass length, m',
    'xA per 90', 'Shot assists per 90', 'Second assists per 90', 'Third assists per 90', 'Smart passes per 90',
    'Accurate smart passes, %', 'Passes to final third per 90', 'Accurate passes to final third, %',
    'Passes to penalty area per 90', 'Accurate passes to penalty area, %', 'Through passes per 90',
    'Accurate through passes, %', 'Deep completions per 90', 'Deep completed crosses per 90',
    'Accurate progressive passes, %', 'Shots against', 'Shots against per 90', 'xG against', 'xG against per 90',
    'Prevented goals per 90', 'Back passes received as GK per 90', 'Exits per 90', 'Aerial duels per 90#2',
    'Free kicks per 90', 'Direct free kicks per 90', 'Direct free kicks on target, %', 'Corners per 90', 'Penalties taken',
    'Penalty conversion, %',
  ],
  // Wyscout writes 0 where it knows no market value or height; read as €0 it would claim fee tier T1.
  zero_means_unknown: ['Market value', 'Height'],
  positions: WYSCOUT_POSITIONS,
};
