/**
 * A Wyscout v2 shot turned into the xG model's {@link ShotFeatures} (docs/methodology/values.md#wyscout):
 * position from the event, body part from its foot/head tags, situation from the sub-event, the
 * counter-attack tag and the set piece of the last few seconds, and the assist from the events
 * just before it in file order.
 */
import { assert } from '../../errors.js';
import { STANDARD_LENGTH_MARKS_M, STANDARD_WIDTH_MARKS_M, onStandardAxis } from '../../event-models/pitch.js';
import type { AssistKind, BodyPart, ShotFeatures, ShotSituation } from '../../event-models/shot.js';
import { EVENT, SUB_EVENT, TAG } from './mapping.js';
import type { WyscoutEvent } from './read.js';

/** Vocabulary read only here (Wyscout's tag table, Pappalardo et al. 2019). */
const SHOT_TAG = { leftFoot: 401, rightFoot: 402, headOrBody: 403, through: 901, counterAttack: 1901 } as const;
const SMART_PASS = 86;

/** A set piece by the shooting team this many seconds before the shot makes it a set-piece shot; docs/methodology/values.md#situation. */
export const SET_PIECE_WINDOW_S = 10;
/** An earlier shot by the same team this many seconds before makes this one a rebound. */
export const REBOUND_WINDOW_S = 5;
/** The assisting action is looked for this many seconds back at most. */
export const ASSIST_WINDOW_S = 15;
/** An indirect free kick counts as a set piece only from the opponent's half (x ≥ 50 of 100). */
const FREE_KICK_MIN_X = 50;

/**
 * Whether a Wyscout event is a shot the xG model covers: a shot, a direct free-kick shot or a penalty.
 * @example isWyscoutShot({ eventId: 10, subEventId: 100 } as WyscoutEvent) // => true
 */
export function isWyscoutShot(e: Pick<WyscoutEvent, 'eventId' | 'subEventId'>): boolean {
  return (
    e.eventId === EVENT.shot ||
    (e.eventId === EVENT.freeKick && (e.subEventId === SUB_EVENT.freeKickShot || e.subEventId === SUB_EVENT.penalty))
  );
}

/** Wyscout's markings on its 0–100 axes (same order as the standard ones): six-yard line 6, penalty spot 10, box 16; box 19–81, six-yard box 37–63, posts 45–55 across. */
const WYSCOUT_LENGTH_MARKS: readonly number[] = [0, 6, 10, 16, 50, 84, 90, 94, 100];
const WYSCOUT_WIDTH_MARKS: readonly number[] = [0, 19, 37, 45, 50, 55, 63, 81, 100];

/**
 * A Wyscout point (0–100 both ways, toward the goal attacked, y = 0 on the attacker's left) as
 * fractions of the standard pitch (src/event-models/pitch.ts), matching the markings.
 * @example wyscoutPitchPointOf(84, 50) // => { x: 0.8429, y: 0.5 } (the edge of the box, 16.5 m out)
 */
export function wyscoutPitchPointOf(x: number, y: number): { x: number; y: number } {
  return {
    x: onStandardAxis(x, WYSCOUT_LENGTH_MARKS, STANDARD_LENGTH_MARKS_M),
    y: onStandardAxis(y, WYSCOUT_WIDTH_MARKS, STANDARD_WIDTH_MARKS_M),
  };
}

function bodyPartOf(tags: readonly number[]): BodyPart {
  if (tags.includes(SHOT_TAG.headOrBody)) return 'head';
  if (tags.includes(SHOT_TAG.leftFoot) || tags.includes(SHOT_TAG.rightFoot)) return 'foot';
  return 'other';
}

/** The events before `index` in the same period and within `windowS` seconds, nearest first. */
function* recent(events: readonly WyscoutEvent[], index: number, windowS: number): Generator<WyscoutEvent> {
  const shot = events[index]!;
  for (let k = index - 1; k >= 0; k--) {
    const e = events[k]!;
    if (e.matchPeriod !== shot.matchPeriod || shot.eventSec - e.eventSec > windowS) return;
    yield e;
  }
}

