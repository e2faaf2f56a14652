/**
 * Inverse-CDF samplers and the type-7 quantile used by the generator. Samplers take the uniform
 * draw as an argument, so a calibration pass can redraw counts from new rates with the same
 * uniforms ("common random numbers") and converge smoothly.
 */

/** z of the 90th percentile of the standard normal: Φ⁻¹(0.9). */
export const Z90 = 1.2815515655446004;

/**
 * Standard normal quantile Φ⁻¹(p) (Acklam's rational approximation, relative error < 1.2e-9).
 * @example normalQuantile(0.5) // => 0
 */
export function normalQuantile(p: number): number {
  const a = [
    -3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1,
    2.506628277459239,
  ];
  const b = [
    -5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1,
  ];
  const c = [
    -7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  if (p === 0.5) return 0;
  const lo = 0.02425;
  if (p < lo || p > 1 - lo) {
    const q = Math.sqrt(-2 * Math.log(p < lo ? p : 1 - p));
    const tail =
      (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
      ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    return p < lo ? tail : -tail;
  }
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
    (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
  );
}

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
