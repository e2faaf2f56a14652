/**
 * Fitting and validating the xG model (docs/methodology/values.md#fitting): penalties get the
 * training conversion rate, every other shot a logistic model; folds are grouped by match and
 * drawn with a seeded shuffle, so a refit on the same shots writes the same JSON byte for byte.
 */
import { assert } from '../errors.js';
import { fitLogistic, predictLogistic } from './logistic.js';
import { brierScore, calibrationByDecile, logLoss, rocAuc } from './metrics.js';
import type { ShotFeatures } from './shot.js';
import { type XgSpec, xgColumnNamesOf, xgDesignRowOf } from './xg-design.js';

/** One training shot: the match it belongs to (the fold unit), its features and whether it scored. */
export interface TrainingShot {
  matchId: number;
  features: ShotFeatures;
  goal: 0 | 1;
}

/** The seed of the fold shuffle; docs/methodology/values.md#validation. */
export const XG_SEED = 20180614;
/** Number of cross-validation folds. */
export const XG_FOLDS = 5;
/** L2 penalty of the logistic fit (tiny: it only keeps rare columns finite). */
export const XG_RIDGE = 1e-3;
/** Coefficients are written with this many decimals, so the JSON does not depend on the last bits of `Math.exp`. */
const DECIMALS = 6;

const round = (v: number, decimals: number): number => Number(v.toFixed(decimals));

/**
 * Mulberry32: a small seeded PRNG, enough for a reproducible shuffle (the xG folds, the benches'
 * synthetic tables).
 * @example mulberry32(1)() === mulberry32(1)() // => true
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The fold (0 … folds − 1) of every match: the distinct match ids sorted, shuffled with the seed
 * (Fisher–Yates) and dealt round-robin, so folds differ in size by at most one match.
 * @example matchFoldsOf([3, 1, 2, 1], 2, 7).size // => 3
 */
export function matchFoldsOf(matchIds: readonly number[], folds = XG_FOLDS, seed = XG_SEED): Map<number, number> {
  const ids = [...new Set(matchIds)].sort((a, b) => a - b);
  const random = mulberry32(seed);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  return new Map(ids.map((id, i) => [id, i % folds]));
}

/** A fitted model in memory: coefficients for the non-penalty shots and the penalty constant. */
export type XgFit = ReturnType<typeof fitXg>;

/** Fits penalties (conversion rate) and the logistic model of one specification on `shots`. */
export function fitXg(shots: readonly TrainingShot[], spec: XgSpec) {
  const penalties = shots.filter((s) => s.features.situation === 'penalty');
  const others = shots.filter((s) => s.features.situation !== 'penalty');
  assert(others.length > 0, 'fitXg needs non-penalty shots');
  const fit = fitLogistic(
    others.map((s) => xgDesignRowOf(s.features, spec)),
    others.map((s) => s.goal),
    { ridge: XG_RIDGE },
  );
  const penaltyXg = penalties.length ? penalties.reduce((n, s) => n + s.goal, 0) / penalties.length : 0.76;
  return {
    spec,
    coefficients: fit.coefficients.map((c) => round(c, DECIMALS)),
    penaltyXg: round(penaltyXg, 4),
    iterations: fit.iterations,
    converged: fit.converged,
  };
}

/** The xG of one shot under a fit (penalties get the constant). */
export function xgUnder(fit: Pick<XgFit, 'spec' | 'coefficients' | 'penaltyXg'>, shot: ShotFeatures): number {
  if (shot.situation === 'penalty') return fit.penaltyXg;
  return predictLogistic(fit.coefficients, xgDesignRowOf(shot, fit.spec));
}

/** Scores of predictions on a set of shots. */
export type XgScores = ReturnType<typeof scoresOf>;

/** Scores predictions `ps` against outcomes `ys`, and those of always predicting the base rate (the floor a model must beat). */
export function scoresOf(ps: readonly number[], ys: readonly number[]) {
  const goals = ys.reduce((n, y) => n + y, 0);
  const baseRate = goals / ys.length;
  const base = ys.map(() => baseRate);
  return {
    shots: ys.length,
    goals,
    baseRate,
    logLoss: logLoss(ps, ys),
    baseLogLoss: logLoss(base, ys),
    brier: brierScore(ps, ys),
    baseBrier: brierScore(base, ys),
    auc: rocAuc(ps, ys),
  };
}

/** Cross-validation of one specification: per-fold scores and the pooled out-of-fold predictions. */
export type XgValidation = ReturnType<typeof crossValidateXg>;

/**
 * Cross-validates `spec` with folds grouped by match: each fold is predicted by a model fitted on
 * the others; `predictions` holds the out-of-fold xG of every shot, in input order.
 */
export function crossValidateXg(shots: readonly TrainingShot[], spec: XgSpec, folds = XG_FOLDS, seed = XG_SEED) {
  const foldOf = matchFoldsOf(
    shots.map((s) => s.matchId),
    folds,
    seed,
  );
  const predictions = new Array<number>(shots.length).fill(0);
  const perFold: XgScores[] = [];
  for (let f = 0; f < folds; f++) {
    const fit = fitXg(
      shots.filter((s) => foldOf.get(s.matchId) !== f),
      spec,
    );
    const held: number[] = [];
    shots.forEach((s, i) => {
      if (foldOf.get(s.matchId) !== f) return;
      predictions[i] = xgUnder(fit, s.features);
      held.push(i);
    });
    perFold.push(
      scoresOf(
        held.map((i) => predictions[i]!),
        held.map((i) => shots[i]!.goal),
      ),
    );
  }
  const ys = shots.map((s) => s.goal);
  const np = shots.map((_, i) => i).filter((i) => shots[i]!.features.situation !== 'penalty');
  return {
    spec,
    folds: perFold,
    pooled: scoresOf(predictions, ys),
    pooledNonPenalty: scoresOf(
      np.map((i) => predictions[i]!),
      np.map((i) => ys[i]!),
    ),
    calibration: calibrationByDecile(predictions, ys),
    predictions,
  };
}

/**
 * The model JSON text for a fit, as it ships in src/event-models/xg-model.json: stable key order,
 * coefficients named by column, two-space indentation and a final newline, so the same fit always
 * writes the same bytes.
 */
export function xgModelJsonOf(fit: XgFit, version: string, training: Record<string, unknown>): string {
  const { spec, coefficients, penaltyXg } = fit;
  const json = { version, spec, columns: xgColumnNamesOf(spec), coefficients, penalty_xg: penaltyXg, training };
  return `${JSON.stringify(json, null, 2)}\n`;
}
