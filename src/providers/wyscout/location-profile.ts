/**
 * What one Wyscout v2 event adds to its player's zone counts (docs/methodology/dna.md#location-features):
 * open-play on-ball actions count in their touch zone, passes by direction, length and target, defensive
 * actions in their zone, and every event of a counted kind in its action column. Wyscout gives locations 0–100 in the acting team's frame, the frame of
 * the shared counts.
 */
import {
  type ActionColumn,
  actionIndexOf,
  addDefence,
  addPass,
  addTouch,
  type ZoneCounts,
} from '../../model/location-profile.js';
import { EVENT, SUB_EVENT, TAG } from './mapping.js';
import type { WyscoutEvent } from './read.js';

/**
 * Events whose start location is an open-play touch: passes, shots, other on-ball actions. Wyscout's
 * `freeKick` event is the whole restart family (corners, free kicks, goal kicks, penalties,
 * throw-ins), taken where the rules put the ball, so it is no touch (docs/methodology/dna.md#open-play-touches).
 */
const TOUCH_EVENTS = new Set<number | null>([EVENT.pass, EVENT.shot, EVENT.othersOnTheBall]);
/** How far from the centre spot (0–100 units, each axis) a kick-off pass may start: Wyscout places it at 48–52. */
const CENTRE_SPOT_SLACK = 3;

/**
 * True for a kick-off: the first pass of a period or after a goal, from the centre spot. Wyscout v2
 * files a kick-off as a simple pass with no mark of its own; the caller knows whether a kick-off is due.
 * @example isKickOff({ eventId: 8, x: 50, y: 49, … }, true) // => true
 */
export const isKickOff = (e: WyscoutEvent, kickOffDue: boolean): boolean =>
  kickOffDue &&
  e.eventId === EVENT.pass &&
  e.x !== null &&
  e.y !== null &&
  Math.abs(e.x - 50) <= CENTRE_SPOT_SLACK &&
  Math.abs(e.y - 50) <= CENTRE_SPOT_SLACK;
/** Duels in which the player has or fights for the ball (touches), and those in which he defends. */
const ON_BALL_DUELS = new Set<number | null>([SUB_EVENT.groundAttackingDuel, SUB_EVENT.groundLooseBallDuel]);
const DEFENSIVE_DUELS = new Set<number | null>([SUB_EVENT.groundDefendingDuel, SUB_EVENT.airDuel]);
/** Set pieces that are passes (corners, free kicks, crosses from free kicks, goal kicks, throw-ins). */
const PASSING_SET_PIECES = new Set<number | null>([
  SUB_EVENT.corner,
  SUB_EVENT.freeKick,
  SUB_EVENT.freeKickCross,
  SUB_EVENT.goalKick,
  SUB_EVENT.throwIn,
]);

/** The action column of each Wyscout sub-event that has one (pass kinds, duel kinds, other on-ball actions). */
const ACTION_OF_SUB_EVENT: ReadonlyMap<number, Exclude<ActionColumn, 'pass_length_sum'>> = new Map([
  [85, 'pass_simple'],
  [83, 'pass_high'],
  [82, 'pass_head'],
  [86, 'pass_smart'],
  [84, 'pass_launch'],
  [80, 'pass_cross'],
  [81, 'pass_hand'],
  [SUB_EVENT.airDuel, 'duel_air'],
  [SUB_EVENT.groundAttackingDuel, 'duel_ground_attacking'],
  [SUB_EVENT.groundDefendingDuel, 'duel_ground_defending'],
  [SUB_EVENT.groundLooseBallDuel, 'duel_loose_ball'],
  [72, 'ball_touch'],
  [70, 'acceleration'],
  [SUB_EVENT.clearance, 'clearance'],
]);

/** Index in the zone counts of each sub-event's action column, -1 for none (one load per event, no string key). */
const ACTION_INDEX_OF_SUB_EVENT = Int16Array.from({ length: 128 }, (_, sub) => {
  const column = ACTION_OF_SUB_EVENT.get(sub);
  return column === undefined ? -1 : actionIndexOf(column);
});
const FOUL_INDEX = actionIndexOf('foul');
const SHOT_INDEX = actionIndexOf('shot');

/** Index of the event's action column in the zone counts (sub-events of passes, duels and other on-ball actions, fouls and shots), or -1. */
function actionIndexOfEvent(e: WyscoutEvent): number {
  if (e.eventId === EVENT.foul) return FOUL_INDEX;
  if (e.eventId === EVENT.shot) return SHOT_INDEX;
  const onBall = e.eventId === EVENT.pass || e.eventId === EVENT.duel || e.eventId === EVENT.othersOnTheBall;
  const sub = e.subEventId;
  return onBall && sub !== null && sub >= 0 && sub < ACTION_INDEX_OF_SUB_EVENT.length
    ? ACTION_INDEX_OF_SUB_EVENT[sub]
    : -1;
}

/**
 * Adds one event to a player's zone counts; an event without a start location adds only its action, a
 * pass without an end location counts as a touch only, a kick-off (`kickOff`, see {@link isKickOff})
 * counts as a pass but not as a touch.
 * @example addEventZones(counts, { eventId: 8, x: 40, y: 50, endX: 80, endY: 50, … }) // touch, pass_fwd_long, target
 */
export function addEventZones(counts: ZoneCounts, e: WyscoutEvent, kickOff = false): void {
  const action = actionIndexOfEvent(e);
  if (action >= 0) counts[action] += 1;
  if (e.x === null || e.y === null) return;
  const duel = e.eventId === EVENT.duel;
  const touch = TOUCH_EVENTS.has(e.eventId) || (duel && ON_BALL_DUELS.has(e.subEventId));
  if (touch && !kickOff) addTouch(counts, e.x, e.y);
  const pass = e.eventId === EVENT.pass || (e.eventId === EVENT.freeKick && PASSING_SET_PIECES.has(e.subEventId));
  if (pass && e.endX !== null && e.endY !== null) addPass(counts, e.x, e.y, e.endX, e.endY);
  const defending =
    (duel && DEFENSIVE_DUELS.has(e.subEventId)) ||
    e.subEventId === SUB_EVENT.clearance ||
    e.tags.includes(TAG.interception) ||
    e.tags.includes(TAG.slidingTackle);
  if (defending) addDefence(counts, e.x, e.y);
}
