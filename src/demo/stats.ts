/**
 * Season statistics of every player-season, calibrated to the targets of
 * docs/methodology/demo-data.md#calibration. Each player has a latent per-90 rate per metric,
 * read from a per-group quantile function at the player's rank on a style score (quality, three
 * style factors, position shifts, noise), so rates correlate the way real profiles do (poachers,
 * target men, creators, ball-winners, full-backs...). Season totals are Poisson counts of rate ×
 * minutes / 90 (goals and assists: allocated goal by goal among the players on the pitch). The
 * quantile function's p10/p50/p90 points are solved iteratively with fixed uniforms until the
 * observed per-90 quantiles match the targets.
 */
import type { CountingColumn, PositionGroup } from '../model/schema.js';
import { POSITION_GROUPS } from '../model/schema.js';
import { assert } from '../errors.js';
import {
  ATTACKING,
  CALIBRATED_METRICS,
  CALIBRATION_MINUTES_MIN,
  COLUMN,
  CROSS_ACCURACY_ATTEMPTS_MIN,
  DEFENSIVE,
  TABLE_B,
  type CalibratedMetric,
  type PoissonMetric,
  type Triple,
} from './calibration-targets.js';
import { binomialQuantile, poissonQuantile } from './distributions.js';
import { hasEveryKey, recordOf } from '../model/record-of.js';
import { completionsOf, curveOf, initialPoints, rateAt, triple, updatePoints } from './quantile-curve.js';
import { styleScoresOf } from './style-loadings.js';
import type { GoalEvent, SeasonRow } from './matches.js';
import type { Player } from './players.js';
import type { Rng } from './rng.js';

/** Share of (non-own) goals with an assist (StatsBomb goal_assist rate ≈ 0.7). */
const ASSISTED_SHARE = 0.7;
/**
 * Cross completions are drawn with this share of the binomial variance: with the demo's many
 * low-volume crossers, a full binomial spreads cross accuracy wider than Table B allows even when
 * every player has the same true accuracy (docs/methodology/demo-data.md#calibration).
 */
export const CROSS_COMPLETION_VARIANCE = 0.4;
/**
 * Shots on target per goal, at least: no season converts more than about two in three shots on
 * target (docs/methodology/demo-data.md#calibration).
 */
const GOALS_TO_ON_TARGET_MIN = 1.5;
/** Shots per goal, at least: no season converts more than about one in three shots (same section). */
const GOALS_TO_SHOTS_MIN = 3;
/** Calibration passes per metric; each pass moves the latent quantile points toward the target. */
const CALIBRATION_PASSES = 24;
/** What the generator produced for the season rows, plus the calibration it achieved. */
export interface SeasonStats {
  /** Counting totals per season row; the columns the demo does not generate (event values) are absent. */
  counts: Partial<Record<CountingColumn, Int32Array>> & Record<'goals' | 'assists' | 'clean_sheets', Int32Array>;
  /** Achieved [p10, p50, p90] per group and metric over the calibration sample (null: no sample). */
  achieved: Record<PositionGroup, Record<CalibratedMetric, Triple | null>>;
}

/** Inputs of {@link seasonStats}. */
interface StatsInput {
  players: readonly Player[];
  rows: readonly SeasonRow[];
  goals: readonly GoalEvent[];
  /** Age of each row's player on the season's first day. */
  rowAge: Float64Array;
}

const groupIndex = (g: PositionGroup): number => POSITION_GROUPS.indexOf(g);

/** Everything the draws of one generation share: the rows, the latent quantile points and what was achieved. */
type StatsRun = ReturnType<typeof statsRunOf>;

/**
 * Draws every counting total of every season row and calibrates the per-90 quantiles by group to
 * Table B on the pooled sample of rows with ≥ 180 minutes (all three seasons). Goals conceded and
 * clean sheets come from the match simulation unchanged (their spread is set by team strengths).
 * @example seasonStats(new Rng(1), { players, rows, goals, rowAge }).counts.goals.length === rows.length // => true
 */
