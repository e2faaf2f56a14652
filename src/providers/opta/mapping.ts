/**
 * The Opta event vocabulary that Stats Perform MA3 and Opta F24 share (docs/providers.md#opta-family,
 * docs/providers.md#opta-family): event type ids, the qualifier ids halfspace reads, the coordinate
 * convention and its conversion to the engine's frame, positions from lineup roles, the match
 * clock, and how each counting column is filled.
 */
import type { CountingColumn, PositionCode } from '../../model/schema.js';
import type { ProviderColumn } from '../counting-totals.js';
import {
  BIG_CHANCE_MIN_XG,
  LONG_BALL_MIN_M,
  PADJ_PROVIDER_COLUMNS,
  PASS_PROGRESSION_COLUMNS,
  SCA_PROVIDER_COLUMN,
  CONCEDED_PROVIDER_COLUMNS,
} from '../event-values.js';
import { STANDARD_LENGTH_MARKS_M, STANDARD_WIDTH_MARKS_M, onStandardAxis } from '../../event-models/pitch.js';
import type { PitchPoint } from './match.js';

/** Event type ids (`typeId` / `type_id`) halfspace reads. */
export const TYPE = {
  pass: 1,
  offsidePass: 2,
  takeOn: 3,
  foul: 4,
  tackle: 7,
  interception: 8,
  save: 10,
  claim: 11,
  clearance: 12,
  miss: 13,
  post: 14,
  attemptSaved: 15,
  goal: 16,
  card: 17,
  playerOff: 18,
  playerOn: 19,
  periodEnd: 30,
  periodStart: 32,
  teamSetUp: 34,
  punch: 41,
  aerial: 44,
  challenge: 45,
  ballRecovery: 49,
  dispossessed: 50,
  keeperPickUp: 52,
  ballTouch: 61,
} as const;

/** Qualifier ids halfspace reads. */
export const Q = {
  longBall: 1,
  cross: 2,
  throughBall: 4,
  freeKickTaken: 5,
  cornerTaken: 6,
  penalty: 9,
  head: 15,
  rightFoot: 20,
  otherBodyPart: 21,
  regularPlay: 22,
  fastBreak: 23,
  setPiece: 24,
  fromCorner: 25,
  directFreeKick: 26,
  ownGoal: 28,
  yellowCard: 31,
  secondYellow: 32,
  redCard: 33,
  involvedPlayers: 30,
  playerPositions: 44,
  relatedEventId: 55,
  blocked: 82,
  defensiveBlock: 94,
  throwIn: 107,
  goalKick: 124,
  direction: 127,
  formationPlace: 131,
  passEndX: 140,
  passEndY: 141,
  leftFoot: 72,
  assistQualifier: 210,
  kickOff: 279,
} as const;

/** Shot types: miss, post, saved (or blocked with qualifier 82) and goal. */
export const SHOT_TYPES: ReadonlySet<number> = new Set([TYPE.miss, TYPE.post, TYPE.attemptSaved, TYPE.goal]);

/** Opta's markings on its 0–100 length: six-yard line 5.8, penalty spot 11.5, box 17, halfway 50, and their mirror. */
export const OPTA_LENGTH_MARKS: readonly number[] = [0, 5.8, 11.5, 17, 50, 83, 88.5, 94.2, 100];
/** Opta's markings across (0–100): box 21.1–78.9, six-yard box 36.8–63.2, posts 44.2–55.8. Symmetric about 50. */
export const OPTA_WIDTH_MARKS: readonly number[] = [0, 21.1, 36.8, 44.2, 50, 55.8, 63.2, 78.9, 100];

/**
 * An Opta point as fractions of the standard pitch (src/event-models/pitch.ts). Opta writes every event
 * in the acting team's frame, attacking toward x = 100 whatever the period, with y = 0 on the
 * attacker's right touchline; the engine measures y from the attacker's left, so y is mirrored.
 * The markings map piecewise linearly; values off the pitch (a ball out at 101.8) clamp to its edge.
 * @example optaPitchPointOf(88.5, 50) // => { x: 0.8952, y: 0.5 } (the penalty spot, 11 m out)
 */
export function optaPitchPointOf(x: number, y: number): PitchPoint {
  return {
    x: onStandardAxis(x, OPTA_LENGTH_MARKS, STANDARD_LENGTH_MARKS_M),
    y: onStandardAxis(100 - y, OPTA_WIDTH_MARKS, STANDARD_WIDTH_MARKS_M),
  };
}

/**
 * The location of an event, or null when the feed does not locate it: Opta writes 0, 0 on
 * events without a place (cards, substitutions, period markers).
 * @example optaLocationOf(0, 0) // => null
 */
export function optaLocationOf(x: number | null | undefined, y: number | null | undefined): PitchPoint | null {
  if (x == null || y == null || !Number.isFinite(x) || !Number.isFinite(y)) return null;
  if (x === 0 && y === 0) return null;
  return optaPitchPointOf(x, y);
}

/**
 * Nominal window of each played period on Opta's continuous clock, in seconds: the second half
 * starts at 45:00 whatever the first-half stoppage (docs/providers.md#opta-family).
 */
export const OPTA_PERIOD_WINDOW_SECONDS: Readonly<Record<number, { start: number; end: number }>> = {
  1: { start: 0, end: 45 * 60 },
  2: { start: 45 * 60, end: 90 * 60 },
  3: { start: 90 * 60, end: 105 * 60 },
  4: { start: 105 * 60, end: 120 * 60 },
};

