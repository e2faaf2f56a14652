/**
 * StatsBomb's vendor vocabulary mapped onto halfspace's (docs/methodology/statsbomb.md): position
 * names → detailed position codes, the outcome and goalkeeper spellings that decide each counting
 * column, the cards that end a player's time on the pitch, the match-clock windows of the periods,
 * and the small text fixes (doubled apostrophes, season names, kick-off time zone).
 */
import type { CountingColumn, PositionCode } from '../../model/schema.js';
import type { ProviderColumn } from '../counting-totals.js';
import {
  PADJ_PROVIDER_COLUMNS,
  PASS_PROGRESSION_COLUMNS,
  SCA_PROVIDER_COLUMN,
  CONCEDED_PROVIDER_COLUMNS,
} from '../event-values.js';

/** StatsBomb position name → detailed position code (docs/methodology/statsbomb.md#positions). */
const POSITION_CODE_OF_STATSBOMB: Readonly<Record<string, PositionCode>> = {
  Goalkeeper: 'GK',
  'Right Back': 'RB',
  'Right Center Back': 'CB',
  'Center Back': 'CB',
  'Left Center Back': 'CB',
  'Left Back': 'LB',
  'Right Wing Back': 'RWB',
  'Left Wing Back': 'LWB',
  'Right Defensive Midfield': 'DM',
  'Center Defensive Midfield': 'DM',
  'Left Defensive Midfield': 'DM',
  'Right Midfield': 'RM',
  'Right Center Midfield': 'CM',
  'Center Midfield': 'CM',
  'Left Center Midfield': 'CM',
  'Left Midfield': 'LM',
  'Right Wing': 'RW',
  'Right Attacking Midfield': 'AM',
  'Center Attacking Midfield': 'AM',
  'Left Attacking Midfield': 'AM',
  'Left Wing': 'LW',
  'Right Center Forward': 'ST',
  'Center Forward': 'ST',
  Striker: 'ST',
  'Left Center Forward': 'ST',
  'Secondary Striker': 'CF',
};

/**
 * The detailed position code of a StatsBomb position name, or null for a name outside the table.
 * Case and surrounding spaces are ignored, since StatsBomb's capitalisation varies by release.
 * @example positionCodeOfStatsBomb('Left Wing Back') // => 'LWB'
 */
export function positionCodeOfStatsBomb(name: string): PositionCode | null {
  return POSITION_BY_KEY.get(keyOf(name)) ?? null;
}

