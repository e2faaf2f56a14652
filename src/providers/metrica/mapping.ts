/**
 * Metrica's event vocabulary (docs/providers.md#metrica; Metrica's `events-definitions.pdf`):
 * types and subtypes, the coordinate convention and its one conversion to the engine's frame,
 * positions from the EPTS metadata, the nominal clock, and how each counting column is filled.
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
import type { MetricaEvent, PitchPoint } from './match.js';

/** Metrica's event types (`Type`). */
export const TYPE = {
  pass: 'PASS',
  shot: 'SHOT',
  recovery: 'RECOVERY',
  faultReceived: 'FAULT RECEIVED',
  setPiece: 'SET PIECE',
  ballOut: 'BALL OUT',
  ballLost: 'BALL LOST',
  card: 'CARD',
  challenge: 'CHALLENGE',
  carry: 'CARRY',
  substitution: 'SUBSTITUTION',
} as const;

/** The subtypes halfspace reads. */
export const SUB = {
  goal: 'GOAL',
  onTarget: 'ON TARGET',
  blocked: 'BLOCKED',
  head: 'HEAD',
  cross: 'CROSS',
  throughBall: 'THROUGH BALL',
  clearance: 'CLEARANCE',
  interception: 'INTERCEPTION',
  theft: 'THEFT',
  saved: 'SAVED',
  kickOff: 'KICK OFF',
  throwIn: 'THROW IN',
  corner: 'CORNER KICK',
  freeKick: 'FREE KICK',
  goalKick: 'GOAL KICK',
  penalty: 'PENALTY',
  won: 'WON',
  tackle: 'TACKLE',
  aerial: 'AERIAL',
  dribble: 'DRIBBLE',
  fault: 'FAULT',
  red: 'RED',
  secondYellow: 'SECOND YELLOW',
} as const;

/** True when the event carries `subtype`. */
export const has = (e: MetricaEvent, subtype: string): boolean => e.subtypes.includes(subtype);

/**
 * Subtypes of a `BALL LOST` or `BALL OUT` that are not a failed pass: the ball was taken (theft,
 * forced), cleared, hit the woodwork or the referee, went in, or the half ended.
 */
const NOT_A_PASS = ['THEFT', 'FORCED', 'END HALF', 'CLEARANCE', 'WOODWORK', 'REFEREE HIT', 'GOAL', 'HAND BALL'];

/**
 * True for an attempted pass: a `PASS` (Metrica records only completed passes as PASS) or a
 * `BALL LOST` / `BALL OUT` with an end location whose subtypes do not say it was no pass.
 * @example isPassAttempt(ballLostIntercepted) // => true
 */
export function isPassAttempt(e: MetricaEvent): boolean {
  if (e.type === TYPE.pass) return true;
  if (e.type !== TYPE.ballLost && e.type !== TYPE.ballOut) return false;
  return e.endAt !== null && !NOT_A_PASS.some((s) => has(e, s));
}

/** A goal scored by the other side: the ball put into the own net, which Metrica records as a `BALL OUT`/`BALL LOST` with a `GOAL` subtype. */
export const isOwnGoal = (e: MetricaEvent): boolean =>
  (e.type === TYPE.ballOut || e.type === TYPE.ballLost) && has(e, SUB.goal);

/** Pitch Metrica's normalised coordinates are scaled to (the samples' metadata and README: 105 × 68 m). */
export const METRICA_PITCH_M = { length: 105, width: 68 } as const;

/**
 * A Metrica point as fractions of the standard pitch, in the acting team's frame. Metrica writes
 * x from 0 (left goal line as the camera sees it) to 1 and y from 0 (top touchline) to 1, the
 * same for both teams and both periods; a team attacking left to right has the top touchline on
 * its left. So a team attacking to the right keeps (x, y); one attacking to the left gets
 * (1 − x, 1 − y). Values a little off the pitch (−0.02, 1.01) clamp to its edge.
 * @example metricaPitchPointOf(0.92, 0.47, false) // => { x: 0.08, y: 0.53 }
 */
export function metricaPitchPointOf(x: number, y: number, attacksRight: boolean): PitchPoint {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return attacksRight ? { x: clamp(x), y: clamp(y) } : { x: clamp(1 - x), y: clamp(1 - y) };
}

/** Nominal length of a period in seconds (45 minutes; extra-time periods 15). */
export const periodNominalSeconds = (period: number): number => (period <= 2 ? 45 * 60 : 15 * 60);

/** Minutes on the match clock before `period` starts (0, 45, 90, 105). */
export const periodOffsetMinutes = (period: number): number =>
  period <= 1 ? 0 : period === 2 ? 45 : period === 3 ? 90 : 105;

/** A blocked shot is credited to the first defending player with an event within this many seconds after it. */
export const BLOCK_WINDOW_SECONDS = 3;

/**
 * The detailed position of an EPTS `position_type` (`Right Center Back (4)`, `Attacking Left
 * Midfielder (4,5)`, `Center Forward`); null for one it does not know.
 * @example positionCodeOfMetrica('Defensive Right Center Midfielder (5)') // => 'DM'
 */
