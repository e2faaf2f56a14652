/**
 * Logistic regression fitted by Newton–Raphson (iteratively reweighted least squares) with a small
 * ridge penalty, and its prediction. Pure and deterministic: a fixed iteration order, a Cholesky
 * solve, no randomness, so the same rows give the same coefficients bit for bit on one platform.
 */
import { assert } from '../errors.js';

/** How a fit runs; docs/methodology/values.md#fitting. */
interface LogisticOptions {
  /** L2 penalty on every coefficient, the intercept too (it keeps the Hessian positive definite when a class is missing); default 1e-3. */
  ridge?: number;
  /** Newton steps at most; default 50 (the xG fits converge in under 10). */
  maxIterations?: number;
  /** Stop when no coefficient moves more than this in a step; default 1e-10. */
  tolerance?: number;
}

/** The logistic function 1 / (1 + e^-z), computed without overflow. @example sigmoid(0) // => 0.5 */
export function sigmoid(z: number): number {
  if (z >= 0) return 1 / (1 + Math.exp(-z));
  const e = Math.exp(z);
  return e / (1 + e);
}

/** The model's probability for one design row. @example predictLogistic([0, 1], [1, 2]) // => sigmoid(2) */
export function predictLogistic(coefficients: readonly number[], row: readonly number[]): number {
  let z = 0;
  for (let j = 0; j < coefficients.length; j++) z += coefficients[j]! * row[j]!;
  return sigmoid(z);
}

/** Solves A x = b in place for a symmetric positive-definite A (Cholesky); throws when A is not. */
function solveSpd(a: Float64Array, b: Float64Array, n: number): Float64Array {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i * n + j]!;
      for (let k = 0; k < j; k++) s -= l[i * n + k]! * l[j * n + k]!;
      if (i === j) {
        assert(s > 0, 'logistic Hessian is not positive definite');
        l[i * n + i] = Math.sqrt(s);
      } else l[i * n + j] = s / l[j * n + j]!;
    }
  }
  const z = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= l[i * n + k]! * z[k]!;
    z[i] = s / l[i * n + i]!;
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = z[i]!;
    for (let k = i + 1; k < n; k++) s -= l[k * n + i]! * x[k]!;
    x[i] = s / l[i * n + i]!;
  }
  return x;
}

/**
 * Fits P(y = 1) = sigmoid(row · β) by maximising the penalised log-likelihood. `rows` are design
 * rows of equal length (column 0 the intercept's 1), `ys` their 0/1 outcomes. With a zero ridge,
 * separable data throws (the maximum is at infinity). Cost: O(iterations ·
 * n · p²). Throws when the rows are empty or ragged.
 * @example fitLogistic([[1, 0], [1, 0], [1, 1], [1, 1]], [0, 1, 1, 1]).coefficients.length // => 2
 */
export function fitLogistic(
  rows: readonly (readonly number[])[],
  ys: readonly number[],
  options: LogisticOptions = {},
) {
  const ridge = options.ridge ?? 1e-3;
  const maxIterations = options.maxIterations ?? 50;
  const tolerance = options.tolerance ?? 1e-10;
  assert(rows.length > 0 && rows.length === ys.length, 'fitLogistic needs one outcome per row');
  const p = rows[0]!.length;
  const beta = new Float64Array(p);
  for (let iter = 1; iter <= maxIterations; iter++) {
    const hessian = new Float64Array(p * p);
    const gradient = new Float64Array(p);
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      assert(row.length === p, 'fitLogistic rows must have equal length');
      let z = 0;
      for (let j = 0; j < p; j++) z += beta[j]! * row[j]!;
      const mu = sigmoid(z);
      const w = mu * (1 - mu);
      const r = ys[i]! - mu;
      for (let j = 0; j < p; j++) {
        const xj = row[j]!;
        if (xj === 0) continue;
        gradient[j] += r * xj;
        const wx = w * xj;
        for (let k = 0; k <= j; k++) hessian[j * p + k] += wx * row[k]!;
      }
    }
    for (let j = 0; j < p; j++) {
      for (let k = 0; k < j; k++) hessian[k * p + j] = hessian[j * p + k]!;
      hessian[j * p + j] += ridge;
      gradient[j] -= ridge * beta[j]!;
    }
    const step = solveSpd(hessian, gradient, p);
    let moved = 0;
    for (let j = 0; j < p; j++) {
      beta[j] += step[j]!;
      moved = Math.max(moved, Math.abs(step[j]!));
    }
    if (moved < tolerance) return { coefficients: [...beta], iterations: iter, converged: true };
  }
  return { coefficients: [...beta], iterations: maxIterations, converged: false };
}

/**
 * The shift δ of the log-odds that best recalibrates probabilities `ps` to outcomes `ys`
 * (maximum likelihood of sigmoid(logit(p) + δ), by Newton steps from 0). Used to measure how much
 * of a model's loss on another provider's shots is calibration alone.
 * @example fitLogitOffset([0.5, 0.5], [1, 1]) > 5 // => true
 */
export function fitLogitOffset(ps: readonly number[], ys: readonly number[], iterations = 50): number {
  assert(ps.length === ys.length && ps.length > 0, 'fitLogitOffset needs one outcome per prediction');
  const logits = ps.map((p) =>
    Math.log(Math.min(1 - 1e-12, Math.max(1e-12, p)) / (1 - Math.min(1 - 1e-12, Math.max(1e-12, p)))),
  );
  let delta = 0;
  for (let iter = 0; iter < iterations; iter++) {
    let g = 0;
    let h = 0;
    for (let i = 0; i < logits.length; i++) {
      const mu = sigmoid(logits[i]! + delta);
      g += ys[i]! - mu;
      h += mu * (1 - mu);
    }
    if (h < 1e-12) break;
    const step = Math.max(-2, Math.min(2, g / h));
    delta += step;
    if (Math.abs(step) < 1e-12) break;
  }
  return delta;
}
