/**
 * `--map wyscout-search` (docs/scoring.md#wyscout-search): a Wyscout advanced-search player export
 * (the Excel export saved as CSV). Column names and order as analysts' public tools list them
 * (e.g. dhcoders/radar-generator `src/wyscout_remapping.py`): identity and season totals first,
 * then per-90 values and percentages; `Aerial duels per 90` appears twice (outfield and
 * goalkeeping blocks). Most stats are per 90 only, so totals are converted back with the minutes.
 */
import { type ColumnMapInput, wordsOf } from '../column-map.js';
import { namesOf, PASSES_COMPLETED_PCT, SHOTS_ON_TARGET_PCT } from './shared-targets.js';

/** Wyscout position codes → ours (docs/scoring.md#wyscout-search); LAMF/RAMF count as wingers. */
const WYSCOUT_POSITIONS = Object.fromEntries([
  ...wordsOf('GK', 'GK'),
  ...wordsOf('CB', 'CB LCB RCB LCB3 RCB3'),
  ...wordsOf('LB', 'LB LB5'),
  ...wordsOf('RB', 'RB RB5'),
  ...wordsOf('LWB', 'LWB'),
  ...wordsOf('RWB', 'RWB'),
  ...wordsOf('DM', 'DMF LDMF RDMF'),
  ...wordsOf('CM', 'CMF LCMF RCMF'),
  ...wordsOf('AM', 'AMF'),
  ...wordsOf('LW', 'LAMF LW LWF'),
  ...wordsOf('RW', 'RAMF RW RWF'),
  ...wordsOf('CF', 'CF'),
]);

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
    // Event values (docs/methodology/event-values.md#csv-presets): Wyscout's xA is the xG of the
    // shots a player's passes set up, our xa.
    xG: 'xg',
    xA: 'xa',
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
    'Progressive runs per 90': 'progressive_carries',
  },
  pct: {
    'Shots on target, %': SHOTS_ON_TARGET_PCT,
    'Accurate passes, %': PASSES_COMPLETED_PCT,
    'Accurate crosses, %': { completed: 'crosses_completed', attempted: 'crosses' },
    'Successful dribbles, %': { completed: 'dribbles', attempted: { per90: 'Dribbles per 90' } },
    'Aerial duels won, %': { completed: 'aerials_won', attempted: { per90: 'Aerial duels per 90' } },
    'Duels won, %': { completed: 'duels_won', attempted: { per90: 'Duels per 90' } },
    'Save rate, %': { completed: 'saves', attempted: { total: 'Shots against' } },
    // Our progression columns count completed passes: attempts per 90 × accuracy.
    'Accurate progressive passes, %': {
      completed: 'progressive_passes',
      attempted: { per90: 'Progressive passes per 90' },
    },
    'Accurate passes to final third, %': {
      completed: 'passes_into_final_third',
      attempted: { per90: 'Passes to final third per 90' },
    },
    'Accurate passes to penalty area, %': {
      completed: 'passes_into_box',
      attempted: { per90: 'Passes to penalty area per 90' },
    },
  },
  metrics: {
    'Touches in box per 90': { key: 'touches_in_box', as: 'per90', label: 'Touches in box' },
    'Prevented goals': { key: 'prevented_goals', label: 'Prevented goals' },
  },
  ignore: [
    // Attempts behind the accuracy columns above (read through pct).
    ...namesOf('Progressive passes per 90 | Passes to final third per 90 | Passes to penalty area per 90'),
    ...namesOf(`
      Team | Age | Contract expires | Birth country | Passport country | Foot | Weight | On loan | Duels per 90
      Successful defensive actions per 90 | Defensive duels per 90 | Defensive duels won, % | Aerial duels per 90
      Sliding tackles per 90 | PAdj Sliding tackles | PAdj Interceptions | Fouls per 90 | Yellow cards
      Yellow cards per 90 | Red cards | Red cards per 90 | Successful attacking actions per 90 | Non-penalty goals
      Non-penalty goals per 90 | xG per 90 | Head goals | Head goals per 90 | Goal conversion, %
      Crosses from left flank per 90 | Accurate crosses from left flank, % | Crosses from right flank per 90
      Accurate crosses from right flank, % | Crosses to goalie box per 90 | Dribbles per 90 | Offensive duels per 90
      Offensive duels won, % | Accelerations per 90 | Received passes per 90 | Received long passes per 90
      Fouls suffered per 90 | Forward passes per 90 | Accurate forward passes, % | Back passes per 90
      Accurate back passes, % | Lateral passes per 90 | Accurate lateral passes, % | Short / medium passes per 90
      Accurate short / medium passes, % | Accurate long passes, % | Average pass length, m
      Average long pass length, m | xA per 90 | Shot assists per 90 | Second assists per 90 | Third assists per 90
      Smart passes per 90 | Accurate smart passes, % | Through passes per 90 | Accurate through passes, %
      Deep completions per 90 | Deep completed crosses per 90 | Shots against | Shots against per 90 | xG against
      xG against per 90 | Prevented goals per 90 | Back passes received as GK per 90 | Exits per 90
      Aerial duels per 90#2 | Free kicks per 90 | Direct free kicks per 90 | Direct free kicks on target, %
      Corners per 90 | Penalties taken | Penalty conversion, %
    `),
  ],
  // Wyscout writes 0 where it knows no market value or height; read as €0 it would claim fee tier T1.
  zero_means_unknown: ['Market value', 'Height'],
  positions: WYSCOUT_POSITIONS,
};
