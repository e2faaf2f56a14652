/**
 * A Metrica shot turned into the xG model's {@link ShotFeatures} (docs/methodology/values.md#shot-features)
 * under the rules the other providers follow: body part from the HEAD subtype, situation from the
 * SET PIECE that restarts play at the shot or in the seconds before it, the assist from the key
 * pass (the pass the shooter received, his next action being the shot), an earlier shot or his
 * own dribble.
 */
import { assert } from '../../errors.js';
import type { AssistKind, ShotFeatures, ShotSituation } from '../../event-models/shot.js';
import type { MetricaEvent } from './match.js';
import { SUB, TYPE, has } from './mapping.js';

/** Same windows as the other providers (docs/methodology/values.md#situation), in seconds. */
const SET_PIECE_WINDOW_S = 10;
const REBOUND_WINDOW_S = 5;
/** An indirect free kick counts as a set piece only from the opponent's half. */
const FREE_KICK_MIN_X = 0.5;

/** The SET PIECE event that restarts play with `events[index]` (same side, same moment), or undefined. */
export function setPieceOf(events: readonly MetricaEvent[], index: number): MetricaEvent | undefined {
  const e = events[index]!;
  for (let k = index - 1; k >= 0; k--) {
    const p = events[k]!;
    if (p.period !== e.period || p.start !== e.start) return undefined;
    if (p.type === TYPE.setPiece && p.side === e.side) return p;
  }
  return undefined;
}

/**
 * The index of the shot's key pass: walking back over the shooter's own carries, the first event
 * is a PASS of his side received by him. -1 when there is none.
 * @example keyPassIndexOf(events, shotIndex) // => shotIndex - 1 for a first-time finish
 */
export function keyPassIndexOf(events: readonly MetricaEvent[], index: number): number {
  const shot = events[index]!;
  for (let k = index - 1; k >= 0; k--) {
    const e = events[k]!;
    if (e.period !== shot.period) return -1;
    if (e.type === TYPE.carry && e.from === shot.from) continue;
    if (e.type === TYPE.setPiece && e.side === shot.side && e.start === shot.start) continue;
    return e.type === TYPE.pass && e.side === shot.side && e.to === shot.from ? k : -1;
  }
  return -1;
}

/** The events before `index` in the same period within `windowS` seconds, nearest first. */
function* recent(events: readonly MetricaEvent[], index: number, windowS: number): Generator<MetricaEvent> {
  const shot = events[index]!;
  for (let k = index - 1; k >= 0; k--) {
    const e = events[k]!;
    if (e.period !== shot.period || shot.start - e.start > windowS) return;
    yield e;
  }
}

/** True for a shot taken from a penalty (a SET PIECE PENALTY at the shot). */
export const isPenalty = (events: readonly MetricaEvent[], index: number): boolean => {
  const p = setPieceOf(events, index);
  return p !== undefined && has(p, SUB.penalty);
};

function situationOf(events: readonly MetricaEvent[], index: number): ShotSituation {
  const shot = events[index]!;
  const restart = setPieceOf(events, index);
  if (restart && has(restart, SUB.penalty)) return 'penalty';
  if (restart && has(restart, SUB.freeKick)) return 'direct_free_kick';
  for (const e of recent(events, index, SET_PIECE_WINDOW_S)) {
    if (e.side !== shot.side || e.type !== TYPE.setPiece) continue;
    if (has(e, SUB.corner)) return 'corner';
    if (has(e, SUB.freeKick) && (shot.at?.x ?? 0) >= FREE_KICK_MIN_X) return 'other_set_piece';
  }
  return 'open_play';
}

function assistOf(events: readonly MetricaEvent[], index: number): AssistKind {
  const shot = events[index]!;
  for (const e of recent(events, index, REBOUND_WINDOW_S))
    if (e.side === shot.side && e.type === TYPE.shot) return 'rebound';
  const k = keyPassIndexOf(events, index);
  if (k >= 0) {
    const pass = events[k]!;
    const restart = setPieceOf(events, k);
    if (restart && (has(restart, SUB.corner) || has(restart, SUB.freeKick))) return 'set_piece';
    if (has(pass, SUB.cross)) return 'cross';
    if (has(pass, SUB.throughBall)) return 'through_ball';
    return 'pass';
  }
  for (const e of recent(events, index, REBOUND_WINDOW_S))
    if (e.from === shot.from && e.type === TYPE.challenge && has(e, SUB.dribble) && has(e, SUB.won)) return 'dribble';
  return 'none';
}

/**
 * The xG features of the shot at `events[index]`. Metrica marks headers only, so a shot without
 * the HEAD subtype is read as a foot shot (docs/providers.md#metrica). A shot without a location
 * is placed on the penalty spot. Throws when the event is not a shot.
 * @example metricaShotFeaturesOf(events, i) // => { x: 0.9, y: 0.5, bodyPart: 'foot', situation: 'open_play', assist: 'pass' }
 */
export function metricaShotFeaturesOf(events: readonly MetricaEvent[], index: number): ShotFeatures {
  const shot = events[index];
  assert(shot !== undefined && shot.type === TYPE.shot, 'metricaShotFeaturesOf needs the index of a shot');
  const at = shot.at ?? { x: 1 - 11 / 105, y: 0.5 };
  return {
    x: at.x,
    y: at.y,
    bodyPart: has(shot, SUB.head) ? 'head' : 'foot',
    situation: situationOf(events, index),
    assist: assistOf(events, index),
  };
}
