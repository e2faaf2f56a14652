/**
 * Analysts' exports written by the tests in the exact header layouts of the real ones (never
 * copied data): FBref's standard, shooting, passing and defensive-actions tables as its "Get
 * table as CSV" export writes them (a group row over the names, names repeated across groups,
 * thousands separators in minutes, the header repeated inside the table), and a Wyscout
 * advanced-search export (docs/scoring.md#fbref, #wyscout-search).
 */

/** Joins one CSV record, quoting fields that need it. */
const record = (fields: readonly (string | number)[]): string =>
  fields.map((f) => (typeof f === 'string' && /[",\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : String(f))).join(',');

/** A group row: each group's name over each of its columns, blank where a column has no group. */
const groupRow = (spans: readonly [string, number][]): string => spans.flatMap(([g, n]) => Array.from({ length: n }, () => g)).join(',');

/**
 * The other group-row layout seen in FBref copies: each group named once, over its first column,
 * and a trailing `-9999` (player id) column.
 */
export function sparseBand(table: string): string {
  const [band, names, ...rest] = table.split('\n');
  const cells = band.split(',');
  const sparse = cells.map((g, j) => (g !== '' && cells[j - 1] === g ? '' : g));
  const ids = rest.map((line, i) => (line === '' ? line : line === names ? `${line},-9999` : `${line},${(0xa1b2c3 + i).toString(16)}`));
  return [[...sparse, ''].join(','), `${names},-9999`, ...ids].join('\n');
}

const IDENTITY = ['Rk', 'Player', 'Nation', 'Pos', 'Squad', 'Age', 'Born'];

/** Standard table (`stats_standard`): 37 columns. */
export const FBREF_STANDARD_HEADER = [
  groupRow([['', 7], ['Playing Time', 4], ['Performance', 8], ['Expected', 4], ['Progression', 3], ['Per 90 Minutes', 10], ['', 1]]),
  [...IDENTITY, 'MP', 'Starts', 'Min', '90s', 'Gls', 'Ast', 'G+A', 'G-PK', 'PK', 'PKatt', 'CrdY', 'CrdR', 'xG', 'npxG', 'xAG', 'npxG+xAG', 'PrgC', 'PrgP', 'PrgR', 'Gls', 'Ast', 'G+A', 'G-PK', 'G+A-PK', 'xG', 'xAG', 'xG+xAG', 'npxG', 'npxG+xAG', 'Matches'].join(','),
];

/** Shooting table (`stats_shooting`): 26 columns. */
export const FBREF_SHOOTING_HEADER = [
  groupRow([['', 8], ['Standard', 12], ['Expected', 5], ['', 1]]),
  [...IDENTITY, '90s', 'Gls', 'Sh', 'SoT', 'SoT%', 'Sh/90', 'SoT/90', 'G/Sh', 'G/SoT', 'Dist', 'FK', 'PK', 'PKatt', 'xG', 'npxG', 'npxG/Sh', 'G-xG', 'np:G-xG', 'Matches'].join(','),
];

/** Passing table (`stats_passing`): 32 columns. */
export const FBREF_PASSING_HEADER = [
  groupRow([['', 8], ['Total', 5], ['Short', 3], ['Medium', 3], ['Long', 3], ['', 2], ['Expected', 2], ['', 6]]),
  [...IDENTITY, '90s', 'Cmp', 'Att', 'Cmp%', 'TotDist', 'PrgDist', 'Cmp', 'Att', 'Cmp%', 'Cmp', 'Att', 'Cmp%', 'Cmp', 'Att', 'Cmp%', 'Ast', 'xAG', 'xA', 'A-xAG', 'KP', '1/3', 'PPA', 'CrsPA', 'PrgP', 'Matches'].join(','),
];

/** Defensive actions table (`stats_defense`): 25 columns. */
export const FBREF_DEFENSE_HEADER = [
  groupRow([['', 8], ['Tackles', 5], ['Challenges', 4], ['Blocks', 3], ['', 5]]),
  [...IDENTITY, '90s', 'Tkl', 'TklW', 'Def 3rd', 'Mid 3rd', 'Att 3rd', 'Tkl', 'Att', 'Tkl%', 'Lost', 'Blocks', 'Sh', 'Pass', 'Int', 'Tkl+Int', 'Clr', 'Err', 'Matches'].join(','),
];

/** The four sample players' identity cells (Rk is per table). */
const PLAYERS = {
  ana: ['Ana Alves', 'pt POR', 'FW', 'Porto B', '24-100', 2001],
  carl: ['Carl Cruz', 'es ESP', 'FW,MF', 'Lima FC', '27-005', 1998],
  bo: ['Bo Berg', 'se SWE', 'DF,MF', 'Porto B', '29-010', 1996],
  dan: ['Dan Dorf', 'de GER', 'GK', 'Lima FC', '31-200', 1994],
} as const;
type Who = keyof typeof PLAYERS;
const row = (rk: number, who: Who, rest: readonly (string | number)[]): string => record([rk, ...PLAYERS[who], ...rest]);

/**
 * Standard table. Hand-worked values the tests check:
 * Ana: 1,800 minutes, 10 goals, xG 9.0 → xG per 90 = 9.0 × 90 / 1800 = 0.45.
 * Carl: 2,700 minutes, xG 18.0 → 0.6. Bo: 900 minutes, xG 0.9 → 0.09. Dan: 3,060 minutes, xG 0.0.
 * The header row is repeated after the second player, as on FBref's pages.
 */
export function fbrefStandard(options: { ana?: Partial<{ pos: string }> } = {}): string {
  const ana = options.ana?.pos ? PLAYERS.ana.map((c, i) => (i === 2 ? options.ana!.pos! : c)) : PLAYERS.ana;
  return [
    ...FBREF_STANDARD_HEADER,
    record([1, ...ana, 20, 18, '1,800', 20.0, 10, 3, 13, 9, 1, 1, 2, 0, '9.0', '8.2', '2.5', '10.7', 30, 20, 100, '0.50', '0.15', '0.65', '0.45', '0.60', '0.45', '0.13', '0.58', '0.41', '0.54', 'Matches']),
    row(2, 'carl', [30, 25, '2,700', '30.0', 12, 6, 18, 12, 0, 0, 4, 0, '18.0', '18.0', '4.0', '22.0', 50, 60, 150, '0.40', '0.20', '0.60', '0.40', '0.60', '0.60', '0.13', '0.73', '0.60', '0.73', 'Matches']),
    FBREF_STANDARD_HEADER[1],
    row(3, 'bo', [10, 10, 900, '10.0', 1, 0, 1, 1, 0, 0, 3, 0, '0.9', '0.9', '0.4', '1.3', 10, 40, 10, '0.10', '0.00', '0.10', '0.10', '0.10', '0.09', '0.04', '0.13', '0.09', '0.13', 'Matches']),
    row(4, 'dan', [34, 34, '3,060', '34.0', 0, 0, 0, 0, 0, 0, 1, 0, '0.0', '0.0', '0.1', '0.1', 0, 5, 0, '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', 'Matches']),
    '',
  ].join('\n');
}

/** Shooting table; rows in another order than the standard table (FBref sorts each table on its own). Ana: 40 shots, 20 on target. */
export function fbrefShooting(): string {
  return [
    ...FBREF_SHOOTING_HEADER,
    row(1, 'carl', ['30.0', 12, 60, 27, '45.0', '2.00', '0.90', '0.20', '0.44', '15.1', 1, 0, 0, '18.0', '18.0', '0.30', '-6.0', '-6.0', 'Matches']),
    row(2, 'ana', ['20.0', 10, 40, 20, '50.0', '2.00', '1.00', '0.23', '0.45', '14.2', 0, 1, 1, '9.0', '8.2', '0.21', '+1.0', '+0.8', 'Matches']),
    row(3, 'bo', ['10.0', 1, 5, 1, '20.0', '0.50', '0.10', '0.20', '1.00', '20.3', 0, 0, 0, '0.9', '0.9', '0.18', '+0.1', '+0.1', 'Matches']),
    row(4, 'dan', ['34.0', 0, 0, 0, '', '0.00', '0.00', '', '', '', 0, 0, 0, '0.0', '0.0', '', '0.0', '0.0', 'Matches']),
    '',
  ].join('\n');
}

/** Passing table. Ana: 400 of 500 passes, 40 long attempted, 30 key passes, xA 2.8. */
export function fbrefPassing(): string {
  return [
    ...FBREF_PASSING_HEADER,
    row(1, 'dan', ['34.0', 700, 1000, '70.0', 20000, 9000, 300, 320, '93.8', 300, 330, '90.9', 100, 350, '28.6', 0, '0.1', '0.1', '-0.1', 0, 0, 0, 0, 5, 'Matches']),
    row(2, 'bo', ['10.0', 450, 500, '90.0', 9000, 3000, 200, 210, '95.2', 200, 220, '90.9', 40, 60, '66.7', 0, '0.4', '0.3', '-0.4', 5, 10, 1, 0, 40, 'Matches']),
    row(3, 'ana', ['20.0', 400, 500, '80.0', 6000, 1500, 200, 230, '87.0', 150, 180, '83.3', 20, 40, '50.0', 3, '2.5', '2.8', '+0.5', 30, 20, 10, 2, 20, 'Matches']),
    row(4, 'carl', ['30.0', 600, 800, '75.0', 9000, 2000, 300, 350, '85.7', 250, 300, '83.3', 30, 70, '42.9', 6, '4.0', '3.6', '+2.0', 45, 30, 20, 4, 60, 'Matches']),
    '',
  ].join('\n');
}

/** Defensive actions table. Ana: 10 tackles, 1 shot blocked, 3 interceptions, 2 clearances. */
export function fbrefDefense(): string {
  return [
    ...FBREF_DEFENSE_HEADER,
    row(1, 'bo', ['10.0', 25, 15, 15, 8, 2, 12, 20, '60.0', 8, 12, 6, 6, 20, 45, 40, 1, 'Matches']),
    row(2, 'ana', ['20.0', 10, 6, 1, 4, 5, 4, 10, '40.0', 6, 5, 1, 4, 3, 13, 2, 0, 'Matches']),
    row(3, 'carl', ['30.0', 15, 9, 2, 6, 7, 6, 15, '40.0', 9, 6, 2, 4, 5, 20, 4, 0, 'Matches']),
    row(4, 'dan', ['34.0', 0, 0, 0, 0, 0, 0, 0, '', 0, 0, 0, 0, 2, 2, 30, 1, 'Matches']),
    '',
  ].join('\n');
}

/**
 * The columns of a Wyscout advanced-search export, in order (docs/scoring.md#wyscout-search);
 * `Aerial duels per 90` appears twice (outfield and goalkeeping blocks).
 */
export const WYSCOUT_SEARCH_HEADER = [
  'Player', 'Team', 'Team within selected timeframe', 'Position', 'Age', 'Market value', 'Contract expires', 'Matches played',
  'Minutes played', 'Goals', 'xG', 'Assists', 'xA', 'Duels per 90', 'Duels won, %', 'Birth country', 'Passport country', 'Foot',
  'Height', 'Weight', 'On loan', 'Successful defensive actions per 90', 'Defensive duels per 90', 'Defensive duels won, %',
  'Aerial duels per 90', 'Aerial duels won, %', 'Sliding tackles per 90', 'PAdj Sliding tackles', 'Shots blocked per 90',
  'Interceptions per 90', 'PAdj Interceptions', 'Fouls per 90', 'Yellow cards', 'Yellow cards per 90', 'Red cards',
  'Red cards per 90', 'Successful attacking actions per 90', 'Goals per 90', 'Non-penalty goals', 'Non-penalty goals per 90',
  'xG per 90', 'Head goals', 'Head goals per 90', 'Shots', 'Shots per 90', 'Shots on target, %', 'Goal conversion, %',
  'Assists per 90', 'Crosses per 90', 'Accurate crosses, %', 'Crosses from left flank per 90', 'Accurate crosses from left flank, %',
  'Crosses from right flank per 90', 'Accurate crosses from right flank, %', 'Crosses to goalie box per 90', 'Dribbles per 90',
  'Successful dribbles, %', 'Offensive duels per 90', 'Offensive duels won, %', 'Touches in box per 90', 'Progressive runs per 90',
  'Accelerations per 90', 'Received passes per 90', 'Received long passes per 90', 'Fouls suffered per 90', 'Passes per 90',
  'Accurate passes, %', 'Forward passes per 90', 'Accurate forward passes, %', 'Back passes per 90', 'Accurate back passes, %',
  'Lateral passes per 90', 'Accurate lateral passes, %', 'Short / medium passes per 90', 'Accurate short / medium passes, %',
  'Long passes per 90', 'Accurate long passes, %', 'Average pass length, m', 'Average long pass length, m', 'xA per 90',
  'Shot assists per 90', 'Second assists per 90', 'Third assists per 90', 'Smart passes per 90', 'Accurate smart passes, %',
  'Key passes per 90', 'Passes to final third per 90', 'Accurate passes to final third, %', 'Passes to penalty area per 90',
  'Accurate passes to penalty area, %', 'Through passes per 90', 'Accurate through passes, %', 'Deep completions per 90',
  'Deep completed crosses per 90', 'Progressive passes per 90', 'Accurate progressive passes, %', 'Conceded goals',
  'Conceded goals per 90', 'Shots against', 'Shots against per 90', 'Clean sheets', 'Save rate, %', 'xG against',
  'xG against per 90', 'Prevented goals', 'Prevented goals per 90', 'Back passes received as GK per 90', 'Exits per 90',
  'Aerial duels per 90', 'Free kicks per 90', 'Direct free kicks per 90', 'Direct free kicks on target, %', 'Corners per 90',
  'Penalties taken', 'Penalty conversion, %',
] as const;

type WyscoutColumn = (typeof WYSCOUT_SEARCH_HEADER)[number];

/** One export row: the given cells, "0" elsewhere (Wyscout writes zeros, not blanks). */
const wyscoutRow = (cells: Partial<Record<WyscoutColumn, string | number>>): string =>
  record(WYSCOUT_SEARCH_HEADER.map((c) => cells[c] ?? 0));

/**
 * A Wyscout search export of four players. Hand-worked totals the tests check (minutes / 90 = 20
 * for Tomás Rivera): passes 25.0 × 20 = 500; passes completed 81.3 % × 500 = 406.5 → 407
 * (rounded, 0.5); crosses 1.11 × 20 = 22.2 → 22 (rounded, 0.2); crosses completed 30 % × 22 = 6.6
 * → 7 (rounded, 0.4); dribbles 50 % × 3.0 × 20 = 30; aerials won 25 % × 2.0 × 20 = 10; shots on
 * target 42 % × 50 = 21; xG 8.5 → 8.5 × 90 / 1800 = 0.425 per 90; progressive passes 3.5 per 90
 * → 70. Iker Soto (GK): saves 75 % × 120 shots against = 90; prevented goals −2.5.
 */
export function wyscoutSearch(): string {
  return [
    WYSCOUT_SEARCH_HEADER.map((c) => (/[",]/.test(c) ? `"${c}"` : c)).join(','),
    wyscoutRow({
      Player: 'Tomás Rivera', Team: 'Club Atlético Sur', 'Team within selected timeframe': 'Deportivo Norte', Position: 'CF, LWF', Age: 25,
      'Market value': 12000000, 'Contract expires': '2027-06-30', 'Matches played': 20, 'Minutes played': 1800, Goals: 10, xG: 8.5,
      Assists: 4, xA: 3.2, 'Duels per 90': '10.0', 'Duels won, %': '45.0', 'Birth country': 'Argentina', 'Passport country': 'Argentina, Spain',
      Foot: 'left', Height: 178, Weight: 72, 'On loan': 'no', 'Aerial duels per 90': '2.0', 'Aerial duels won, %': '25.0',
      'Shots blocked per 90': '0.1', 'Interceptions per 90': '0.5', 'Goals per 90': '0.5', 'xG per 90': '0.43', Shots: 50,
      'Shots per 90': '2.5', 'Shots on target, %': '42.0', 'Assists per 90': '0.2', 'Crosses per 90': '1.11', 'Accurate crosses, %': '30.0',
      'Dribbles per 90': '3.0', 'Successful dribbles, %': '50.0', 'Touches in box per 90': '4.2', 'Progressive runs per 90': '1.2',
      'Passes per 90': '25.0', 'Accurate passes, %': '81.3', 'Long passes per 90': '1.5', 'Key passes per 90': '0.8',
      'Progressive passes per 90': '3.5',
    }),
    wyscoutRow({
      Player: 'Iker Soto', Team: 'Deportivo Norte', 'Team within selected timeframe': 'Deportivo Norte', Position: 'GK', Age: 30,
      'Matches played': 30, 'Minutes played': 2700, 'Conceded goals': 30, 'Conceded goals per 90': '1.0', 'Shots against': 120,
      'Shots against per 90': '4.0', 'Clean sheets': 10, 'Save rate, %': '75.0', 'xG against': '27.5', 'Prevented goals': '-2.5',
      'Passes per 90': '30.0', 'Accurate passes, %': '80.0', 'Long passes per 90': '8.0', 'Aerial duels per 90': '0.5',
    }),
    wyscoutRow({
      Player: 'Marco Neri', Team: 'Deportivo Norte', 'Team within selected timeframe': 'Deportivo Norte', Position: 'RCB, CB', Age: 28,
      'Matches played': 15, 'Minutes played': 1350, 'Interceptions per 90': '2.0', 'Shots blocked per 90': '0.6',
      'Aerial duels per 90': '4.0', 'Aerial duels won, %': '60.0', 'Passes per 90': '50.0', 'Accurate passes, %': '90.0',
    }),
    wyscoutRow({
      Player: 'Paul Dorn', Team: 'Club Atlético Sur', 'Team within selected timeframe': 'Club Atlético Sur', Position: 'LAMF', Age: 21,
      'Matches played': 12, 'Minutes played': 900, Goals: 3, xG: 2.0, Shots: 20, 'Shots on target, %': '35.0', 'Passes per 90': '20.0',
      'Accurate passes, %': '75.0', 'Dribbles per 90': '5.0', 'Successful dribbles, %': '40.0',
    }),
    '',
  ].join('\n');
}