export function positionCodeOfMetrica(type: string): PositionCode | null {
  const t = type
    .replace(/\(.*\)/, '')
    .trim()
    .toLowerCase();
  const side = t.includes('left') ? 'L' : t.includes('right') ? 'R' : '';
  if (t === 'goalkeeper') return 'GK';
  if (t.endsWith('center back')) return 'CB';
  if (t.endsWith('wing back')) return side === 'L' ? 'LWB' : 'RWB';
  if (t.endsWith('back')) return side === 'L' ? 'LB' : side === 'R' ? 'RB' : 'CB';
  if (t.startsWith('defensive')) return 'DM';
  if (t.startsWith('attacking') && t.includes('center')) return 'AM';
  if (t.startsWith('attacking')) return side === 'L' ? 'LW' : 'RW';
  if (t.endsWith('center midfielder')) return 'CM';
  if (t.endsWith('midfielder')) return side === 'L' ? 'LM' : side === 'R' ? 'RM' : 'CM';
  if (t.endsWith('forward') || t === 'striker') return 'ST';
  return null;
}

/**
 * A stable int32 id for a Metrica key (a metadata id, or a game and a name): FNV-1a folded into
 * 100,000,000…999,999,999, clear of StatsBomb's and Wyscout's small ids and of the Opta family's
 * range, and below `merge --namespace`'s stride.
 * @example metricaIdOf('P3578') >= 100_000_000 // => true
 */
export function metricaIdOf(key: string): number {
  let h = 0x811c9dc5;
  const s = `metrica:${key}`;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return 100_000_000 + (h % 900_000_000);
}

/**
 * How Metrica events fill each counting column (docs/providers.md#metrica; the counting itself is
 * in match-summary.ts). `carries` says whether every match read has CARRY events (the JSON layout
 * has them, the CSV layout does not).
 */
export function metricaColumnsOf(carries: boolean): Record<CountingColumn, ProviderColumn> {
  return {
    goals: { counted: 'SHOT events with the GOAL subtype (own goals count for the other side, for nobody)' },
    assists: { counted: 'key passes whose shot was a goal' },
    shots: { counted: 'SHOT events' },
    shots_on_target: { counted: 'SHOT events with the ON TARGET subtype (goals included)' },
    big_chances: { counted: `shots whose model xG is ≥ ${BIG_CHANCE_MIN_XG}` },
    key_passes: { counted: 'PASS events received by the shooter, his next action (carries aside) being the shot' },
    passes: {
      counted:
        'PASS events and failed passes (BALL LOST / BALL OUT with an end, not taken, cleared or out at the end of a half), throw-ins excluded',
    },
    passes_completed: { counted: 'PASS events other than throw-ins (Metrica records only completed passes as PASS)' },
    long_balls: {
      counted: `counted passes ≥ ${LONG_BALL_MIN_M} m long on the ${METRICA_PITCH_M.length} × ${METRICA_PITCH_M.width} m pitch`,
    },
    crosses: { counted: 'counted passes with the CROSS subtype' },
    crosses_completed: { counted: 'PASS events with the CROSS subtype' },
    dribbles: { counted: 'CHALLENGE events with the DRIBBLE and WON subtypes' },
    tackles: { counted: 'CHALLENGE events with the TACKLE and WON subtypes, fouls excluded' },
    interceptions: { counted: 'RECOVERY events with the INTERCEPTION subtype' },
    clearances: { counted: 'events with the CLEARANCE subtype' },
    shots_blocked: {
      counted: `first defending player with an event within ${BLOCK_WINDOW_SECONDS} s after a BLOCKED shot`,
    },
    aerials_won: { counted: 'CHALLENGE events with the AERIAL and WON subtypes, fouls excluded' },
    duels_won: { counted: 'tackles won, dribbles and aerials won' },
    ball_recoveries: { counted: 'RECOVERY events without a subtype (a loose ball won)' },
    saves: { counted: 'RECOVERY events with the SAVED subtype' },
    ...CONCEDED_PROVIDER_COLUMNS,
    punches: { notProvided: 'Metrica has no punch event' },
    ...PASS_PROGRESSION_COLUMNS,
    progressive_carries: carries
      ? { counted: 'CARRY events from outside the own 40 % that end ≥ 10 m closer to the goal centre or in the box' }
      : { notProvided: 'the CSV layout of Metrica events has no carries' },
    xg: { counted: "the shipped model's xG of each shot (Metrica carries no xG)" },
    npxg: { counted: 'the xG of shots other than penalties (a SET PIECE PENALTY at the same moment)' },
    xa: { counted: 'the xG of each shot whose key pass is this player’s' },
    xt: { counted: 'xT added (xtAddedOf) by completed passes (not throw-ins or kick-offs) and by CARRY events' },
    ...PADJ_PROVIDER_COLUMNS,
    sca: SCA_PROVIDER_COLUMN,
  };
}