export function seasonStats(rng: Rng, input: StatsInput): SeasonStats {
  const run = statsRunOf(rng.fork('stats'), input);
  const { goals, assists } = goalsAndAssistsOf(run);
  const counts: Partial<Record<CountingColumn, Int32Array>> = { goals, assists };
  const { passes, crosses } = drawPoissonCounts(run, counts, goals, assists);
  counts.passes_completed = ratio(run, 'pass_accuracy_pct', passes, 1, 1);
  counts.crosses_completed = ratio(
    run,
    'cross_accuracy_pct',
    crosses,
    CROSS_ACCURACY_ATTEMPTS_MIN,
    CROSS_COMPLETION_VARIANCE,
  );
  const goalsConceded = Int32Array.from(run.rows, (row) => row.goalsConceded);
  const cleanSheets = Int32Array.from(run.rows, (row) => row.cleanSheets);
  const gc = per90Quantiles(run, goalsConceded);
  const cs = per90Quantiles(run, cleanSheets);
  POSITION_GROUPS.forEach((g, i) => {
    run.achieved[g].goals_conceded_per90 = gc[i];
    run.achieved[g].cleansheets_per90 = cs[i];
  });
  return {
    counts: { ...counts, goals, assists, goals_conceded: goalsConceded, clean_sheets: cleanSheets },
    achieved: completeAchieved(run.achieved),
  };
}

/** The achieved quantiles, checked to cover every calibrated metric of every group. */
function completeAchieved(achieved: StatsRun['achieved']): SeasonStats['achieved'] {
  return recordOf(POSITION_GROUPS, (g) => {
    const of = achieved[g];
    assert(hasEveryKey(of, CALIBRATED_METRICS), `every calibrated metric has an achieved quantile (${g})`);
    return of;
  });
}

/** The shared state of one generation: style scores, season form, groups, the sample and the starting points. */
function statsRunOf(srng: Rng, input: StatsInput) {
  const { players, rows, goals, rowAge } = input;
  const n = rows.length;
  // Standard-normal style score per player × calibrated metric.
  const z = styleScoresOf(srng, players);
  // Season form: attacking output fades after 30, defensive work a little later.
  const formAtt = new Float64Array(n);
  const formDef = new Float64Array(n);
  const frng = srng.fork('form');
  for (let r = 0; r < n; r++) {
    const age = rowAge[r];
    formAtt[r] = Math.exp(frng.normal(0, 0.12) - (age > 30 ? 0.06 * (age - 30) : 0));
    formDef[r] = Math.exp(frng.normal(0, 0.08) - (age > 31 ? 0.03 * (age - 31) : 0));
  }
  const rowGroup = new Int8Array(n);
  const inSample = new Uint8Array(n);
  for (let r = 0; r < n; r++) {
    rowGroup[r] = groupIndex(players[rows[r].player].group);
    inSample[r] = rows[r].minutes >= CALIBRATION_MINUTES_MIN ? 1 : 0;
  }
  // Latent quantile points per group and metric, moved by calibration.
  const latent = POSITION_GROUPS.map((group) =>
    recordOf(CALIBRATED_METRICS, (metric) =>
      initialPoints(TABLE_B[group][metric] ?? [0, 0, 0], metric.endsWith('_pct')),
    ),
  );
  // Rows of the calibration sample (≥ 180 minutes), per group.
  const sampleOf = POSITION_GROUPS.map((_, g) => {
    const idx: number[] = [];
    for (let r = 0; r < n; r++) if (inSample[r] && rowGroup[r] === g) idx.push(r);
    return Int32Array.from(idx);
  });
  const minutesOf = Float64Array.from(rows, (row) => row.minutes);
  const achieved = recordOf(POSITION_GROUPS, (): Partial<Record<CalibratedMetric, Triple | null>> => ({}));
  return { rows, goals, n, srng, z, formAtt, formDef, rowGroup, latent, sampleOf, minutesOf, achieved };
}

/** Every row's latent rate of `metric` under the current points (season form included). */
function ratesOf(run: StatsRun, metric: CalibratedMetric): Float64Array {
  const { n, rows, z, latent, rowGroup } = run;
  const m = CALIBRATED_METRICS.indexOf(metric);
  const pct = metric.endsWith('_pct');
  const curves = latent.map((l) => curveOf(l[metric], pct));
  const form = ATTACKING.has(metric) ? run.formAtt : DEFENSIVE.has(metric) ? run.formDef : null;
  const out = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    const base = rateAt(z[rows[r].player * CALIBRATED_METRICS.length + m], curves[rowGroup[r]]);
    out[r] = form ? base * form[r] : base;
  }
  return out;
}

/** Per-90 [p10, p50, p90] of a count per group over the calibration sample. */
function per90Quantiles(run: StatsRun, count: Int32Array): Triple[] {
  return run.sampleOf.map((idx) => {
    const vals = new Float64Array(idx.length);
    for (let i = 0; i < idx.length; i++) vals[i] = (count[idx[i]] * 90) / run.minutesOf[idx[i]];
    return triple(vals);
  });
}

