/**
 * One refit of the value models from a real-data folder: reads the Wyscout open data, cross-validates
 * the xG model and its baseline (folds grouped by match), fits the shipped model on every shot,
 * checks it against StatsBomb's own xG on the StatsBomb sample, and fits the xT grid
 * (docs/methodology/values.md). Returns the model files' text and what the training report is
 * written from; the CLI writes them.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fitLogitOffset, sigmoid } from '../../event-models/logistic.js';
import { brierScore, logLoss, pearson, rocAuc } from '../../event-models/metrics.js';
import type { ShotFeatures } from '../../event-models/shot.js';
import {
  XG_FOLDS,
  XG_RIDGE,
  XG_SEED,
  crossValidateXg,
  scoresOf,
  fitXg,
  matchFoldsOf,
  xgModelJsonOf,
  xgUnder,
} from '../../event-models/xg-fit.js';
import { XT_COLUMNS, XT_ROWS, fitXt } from '../../event-models/xt-fit.js';
import { statsBombShotsOf, wyscoutTrainingOf } from './training-data.js';

/** Version stamps of the shipped files: bump when the features or the data change. */
const XG_VERSION = 'xg-wyscout1718-v3';
const XT_VERSION = 'xt-wyscout1718-v2';

const round = (v: number, decimals: number): number => Number(v.toFixed(decimals));

/** The shipped xT grid file's text: the fitted grid, its layout and what it was fitted on. */
function xtGridJsonOf(xt: ReturnType<typeof fitXt>, trainedOn: { data: string; passes: number; shots: number }) {
  const json = {
    version: XT_VERSION,
    columns: XT_COLUMNS,
    rows: XT_ROWS,
    layout:
      'cell index = ix * rows + iy; ix = floor(x * 12) toward the goal attacked, iy = floor(y * 8) from the attacking left',
    training: { ...trainedOn, iterations: xt.iterations },
    grid: xt.grid.map((v) => round(v, 6)),
  };
  return `${JSON.stringify(json, null, 2)}\n`;
}

/**
 * Refits everything from `real` (a folder holding `wyscout/` and optionally `statsbomb/<sample>/`):
 * the shipped files' text, what the training report is written from, and the timings.
 */
export function fitModels(real: string, log: (line: string) => void = () => {}) {
  let t = performance.now();
  const data = wyscoutTrainingOf(join(real, 'wyscout'));
  const readMs = performance.now() - t;
  log(`read ${data.shots.length} shots and ${data.moves.length} passes in ${readMs.toFixed(0)} ms`);
  const full = crossValidateXg(data.shots, 'full');
  const baseline = crossValidateXg(data.shots, 'baseline');
  t = performance.now();
  const fit = fitXg(data.shots, 'full');
  const xgFitMs = performance.now() - t;
  const training = {
    data: 'Wyscout public dataset (Pappalardo et al., Scientific Data 2019), CC BY 4.0: four 2017/18 leagues and the 2018 World Cup',
    competitions: data.competitions,
    shots: data.shots.length,
    goals: data.shots.reduce((n, s) => n + s.goal, 0),
    seed: XG_SEED,
    folds: XG_FOLDS,
    ridge: XG_RIDGE,
    newton_iterations: fit.iterations,
  };
  const xgModelJson = xgModelJsonOf(fit, XG_VERSION, training);
  const statsBomb = statsBombComparisonOf(real, (s) => xgUnder(fit, s));
  t = performance.now();
  const xt = fitXt(data.moves, data.xtShots);
  const xtFitMs = performance.now() - t;
  const byCompetition = competitionScoresOf(data, full.predictions, baseline.predictions);
  // xT grids fitted on one competition alone, against the shipped grid.
  const xtByCompetition = (data.xtRanges ?? []).map((r) => {
    const grid = fitXt(data.moves.slice(...r.moves), data.xtShots.slice(...r.xtShots)).grid;
    return { competition: r.competition, passes: r.moves[1] - r.moves[0], ...gridDifferenceOf(grid, xt.grid) };
  });
  const reportInput = {
    xtByCompetition,
    training,
    fit,
    full,
    baseline,
    statsBomb,
    xt,
    competitions: data.competitions,
    byCompetition,
  };
  return {
    xgModelJson,
    xtGridJson: xtGridJsonOf(xt, { data: training.data, passes: data.moves.length, shots: data.xtShots.length }),
    reportInput,
    shots: data.shots.length,
    readMs,
    xgFitMs,
    xtFitMs,
  };
}

