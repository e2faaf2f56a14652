/**
 * The training report of a refit, as markdown (written to docs/methodology/xg-training.md). Holds
 * only what the data decides, never timings, so a refit on the same data writes the same bytes.
 */
import type { XgFit, XgScores, XgValidation } from '../../event-models/xg-fit.js';
import { xgColumnNamesOf } from '../../event-models/xg-design.js';
import { XT_COLUMNS, XT_ROWS, type XtFit } from '../../event-models/xt-fit.js';
import type { fitModels, StatsBombComparison, XtComparison } from './fit-models.js';

type StatsBombSlice = StatsBombComparison['all'];

/** Everything the report is written from: what {@link fitModels} computed. */
type ReportInput = ReturnType<typeof fitModels>['reportInput'];

const f = (v: number | null, d = 4): string => (v === null ? '—' : v.toFixed(d));
const mean = (xs: readonly number[]): number => xs.reduce((s, v) => s + v, 0) / xs.length;
const sd = (xs: readonly number[]): number => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, v) => s + (v - m) ** 2, 0) / Math.max(1, xs.length - 1));
};

function scoreRow(label: string, s: XgScores): string {
  return `| ${label} | ${s.shots} | ${f(s.baseRate)} | ${f(s.auc)} | ${f(s.brier)} | ${f(s.baseBrier)} | ${f(s.logLoss)} | ${f(s.baseLogLoss)} |`;
}

function foldMeanRow(label: string, v: XgValidation): string {
  const pick = (k: 'auc' | 'brier' | 'logLoss') => v.folds.map((s) => s[k] ?? Number.NaN);
  const ms = (k: 'auc' | 'brier' | 'logLoss') => `${f(mean(pick(k)))} ± ${f(sd(pick(k)))}`;
  return `| ${label} | ${ms('auc')} | ${ms('brier')} | ${ms('logLoss')} |`;
}

function xgSection(input: ReportInput): string[] {
  const { full, baseline } = input;
  const head = '| model | shots | base rate | ROC AUC | Brier | Brier (base rate) | log-loss | log-loss (base rate) |';
  const rule = '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |';
  return [
    '## Cross-validation (held-out matches)',
    '',
    `${input.training.folds} folds grouped by match (every shot of a match in one fold), matches shuffled with seed ${input.training.seed}. Each fold is predicted by a model fitted on the other four; penalties get the training folds' conversion rate.`,
    '',
    'Pooled out-of-fold predictions:',
    '',
    head,
    rule,
    scoreRow('shipped model, all shots', full.pooled),
    scoreRow('baseline, all shots', baseline.pooled),
    scoreRow('shipped model, non-penalty', full.pooledNonPenalty),
    scoreRow('baseline, non-penalty', baseline.pooledNonPenalty),
    '',
    'By competition (out-of-fold, all shots):',
    '',
    head,
    rule,
    ...input.byCompetition.flatMap((c) => [
      scoreRow(`shipped model, ${c.competition}`, c.full),
      scoreRow(`baseline, ${c.competition}`, c.baseline),
    ]),
    '',
    'Per-fold mean ± standard deviation (all shots):',
    '',
    '| model | ROC AUC | Brier | log-loss |',
    '| --- | ---: | ---: | ---: |',
    foldMeanRow('shipped model', full),
    foldMeanRow('baseline', baseline),
    '',
    '| fold | shots | goals | AUC | Brier | log-loss | baseline AUC | baseline Brier | baseline log-loss |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...full.folds.map((s, i) => {
      const b = baseline.folds[i]!;
      return `| ${i + 1} | ${s.shots} | ${s.goals} | ${f(s.auc)} | ${f(s.brier)} | ${f(s.logLoss)} | ${f(b.auc)} | ${f(b.brier)} | ${f(b.logLoss)} |`;
    }),
    '',
    '## Calibration by decile (shipped model, out-of-fold, all shots)',
    '',
    '| decile | shots | mean xG | goal rate |',
    '| ---: | ---: | ---: | ---: |',
    ...full.calibration.map((b) => `| ${b.decile} | ${b.count} | ${f(b.meanPredicted)} | ${f(b.observedRate)} |`),
    '',
  ];
}

function coefficientSection(fit: XgFit): string[] {
  const names = xgColumnNamesOf(fit.spec);
  return [
    '## Shipped coefficients (fitted on every shot)',
    '',
    `Penalty xG (conversion rate of the training penalties): **${fit.penaltyXg}**. Newton iterations: ${fit.iterations}.`,
    '',
    '| column | coefficient | odds ratio |',
    '| --- | ---: | ---: |',
    ...names.map(
      (n, i) => `| \`${n}\` | ${fit.coefficients[i]!.toFixed(6)} | ${Math.exp(fit.coefficients[i]!).toFixed(3)} |`,
    ),
    '',
  ];
}

