/**
 * Scores of probabilistic predictions against 0/1 outcomes: log-loss, Brier score, ROC AUC and a
 * calibration table by decile (docs/methodology/values.md#validation). Pure.
 */
import { assert } from '../errors.js';

/** Probabilities are clipped to [EPS, 1 − EPS] inside the log-loss so a confident miss stays finite. */
const EPS = 1e-15;

const checkPair = (ps: readonly number[], ys: readonly number[]): void =>
  assert(ps.length === ys.length && ps.length > 0, 'metrics need one outcome per prediction');

/**
 * Mean negative log-likelihood, in nats: −mean(y·ln p + (1 − y)·ln(1 − p)).
 * @example logLoss([0.5, 0.5], [0, 1]) // => 0.6931 (ln 2)
 */
export function logLoss(ps: readonly number[], ys: readonly number[]): number {
  checkPair(ps, ys);
  let s = 0;
  for (let i = 0; i < ps.length; i++) {
    const p = Math.min(1 - EPS, Math.max(EPS, ps[i]!));
    s -= ys[i] ? Math.log(p) : Math.log(1 - p);
  }
  return s / ps.length;
}

/**
 * Mean squared error of the probabilities: mean((p − y)²).
 * @example brierScore([0.2, 0.9], [0, 1]) // => 0.025
 */
export function brierScore(ps: readonly number[], ys: readonly number[]): number {
  checkPair(ps, ys);
  let s = 0;
  for (let i = 0; i < ps.length; i++) s += (ps[i]! - ys[i]!) ** 2;
  return s / ps.length;
}

/**
 * Area under the ROC curve: the chance that a random positive scores above a random negative,
 * ties counting one half (Mann–Whitney with mid-ranks). Null when one class is absent.
 * @example rocAuc([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1]) // => 0.75
 */
export function rocAuc(ps: readonly number[], ys: readonly number[]): number | null {
  checkPair(ps, ys);
  const order = ps.map((_, i) => i).sort((a, b) => ps[a]! - ps[b]!);
  let positives = 0;
  let rankSum = 0;
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && ps[order[j + 1]!] === ps[order[i]!]) j++;
    const midRank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) {
      if (ys[order[k]!]) {
        positives++;
        rankSum += midRank;
      }
    }
    i = j + 1;
  }
  const negatives = ps.length - positives;
  if (positives === 0 || negatives === 0) return null;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

/** One bin of a calibration table. */
export interface CalibrationBin {
  /** 1 = the tenth with the lowest predictions. */
  decile: number;
  count: number;
  meanPredicted: number;
  observedRate: number;
}

/**
 * Calibration by decile: predictions sorted ascending (ties kept in input order) and cut into ten
 * bins of near-equal size; each bin's mean prediction beside its observed rate. Fewer bins when
 * there are fewer than ten predictions.
 * @example calibrationByDecile([0.1, 0.9], [0, 1]).map((b) => b.observedRate) // => [0, 1]
 */
export function calibrationByDecile(ps: readonly number[], ys: readonly number[]): CalibrationBin[] {
  checkPair(ps, ys);
  const order = ps.map((_, i) => i).sort((a, b) => ps[a]! - ps[b]! || a - b);
  const bins: CalibrationBin[] = [];
  for (let d = 0; d < 10; d++) {
    const from = Math.floor((d * order.length) / 10);
    const to = Math.floor(((d + 1) * order.length) / 10);
    if (to <= from) continue;
    let sp = 0;
    let sy = 0;
    for (let k = from; k < to; k++) {
      sp += ps[order[k]!]!;
      sy += ys[order[k]!]!;
    }
    bins.push({ decile: d + 1, count: to - from, meanPredicted: sp / (to - from), observedRate: sy / (to - from) });
  }
  return bins;
}

/**
 * Pearson correlation of two equal-length series; null when either is constant.
 * @example pearson([1, 2, 3], [2, 4, 7]) // => 0.9934
 */
export function pearson(a: readonly number[], b: readonly number[]): number | null {
  assert(a.length === b.length && a.length > 1, 'pearson needs two series of equal length ≥ 2');
  const n = a.length;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    sab += (a[i]! - ma) * (b[i]! - mb);
    saa += (a[i]! - ma) ** 2;
    sbb += (b[i]! - mb) ** 2;
  }
  return saa === 0 || sbb === 0 ? null : sab / Math.sqrt(saa * sbb);
}
