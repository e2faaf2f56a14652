/**
 * Inverse-CDF samplers and the type-7 quantile used by the generator. Samplers take the uniform
 * draw as an argument, so a calibration pass can redraw counts from new rates with the same
 * uniforms ("common random numbers") and converge smoothly.
 */

import { normalQuantile } from '../model/normal-quantile.js';

/** z of the 90th percentile of the standard normal: Φ⁻¹(0.9). */
export const Z90 = 1.2815515655446004;

/** Above this mean the Poisson sampler uses the normal approximation (error well below a count's noise). */
const POISSON_NORMAL_ABOVE = 40;

/**
 * Smallest k with P(X ≤ k) ≥ u for X ~ Poisson(lambda); 0 when lambda ≤ 0.
 * @example poissonQuantile(1, 0.5) // => 1
 */
export function poissonQuantile(lambda: number, u: number): number {
  if (!(lambda > 0)) return 0;
  if (lambda > POISSON_NORMAL_ABOVE) return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * normalQuantile(u)));
  let p = Math.exp(-lambda);
  let cdf = p;
  let k = 0;
  while (u > cdf && k < 400) {
    k++;
    p *= lambda / k;
    cdf += p;
  }
  return k;
}

/**
 * Smallest k with P(X ≤ k) ≥ u for X ~ Binomial(n, p) (normal approximation above n = 80).
 * @example binomialQuantile(10, 0.5, 0.5) // => 5
 */
export function binomialQuantile(n: number, p: number, u: number): number {
  if (n <= 0 || p <= 0) return 0;
  if (p >= 1) return n;
  if (n > 80) {
    const k = Math.round(n * p + Math.sqrt(n * p * (1 - p)) * normalQuantile(u));
    return Math.min(n, Math.max(0, k));
  }
  let pk = (1 - p) ** n;
  let cdf = pk;
  let k = 0;
  const ratio = p / (1 - p);
  while (u > cdf && k < n) {
    pk *= ((n - k) / (k + 1)) * ratio;
    k++;
    cdf += pk;
  }
  return k;
}

/**
 * Quantile of sorted values by linear interpolation between order statistics (Hyndman–Fan type 7,
 * numpy's default). NaN for an empty array.
 * @example quantileSortedType7([0, 10, 20, 30], 0.5) // => 15
 */
export function quantileSortedType7(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}
