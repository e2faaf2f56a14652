/**
 * One refit of the value models from a real-data folder: reads the Wyscout open data, cross-validates
 * the xG model and its baseline (folds grouped by match), fits the shipped model on every shot,
 * checks it against StatsBomb's own xG on the StatsBomb sample, and fits the xT grid
 * (docs/methodology/values.md). Returns the files' text; the CLI writes them.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { brierScore, logLoss, pearson, rocAuc } from '../../values/metrics.js';
import { XG_FOLDS, XG_RIDGE, XG_SEED, crossValidateXg, fitXg, xgModelJsonOf, xgUnder } from '../../values/xg-fit.js';
import { XT_COLUMNS, XT_ROWS, fitXt } from '../../values/xt-fit.js';
import { type StatsBombComparison, trainingReportOf } from './report.js';
import { statsBombShotsOf, wyscoutTrainingOf } from './training-data.js';

/** Version stamps of the shipped files: bump when the features or the data change. */
export const XG_VERSION = 'xg-wyscout1718-v1';
export const XT_VERSION = 'xt-wyscout1718-v1';

/** What a refit produces. */
export interface ModelFitOutput {
  xgModelJson: string;
  xtGridJson: string;
  report: string;
  shots: number;
  readMs: number;
  xgFitMs: number;
  xtFitMs: number;
}

const round = (v: number, decimals: number): number => Number(v.toFixed(decimals));

/** Refits everything from `real` (a folder holding `wyscout/` and optionally `statsbomb/<sample>/`). */
export function fitModels(real: string, log: (line: string) => void = () => {}): ModelFitOutput {
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
  const xtJson = {
    version: XT_VERSION,
    columns: XT_COLUMNS,
    rows: XT_ROWS,
    layout:
      'cell index = ix * rows + iy; ix = floor(x * 12) toward the goal attacked, iy = floor(y * 8) from the attacking left',
    training: { data: training.data, passes: data.moves.length, shots: data.xtShots.length, iterations: xt.iterations },
    grid: xt.grid.map((v) => round(v, 6)),
  };
  const report = trainingReportOf({ training, fit, full, baseline, statsBomb, xt, competitions: data.competitions });
  return {
    xgModelJson,
    xtGridJson: `${JSON.stringify(xtJson, null, 2)}\n`,
    report,
    shots: data.shots.length,
    readMs,
    xgFitMs,
    xtFitMs,
  };
}

/** Our xG beside StatsBomb's on the StatsBomb sample's shots, or null when the sample is absent. */
function statsBombComparisonOf(
  real: string,
  xgOfShot: (s: import('../../values/shot.js').ShotFeatures) => number,
): StatsBombComparison | null {
  const dir = join(real, 'statsbomb', 'premier-league-2015-16');
  if (!existsSync(join(dir, 'competitions.json'))) return null;
  const shots = statsBombShotsOf(dir);
  const part = (keep: (s: (typeof shots)[number]) => boolean) => {
    const kept = shots.filter(keep);
    const ys = kept.map((s) => s.goal);
    const ours = kept.map((s) => xgOfShot(s.features));
    const theirs = kept.map((s) => s.statsbombXg);
    return {
      shots: kept.length,
      goals: ys.reduce((n: number, y) => n + y, 0),
      ours: { logLoss: logLoss(ours, ys), brier: brierScore(ours, ys), auc: rocAuc(ours, ys), total: sum(ours) },
      theirs: {
        logLoss: logLoss(theirs, ys),
        brier: brierScore(theirs, ys),
        auc: rocAuc(theirs, ys),
        total: sum(theirs),
      },
      correlation: pearson(ours, theirs),
    };
  };
  return {
    all: part(() => true),
    nonPenalty: part((s) => s.features.situation !== 'penalty'),
    openPlay: part((s) => s.features.situation === 'open_play' || s.features.situation === 'counter_attack'),
  };
}

const sum = (xs: readonly number[]): number => xs.reduce((s, v) => s + v, 0);