/**
 * Our xG against StatsBomb's on the StatsBomb sample, all shots, non-penalty and open play: shots,
 * goals, each side's scores (ours also with the log-odds shifted for StatsBomb, the shift fitted on
 * other matches' shots, fold by fold) and the correlation of the two.
 */
export type StatsBombComparison = NonNullable<ReturnType<typeof statsBombComparisonOf>>;
/** One competition's own xT grid against the shipped one (`maxRelDiff`: largest |own − shipped| / shipped over the cells). */
export type XtComparison = ReturnType<typeof gridDifferenceOf> & { competition: string; passes: number };

/** How far a grid fitted on one competition lies from the shipped grid. */
function gridDifferenceOf(grid: readonly number[], shipped: readonly number[]) {
  const diffs = grid.map((v, i) => Math.abs(v - shipped[i]!));
  return {
    correlation: pearson(grid, shipped),
    meanAbsDiff: diffs.reduce((s, v) => s + v, 0) / diffs.length,
    maxRelDiff: Math.max(...grid.map((v, i) => Math.abs(v - shipped[i]!) / shipped[i]!)),
  };
}

/** Out-of-fold scores of both models per competition (shots are listed competition by competition). */
function competitionScoresOf(
  data: { shots: readonly { goal: 0 | 1 }[]; competitions: readonly { competition: string; shots: number }[] },
  full: readonly number[],
  baseline: readonly number[],
) {
  let from = 0;
  return data.competitions.map((c) => {
    const to = from + c.shots;
    const ys = data.shots.slice(from, to).map((s) => s.goal);
    const row = {
      competition: c.competition,
      full: scoresOf(full.slice(from, to), ys),
      baseline: scoresOf(baseline.slice(from, to), ys),
    };
    from = to;
    return row;
  });
}

/** Our xG beside StatsBomb's on the StatsBomb sample's shots, or null when the sample is absent. */
function statsBombComparisonOf(real: string, xgOfShot: (s: ShotFeatures) => number) {
  const dir = join(real, 'statsbomb', 'premier-league-2015-16');
  if (!existsSync(join(dir, 'competitions.json'))) return null;
  const shots = statsBombShotsOf(dir);
  const raw = shots.map((s) => xgOfShot(s.features));
  const recalibrated = recalibratedByMatch(shots, raw);
  const part = (keep: (s: (typeof shots)[number]) => boolean) => {
    const idx = shots.map((_, i) => i).filter((i) => keep(shots[i]!));
    const ys = idx.map((i) => shots[i]!.goal);
    const side = (xs: readonly number[]) => {
      const ps = idx.map((i) => xs[i]!);
      return { logLoss: logLoss(ps, ys), brier: brierScore(ps, ys), auc: rocAuc(ps, ys), total: sum(ps) };
    };
    const theirs = shots.map((s) => s.statsbombXg);
    return {
      shots: idx.length,
      goals: ys.reduce((n: number, y) => n + y, 0),
      ours: side(raw),
      oursRecalibrated: side(recalibrated),
      theirs: side(theirs),
      correlation: pearson(
        idx.map((i) => raw[i]!),
        idx.map((i) => theirs[i]!),
      ),
    };
  };
  return {
    all: part(() => true),
    nonPenalty: part((s) => s.features.situation !== 'penalty'),
    openPlay: part((s) => s.features.situation === 'open_play' || s.features.situation === 'counter_attack'),
  };
}

/**
 * Our xG with its log-odds shifted for the provider, measured honestly: the StatsBomb matches are
 * dealt into folds as in the Wyscout validation, and each fold's shift is fitted on the other folds.
 * Penalties keep their constant.
 */
function recalibratedByMatch(
  shots: readonly { matchId: number; features: ShotFeatures; goal: 0 | 1 }[],
  xg: readonly number[],
): number[] {
  const foldOf = matchFoldsOf(shots.map((s) => s.matchId));
  const out = [...xg];
  for (let f = 0; f < XG_FOLDS; f++) {
    const train = shots
      .map((_, i) => i)
      .filter((i) => foldOf.get(shots[i]!.matchId) !== f && shots[i]!.features.situation !== 'penalty');
    const delta = fitLogitOffset(
      train.map((i) => xg[i]!),
      train.map((i) => shots[i]!.goal),
    );
    shots.forEach((s, i) => {
      if (foldOf.get(s.matchId) === f && s.features.situation !== 'penalty')
        out[i] = sigmoid(Math.log(xg[i]! / (1 - xg[i]!)) + delta);
    });
  }
  return out;
}

const sum = (xs: readonly number[]): number => xs.reduce((s, v) => s + v, 0);
