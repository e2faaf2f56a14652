/**
 * A StatsBomb shot turned into the xG model's {@link ShotFeatures} (docs/methodology/values.md#statsbomb),
 * under the same rules as the Wyscout one: body part and shot type from the shot, set pieces from
 * the kicks of the last seconds, counter-attacks from the play pattern, and the assist from the key
 * pass (or the shooter's dribble, or an earlier shot) before it.
 */
import { assert } from '../../errors.js';
import { STANDARD_LENGTH_MARKS_M, STANDARD_WIDTH_MARKS_M, onStandardAxis } from '../../event-models/pitch.js';
import type { AssistKind, BodyPart, ShotFeatures, ShotSituation } from '../../event-models/shot.js';
import type { StatsBombEvent } from './read.js';

/** Same windows as the Wyscout rules (docs/methodology/values.md#situation), in seconds. */
const SET_PIECE_WINDOW_S = 10;
const REBOUND_WINDOW_S = 5;
const ASSIST_WINDOW_S = 15;
/** An indirect free kick counts as a set piece only from the opponent's half (x ≥ 60 of 120). */
const FREE_KICK_MIN_X = 60;
const WIDTH = 80;

/** StatsBomb's markings on its 120 × 80 yard axes (same order as the standard ones): six-yard line 6, spot 12, box 18; box 18–62, six-yard box 30–50, posts 36–44 across. */
const STATSBOMB_LENGTH_MARKS: readonly number[] = [0, 6, 12, 18, 60, 102, 108, 114, 120];
const STATSBOMB_WIDTH_MARKS: readonly number[] = [0, 18, 30, 36, 40, 44, 50, 62, 80];

/**
 * A StatsBomb point (120 × 80, toward the goal attacked at x = 120, y = 0 on the attacker's left)
 * as fractions of the standard pitch (src/event-models/pitch.ts), matching the markings.
 * @example statsBombPitchPointOf(102, 40) // => { x: 0.8429, y: 0.5 } (the edge of the box, 16.5 m out)
 */
export function statsBombPitchPointOf(x: number, y: number): { x: number; y: number } {
  return {
    x: onStandardAxis(x, STATSBOMB_LENGTH_MARKS, STANDARD_LENGTH_MARKS_M),
    y: onStandardAxis(y, STATSBOMB_WIDTH_MARKS, STANDARD_WIDTH_MARKS_M),
  };
}
const clockOf = (e: StatsBombEvent): number => e.minute * 60 + e.second;

function bodyPartOf(name: string | undefined): BodyPart {
  if (name === 'Head') return 'head';
  if (name === 'Left Foot' || name === 'Right Foot') return 'foot';
  return 'other';
}

/** The events before `index` in the same period and within `windowS` seconds, nearest first. */
function* recent(events: readonly StatsBombEvent[], index: number, windowS: number): Generator<StatsBombEvent> {
  const shot = events[index]!;
  for (let k = index - 1; k >= 0; k--) {
    const e = events[k]!;
    if (e.period !== shot.period || clockOf(shot) - clockOf(e) > windowS) return;
    yield e;
  }
}

function situationOf(events: readonly StatsBombEvent[], index: number): ShotSituation {
  const shot = events[index]!;
  const type = shot.shot?.type?.name;
  if (type === 'Penalty') return 'penalty';
  if (type === 'Free Kick') return 'direct_free_kick';
  if (type === 'Corner') return 'corner';
  for (const e of recent(events, index, SET_PIECE_WINDOW_S)) {
    if (e.team.id !== shot.team.id) continue;
    const kick = e.pass?.type?.name ?? (e.type.name === 'Shot' ? e.shot?.type?.name : undefined);
    if (kick === 'Corner') return 'corner';
    if (kick === 'Free Kick' && (e.location?.[0] ?? 0) >= FREE_KICK_MIN_X) return 'other_set_piece';
  }
  return shot.play_pattern?.name === 'From Counter' ? 'counter_attack' : 'open_play';
}

function passKindOf(pass: NonNullable<StatsBombEvent['pass']>): AssistKind {
  const type = pass.type?.name;
  if (type === 'Corner' || type === 'Free Kick') return 'set_piece';
  if (pass.cross) return 'cross';
  if (pass.through_ball || pass.technique?.name === 'Through Ball') return 'through_ball';
  return 'pass';
}

function assistOf(events: readonly StatsBombEvent[], index: number): AssistKind {
  const shot = events[index]!;
  for (const e of recent(events, index, REBOUND_WINDOW_S))
    if (e.team.id === shot.team.id && e.type.name === 'Shot') return 'rebound';
  const keyPassId = shot.shot?.key_pass_id;
  for (const e of recent(events, index, ASSIST_WINDOW_S)) {
    if (keyPassId && e.id === keyPassId) break;
    if (e.type.name === 'Dribble' && e.player?.id === shot.player?.id && e.dribble?.outcome.name === 'Complete')
      return 'dribble';
  }
  if (!keyPassId) return 'none';
  const keyPass = events.find((e) => e.id === keyPassId);
  return keyPass?.pass ? passKindOf(keyPass.pass) : 'none';
}

/**
 * The xG features of the shot at `events[index]`, where `events` is one match's stream sorted by
 * index (as readEvents returns it). StatsBomb's 120 × 80 pitch attacks toward x = 120 with y = 0 on the
 * attacking team's left, so the fractions are x / 120 and y / 80. Throws when the event is not a shot.
 * @example statsBombShotFeaturesOf(events, i) // => { x: 0.83, y: 0.62, bodyPart: 'foot', situation: 'open_play', assist: 'pass' }
 */
export function statsBombShotFeaturesOf(events: readonly StatsBombEvent[], index: number): ShotFeatures {
  const shot = events[index];
  assert(shot !== undefined && shot.type.name === 'Shot', 'statsBombShotFeaturesOf needs the index of a shot');
  const [x = 0, y = WIDTH / 2] = shot.location ?? [];
  return {
    ...statsBombPitchPointOf(x, y),
    bodyPart: bodyPartOf(shot.shot?.body_part?.name),
    situation: situationOf(events, index),
    assist: assistOf(events, index),
  };
}
