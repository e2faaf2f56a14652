/**
 * Stats benchmark (issue 2): every derived column of 1,000,000 synthetic player-season rows in
 * league × season × role cohorts with `deriveSeasons`, against DuckDB computing the same per-90/accuracy values and
 * their cohort percentiles with window functions, in the same run; plus `Engine.open('demo')`.
 * Run: `npm run bench:stats` (env BENCH_ROWS, BENCH_RUNS, BENCH_DUCK_RUNS change the size and repetitions).
 * Writes bench/results/stats.{json,md}.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOUBLE, DuckDBDataChunk, DuckDBInstance, INTEGER, TINYINT, type DuckDBType } from '@duckdb/node-api';
import { COUNTING_COLUMNS } from '../../src/model/schema.js';
import { deriveSeasons } from '../../src/stats/derive.js';
import { METRIC_KEYS, METRICS, type MetricKey } from '../../src/stats/metrics.js';
import { PER90_MINUTES_MIN } from '../../src/stats/per90.js';
import { RATIO_ATTEMPTS_MIN } from '../../src/stats/accuracy.js';
import { rawColumn } from '../../src/stats/columns.js';
import { syntheticDataset } from './synthetic.js';
import { datasetFromDir } from '../../src/io/load.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
// DuckDB's window queries take minutes at 1M rows on this machine, so they run fewer times.
const DUCK_RUNS = Number(process.env.BENCH_DUCK_RUNS ?? 3);
const LEAGUES = 50;
const SEASONS = 10;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x: number) => Math.round(x * 10) / 10;

function timeSync(fn: () => void): { wall: number; cpu: number } {
  const u = process.cpuUsage();
  const t = performance.now();
  fn();
  const c = process.cpuUsage(u);
  return { wall: performance.now() - t, cpu: (c.user + c.system) / 1000 };
}

async function timeAsync(fn: () => Promise<void>): Promise<{ wall: number; cpu: number }> {
  const u = process.cpuUsage();
  const t = performance.now();
  await fn();
  const c = process.cpuUsage(u);
  return { wall: performance.now() - t, cpu: (c.user + c.system) / 1000 };
}

/**
 * SQL computing every per-90/accuracy value and its cohort percentile over cohort members:
 * `exact` = our rule (rank/count windows, reproduces deriveSeasons), `percent_rank` = DuckDB's
 * built-in `percent_rank()` × 100 rounded (the issue's suggested baseline; a different tie rule).
 */
function duckdbQuery(variant: 'exact' | 'percent_rank'): string {
  // Cohorts are league × season × role (docs/methodology/stats.md#roles); `grp` holds the role.
  const part = 'partition by league_id, season_id, grp';
  const valueExprs: string[] = [];
  const pctExprs: string[] = [];
  for (const key of METRIC_KEYS) {
    const def = METRICS[key];
    if (def.kind === 'rating') continue;
    // Doubles throughout: total × 90 is exact, the division rounds once, exactly as in JS.
    const expr =
      def.kind === 'per90'
        ? `case when minutes >= ${PER90_MINUTES_MIN} then cast(${def.total} as double) * 90 / minutes end`
        : // An accuracy is ranked only over enough attempts (RATIO_ATTEMPTS_MIN, docs/methodology/stats.md).
          `case when ${def.attempted} > 0 and ${def.attempted} >= ${RATIO_ATTEMPTS_MIN[def.attempted] ?? 0} then cast(${def.completed} as double) * 100 / ${def.attempted} end`;
    valueExprs.push(`${expr} as ${key}`);
    // DuckDB sorts nulls last in both directions, so for a non-null x: below = rank_asc − 1 and
    // above = rank_desc − 1, hence 2·below + equal = below + (n − above) = rank_asc − rank_desc + n.
    const n = `count(${key}) over (${part})`;
    const p =
      variant === 'exact'
        ? `(100 * ((rank() over (${part} order by ${key})) - (rank() over (${part} order by ${key} desc)) + ${n}) + ${n}) // (2 * ${n})`
        : `round(100 * percent_rank() over (${part} order by ${key}))`;
    pctExprs.push(`case when ${key} is null then null else ${def.lowerIsBetter ? `100 - ${p}` : p} end as ${key}_pct`);
  }
  return `create or replace temp table derived as
    select row_id, ${METRIC_KEYS.filter((k) => k !== 'rating').join(', ')}, ${pctExprs.join(',\n  ')}
    from (select row_id, league_id, season_id, grp, ${valueExprs.join(',\n  ')} from ps where member = 1)`;
}

