/**
 * Where on the pitch a player acts and what he does there, counted per match by every event
 * provider into the optional `player_zones` table (docs/methodology/dna.md#location-features). The
 * counts are plain numbers so a match summary carries them through worker threads. Coordinates are
 * 0–100 in the acting team's frame: x from its own goal line, y from its left touchline.
 */
import { recordOf } from './record-of.js';

/** Length bands of the touch grid, own goal to opponent goal (sixths of the pitch). */
export const TOUCH_BANDS = 6;
/** Lanes of the touch grid, left to right: wing, half-space, centre, half-space, wing (fifths). */
export const TOUCH_LANES = 5;
/** Thirds and lanes of the coarse grid for pass targets and defensive actions (3 × 3). */
const COARSE_BANDS = 3;
/** A pass of at least this many metres is long (the same line as the `long_balls` column). */
export const PASS_LONG_METRES = 30;
/** Pitch size the 0–100 frame is scaled to, for pass lengths and angles (metres). */
export const PITCH_METRES = { length: 105, width: 68 } as const;

const touchColumns = Array.from({ length: TOUCH_BANDS * TOUCH_LANES }, (_, i) => {
  const band = Math.floor(i / TOUCH_LANES);
  return `touch_b${band}_l${i % TOUCH_LANES}`;
});
/** Pass direction × length bins, in column order. */
const PASS_BINS = [
  'pass_fwd_short',
  'pass_fwd_long',
  'pass_side_short',
  'pass_side_long',
  'pass_back_short',
  'pass_back_long',
] as const;
const coarse = (prefix: string) =>
  Array.from({ length: COARSE_BANDS * COARSE_BANDS }, (_, i) => `${prefix}_b${Math.floor(i / 3)}_l${i % 3}`);

/** Coordinate sums, for exact mean locations and spreads, each coordinate rounded to a whole 0–100 unit first. */
export const SUM_COLUMNS = [
  'touch_sum_x',
  'touch_sum_y',
  'touch_sum_xx',
  'touch_sum_yy',
  'touch_sum_xy',
  'defence_sum_x',
  'defence_sum_y',
  'target_sum_x',
  'target_sum_y',
] as const;
export type SumColumn = (typeof SUM_COLUMNS)[number];

/**
 * What kind of action a player chooses, counted without location (docs/methodology/dna.md#location-features).
 * Columns added after `player_zones` was first written: older datasets load them as null.
 */
export const ACTION_COLUMNS = [
  'pass_simple',
  'pass_high',
  'pass_head',
  'pass_smart',
  'pass_launch',
  'pass_cross',
  'pass_hand',
  'duel_air',
  'duel_ground_attacking',
  'duel_ground_defending',
  'duel_loose_ball',
  'ball_touch',
  'acceleration',
  'clearance',
  'foul',
  'shot',
  'pass_length_sum',
] as const;
export type ActionColumn = (typeof ACTION_COLUMNS)[number];

/** The count columns of `player_zones`, in order (docs/methodology/dna.md#location-features). */
export const ZONE_COLUMNS: readonly string[] = [
  ...touchColumns,
  ...PASS_BINS,
  ...coarse('target'),
  ...coarse('defence'),
  ...SUM_COLUMNS,
  ...ACTION_COLUMNS,
];

/**
 * Index of a coordinate sum in {@link ZONE_COLUMNS}.
 * @example sumIndexOf('touch_sum_x') // => 54
 */
export const sumIndexOf = (column: SumColumn): number => ZONE_COLUMNS.indexOf(column);

/**
 * Index of an action count in {@link ZONE_COLUMNS}.
 * @example actionIndexOf('pass_simple') // => 63
 */
export const actionIndexOf = (column: ActionColumn): number => ZONE_COLUMNS.indexOf(column);

/** The blocks of {@link ZONE_COLUMNS}: each is a distribution of its own (shares sum to 1 within a block). */
export const ZONE_BLOCKS = [
  { name: 'touch', start: 0, length: TOUCH_BANDS * TOUCH_LANES },
  { name: 'pass', start: TOUCH_BANDS * TOUCH_LANES, length: PASS_BINS.length },
  { name: 'target', start: TOUCH_BANDS * TOUCH_LANES + PASS_BINS.length, length: 9 },
  { name: 'defence', start: TOUCH_BANDS * TOUCH_LANES + PASS_BINS.length + 9, length: 9 },
] as const;

