import type { CountingColumn } from '../model/schema.js';
/**
 * Completion ratios such as pass accuracy (docs/methodology/stats.md#accuracy).
 */

/**
 * The share of attempts completed, as a percentage 0–100 (not rounded), evaluated as
 * `(completed × 100) / attempted` so equal ratios give exactly equal doubles.
 * Null when `attempted` is null, 0 or not finite, or `completed` is null or not finite.
 * A `completed` above `attempted` (a provider error) is returned as computed, above 100.
 * @example accuracyPct(45, 50) // => 90
 * @example accuracyPct(0, 0) // => null
 */
export function accuracyPct(completed: number | null, attempted: number | null): number | null {
  if (completed === null || attempted === null || !Number.isFinite(completed) || !Number.isFinite(attempted))
    return null;
  if (attempted <= 0) return null;
  return (completed * 100) / attempted;
}

/**
 * Fewest attempts behind a ratio that gets a cohort percentile (docs/methodology/stats.md#percentiles):
 * below it the ratio is reported but not ranked. Keyed by the attempts column.
 */
export const RATIO_ATTEMPTS_MIN: Partial<Record<CountingColumn, number>> = { passes: 50, crosses: 10 };