async function main(): Promise<void> {
  console.log(`building ${ROWS.toLocaleString('en')} synthetic rows in ${LEAGUES * SEASONS} league seasons…`);
  const built = timeSync(() => undefined);
  const t0 = performance.now();
  const { dataset } = syntheticDataset({
    rows: ROWS,
    leagues: LEAGUES,
    seasons: SEASONS,
    players: Math.round(ROWS / 4),
    seed: 20260521,
  });
  built.wall = performance.now() - t0;
  const ps = dataset.tables.player_seasons;

  // ours: one warm-up (JIT), then RUNS timed runs
  // Every derived column: percentiles and ratings are ranked on first read (src/stats/cohort-ranks.ts),
  // so each timed run reads one whole column, which ranks them all.
  const wholeDerive = (ds: typeof dataset) => {
    const d = deriveSeasons(ds);
    if (d.percentiles.rating.length !== d.n) throw new Error('rating percentiles missing');
    return d;
  };
  let derived = wholeDerive(dataset);
  const ours: { wall: number; cpu: number }[] = [];
  for (let r = 0; r < RUNS; r++) {
    ours.push(
      timeSync(() => {
        derived = wholeDerive(dataset);
      }),
    );
    console.log(`  deriveSeasons run ${r + 1}: ${ms(ours[r].wall)} ms (cpu ${ms(ours[r].cpu)} ms)`);
  }
  const members = derived.inCohort.reduce((s, x) => s + x, 0);
  console.log(`  cohorts ${derived.cohorts.length}, members ${members}, low-sample ${ROWS - members}`);

  // DuckDB: load the same rows (timed separately), then the window query RUNS times
  const instance = await DuckDBInstance.create(':memory:');
  const con = await instance.connect();
  const threads = (await con.runAndReadAll(`select current_setting('threads')`)).getRows()[0][0];
  const cols: [string, DuckDBType][] = [
    ['row_id', INTEGER],
    ['league_id', INTEGER],
    ['season_id', INTEGER],
    ['grp', TINYINT],
    ['member', TINYINT],
    ['minutes', DOUBLE],
    ...COUNTING_COLUMNS.map((c) => [c, INTEGER] as [string, DuckDBType]),
  ];
  const load = await timeAsync(async () => {
    await con.run(`create or replace table ps (${cols.map(([c, t]) => `${c} ${t.toString()}`).join(', ')})`);
    const appender = await con.createAppender('ps');
    const raw = [
      { values: Int32Array.from({ length: ROWS }, (_, i) => i), valid: null },
      rawColumn(ps, 'league_id'),
      rawColumn(ps, 'season_id'),
      { values: derived.role, valid: null },
      { values: derived.inCohort, valid: null },
      rawColumn(ps, 'minutes'),
      ...COUNTING_COLUMNS.map((c) => rawColumn(ps, c)),
    ];
    const CHUNK = 2048;
    for (let from = 0; from < ROWS; from += CHUNK) {
      const to = Math.min(ROWS, from + CHUNK);
      const chunk = DuckDBDataChunk.create(
        cols.map(([, t]) => t),
        to - from,
      );
      chunk.setColumns(
        raw.map(({ values, valid }) => {
          const out: (number | null)[] = new Array(to - from);
          for (let i = from; i < to; i++) out[i - from] = valid && !valid[i] ? null : values[i];
          return out;
        }),
      );
      appender.appendDataChunk(chunk);
    }
    appender.closeSync();
  });
  console.log(`  DuckDB load: ${ms(load.wall)} ms (threads ${threads})`);
  const duck: { wall: number; cpu: number }[] = [];
  for (let r = 0; r < DUCK_RUNS; r++) {
    duck.push(
      await timeAsync(async () => {
        await con.run(duckdbQuery('percent_rank'));
      }),
    );
    console.log(`  DuckDB percent_rank query run ${r + 1}: ${ms(duck[r].wall)} ms`);
  }
  const exact = await timeAsync(async () => {
    await con.run(duckdbQuery('exact'));
  });
  console.log(`  DuckDB exact-rule query (1 run): ${ms(exact.wall)} ms`);

  // agreement: DuckDB's percentiles must equal ours on every member row for every metric
  const checked: MetricKey[] = METRIC_KEYS.filter((k) => k !== 'rating');
  let mismatches = 0;
  let compared = 0;
  let inGroupCohorts = 0;
  for (const key of checked) {
    const reader = await con.runAndReadAll(`select row_id, ${key}_pct from derived order by row_id`);
    const [ids, pcts] = reader.getColumns() as [number[], (number | bigint | null)[]];
    const mine = derived.percentiles[key];
    for (let k = 0; k < ids.length; k++) {
      // A role with too few players is ranked in its group's cohort (docs/methodology/stats.md#roles),
      // which DuckDB's role windows do not model: those rows are counted, not compared.
      if (derived.cohorts[derived.cohort[ids[k]]]?.role == null) {
        inGroupCohorts++;
        continue;
      }
      const theirs = pcts[k] === null ? NaN : Number(pcts[k]);
      const ok = Number.isNaN(theirs) ? Number.isNaN(mine[ids[k]]) : theirs === mine[ids[k]];
      if (!ok) mismatches++;
      compared++;
    }
  }
  console.log(
    `  agreement: ${compared.toLocaleString('en')} member percentiles compared, ${mismatches} mismatches (${inGroupCohorts.toLocaleString('en')} in group cohorts, not compared)`,
  );
  con.closeSync();
  instance.closeSync();

  // Engine.open on the bundled demo, when the engine and the data exist
  let engineOpen: { runs_ms: number[]; median_ms: number } | { skipped: string } = {
    skipped: 'src/engine.ts or data/demo missing',
  };
  let demoDerive: { rows: number; runs_ms: number[]; median_ms: number; load_ms: number } | { skipped: string } = {
    skipped: 'data/demo missing',
  };
  if (existsSync(join(root, 'data', 'demo', 'dataset.json'))) {
    const t = performance.now();
    const demo = datasetFromDir(join(root, 'data', 'demo'));
    const loadMs = performance.now() - t;
    wholeDerive(demo);
    const runs: number[] = [];
    for (let r = 0; r < RUNS; r++) runs.push(timeSync(() => wholeDerive(demo)).wall);
    demoDerive = {
      rows: demo.tables.player_seasons.numRows,
      runs_ms: runs.map(ms),
      median_ms: ms(median(runs)),
      load_ms: ms(loadMs),
    };
    console.log(
      `  deriveSeasons on demo (${demoDerive.rows} rows): median ${demoDerive.median_ms} ms; datasetFromDir ${ms(loadMs)} ms`,
    );
  }
  if (existsSync(join(root, 'src', 'engine.ts')) && existsSync(join(root, 'data', 'demo', 'dataset.json'))) {
    try {
      const { Engine } = (await import('../../src/engine.js')) as { Engine: { open(o: { dataset: string }): unknown } };
      const runs: number[] = [];
      for (let r = 0; r < Math.max(3, RUNS); r++) runs.push(timeSync(() => Engine.open({ dataset: 'demo' })).wall);
      engineOpen = { runs_ms: runs.map(ms), median_ms: ms(median(runs)) };
      console.log(`  Engine.open('demo'): first ${ms(runs[0])} ms, median ${ms(median(runs))} ms`);
    } catch (e) {
      engineOpen = { skipped: `Engine.open failed: ${(e as Error).message}` };
    }
  }

  const oursMedian = median(ours.map((x) => x.wall));
  const duckMedian = median(duck.map((x) => x.wall));
  const result = {
    generated_at: new Date().toISOString(),
    machine: {
      cpus: (await import('node:os')).cpus().length,
      node: process.version,
      loadavg_1m: (await import('node:os')).loadavg()[0],
    },
    rows: ROWS,
    cohorts: derived.cohorts.length,
    member_rows: members,
    runs: RUNS,
    build_ms: ms(built.wall),
    halfspace: {
      what: 'deriveSeasons: 24 metric values, groups, cohorts, 24 cohort percentiles (members and low-sample rows), model rating and its percentile',
      runs_ms: ours.map((x) => ms(x.wall)),
      cpu_ms: ours.map((x) => ms(x.cpu)),
      median_ms: ms(oursMedian),
      threads: 1,
    },
    duckdb: {
      what: '23 per-90/accuracy values + percent_rank() percentiles over cohort members only, materialised as a temp table',
      threads: String(threads),
      load_ms: ms(load.wall),
      runs_ms: duck.map((x) => ms(x.wall)),
      cpu_ms: duck.map((x) => ms(x.cpu)),
      median_ms: ms(duckMedian),
      exact_rule: {
        what: 'the same with our exact rule via rank() asc/desc and count() windows; one run; its output is compared with deriveSeasons',
        run_ms: ms(exact.wall),
        agreement: { compared, mismatches, in_group_cohorts_not_compared: inGroupCohorts },
      },
    },
    ratio_duckdb_over_halfspace: Math.round((duckMedian / oursMedian) * 100) / 100,
    targets: { rows_1m_ms: 2000, faster_than_duckdb: duckMedian > oursMedian, engine_open_demo_ms: 500 },
    engine_open_demo: engineOpen,
    derive_demo: demoDerive,
  };
  const dir = join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'stats.json'), `${JSON.stringify(result, null, 2)}\n`);
  const eo =
    'median_ms' in engineOpen ? `${engineOpen.median_ms} ms (target ≤ 500 ms)` : `skipped: ${engineOpen.skipped}`;
  const md = `# bench:stats

${ROWS.toLocaleString('en')} synthetic player-season rows, ${derived.cohorts.length} cohorts, ${members.toLocaleString('en')} cohort members; halfspace: median of ${RUNS} runs after a warm-up, DuckDB: median of ${DUCK_RUNS} runs; ${result.machine.cpus} CPUs, Node ${process.version}, 1-min load average at the end ${result.machine.loadavg_1m.toFixed(1)} (the machine is shared).

| | median wall | runs (wall) | median CPU (all threads) | note |
|---|---:|---|---:|---|
| halfspace \`deriveSeasons\` (all derived columns, 1 thread) | ${ms(oursMedian)} ms | ${ours.map((x) => ms(x.wall)).join(', ')} | ${ms(median(ours.map((x) => x.cpu)))} ms | target ≤ 2,000 ms |
| DuckDB \`percent_rank()\` windows (23 values + percentiles, ${threads} threads) | ${ms(duckMedian)} ms | ${duck.map((x) => ms(x.wall)).join(', ')} | ${ms(median(duck.map((x) => x.cpu)))} ms | load into DuckDB ${ms(load.wall)} ms, excluded |
| ratio DuckDB / halfspace (wall) | ${result.ratio_duckdb_over_halfspace}× | | | > 1 means halfspace is faster |
| DuckDB with our exact rule (rank asc/desc + count windows) | ${ms(exact.wall)} ms | 1 run | ${ms(exact.cpu)} ms | output compared with ours |
| \`Engine.open({ dataset: 'demo' })\` | ${eo} | | | load + validate + derive; DNA and name indexes wait for the first question (docs/design.md#opening-a-dataset) |
| \`deriveSeasons\` on the demo data | ${'median_ms' in demoDerive ? `${demoDerive.median_ms} ms (${demoDerive.rows.toLocaleString('en')} rows; datasetFromDir ${demoDerive.load_ms} ms)` : demoDerive.skipped} | | | the stats part of Engine.open |

DuckDB computes only members' percentiles (low-sample rows would need a range join) and gets the
role and cohort membership (each cohort's minutes threshold) precomputed; halfspace additionally ranks low-sample rows, reads roles from
\`players\`, computes the model rating and ranks it. Agreement: ${compared.toLocaleString('en')} member percentiles of role cohorts compared, ${mismatches} mismatches (${inGroupCohorts.toLocaleString('en')} of rows ranked in their group's cohort, which DuckDB's role windows do not model, not compared).
Wall times on this shared 2-core machine move with the other sessions' load (see the load average
above); CPU time (process.cpuUsage, all threads) is the steadier figure.
Command: \`npm run bench:stats\`.
`;
  writeFileSync(join(dir, 'stats.md'), md);
  console.log(md);
}

await main();