/**
 * A pass of this many metres or more is a long ball, the threshold every event provider uses
 * (docs/methodology/vocabulary.md#long-balls); Opta's long-ball qualifier 1 (its own 35-yard
 * judgement) counts too, since every pass it flags is longer.
 */
export const LONG_BALL_MIN_LENGTH_M = LONG_BALL_MIN_M;

/**
 * The detailed position of a lineup role (`Goalkeeper`, `Defender`, `Midfielder`, `Defensive
 * Midfielder`, `Attacking Midfielder`, `Striker`/`Forward`, `Wing Back`), refined by the side
 * (Stats Perform's `positionSide`) or, without it, by Opta's formation place of a back four and a
 * flat midfield (2 right back, 3 left back, 7 right, 11 left). Null for `Substitute` and unknown roles.
 * @example positionCodeOfOpta('Defender', 'Left') // => 'LB'
 */
export function positionCodeOfOpta(role: string, side: string | null, place: number | null): PositionCode | null {
  const r = role.trim().toLowerCase();
  const s = (side ?? '').trim().toLowerCase();
  const left = s === 'left' || (!s && (place === 3 || place === 11));
  const right = s === 'right' || (!s && (place === 2 || place === 7));
  if (r === 'goalkeeper') return 'GK';
  if (r === 'defender') return left ? 'LB' : right ? 'RB' : 'CB';
  if (r === 'wing back') return left ? 'LWB' : 'RWB';
  if (r === 'defensive midfielder') return 'DM';
  if (r === 'attacking midfielder') return 'AM';
  if (r === 'midfielder') return left ? 'LM' : right ? 'RM' : 'CM';
  if (r === 'striker' || r === 'forward') return s === 'left' ? 'LW' : s === 'right' ? 'RW' : 'ST';
  return null;
}

/** Qualifier 44's role numbers on a team set-up event: 1 goalkeeper … 4 forward, 5 substitute. */
export const SETUP_ROLE: Readonly<Record<string, string>> = {
  '1': 'Goalkeeper',
  '2': 'Defender',
  '3': 'Midfielder',
  '4': 'Striker',
};

/**
 * A stable int32 id for a Stats Perform id (25 base-36 characters): FNV-1a, folded into
 * 10,000,000…99,999,999 so it stays clear of Wyscout's and StatsBomb's small numeric ids and
 * below `merge --namespace`'s stride.
 * @example numericIdOf('75xi6hloabmnjn2kzgj1g8h1s') >= 10_000_000 // => true
 */
export function numericIdOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return 10_000_000 + (h % 90_000_000);
}

/**
 * How Opta events fill each counting column (docs/providers.md#opta-family; the counting itself is in
 * match-summary.ts). A new counting column is `counted` here or `notProvided` with the reason.
 */
export const OPTA_COLUMNS = {
  goals: { counted: 'goal events (type 16) without the own-goal qualifier 28' },
  assists: { counted: "passes flagged assist (the feed's assist attribute or qualifier 210)" },
  shots: { counted: 'shot events: miss 13, post 14, saved 15, goal 16 (own goals excluded)' },
  shots_on_target: { counted: 'goals and saved attempts not blocked (type 15 without qualifier 82)' },
  big_chances: { counted: `shots whose model xG is ≥ ${BIG_CHANCE_MIN_XG} (qualifier 214 is not read)` },
  key_passes: { counted: 'passes flagged keyPass or assist' },
  passes: { counted: 'pass events (type 1) other than throw-ins (qualifier 107)' },
  passes_completed: { counted: 'counted passes with outcome 1' },
  long_balls: { counted: `counted passes with the long-ball qualifier 1 or ≥ ${LONG_BALL_MIN_LENGTH_M} m long` },
  crosses: { counted: 'passes with the cross qualifier 2' },
  crosses_completed: { counted: 'crosses with outcome 1' },
  dribbles: { counted: 'take-ons (type 3) with outcome 1' },
  tackles: { counted: 'tackle events (type 7)' },
  interceptions: { counted: 'interception events (type 8)' },
  clearances: { counted: 'clearance events (type 12)' },
  shots_blocked: { counted: 'outfield blocks: save events (type 10) with qualifier 94' },
  aerials_won: { counted: 'aerial events (type 44) with outcome 1' },
  duels_won: { counted: 'tackles won (outcome 1), take-ons completed and aerials won' },
  ball_recoveries: { counted: 'ball recovery events (type 49)' },
  saves: { counted: 'save events (type 10) by a goalkeeper (without qualifier 94)' },
  ...CONCEDED_PROVIDER_COLUMNS,
  punches: { counted: 'punch events (type 41)' },
  ...PASS_PROGRESSION_COLUMNS,
  progressive_carries: { notProvided: 'Opta events have no carries' },
  xg: { counted: "the shipped model's xG of each shot (the feeds carry no xG)" },
  npxg: { counted: 'the xG of shots other than penalties (qualifier 9)' },
  xa: { counted: "the xG of each shot whose related event (qualifier 55) is this player's pass" },
  xt: { counted: 'xT added (xtAddedOf) by completed passes (not throw-ins or kick-offs)' },
  ...PADJ_PROVIDER_COLUMNS,
  sca: SCA_PROVIDER_COLUMN,
} as const satisfies Record<CountingColumn, ProviderColumn>;