/** Percentage [p10, p50, p90] per group over sample rows with at least `minAtt` attempts (null: none). */
function pctQuantiles(run: StatsRun, done: Int32Array, att: Int32Array, minAtt: number): Array<Triple | null> {
  return run.sampleOf.map((idx) => {
    const vals: number[] = [];
    for (const r of idx) if (att[r] >= minAtt) vals.push((100 * done[r]) / att[r]);
    return vals.length ? triple(Float64Array.from(vals)) : null;
  });
}

/**
 * Draws `metric` pass after pass, moving its latent points toward Table B, and returns the draw
 * under the best points (recorded in `achieved`).
 */
function calibrate(
  run: StatsRun,
  metric: CalibratedMetric,
  draw: () => Int32Array,
  measure: (c: Int32Array) => Array<Triple | null>,
): Int32Array {
  const { latent } = run;
  // Discrete counts can make a quantile flip between two values from pass to pass, so the
  // points of the best pass (smallest worst relative error) are kept, not the last ones.
  let best = { error: Number.POSITIVE_INFINITY, points: latent.map((l) => l[metric].slice()) };
  for (let pass = 0; pass <= CALIBRATION_PASSES; pass++) {
    const got = measure(draw());
    const error = worstError(metric, got);
    if (error < best.error) best = { error, points: latent.map((l) => l[metric].slice()) };
    if (pass === CALIBRATION_PASSES) break;
    POSITION_GROUPS.forEach((group, g) => {
      const target = TABLE_B[group][metric];
      const a = got[g];
      if (target && a) updatePoints(latent[g][metric], target, a, metric.endsWith('_pct'));
    });
  }
  best.points.forEach((pts, g) => {
    latent[g][metric] = pts;
  });
  const result = draw();
  measure(result).forEach((a, g) => {
    run.achieved[POSITION_GROUPS[g]][metric] = a;
  });
  return result;
}

/** How one goal-allocation draw picks among the players on the pitch. */
interface Allocation {
  weights: Float64Array;
  u: (e: GoalEvent) => number;
  /** The row not eligible for goal `i` (the scorer, for assists), or -2 when drawing scorers. */
  exclude: (i: number) => number;
  eligible: (e: GoalEvent, i: number) => boolean;
}

/** Allocates goals (or assists) among the rows on the pitch in proportion to their weights; records scorers. */
function allocate(run: StatsRun, scorer: Int32Array, a: Allocation): Int32Array {
  const out = new Int32Array(run.n);
  run.goals.forEach((e, i) => {
    if (!a.eligible(e, i)) return;
    const skip = a.exclude(i);
    let total = 0;
    for (const r of e.onPitch) if (r !== skip) total += a.weights[r];
    if (total <= 0) return;
    let x = a.u(e) * total;
    let chosen = -1;
    for (const r of e.onPitch) {
      if (r === skip) continue;
      chosen = r;
      x -= a.weights[r];
      if (x < 0) break;
    }
    out[chosen]++;
    if (skip === -2) scorer[i] = chosen;
  });
  return out;
}

/** Goals and assists: allocated among the players on the pitch, so team totals match the fixtures. */
function goalsAndAssistsOf(run: StatsRun): { goals: Int32Array; assists: Int32Array } {
  const scorer = new Int32Array(run.goals.length).fill(-1);
  const goals = calibrate(
    run,
    'goals_per90',
    () =>
      allocate(run, scorer, {
        weights: ratesOf(run, 'goals_per90'),
        u: (e) => e.uScorer,
        exclude: () => -2,
        eligible: (e) => !e.ownGoal,
      }),
    (c) => per90Quantiles(run, c),
  );
  const assists = calibrate(
    run,
    'assists_per90',
    () =>
      allocate(run, scorer, {
        weights: ratesOf(run, 'assists_per90'),
        u: (e) => e.uAssister,
        exclude: (i) => scorer[i],
        eligible: (e, i) => !e.ownGoal && scorer[i] >= 0 && e.uAssisted < ASSISTED_SHARE,
      }),
    (c) => per90Quantiles(run, c),
  );
  return { goals, assists };
}

/** Fixed uniforms of one labelled stream, one per row (the same in every calibration pass). */
function uniforms(run: StatsRun, label: string): Float64Array {
  const urng = run.srng.fork(`u:${label}`);
  const u = new Float64Array(run.n);
  for (let r = 0; r < run.n; r++) u[r] = urng.open();
  return u;
}