/** Lower-case, single-spaced form used to compare vendor spellings. @example keyOf(' Saved To  Post') // => 'saved to post' */
function keyOf(s: string): string {
  return s.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * True when two vendor spellings name the same thing, case and spaces ignored (a shot outcome
 * `Goal`, a goalkeeper type `Punch`, a duel type `Tackle`, a dribble outcome `Complete`).
 * @example sameName('Saved To  Post', 'Saved to Post') // => true
 */
export const sameName = (a: string, b: string): boolean => keyOf(a) === keyOf(b);

const POSITION_BY_KEY = new Map(Object.entries(POSITION_CODE_OF_STATSBOMB).map(([k, v]) => [keyOf(k), v]));

const setOf = (names: readonly string[]): ReadonlySet<string> => new Set(names.map(keyOf));

/** Shot outcomes on target: a goal or a save, including "Saved to Post"; not "Saved Off Target" (docs/methodology/statsbomb.md#counting-columns). */
const SHOT_ON_TARGET = setOf(['Goal', 'Saved', 'Saved to Post']);

/**
 * True when a shot outcome counts as on target (case ignored).
 * @example isShotOnTarget('Saved to Post') // => true
 */
export function isShotOnTarget(outcome: string): boolean {
  return SHOT_ON_TARGET.has(keyOf(outcome));
}

/** Goalkeeper event types that are saves; "Shot Saved Off Target" is not (docs/methodology/statsbomb.md#counting-columns). */
const GOALKEEPER_SAVES = setOf(['Shot Saved', 'Shot Saved to Post', 'Penalty Saved', 'Penalty Saved to Post', 'Save']);

/**
 * True when a goalkeeper event type is a save.
 * @example isGoalkeeperSave('Shot Saved Off Target') // => false
 */
export function isGoalkeeperSave(type: string): boolean {
  return GOALKEEPER_SAVES.has(keyOf(type));
}

/** Cards that send a player off: a straight red or a second yellow. */
const SENDING_OFF_CARDS = setOf(['Red Card', 'Second Yellow']);

/**
 * True when a card (on `foul_committed` or `bad_behaviour`) ends the player's time on the pitch.
 * @example isSendingOff('Second Yellow') // => true
 */
export function isSendingOff(card: string): boolean {
  return SENDING_OFF_CARDS.has(keyOf(card));
}

/** Pass outcomes that are not real passes and are left out of `passes` (docs/methodology/statsbomb.md#counting-columns). */
const NON_PASS_OUTCOMES = setOf(['Injury Clearance', 'Unknown']);

/**
 * True when a pass counts toward `passes`: not a throw-in and not an injury clearance or an
 * unknown-outcome pass (docs/methodology/statsbomb.md#counting-columns, passes).
 * @example isCountedPass('Throw-in', null) // => false
 */
export function isCountedPass(passType: string | null, outcome: string | null): boolean {
  if (passType !== null && keyOf(passType) === 'throw-in') return false;
  return outcome === null || !NON_PASS_OUTCOMES.has(keyOf(outcome));
}

/** Tackle outcomes that win the ball (docs/methodology/statsbomb.md#counting-columns), used for `duels_won`. */
const TACKLE_WON_OUTCOMES = setOf(['Won', 'Success In Play', 'Success Out', 'Success']);

/**
 * True when a tackle duel's outcome wins the ball.
 * @example isTackleWon('Lost In Play') // => false
 */
export function isTackleWon(outcome: string | null): boolean {
  return outcome !== null && TACKLE_WON_OUTCOMES.has(keyOf(outcome));
}

/**
 * Shortest pass counted as a long ball, in StatsBomb pitch units (120 × 80, ≈ yards)
 * (docs/methodology/statsbomb.md#long-balls).
 */
export const LONG_BALL_MIN_LENGTH = 30;

/** Smallest shot xG counted as a big chance (docs/methodology/statsbomb.md#big-chances). */
export const BIG_CHANCE_MIN_XG = 0.3;

/** The periods that count: two halves and two halves of extra time; period 5 is a shoot-out. */
export const COUNTED_PERIODS = [1, 2, 3, 4] as const;

/**
 * Nominal window of each period on StatsBomb's continuous match clock, in seconds: the 2nd half
 * starts at 45:00 whatever the first-half stoppage, and time past the window's end is stoppage,
 * which nominal minutes leave out (docs/methodology/statsbomb.md#minutes).
 */
export const PERIOD_WINDOW_SECONDS: Readonly<Record<number, { start: number; end: number }>> = {
  1: { start: 0, end: 45 * 60 },
  2: { start: 45 * 60, end: 90 * 60 },
  3: { start: 90 * 60, end: 105 * 60 },
  4: { start: 105 * 60, end: 120 * 60 },
};

/**
 * A StatsBomb name with its doubled apostrophes (an escaping artefact: "N''Golo Kanté") made
 * single, surrounding spaces trimmed and inner runs of spaces collapsed.
 * @example cleanName("N''Golo  Kanté ") // => "N'Golo Kanté"
 */
export function cleanName(raw: string): string {
  return raw.replace(/''/g, "'").trim().replace(/\s+/g, ' ');
}

/**
 * A season name in halfspace's short form: "2015/2016" → "2015/16"; single-year names ("2018")
 * and names already short are kept.
 * @example seasonNameOf('2015/2016') // => '2015/16'
 */
export function seasonNameOf(raw: string): string {
  const m = /^(\d{4})\/(\d{2})(\d{2})$/.exec(raw.trim());
  return m ? `${m[1]}/${m[3]}` : raw.trim();
}

/**
 * Time zone of StatsBomb's `kick_off` field. In the PL 2015/16 files a Saturday 15:00 UK kick-off
 * reads "16:00:00.000" and a Monday 20:00 one "21:00:00.000", i.e. Central European time
 * (docs/methodology/statsbomb.md#kick-off).
 */
const STATSBOMB_KICKOFF_TIME_ZONE = 'Europe/Paris';

/** Offset of `timeZone` from UTC at instant `utcMs`, in milliseconds (positive east of Greenwich). */
function zoneOffsetMs(utcMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/**
 * Kick-off instant (UTC epoch milliseconds) of a match from its `match_date` and its local
 * `kick_off` time (`HH:MM:SS.sss`, read in {@link STATSBOMB_KICKOFF_TIME_ZONE}). A missing kick-off
 * time gives local midnight of the match date.
 * @example new Date(kickoffUtcOf('2015-08-22', '16:00:00.000')).toISOString() // => '2015-08-22T14:00:00.000Z'
 */
export function kickoffUtcOf(
  matchDate: string,
  kickOff: string | null,
  timeZone = STATSBOMB_KICKOFF_TIME_ZONE,
): number {
  const [y, mo, d] = matchDate.split('-').map(Number);
  const [h, mi, s] = (kickOff ?? '00:00:00').split(':').map((x) => Math.floor(Number(x)));
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  // The offset at the wall time read as UTC is right except within hours of a DST switch; one
  // correction step from the resulting instant settles it.
  const first = wall - zoneOffsetMs(wall, timeZone);
  return wall - zoneOffsetMs(first, timeZone);
}

/**
 * How StatsBomb events fill each counting column (docs/methodology/statsbomb.md; the counting itself
 * is in match-summary.ts). A new counting column is `counted` here (and in match-summary.ts) or
 * `notProvided` with the reason; tsc names any column that is neither.
 */
export const STATSBOMB_COLUMNS = {
  goals: { counted: 'Shot events with outcome Goal' },
  assists: { counted: 'Pass events with goal_assist' },
  shots: { counted: 'Shot events' },
  shots_on_target: { counted: 'Shot events with an on-target outcome (isShotOnTarget)' },
  big_chances: { counted: `Shot events with statsbomb_xg ≥ ${BIG_CHANCE_MIN_XG}` },
  key_passes: { counted: 'Pass events with goal_assist or shot_assist' },
  passes: { counted: 'Pass events that isCountedPass keeps' },
  passes_completed: { counted: 'counted passes without an outcome' },
  long_balls: { counted: `counted passes of length ≥ ${LONG_BALL_MIN_LENGTH} yards` },
  crosses: { counted: 'Pass events with cross' },
  crosses_completed: { counted: 'crosses without an outcome' },
  dribbles: { counted: 'Dribble events with outcome Complete' },
  tackles: { counted: 'Duel events of type Tackle' },
  interceptions: { counted: 'Interception events' },
  clearances: { counted: 'Clearance events' },
  shots_blocked: { counted: "defensive Block events related to one of the opponent's shots" },
  aerials_won: { counted: 'aerial_won on Shot, Pass, Clearance and Miscontrol events' },
  duels_won: { counted: 'tackles won, completed dribbles and aerials won' },
  ball_recoveries: { counted: 'Ball Recovery events without recovery_failure' },
  saves: { counted: 'Goal Keeper events of a save type (isGoalkeeperSave)' },
  ...CONCEDED_PROVIDER_COLUMNS,
  punches: { counted: 'Goal Keeper events of type Punch' },
  ...PASS_PROGRESSION_COLUMNS,
  progressive_carries: {
    counted: 'Carry events from outside the own 40 % that end ≥ 10 m closer to the goal centre or in the box',
  },
  xg: { counted: "shot.statsbomb_xg of Shot events (the provider's xG; the model's where it is missing)" },
  npxg: { counted: 'the xG of Shot events other than penalties' },
  xa: { counted: "the xG of each shot whose key_pass_id is this player's Pass" },
  xt: { counted: 'xT added (xtAddedOf) by completed passes (not throw-ins or kick-offs) and by Carry events' },
  ...PADJ_PROVIDER_COLUMNS,
  sca: SCA_PROVIDER_COLUMN,
} as const satisfies Record<CountingColumn, ProviderColumn>;
