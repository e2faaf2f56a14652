/**
 * The generator's latent quantile curves (docs/methodology/demo-data.md#calibration): a two-piece
 * lognormal through p10/p50/p90 (linear for accuracies), how its points start and move toward the
 * targets, and the damped completion draw of accuracy metrics.
 */
import type { Triple } from './calibration-targets.js';
import { normalQuantile } from '../model/normal-quantile.js';
import { quantileSortedType7, Z90 } from './distributions.js';

/** Slope cap of the upper tail beyond p90 on the log scale, so the best players stay plausible. */
const UPPER_TAIL_SLOPE_MAX = 0.35;
/**
 * Starting p10 as a share of p50 where the target p10 is 0: a steep lower tail, so that players who
 * rarely do something (centre-backs crossing) really rarely do it.
 */
const ZERO_P10_SHARE = 0.1;

/** The latent quantile function of one group and metric, with its slopes computed once. */
interface Curve {
  pts: number[];
  pct: boolean;
  up: number;
  down: number;
  tail: number;
}

/**
 * The curve through latent points [p10, p50, p90] (fractions for accuracies), with its slopes.
 * @example curveOf([1, 2, 4], false).tail <= 0.35 // => true
 */
export function curveOf(pts: number[], pct: boolean): Curve {
  const [p10, p50, p90] = pts;
  if (pct) return { pts, pct, up: (p90 - p50) / Z90, down: (p50 - p10) / Z90, tail: 0 };
  if (p90 <= 0) return { pts, pct, up: 0, down: 0, tail: 0 };
  const up = Math.log(p90 / p50) / Z90;
  return { pts, pct, up, down: Math.log(p50 / p10) / Z90, tail: Math.min(up, UPPER_TAIL_SLOPE_MAX) };
}

/** Latent rate at a player's standard-normal score z: two-piece lognormal through p10/p50/p90 (linear for accuracies). */
export function rateAt(z: number, c: Curve): number {
  const [, p50, p90] = c.pts;
  if (c.pct) {
    const v = z >= 0 ? p50 + c.up * Math.min(z, Z90) + 0.5 * c.up * Math.max(0, z - Z90) : p50 + c.down * z;
    return Math.min(0.99, Math.max(0.02, v));
  }
  if (p90 <= 0) return 0;
  if (z >= 0) return z <= Z90 ? p50 * Math.exp(c.up * z) : p90 * Math.exp(c.tail * (z - Z90));
  return p50 * Math.exp(c.down * z);
}

/**
 * Starting latent points for a target triple: accuracies as fractions, zero targets lifted so the curve has a shape.
 * @example initialPoints([0, 0, 0], false) // => [0, 0, 0]
 */
export function initialPoints(t: Triple, pct: boolean): number[] {
  if (pct) return [t[0] / 100, t[1] / 100, t[2] / 100];
  if (t[2] <= 0) return [0, 0, 0];
  const p90 = t[2];
  const p50 = t[1] > 0 ? t[1] : p90 * 0.25;
  const p10 = t[0] > 0 ? t[0] : p50 * ZERO_P10_SHARE;
  return [p10, p50, p90];
}

/** Moves the latent points toward the target given what they achieved (multiplicative, damped). */
export function updatePoints(pts: number[], target: Triple, achieved: Triple, pct: boolean): void {
  if (!pct && target[2] <= 0) return;
  for (let k = 0; k < 3; k++) {
    const t = pct ? target[k] / 100 : target[k];
    const a = pct ? achieved[k] / 100 : achieved[k];
    let f: number;
    if (t > 0) f = a > 0 ? Math.min(1.6, Math.max(0.6, (t / a) ** 0.8)) : 1.6;
    else f = a > 0 ? 0.6 : 1;
    pts[k] *= f;
  }
  pts[0] = Math.min(pts[0], pts[1] * 0.999);
  pts[2] = Math.max(pts[2], pts[1] * 1.001);
}

/** Completions of `attempts` at accuracy `p`, drawn with `variance` × the binomial variance (normal approximation, rounded, clamped). */
export function completionsOf(attempts: number, p: number, u: number, variance: number): number {
  if (attempts <= 0) return 0;
  const k = Math.round(attempts * p + Math.sqrt(variance * attempts * p * (1 - p)) * normalQuantile(u));
  return Math.min(attempts, Math.max(0, k));
}

/** The [p10, p50, p90] of `values` (sorted in place). */
export function triple(values: Float64Array): Triple {
  const sorted = values.sort();
  return [quantileSortedType7(sorted, 0.1), quantileSortedType7(sorted, 0.5), quantileSortedType7(sorted, 0.9)];
}