function statsBombSection(c: StatsBombComparison | null, baseRate: number): string[] {
  if (!c) return ['## StatsBomb check', '', 'Skipped: the StatsBomb sample was absent.', ''];
  const row = (label: string, s: StatsBombSlice) =>
    `| ${label} | ${s.shots} | ${s.goals} | ${f(s.ours.logLoss)} | ${f(s.theirs.logLoss)} | ${f((s.ours.logLoss / s.theirs.logLoss - 1) * 100, 1)} % | ${f(s.ours.brier)} | ${f(s.theirs.brier)} | ${f(s.ours.auc)} | ${f(s.theirs.auc)} | ${f(s.correlation, 3)} | ${s.ours.total.toFixed(1)} | ${s.theirs.total.toFixed(1)} |`;
  return [
    '## StatsBomb check (Premier League 2015/16 sample, 60 matches)',
    '',
    "Our model (fitted on Wyscout only) and StatsBomb's own `shot.statsbomb_xg` on the same shots.",
    '',
    '| shots | n | goals | our log-loss | StatsBomb log-loss | ours vs theirs | our Brier | StatsBomb Brier | our AUC | StatsBomb AUC | correlation | our xG sum | StatsBomb xG sum |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    row('all', c.all),
    row('non-penalty', c.nonPenalty),
    row('open play', c.openPlay),
    '',
    `Part of the gap is calibration: the StatsBomb sample has ${f(c.all.goals / c.all.shots, 3)} goals per shot where the Wyscout training data has ${f(baseRate, 3)} (StatsBomb records more, and more speculative, shots), so a model fitted on Wyscout over-predicts StatsBomb's shots. The rest is information we do not have: StatsBomb's model sees the defenders and the goalkeeper (freeze frames), Wyscout's events do not. Shifting our log-odds by one constant, fitted on the other folds' matches (5 folds grouped by match, same seed), gives:`,
    '',
    '| shots | our log-loss, recalibrated | StatsBomb log-loss | ours vs theirs | our Brier, recalibrated | our xG sum, recalibrated |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...(
      [
        ['all', c.all],
        ['non-penalty', c.nonPenalty],
        ['open play', c.openPlay],
      ] as const
    ).map(
      ([label, s]) =>
        `| ${label} | ${f(s.oursRecalibrated.logLoss)} | ${f(s.theirs.logLoss)} | ${f((s.oursRecalibrated.logLoss / s.theirs.logLoss - 1) * 100, 1)} % | ${f(s.oursRecalibrated.brier)} | ${s.oursRecalibrated.total.toFixed(1)} |`,
    ),
    '',
  ];
}

function xtStabilitySection(rows: readonly XtComparison[]): string[] {
  return [
    'Grids fitted on one competition alone, against the shipped grid (why one grid ships: a small dataset gives a noisy grid):',
    '',
    '| competition | passes | correlation with shipped | mean abs. difference | largest relative difference in a cell |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.competition} | ${r.passes} | ${f(r.correlation)} | ${f(r.meanAbsDiff, 5)} | ${f(r.maxRelDiff * 100, 1)} % |`,
    ),
    '',
  ];
}

function xtSection(xt: XtFit): string[] {
  const rows: string[] = [];
  for (let iy = 0; iy < XT_ROWS; iy++) {
    const cells = Array.from({ length: XT_COLUMNS }, (_, ix) => xt.grid[ix * XT_ROWS + iy]!.toFixed(3));
    rows.push(`| ${iy + 1} | ${cells.join(' | ')} |`);
  }
  return [
    '## xT grid',
    '',
    `Value iteration ${xt.converged ? 'converged' : 'did NOT converge'} after ${xt.iterations} sweeps (last change ${xt.lastChange.toExponential(2)}). Rows are across the pitch from the attacking left (1) to the right (8); columns along it toward the goal attacked.`,
    '',
    `| y \\ x | ${Array.from({ length: XT_COLUMNS }, (_, i) => i + 1).join(' | ')} |`,
    `| --- | ${Array.from({ length: XT_COLUMNS }, () => '---:').join(' | ')} |`,
    ...rows,
    '',
  ];
}

/** The report's markdown. */
export function trainingReportOf(input: ReportInput): string {
  const lines = [
    '# xG and xT training report',
    '',
    'Written by `npm run model:xg` (src/providers/training/cli.ts); do not edit by hand. Method: [values.md](values.md).',
    '',
    '## Data',
    '',
    '| competition | matches | shots | goals | penalties | passes |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...input.competitions.map(
      (c) => `| ${c.competition} | ${c.matches} | ${c.shots} | ${c.goals} | ${c.penalties} | ${c.passes} |`,
    ),
    `| **all** | ${input.competitions.reduce((n, c) => n + c.matches, 0)} | ${input.training.shots} | ${input.training.goals} | ${input.competitions.reduce((n, c) => n + c.penalties, 0)} | ${input.competitions.reduce((n, c) => n + c.passes, 0)} |`,
    '',
    `Seed ${input.training.seed}, ${input.training.folds} folds, ridge ${input.training.ridge}.`,
    '',
    ...xgSection(input),
    ...coefficientSection(input.fit),
    ...statsBombSection(input.statsBomb, input.training.goals / input.training.shots),
    ...xtSection(input.xt),
    ...xtStabilitySection(input.xtByCompetition),
  ];
  return `${lines.join('\n')}\n`;
}
