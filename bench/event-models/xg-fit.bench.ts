/**
 * Value-model fitting benchmark (issue 21: "xG fitting on about 40,000 shots takes under 30 s on
 * one core"). On 40,000 seeded synthetic shots, in one process: the shipped model's fit (21
 * columns) against the baseline model's (6 columns, the plain distance/angle/header/free-kick/
 * counter model) as the baseline, and the 5-fold match-grouped cross-validation of both; then the
 * xT value iteration on 1,300,000 synthetic passes (the Wyscout training data's size).
 * Run: `npm run bench:values` (env BENCH_SHOTS, BENCH_RUNS). Writes bench/results/values.{json,md}.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ASSIST_KINDS, type ShotFeatures, type ShotSituation } from '../../src/event-models/shot.js';
import { type TrainingShot, crossValidateXg, fitXg, xgUnder } from '../../src/event-models/xg-fit.js';
import { type XtMove, type XtShot, fitXt } from '../../src/event-models/xt-fit.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SHOTS = Number(process.env.BENCH_SHOTS ?? 40_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const MOVES = 1_300_000;

/** Mulberry32, the seeded generator the fold shuffle uses. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SITUATIONS: ShotSituation[] = [
  'open_play',
  'open_play',
  'open_play',
  'counter_attack',
  'corner',
  'other_set_piece',
  'direct_free_kick',
  'penalty',
];

/** Synthetic shots in the box-and-beyond zone, scored by a known curve so the fit has signal. */
function syntheticShots(n: number, random: () => number): TrainingShot[] {
  return Array.from({ length: n }, (_, i) => {
    const features: ShotFeatures = {
      x: 0.7 + 0.3 * random(),
      y: 0.2 + 0.6 * random(),
      bodyPart: random() < 0.15 ? 'head' : 'foot',
      situation: SITUATIONS[Math.floor(random() * SITUATIONS.length)]!,
      assist: ASSIST_KINDS[Math.floor(random() * ASSIST_KINDS.length)]!,
    };
    const p = Math.min(0.9, 0.02 + 0.6 * (features.x - 0.7) ** 2 * 10);
    return { matchId: Math.floor(i / 25), features, goal: random() < p ? 1 : 0 };
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
function timeCpu(fn: () => void): number {
  const u = process.cpuUsage();
  fn();
  const c = process.cpuUsage(u);
  return (c.user + c.system) / 1000;
}

const random = mulberry32(21);
const shots = syntheticShots(SHOTS, random);
const moves: XtMove[] = Array.from({ length: MOVES }, () => ({
  x0: random(),
  y0: random(),
  x1: random(),
  y1: random(),
  success: random() < 0.8,
}));
const xtShots: XtShot[] = shots
  .filter((s) => s.features.situation !== 'penalty')
  .map((s) => ({ x: s.features.x, y: s.features.y, goal: s.goal === 1 }));

const runs = (fn: () => void) => median(Array.from({ length: RUNS }, () => timeCpu(fn)));
let sink = 0;
const fullMs = runs(() => {
  sink += xgUnder(fitXg(shots, 'full'), shots[0]!.features);
});
const baselineMs = runs(() => {
  sink += xgUnder(fitXg(shots, 'baseline'), shots[0]!.features);
});
const cvMs = timeCpu(() => {
  sink += crossValidateXg(shots, 'full').pooled.logLoss + crossValidateXg(shots, 'baseline').pooled.logLoss;
});
const xtMs = timeCpu(() => {
  sink += fitXt(moves, xtShots).grid[0]!;
});

const result = {
  shots: SHOTS,
  runs: RUNS,
  cpu_ms: { fit_full: fullMs, fit_baseline: baselineMs, cross_validation_both: cvMs, xt_fit_1_3m_passes: xtMs },
  ratio_full_vs_baseline: fullMs / baselineMs,
  budget_ms: 30_000,
  within_budget: fullMs + cvMs < 30_000,
  checksum: sink,
};
const md = [
  '# Value-model fitting (bench/event-models/xg-fit.bench.ts)',
  '',
  `${SHOTS} synthetic shots, median CPU of ${RUNS} runs; one core.`,
  '',
  '| step | CPU ms |',
  '| --- | ---: |',
  `| fit, shipped model (21 columns) | ${fullMs.toFixed(0)} |`,
  `| fit, baseline model (6 columns) — baseline | ${baselineMs.toFixed(0)} |`,
  `| ratio shipped / baseline | ${(fullMs / baselineMs).toFixed(2)} × |`,
  `| 5-fold cross-validation of both models (10 fits) | ${cvMs.toFixed(0)} |`,
  `| xT value iteration on ${MOVES.toLocaleString('en')} passes | ${xtMs.toFixed(0)} |`,
  '',
  `Budget (issue 21): fitting under 30,000 ms on one core — ${result.within_budget ? 'met' : 'NOT met'}.`,
  '',
].join('\n');
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(join(root, 'bench', 'results', 'values.json'), `${JSON.stringify(result, null, 2)}\n`);
writeFileSync(join(root, 'bench', 'results', 'values.md'), md);
process.stdout.write(md);
