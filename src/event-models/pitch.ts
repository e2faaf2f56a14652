/**
 * The standard pitch behind the fractions of {@link ShotFeatures} (docs/methodology/values.md#geometry):
 * 105 × 68 m with the real markings. Providers draw their markings at other places of their own
 * grids (Wyscout's penalty box is 62 % of the width, StatsBomb's 55 %), so each provider maps its
 * coordinates onto this pitch piecewise linearly between the markings, not by a plain scale.
 */

/** Markings along the length, in metres from the attacking team's own goal line: goal line, six-yard line, penalty spot, box edge, halfway, and their mirror. */
export const STANDARD_LENGTH_MARKS_M: readonly number[] = [0, 5.5, 11, 16.5, 52.5, 88.5, 94, 99.5, 105];
/** Markings across, in metres from the attacking team's left: touchline, box, six-yard box, post, centre, post, six-yard box, box, touchline. */
export const STANDARD_WIDTH_MARKS_M: readonly number[] = [0, 13.84, 24.84, 30.34, 34, 37.66, 43.16, 54.16, 68];

/**
 * Maps `v`, measured on a provider's axis whose markings are at `from` (same order as `to`), onto
 * the standard axis with markings `to`, as a fraction of the standard axis length. Values outside
 * the axis are clamped to [0, 1].
 * @example onStandardAxis(16, [0, 6, 10, 16, 50, 84, 90, 94, 100], STANDARD_LENGTH_MARKS_M) // => 16.5 / 105
 */
export function onStandardAxis(v: number, from: readonly number[], to: readonly number[]): number {
  const last = to.length - 1;
  if (!(v > from[0]!)) return 0;
  if (v >= from[last]!) return 1;
  let k = 1;
  while (v > from[k]!) k++;
  const t = (v - from[k - 1]!) / (from[k]! - from[k - 1]!);
  return (to[k - 1]! + t * (to[k]! - to[k - 1]!)) / to[last]!;
}
