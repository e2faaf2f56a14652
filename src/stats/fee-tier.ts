/**
 * Fee tiers: market value in EUR bucketed into five bands (docs/design.md#statistics,
 * docs/methodology/stats.md#fee-tiers). Responses outside the profile carry the tier, never EUR.
 */

/** The five fee tiers, cheapest first. */
export const FEE_TIERS = ['T1', 'T2', 'T3', 'T4', 'T5'] as const;
export type FeeTier = (typeof FEE_TIERS)[number];

/** Lowest market value (EUR) in T2; below it is T1 (docs/methodology/stats.md#fee-tiers). */
export const FEE_T2_MIN_EUR = 10_000_000;
/** Lowest market value (EUR) in T3 (docs/methodology/stats.md#fee-tiers). */
export const FEE_T3_MIN_EUR = 30_000_000;
/** Lowest market value (EUR) in T4 (docs/methodology/stats.md#fee-tiers). */
export const FEE_T4_MIN_EUR = 60_000_000;
/** Highest market value (EUR) still in T4, inclusive; anything above is T5 (docs/methodology/stats.md#fee-tiers). */
export const FEE_T4_MAX_EUR = 100_000_000;

/**
 * The fee tier of a market value in EUR: T1 < 10M ≤ T2 < 30M ≤ T3 < 60M ≤ T4 ≤ 100M < T5.
 * Null for an unknown value (null, undefined, NaN, ±Infinity or negative).
 * @example feeTierOf(10_000_000) // => 'T2'
 * @example feeTierOf(100_000_000) // => 'T4'
 * @example feeTierOf(null) // => null
 */
export function feeTierOf(valueEur: number | null | undefined): FeeTier | null {
  if (valueEur === null || valueEur === undefined || !Number.isFinite(valueEur) || valueEur < 0) return null;
  if (valueEur < FEE_T2_MIN_EUR) return 'T1';
  if (valueEur < FEE_T3_MIN_EUR) return 'T2';
  if (valueEur < FEE_T4_MIN_EUR) return 'T3';
  if (valueEur <= FEE_T4_MAX_EUR) return 'T4';
  return 'T5';
}

/**
 * Position of a tier in {@link FEE_TIERS}: T1 → 1 … T5 → 5, for ordering and "at most T3" filters.
 * @example feeTierRank('T3') // => 3
 */
export function feeTierRank(tier: FeeTier): number {
  return FEE_TIERS.indexOf(tier) + 1;
}

/** True when `value` is one of the five tier codes. @example isFeeTier('T6') // => false */
export function isFeeTier(value: string): value is FeeTier {
  return FEE_TIERS.some((tier) => tier === value);
}