/** A calibrated count of `metric`: each row drawn from its latent rate and its fixed uniform by `drawRow`. */
function drawnMetric(
  run: StatsRun,
  metric: CalibratedMetric,
  drawRow: (r: number, rate: number, u: number) => number,
  measure: (c: Int32Array) => Array<Triple | null>,
): Int32Array {
  const u = uniforms(run, metric);
  const draw = () => {
    const out = new Int32Array(run.n);
    const rate = ratesOf(run, metric);
    for (let r = 0; r < run.n; r++) out[r] = drawRow(r, rate[r], u[r]);
    return out;
  };
  return calibrate(run, metric, draw, measure);
}

/** A calibrated Poisson count of rate × minutes / 90, optionally bounded by counts drawn before it. */
function poissonMetric(run: StatsRun, metric: CalibratedMetric, bound?: (r: number, k: number) => number): Int32Array {
  const draw = (r: number, rate: number, u: number) => {
    const k = poissonQuantile((rate * run.rows[r].minutes) / 90, u);
    return bound ? bound(r, k) : k;
  };
  return drawnMetric(run, metric, draw, (c) => per90Quantiles(run, c));
}

const isPoissonMetric = (metric: string): metric is PoissonMetric => Object.hasOwn(COLUMN, metric);

/** Poisson metrics, in an order that lets each respect the ones it is bounded by. */
function drawPoissonCounts(
  run: StatsRun,
  counts: Partial<Record<CountingColumn, Int32Array>>,
  goals: Int32Array,
  assists: Int32Array,
): { passes: Int32Array; crosses: Int32Array } {
  const set = (metric: PoissonMetric, bound?: (r: number, k: number) => number): Int32Array =>
    (counts[COLUMN[metric]] = poissonMetric(run, metric, bound));
  const onTarget = set('shots_on_target_per90', (r, k) => Math.max(k, Math.round(goals[r] * GOALS_TO_ON_TARGET_MIN)));
  const shots = set('shots_per90', (r, k) => Math.max(k, onTarget[r], Math.round(goals[r] * GOALS_TO_SHOTS_MIN)));
  set('big_chances_per90', (r, k) => Math.min(k, shots[r]));
  const keyPasses = set('key_passes_per90', (r, k) => Math.max(k, assists[r]));
  const passes = set('passes_per90', (r, k) => Math.max(k, keyPasses[r]));
  set('long_balls_per90', (r, k) => Math.min(k, passes[r]));
  const crosses = set('crosses_per90', (r, k) => Math.min(k, passes[r]));
  for (const metric of [
    'dribbles_per90',
    'tackles_per90',
    'interceptions_per90',
    'clearances_per90',
    'shots_blocked_per90',
  ] as const)
    set(metric);
  const aerialsWon = set('aerials_won_per90');
  set('duels_won_per90', (r, k) => Math.max(k, aerialsWon[r]));
  for (const metric of ['ball_recovery_per90', 'saves_per90', 'punches_per90'] as const) set(metric);
  // Every other Poisson metric (one added to COLUMN) is drawn unbounded, after the ones above.
  for (const metric of Object.keys(COLUMN)) if (isPoissonMetric(metric) && !counts[COLUMN[metric]]) set(metric);
  return { passes, crosses };
}

/** Completions of `attempted` at the latent accuracy (binomial, or with reduced variance), calibrated. */
function ratio(
  run: StatsRun,
  metric: CalibratedMetric,
  attempted: Int32Array,
  minAttempts: number,
  variance: number,
): Int32Array {
  const draw = (r: number, rate: number, u: number) =>
    variance === 1 ? binomialQuantile(attempted[r], rate, u) : completionsOf(attempted[r], rate, u, variance);
  return drawnMetric(run, metric, draw, (done) => pctQuantiles(run, done, attempted, minAttempts));
}

/** Worst relative error of achieved against target quantiles over all groups (1 for a missed exact zero). */
function worstError(metric: CalibratedMetric, got: ReadonlyArray<Triple | null>): number {
  let worst = 0;
  POSITION_GROUPS.forEach((group, g) => {
    const t = TABLE_B[group][metric];
    const a = got[g];
    if (!t || !a) return;
    for (let k = 0; k < 3; k++)
      worst = Math.max(worst, t[k] === 0 ? (a[k] === 0 ? 0 : 1) : Math.abs(a[k] - t[k]) / t[k]);
  });
  return worst;
}