const ACTION_AT = recordOf(ACTION_COLUMNS, actionIndexOf);

/**
 * Counts one action of kind `column` (no location needed).
 * @example addAction(counts, 'duel_air') // counts[ZONE_COLUMNS.indexOf('duel_air')] += 1
 */
export function addAction(counts: ZoneCounts, column: Exclude<ActionColumn, 'pass_length_sum'>): void {
  counts[ACTION_AT[column]] += 1;
}

const SUM_AT = recordOf(SUM_COLUMNS, sumIndexOf);

/** One player's counts, in {@link ZONE_COLUMNS} order. */
export type ZoneCounts = number[];

/** A zeroed set of zone counts. @example emptyZoneCounts().length // => 80 */
export function emptyZoneCounts(): ZoneCounts {
  return new Array(ZONE_COLUMNS.length).fill(0);
}

const unit = (v: number): number => Math.min(100, Math.max(0, Math.round(v)));
const bandOf = (v: number, bands: number): number => Math.min(bands - 1, Math.max(0, Math.floor((v * bands) / 100)));
const coarseOf = (x: number, y: number): number => bandOf(x, COARSE_BANDS) * COARSE_BANDS + bandOf(y, COARSE_BANDS);

/**
 * Counts an open-play on-ball action at (x, y) in its touch zone; the provider leaves restarts out.
 * @example addTouch(counts, 95, 50) // counts[ZONE_COLUMNS.indexOf('touch_b5_l2')] += 1
 */
export function addTouch(counts: ZoneCounts, x: number, y: number): void {
  counts[bandOf(x, TOUCH_BANDS) * TOUCH_LANES + bandOf(y, TOUCH_LANES)] += 1;
  const ux = unit(x);
  const uy = unit(y);
  counts[SUM_AT.touch_sum_x] += ux;
  counts[SUM_AT.touch_sum_y] += uy;
  counts[SUM_AT.touch_sum_xx] += ux * ux;
  counts[SUM_AT.touch_sum_yy] += uy * uy;
  counts[SUM_AT.touch_sum_xy] += ux * uy;
}

/**
 * Counts a pass from (x, y) to (endX, endY): its direction × length bin (forward within 45° of
 * the opponent's goal line, back within 45° of the own, sideways otherwise; long from
 * {@link PASS_LONG_METRES}), its target zone and its length (`pass_length_sum`, metres).
 * @example addPass(counts, 50, 50, 90, 50) // pass_fwd_long and target_b2_l1 += 1
 */
export function addPass(counts: ZoneCounts, x: number, y: number, endX: number, endY: number): void {
  const dx = ((endX - x) * PITCH_METRES.length) / 100;
  const dy = ((endY - y) * PITCH_METRES.width) / 100;
  const direction = dx > Math.abs(dy) ? 0 : -dx > Math.abs(dy) ? 2 : 1;
  const length = Math.hypot(dx, dy);
  const long = length >= PASS_LONG_METRES ? 1 : 0;
  counts[ACTION_AT.pass_length_sum] += Math.round(length);
  counts[ZONE_BLOCKS[1].start + direction * 2 + long] += 1;
  counts[ZONE_BLOCKS[2].start + coarseOf(endX, endY)] += 1;
  counts[SUM_AT.target_sum_x] += unit(endX);
  counts[SUM_AT.target_sum_y] += unit(endY);
}

/**
 * Counts a defensive action (tackle, interception, clearance, defensive or aerial duel) at (x, y).
 * @example addDefence(counts, 10, 50) // defence_b0_l1 += 1
 */
export function addDefence(counts: ZoneCounts, x: number, y: number): void {
  counts[ZONE_BLOCKS[3].start + coarseOf(x, y)] += 1;
  counts[SUM_AT.defence_sum_x] += unit(x);
  counts[SUM_AT.defence_sum_y] += unit(y);
}

/**
 * Adds `from` into `into`, element by element (season sums of match counts).
 * @example addZoneCounts(a, b) // a[i] += b[i]
 */
export function addZoneCounts(into: ZoneCounts, from: ArrayLike<number>): void {
  for (let i = 0; i < into.length; i++) into[i] += from[i] ?? 0;
}
