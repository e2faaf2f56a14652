/**
 * What one Opta event adds to its player's zone counts (docs/methodology/dna.md#location-features),
 * the same actions as for Wyscout and StatsBomb: open-play on-ball actions in their touch zone, passes by
 * direction, length and target, defensive actions in their zone. Locations arrive as fractions of
 * the standard pitch in the acting team's frame (read at the boundary) and are scaled to the
 * shared 0–100 frame here.
 */
import {
  type ActionColumn,
  addAction,
  addDefence,
  addPass,
  addTouch,
  type ZoneCounts,
} from '../../model/location-profile.js';
import type { OptaEvent } from './match.js';
import { Q, SHOT_TYPES, TYPE } from './mapping.js';

const TOUCH_TYPES: ReadonlySet<number> = new Set([
  TYPE.pass,
  TYPE.takeOn,
  TYPE.clearance,
  TYPE.dispossessed,
  TYPE.ballTouch,
  ...SHOT_TYPES,
]);
const DEFENCE_TYPES: ReadonlySet<number> = new Set([
  TYPE.tackle,
  TYPE.interception,
  TYPE.clearance,
  TYPE.aerial,
  TYPE.challenge,
]);
const SET_PIECE_QUALIFIERS = [Q.cornerTaken, Q.freeKickTaken, Q.throwIn, Q.goalKick, Q.kickOff] as const;
/** Shots that restart play: penalties and direct free kicks. */
const SET_PIECE_SHOT_QUALIFIERS = [Q.penalty, Q.directFreeKick] as const;

/**
 * True for a restart (a set-piece pass or shot): taken where the rules put the ball, so no
 * open-play touch (docs/methodology/dna.md#open-play-touches).
 * @example isRestart({ typeId: TYPE.pass, qualifiers: new Map([[Q.throwIn, '']]), … }) // => true
 */
export function isRestart(e: OptaEvent): boolean {
  const marks =
    e.typeId === TYPE.pass ? SET_PIECE_QUALIFIERS : SHOT_TYPES.has(e.typeId) ? SET_PIECE_SHOT_QUALIFIERS : [];
  return marks.some((q) => e.qualifiers.has(q));
}

function actionOf(e: OptaEvent): Exclude<ActionColumn, 'pass_length_sum'> | undefined {
  switch (e.typeId) {
    case TYPE.pass:
      if (isRestart(e)) return undefined;
      return e.qualifiers.has(Q.cross) ? 'pass_cross' : e.qualifiers.has(Q.throughBall) ? 'pass_smart' : 'pass_simple';
    case TYPE.aerial:
      return 'duel_air';
    case TYPE.takeOn:
      return 'duel_ground_attacking';
    case TYPE.tackle:
    case TYPE.challenge:
      return 'duel_ground_defending';
    case TYPE.ballTouch:
      return 'ball_touch';
    case TYPE.clearance:
      return 'clearance';
    case TYPE.foul:
      return e.outcome === 0 ? 'foul' : undefined;
    default:
      return SHOT_TYPES.has(e.typeId) && !e.qualifiers.has(Q.ownGoal) ? 'shot' : undefined;
  }
}

/**
 * Adds one event to a player's zone counts; an event without a location adds only its action kind.
 * @example addOptaEventZones(counts, passEvent)
 */
export function addOptaEventZones(counts: ZoneCounts, e: OptaEvent): void {
  const action = actionOf(e);
  if (action) addAction(counts, action);
  if (!e.at) return;
  const x = e.at.x * 100;
  const y = e.at.y * 100;
  if (TOUCH_TYPES.has(e.typeId) && !isRestart(e)) addTouch(counts, x, y);
  if (e.typeId === TYPE.pass && e.end) addPass(counts, x, y, e.end.x * 100, e.end.y * 100);
  if (DEFENCE_TYPES.has(e.typeId)) addDefence(counts, x, y);
}
