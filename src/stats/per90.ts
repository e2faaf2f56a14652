/**
 * Per-90 rates: a season total scaled to one full match (docs/methodology/stats.md#per-90).
 */

/**
 * Minimum minutes for a per-90 rate; below it a rate swings too much on one lucky shot to mean
 * anything, so it is left undefined (docs/methodology/stats.md#per-90).
 */
export const PER90_MINUTES_MIN = 90;

/**
 * Minutes as responses show them: whole minutes, rounded half up. Providers that time events to the
 * second give fractional minutes (3083.47); the engine keeps them exact for every rate and threshold
 * and rounds only what it hands out (docs/methodology/stats.md#minutes).
 * @example minutesShown(3083.469698016667) // => 3083
 */
export const minutesShown = (minutes: number): number => Math.round(minutes);

/**
 * A season total per 90 minutes played: `total / minutes × 90`, evaluated as
 * `(total × 90) / minutes` so that the single rounding step makes equal rates (3 in 270 minutes,
 * 10 in 900) exactly equal doubles, and ties in a cohort stay ties.
 * Null when `total` or `minutes` is null or not finite, or when `minutes` is below
 * {@link PER90_MINUTES_MIN} (90).
 * @example per90(9, 900) // => 0.9
 * @example per90(1, 89) // => null
 */
export function per90(total: number | null, minutes: number | null): number | null {
  if (total === null || minutes === null || !Number.isFinite(total) || !Number.isFinite(minutes)) return null;
  if (minutes < PER90_MINUTES_MIN) return null;
  return (total * 90) / minutes;
}
