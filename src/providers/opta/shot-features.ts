/**
 * An Opta shot turned into the xG model's {@link ShotFeatures} (docs/methodology/values.md#shot-features),
 * under the rules the StatsBomb and Wyscout shots follow: body part from qualifiers 15/20/72/21,
 * situation from the penalty, free-kick, corner, set-piece and fast-break qualifiers and the kicks
 * of the last seconds, and the assist from the related pass (qualifier 55) or an earlier shot.
 */
import { assert } from '../../errors.js';
import type { AssistKind, BodyPart, ShotFeatures, ShotSituation } from '../../event-models/shot.js';
import type { OptaEvent } from './match.js';
import { Q, SHOT_TYPES, TYPE } from './mapping.js';

/** Same windows as the other providers (docs/methodology/values.md#situation), in seconds. */
const SET_PIECE_WINDOW_S = 10;
const REBOUND_WINDOW_S = 5;
/** An indirect free kick counts as a set piece only from the opponent's half. */
const FREE_KICK_MIN_X = 0.5;

/**
 * The body part of a shot: head (15), right (20) or left foot (72), other (21), or null when the
 * feed says none (the shot rows then record `other` and the conformance suite counts it unknown).
 * @example optaBodyPartOf(new Map([[15, '']])) // => 'head'
 */
export function optaBodyPartOf(q: ReadonlyMap<number, string>): BodyPart | null {
  if (q.has(Q.head)) return 'head';
  if (q.has(Q.rightFoot) || q.has(Q.leftFoot)) return 'foot';
  if (q.has(Q.otherBodyPart)) return 'other';
  return null;
}

/** The events before `index` in the same period and within `windowS` seconds, nearest first. */
function* recent(events: readonly OptaEvent[], index: number, windowS: number): Generator<OptaEvent> {
  const shot = events[index]!;
  for (let k = index - 1; k >= 0; k--) {
    const e = events[k]!;
    if (e.period !== shot.period || shot.clock - e.clock > windowS) return;
    yield e;
  }
}

function situationOf(events: readonly OptaEvent[], index: number): ShotSituation {
  const shot = events[index]!;
  const q = shot.qualifiers;
  if (q.has(Q.penalty)) return 'penalty';
  if (q.has(Q.directFreeKick)) return 'direct_free_kick';
  if (q.has(Q.fromCorner)) return 'corner';
  for (const e of recent(events, index, SET_PIECE_WINDOW_S)) {
    if (e.teamId !== shot.teamId || e.typeId !== TYPE.pass) continue;
    if (e.qualifiers.has(Q.cornerTaken)) return 'corner';
    if (e.qualifiers.has(Q.freeKickTaken) && (e.at?.x ?? 0) >= FREE_KICK_MIN_X) return 'other_set_piece';
  }
  if (q.has(Q.setPiece)) return 'other_set_piece';
  return q.has(Q.fastBreak) ? 'counter_attack' : 'open_play';
}

function passKindOf(pass: OptaEvent): AssistKind {
  const q = pass.qualifiers;
  if (q.has(Q.cornerTaken) || q.has(Q.freeKickTaken)) return 'set_piece';
  if (q.has(Q.cross)) return 'cross';
  if (q.has(Q.throughBall)) return 'through_ball';
  return 'pass';
}

function assistOf(events: readonly OptaEvent[], index: number): AssistKind {
  const shot = events[index]!;
  for (const e of recent(events, index, REBOUND_WINDOW_S))
    if (e.teamId === shot.teamId && SHOT_TYPES.has(e.typeId)) return 'rebound';
  const related = shot.qualifiers.get(Q.relatedEventId);
  if (related === undefined) return 'none';
  const pass = events.find((e) => e.teamId === shot.teamId && e.eventId === Number(related) && e.typeId === TYPE.pass);
  if (pass) return passKindOf(pass);
  const takeOn = events.find(
    (e) => e.teamId === shot.teamId && e.eventId === Number(related) && e.typeId === TYPE.takeOn,
  );
  return takeOn ? 'dribble' : 'none';
}

/**
 * The xG features of the shot at `events[index]` (one match's sorted stream). The location was
 * converted at the reader (mapping.ts); a shot without one is placed on the penalty spot's line
 * only if the feed gives none, which the conformance suite reports. Throws when the event is not a shot.
 * @example optaShotFeaturesOf(events, i) // => { x: 0.895, y: 0.5, bodyPart: 'foot', situation: 'penalty', assist: 'none' }
 */
export function optaShotFeaturesOf(events: readonly OptaEvent[], index: number): ShotFeatures {
  const shot = events[index];
  assert(shot !== undefined && SHOT_TYPES.has(shot.typeId), 'optaShotFeaturesOf needs the index of a shot');
  const at = shot.at ?? { x: 1 - 11 / 105, y: 0.5 };
  return {
    x: at.x,
    y: at.y,
    bodyPart: optaBodyPartOf(shot.qualifiers) ?? 'other',
    situation: situationOf(events, index),
    assist: assistOf(events, index),
  };
}
