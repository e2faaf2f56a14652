/**
 * `--map fbref` (docs/scoring.md#fbref): FBref's player stat tables as its "Get table as CSV"
 * export writes them — the standard, shooting, passing, defensive-actions and goal-and-shot-creation tables of a league
 * or Big-5 season page, one file each, joined on Player + Squad + Born. Header layout from FBref's
 * glossary and the column lists of the soccerdata (`read_player_season_stats`) and worldfootballR
 * scrapers: a group row (`Playing Time`, `Performance`, `Expected`, `Per 90 Minutes`, …) over the
 * names, names repeated across groups (`Gls` under Performance and under Per 90 Minutes).
 */
import type { ColumnMapInput } from '../column-map.js';
import { PASSES_COMPLETED_PCT, SHOTS_ON_TARGET_PCT } from './shared-targets.js';

/** Columns every FBref player table repeats (identity, rank, the match-log link, the id column). */
const IDENTITY_IGNORED = ['Rk', 'Nation', 'Age', 'Born', 'Matches', '-9999', '90s', 'Playing Time/90s'];

/** Standard table (`stats_standard`). */
const STANDARD_IGNORED = [
  'Performance/G+A',
  'Performance/G-PK',
  'Performance/PK',
  'Performance/PKatt',
  'Performance/CrdY',
  'Performance/CrdR',
  'Expected/npxG+xAG',
  'Per 90 Minutes/G+A',
  'Per 90 Minutes/G-PK',
  'Per 90 Minutes/G+A-PK',
  'Per 90 Minutes/xG',
  'Per 90 Minutes/xAG',
  'Per 90 Minutes/xG+xAG',
  'Per 90 Minutes/npxG',
  'Per 90 Minutes/npxG+xAG',
];

/** Shooting table (`stats_shooting`); goals come from the standard table. */
const SHOOTING_IGNORED = [
  'Standard/Gls',
  'Standard/G/Sh',
  'Standard/G/SoT',
  'Standard/Dist',
  'Standard/FK',
  'Standard/PK',
  'Standard/PKatt',
  'Expected/npxG/Sh',
  'Expected/G-xG',
  'Expected/np:G-xG',
];

/** Passing table (`stats_passing`); assists and xAG come from the standard table. */
const PASSING_IGNORED = [
  'Total/TotDist',
  'Total/PrgDist',
  'Short/Cmp',
  'Short/Att',
  'Short/Cmp%',
  'Medium/Cmp',
  'Medium/Att',
  'Medium/Cmp%',
  'Long/Cmp',
  'Long/Cmp%',
  'Ast',
  'xAG',
  'Expected/Ast',
  'Expected/A-xAG',
  '1/3',
  'PPA',
  'CrsPA',
  'PrgP',
];

/** Defensive actions table (`stats_defense`). */
const DEFENSE_IGNORED = [
  'Tackles/TklW',
  'Tackles/Def 3rd',
  'Tackles/Mid 3rd',
  'Tackles/Att 3rd',
  'Challenges/Tkl',
  'Challenges/Att',
  'Challenges/Tkl%',
  'Challenges/Lost',
  'Blocks/Blocks',
  'Blocks/Pass',
  'Tkl+Int',
  'Err',
];

/** Goal and shot creation table (`stats_gca`): its SCA total and per 90 are read, the breakdowns and goal-creating actions not. */
const GCA_IGNORED = [
  'SCA Types/PassLive',
  'SCA Types/PassDead',
  'SCA Types/TO',
  'SCA Types/Sh',
  'SCA Types/Fld',
  'SCA Types/Def',
  'GCA/GCA',
  'GCA/GCA90',
  'GCA Types/PassLive',
  'GCA Types/PassDead',
  'GCA Types/TO',
  'GCA Types/Sh',
  'GCA Types/Fld',
  'GCA Types/Def',
];

/**
 * Names under a group row that names each group once (a copy forward-filled, docs/scoring.md#fbref):
 * the ungrouped columns after the last group take its name.
 */
const SPARSE_BAND_IGNORED = [
  'Per 90 Minutes/Matches',
  'Per 90 Minutes/-9999',
  'Expected/Matches',
  'Expected/-9999',
  'Long/Ast',
  'Long/xAG',
  'Expected/1/3',
  'Expected/PPA',
  'Expected/CrsPA',
  'Expected/PrgP',
  'Blocks/Tkl+Int',
  'Blocks/Err',
  'Blocks/Matches',
  'Blocks/-9999',
  'GCA Types/Matches',
  'GCA Types/-9999',
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
