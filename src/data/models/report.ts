/**
 * The training report of a refit, as markdown (written to docs/methodology/xg-training.md). Holds
 * only what the data decides, never timings, so a refit on the same data writes the same bytes.
 */
import type { XgFit, XgScores, XgValidation } from '../../values/xg-fit.js';
import { xgColumnNamesOf } from '../../values/xg-design.js';
import { XT_COLUMNS, XT_ROWS, type XtFit } from '../../values/xt-fit.js';
import type { CompetitionSummary } from './training-data.js';

/** Scores of one xG against the outcomes. */
export interface SideScores {
  logLoss: number;
  brier: number;
  auc: number | null;
  total: number;
}

/** One slice of the StatsBomb comparison. */
export interface StatsBombSlice {
  shots: number;
  goals: number;
  ours: SideScores;
  theirs: SideScores;
  correlation: number | null;
}

/** Our xG against StatsBomb's on the StatsBomb sample. */
export interface StatsBombComparison {
  all: StatsBombSlice;
  nonPenalty: StatsBombSlice;
  openPlay: StatsBombSlice;
}

/** Everything the report is written from. */
export interface ReportInput {
  training: { seed: number; folds: number; ridge: number; shots: number; goals: number };
  fit: XgFit;
  full: XgValidation;
  baseline: XgValidation;
  statsBomb: StatsBombComparison | null;
  xt: XtFit;
  competitions: readonly CompetitionSummary[];
}

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

function statsBombSection(c: StatsBombComparison | null): string[] {
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
    'Written by `npm run model:xg` (src/data/models/cli.ts); do not edit by hand. Method: [values.md](values.md).',
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
    ...statsBombSection(input.statsBomb),
    ...xtSection(input.xt),
  ];
  return `${lines.join('\n')}\n`;
}