function situationOf(events: readonly WyscoutEvent[], index: number): ShotSituation {
  const shot = events[index]!;
  if (shot.subEventId === SUB_EVENT.penalty) return 'penalty';
  if (shot.subEventId === SUB_EVENT.freeKickShot) return 'direct_free_kick';
  for (const e of recent(events, index, SET_PIECE_WINDOW_S)) {
    if (e.teamId !== shot.teamId || e.eventId !== EVENT.freeKick) continue;
    if (e.subEventId === SUB_EVENT.corner) return 'corner';
    const attackingFreeKick =
      e.subEventId === SUB_EVENT.freeKick ||
      e.subEventId === SUB_EVENT.freeKickCross ||
      e.subEventId === SUB_EVENT.freeKickShot;
    if (attackingFreeKick && (e.x ?? 0) >= FREE_KICK_MIN_X) return 'other_set_piece';
  }
  return shot.tags.includes(SHOT_TAG.counterAttack) ? 'counter_attack' : 'open_play';
}

/** The kind of a teammate's action that set the shot up. */
function passKindOf(e: WyscoutEvent): AssistKind {
  if (e.eventId === EVENT.freeKick) return e.subEventId === SUB_EVENT.throwIn ? 'pass' : 'set_piece';
  if (e.eventId !== EVENT.pass) return 'none';
  if (e.subEventId === SUB_EVENT.cross) return 'cross';
  if (e.subEventId === SMART_PASS || e.tags.includes(SHOT_TAG.through)) return 'through_ball';
  return 'pass';
}

/** A won take-on: a ground attacking duel won with a take-on tag. */
export const isWonTakeOn = (e: WyscoutEvent): boolean =>
  e.eventId === EVENT.duel &&
  e.subEventId === SUB_EVENT.groundAttackingDuel &&
  (e.tags.includes(TAG.takeOnLeft) || e.tags.includes(TAG.takeOnRight)) &&
  e.tags.includes(TAG.won);

/** Events that record no touch of the ball by either side: skipped when looking for the assist. */
const NO_TOUCH = new Set<number>([EVENT.foul, EVENT.interruption, EVENT.offside, EVENT.goalkeeperLeavingLine]);

function assistOf(events: readonly WyscoutEvent[], index: number): AssistKind {
  const shot = events[index]!;
  for (const e of recent(events, index, REBOUND_WINDOW_S))
    if (e.teamId === shot.teamId && isWyscoutShot(e)) return 'rebound';
  let dribbled = false;
  for (const e of recent(events, index, ASSIST_WINDOW_S)) {
    if (NO_TOUCH.has(e.eventId)) continue;
    if (e.eventId === EVENT.duel) {
      // Both sides record a duel; the shooter's won take-on is the action that made the chance.
      if (e.playerId === shot.playerId && isWonTakeOn(e)) dribbled = true;
      continue;
    }
    if (e.teamId !== shot.teamId) break;
    if (e.playerId === shot.playerId) {
      if (e.eventId !== EVENT.othersOnTheBall) break;
      continue;
    }
    return dribbled ? 'dribble' : passKindOf(e);
  }
  return dribbled ? 'dribble' : 'none';
}

/**
 * The xG features of the shot at `events[index]`, where `events` is one match's event list in file
 * order. Coordinates become fractions (Wyscout's 0–100 already runs toward the goal attacked, with
 * y = 0 on the attacking team's left). Throws when `events[index]` is not a shot ({@link isWyscoutShot}).
 * @example wyscoutShotFeaturesOf(events, i) // => { x: 0.88, y: 0.41, bodyPart: 'foot', situation: 'open_play', assist: 'cross' }
 */
export function wyscoutShotFeaturesOf(events: readonly WyscoutEvent[], index: number): ShotFeatures {
  const shot = events[index];
  assert(shot !== undefined && isWyscoutShot(shot), 'wyscoutShotFeaturesOf needs the index of a shot');
  return {
    ...wyscoutPitchPointOf(shot.x ?? 0, shot.y ?? 50),
    bodyPart: bodyPartOf(shot.tags),
    situation: situationOf(events, index),
    assist: assistOf(events, index),
  };
}
