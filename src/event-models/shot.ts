/**
 * A shot as the xG model sees it (docs/methodology/values.md#shot-features): where it was taken,
 * with what, in which situation and after which action. Pure; providers convert their events into it.
 * Coordinates are fractions of the standard pitch, x toward the goal attacked (docs/methodology/values.md#geometry).
 */

/** What the ball was struck with. */
export type BodyPart = 'foot' | 'head' | 'other';

/** The phase the shot came from; `corner` and `other_set_piece` cover the seconds after the kick (docs/methodology/values.md). */
export type ShotSituation =
  | 'open_play'
  | 'counter_attack'
  | 'direct_free_kick'
  | 'penalty'
  | 'corner'
  | 'other_set_piece';

/** Every assist kind, in the order the model's design matrix lists them. */
export const ASSIST_KINDS = ['none', 'pass', 'cross', 'through_ball', 'set_piece', 'rebound', 'dribble'] as const;

/**
 * The action that set the shot up: the teammate's pass (by kind), the shooter's own dribble, a
 * rebound from an earlier shot, or nothing identifiable (`none`: a loose ball, a won tackle).
 */
export type AssistKind = (typeof ASSIST_KINDS)[number];

/** One shot's features (see the module comment for the coordinate frame). */
export interface ShotFeatures {
  x: number;
  y: number;
  bodyPart: BodyPart;
  situation: ShotSituation;
  assist: AssistKind;
}

/** Pitch size the fractions are scaled to for distances (metres); docs/methodology/values.md#geometry. */
export const PITCH_LENGTH_M = 105;
/** Pitch width for distances (metres). */
export const PITCH_WIDTH_M = 68;
/** Goal mouth width (metres). */
export const GOAL_WIDTH_M = 7.32;

/**
 * Distance from the shot to the centre of the goal, in metres on a 105 × 68 m pitch.
 * @example shotDistanceM(1 - 11 / 105, 0.5) // => 11 (the penalty spot)
 */
export function shotDistanceM(x: number, y: number): number {
  const dx = (1 - x) * PITCH_LENGTH_M;
  const dy = (y - 0.5) * PITCH_WIDTH_M;
  return Math.sqrt(dx * dx + dy * dy);
}

/**
 * The angle the goal mouth subtends at the shot, in radians (0 from the goal line beside the
 * posts, up to π on the line between them).
 * @example shotAngleRad(1 - 11 / 105, 0.5) // => 0.6435 (about 37° from the penalty spot)
 */
export function shotAngleRad(x: number, y: number): number {
  const dx = Math.max(0, (1 - x) * PITCH_LENGTH_M);
  const dy = Math.abs((y - 0.5) * PITCH_WIDTH_M);
  const half = GOAL_WIDTH_M / 2;
  // atan2 of the two post directions; at dx = 0 outside the posts the angle is 0, between them π.
  const a = Math.atan2(half - dy, dx) - Math.atan2(-half - dy, dx);
  return Math.max(0, Math.min(Math.PI, a));
}
