/**
 * `--map fbref` (docs/scoring.md#fbref): FBref's player stat tables as its "Get table as CSV"
 * export writes them — the standard, shooting, passing, defensive-actions and goal-and-shot-creation tables of a league
 * or Big-5 season page, one file each, joined on Player + Squad + Born. Header layout from FBref's
 * glossary and the column lists of the soccerdata (`read_player_season_stats`) and worldfootballR
 * scrapers: a group row (`Playing Time`, `Performance`, `Expected`, `Per 90 Minutes`, …) over the
 * names, names repeated across groups (`Gls` under Performance and under Per 90 Minutes).
 */
import type { ColumnMapInput } from '../column-map.js';
import { PASSES_COMPLETED_PCT, SHOTS_ON_TARGET_PCT, under } from './shared-targets.js';

/** Columns every FBref player table repeats (identity, rank, the match-log link, the id column). */
const IDENTITY_IGNORED = ['Rk', 'Nation', 'Age', 'Born', 'Matches', '-9999', '90s', 'Playing Time/90s'];

/** Standard table (`stats_standard`). */
const STANDARD_IGNORED = [
  ...under('Performance', 'G+A', 'G-PK', 'PK', 'PKatt', 'CrdY', 'CrdR'),
  'Expected/npxG+xAG',
  ...under('Per 90 Minutes', 'G+A', 'G-PK', 'G+A-PK', 'xG', 'xAG', 'xG+xAG', 'npxG', 'npxG+xAG'),
];

/** Shooting table (`stats_shooting`); goals come from the standard table. */
const SHOOTING_IGNORED = [
  ...under('Standard', 'Gls', 'G/Sh', 'G/SoT', 'Dist', 'FK', 'PK', 'PKatt'),
  ...under('Expected', 'npxG/Sh', 'G-xG', 'np:G-xG'),
];

/** Passing table (`stats_passing`); assists and xAG come from the standard table. */
const PASSING_IGNORED = [
  ...under('Total', 'TotDist', 'PrgDist'),
  ...under('Short', 'Cmp', 'Att', 'Cmp%'),
  ...under('Medium', 'Cmp', 'Att', 'Cmp%'),
  ...under('Long', 'Cmp', 'Cmp%'),
  ...['Ast', 'xAG', 'Expected/Ast', 'Expected/A-xAG', '1/3', 'PPA', 'CrsPA', 'PrgP'],
];

/** Defensive actions table (`stats_defense`). */
const DEFENSE_IGNORED = [
  ...under('Tackles', 'TklW', 'Def 3rd', 'Mid 3rd', 'Att 3rd'),
  ...under('Challenges', 'Tkl', 'Att', 'Tkl%', 'Lost'),
  ...under('Blocks', 'Blocks', 'Pass'),
  ...['Tkl+Int', 'Err'],
];

/** Goal and shot creation table (`stats_gca`): its SCA total and per 90 are read, the breakdowns and goal-creating actions not. */
const GCA_IGNORED = [
  ...under('SCA Types', 'PassLive', 'PassDead', 'TO', 'Sh', 'Fld', 'Def'),
  ...under('GCA', 'GCA', 'GCA90'),
  ...under('GCA Types', 'PassLive', 'PassDead', 'TO', 'Sh', 'Fld', 'Def'),
];

/**
 * Names under a group row that names each group once (a copy forward-filled, docs/scoring.md#fbref):
 * the ungrouped columns after the last group take its name.
 */
const SPARSE_BAND_IGNORED = [
  ...under('Per 90 Minutes', 'Matches', '-9999'),
  ...under('Expected', 'Matches', '-9999'),
  ...under('Long', 'Ast', 'xAG'),
  ...under('Expected', '1/3', 'PPA', 'CrsPA', 'PrgP'),
  ...under('Blocks', 'Tkl+Int', 'Err', 'Matches', '-9999'),
  ...under('GCA Types', 'Matches', '-9999'),
];

/** The `fbref` preset (docs/scoring.md#fbref). */
export const FBREF_MAP: ColumnMapInput = {
  name: 'fbref',
  header_rows: 'auto',
  skip_repeated_header: true,
  thousands_separator: ',',
  join_on: ['Player', 'Squad', 'Born'],
  // The Big-5 pages write the league with its country's code: "eng Premier League".
  strip_country_code: ['Comp'],
  columns: {
    Player: 'name',
    Pos: 'position',
    Squad: 'team',
    Comp: 'league',
    'Playing Time/MP': 'appearances',
    'Playing Time/Starts': 'starts',
    'Playing Time/Min': 'minutes',
    'Performance/Gls': 'goals',
    'Performance/Ast': 'assists',
    'Standard/Sh': 'shots',
    'Standard/SoT': 'shots_on_target',
    'Total/Cmp': 'passes_completed',
    'Total/Att': 'passes',
    'Long/Att': 'long_balls',
    KP: 'key_passes',
    'Tackles/Tkl': 'tackles',
    'Blocks/Sh': 'shots_blocked',
    Int: 'interceptions',
    Clr: 'clearances',
    // The same columns under a forward-filled group row.
    'Expected/KP': 'key_passes',
    'Blocks/Int': 'interceptions',
    'Blocks/Clr': 'clearances',
    // Event values (docs/methodology/event-values.md#csv-presets): FBref's xAG is our xa (the xG of
    // the shots a player's passes set up); its pass-based xA stays a provider metric.
    'Expected/xG': 'xg',
    'Expected/npxG': 'npxg',
    'Expected/xAG': 'xa',
    'Progression/PrgC': 'progressive_carries',
    'Progression/PrgP': 'progressive_passes',
    // FBref's SCA counts shots and defensive actions leading to a shot too (docs/methodology/event-values.md#sca).
    'SCA/SCA': 'sca',
  },
  per90: {
    'Per 90 Minutes/Gls': 'goals',
    'Per 90 Minutes/Ast': 'assists',
    'Standard/Sh/90': 'shots',
    'Standard/SoT/90': 'shots_on_target',
    'SCA/SCA90': 'sca',
  },
  pct: {
    'Standard/SoT%': SHOTS_ON_TARGET_PCT,
    'Total/Cmp%': PASSES_COMPLETED_PCT,
  },
  metrics: {
    'Expected/xA': { key: 'xa_pass', label: 'xA (pass-based)' },
    'Progression/PrgR': { key: 'progressive_passes_received', label: 'Progressive passes received' },
  },
  ignore: [
    ...IDENTITY_IGNORED,
    ...STANDARD_IGNORED,
    ...SHOOTING_IGNORED,
    ...PASSING_IGNORED,
    ...DEFENSE_IGNORED,
    ...GCA_IGNORED,
    ...SPARSE_BAND_IGNORED,
  ],
  // FBref's Pos holds group codes (GK DF MF FW), built in; two listed (DF,MF): the first decides.
  positions: {},
};
