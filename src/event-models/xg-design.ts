/**
 * The xG model's design matrix: the named columns a shot turns into (docs/methodology/values.md#model).
 * Two specifications share one builder: `full` (what ships) and `baseline` (distance, angle, header,
 * direct free kick, counter-attack: the plain model the full one must beat, reported beside it).
 */
import { type ShotFeatures, shotAngleRad, shotDistanceM } from './shot.js';

/** Which columns a model uses. */
export type XgSpec = 'full' | 'baseline';

/** One design column: its name (as stored in the model JSON) and how a shot fills it. */
interface Column {
  name: string;
  of: (s: ShotFeatures, g: Geometry) => number;
}

interface Geometry {
  /** Distance to the goal centre in tens of metres. */
  d10: number;
  /** Angle subtended by the goal mouth, radians. */
  angle: number;
}

const is = (b: boolean): number => (b ? 1 : 0);
const head = (s: ShotFeatures): number => is(s.bodyPart === 'head');

const BASELINE_COLUMNS: readonly Column[] = [
  { name: 'intercept', of: () => 1 },
  { name: 'distance_10m', of: (_, g) => g.d10 },
  { name: 'angle_rad', of: (_, g) => g.angle },
  { name: 'head', of: head },
  { name: 'direct_free_kick', of: (s) => is(s.situation === 'direct_free_kick') },
  { name: 'counter_attack', of: (s) => is(s.situation === 'counter_attack') },
];

const FULL_COLUMNS: readonly Column[] = [
  ...BASELINE_COLUMNS,
  // Curvature in distance and angle, and their interaction: the chance falls fast over the first
  // metres and slowly beyond the box, and a wide angle matters more close in.
  { name: 'distance_10m_sq', of: (_, g) => g.d10 * g.d10 },
  { name: 'log_distance_m', of: (_, g) => Math.log(1 + 10 * g.d10) },
  { name: 'angle_x_distance', of: (_, g) => g.angle * g.d10 },
  { name: 'head_x_distance', of: (s, g) => head(s) * g.d10 },
  { name: 'other_body_part', of: (s) => is(s.bodyPart === 'other') },
  { name: 'free_kick_x_distance', of: (s, g) => is(s.situation === 'direct_free_kick') * g.d10 },
  { name: 'corner', of: (s) => is(s.situation === 'corner') },
  { name: 'other_set_piece', of: (s) => is(s.situation === 'other_set_piece') },
  { name: 'assist_pass', of: (s) => is(s.assist === 'pass') },
  { name: 'assist_cross', of: (s) => is(s.assist === 'cross') },
  { name: 'assist_through_ball', of: (s) => is(s.assist === 'through_ball') },
  { name: 'assist_set_piece', of: (s) => is(s.assist === 'set_piece') },
  { name: 'rebound', of: (s) => is(s.assist === 'rebound') },
  { name: 'after_dribble', of: (s) => is(s.assist === 'dribble') },
  { name: 'head_x_cross', of: (s) => head(s) * is(s.assist === 'cross') },
];

/**
 * The column names of a specification, in design order.
 * @example xgColumnNamesOf('baseline') // => ['intercept', 'distance_10m', 'angle_rad', 'head', 'direct_free_kick', 'counter_attack']
 */
export function xgColumnNamesOf(spec: XgSpec): string[] {
  return (spec === 'full' ? FULL_COLUMNS : BASELINE_COLUMNS).map((c) => c.name);
}

/**
 * One shot's design row for a specification (column 0 is the intercept's 1).
 * @example xgDesignRowOf({ x: 0.9, y: 0.5, bodyPart: 'foot', situation: 'open_play', assist: 'none' }, 'baseline')[1] // => 1.05
 */
export function xgDesignRowOf(shot: ShotFeatures, spec: XgSpec): number[] {
  const g: Geometry = { d10: shotDistanceM(shot.x, shot.y) / 10, angle: shotAngleRad(shot.x, shot.y) };
  return (spec === 'full' ? FULL_COLUMNS : BASELINE_COLUMNS).map((c) => c.of(shot, g));
}
