/**
 * Ingest and batch scoring.
 * 1. Every event provider's ingest speed per event against the Wyscout adapter's, in this process
 *    (./providers.ts; real samples from ../shared/real, each skipped with a note when absent).
 * 2. `score` on a seeded synthetic season table of 1,000,000 rows (CSV). Baseline in the same run:
 *    DuckDB (@duckdb/node-api) reading the same CSV and computing the same 21 per-90 columns and
 *    2 accuracy percentages (threads = 1 and the default), then writing CSV.
 * Run: npm run bench:ingest (node --expose-gc, tsx) → bench/results/ingest.{json,md}; SCORE_ROWS=0 runs part 1 only.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tableToIPC } from 'apache-arrow';
import { DuckDBInstance } from '@duckdb/node-api';
import { providerIngestMd, providerIngests } from './providers.js';
import { datasetFromSeasonCsv } from '../../src/io/season-csv.js';
import { tableToCsvFile } from '../../src/io/csv/table-csv.js';
import { scoreTableOf } from '../../src/scoring/score-table.js';
import {
  per90SqlOf,
  SYNTHETIC_SEED as SEED,
  writeSyntheticSeasonCsv as writeSyntheticCsv,
} from './synthetic-season.js';
import { numberColumn } from '../../src/stats/columns.js';
import { METRICS, METRIC_KEYS } from '../../src/stats/metrics.js';
import { REAL_DIR } from '../../test/helpers/real-data.js';

const ROWS = Number(process.env.SCORE_ROWS ?? 1_000_000);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
/** CPU milliseconds (user + system, all threads of this process) spent by each timed step, by label. */
const cpu: Record<string, number> = {};
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
// The machine is shared: wall time includes waiting for a core, CPU time does not. Both are reported.
function timeMs<T>(fn: () => T, label?: string): [T, number] {
  const c = cpuNow();
  const t = performance.now();
  const v = fn();
  if (label) cpu[label] = Math.round(cpuNow() - c);
  return [v, performance.now() - t];
}
async function timeAsync<T>(fn: () => Promise<T>, label?: string): Promise<[T, number]> {
  const c = cpuNow();
  const t = performance.now();
  const v = await fn();
  if (label) cpu[label] = Math.round(cpuNow() - c);
  return [v, performance.now() - t];
}

// ---------------------------------------------------------------- 1. every provider's ingest
const providers = providerIngests(REAL_DIR, gc);

// ---------------------------------------------------------------- 2. score 1,000,000 rows
// SCORE_ROWS=0 leaves the scoring part out of this run; the results then keep the last run's scoring figures, labelled so.
const previous = existsSync('bench/results/ingest.json')
  ? (JSON.parse(readFileSync('bench/results/ingest.json', 'utf8')) as { score?: unknown; score_run?: string })
  : null;
if (ROWS === 0) {
  const result = {
    node: process.version,
    cpus: 2,
    providers: providers.rows,
    score: previous?.score ?? null,
    score_run: 'an earlier run (SCORE_ROWS=0 in this one)',
  };
  writeFileSync('bench/results/ingest.json', `${JSON.stringify(result, null, 2)}\n`);
  const old = existsSync('bench/results/ingest.md') ? readFileSync('bench/results/ingest.md', 'utf8') : '';
  const scoreMd = old.includes('## score on') ? old.slice(old.indexOf('## score on')) : '';
  const load = (await import('node:os')).loadavg()[0].toFixed(1);
  const md = [
    `# bench/ingest — provider ingest and batch scoring (${process.version}, 2 cores shared with other jobs: load average ${load} at the end)`,
    '',
    providerIngestMd(providers.rows, providers.skipped),
    scoreMd ? `The scoring part below is from an earlier run (this one ran with SCORE_ROWS=0).\n\n${scoreMd}` : '',
  ].join('\n');
  writeFileSync('bench/results/ingest.md', md);
  console.log(md);
  process.exit(0);
}
const tmp = mkdtempSync(join(tmpdir(), 'halfspace-bench-ingest-'));
const csvPath = join(tmp, 'players.csv');
const [, genMs] = timeMs(() => writeSyntheticCsv(csvPath, ROWS));
const csvMb = mb(statSync(csvPath).size);
console.log(`synthetic ${ROWS} rows, ${csvMb} MB in ${Math.round(genMs)} ms`);

gc();
const [scoreInput, parseMs] = timeMs(
  () => datasetFromSeasonCsv(readFileSync(csvPath, 'utf8'), { file: 'players.csv', asOf: '2026-03-01' }),
  'read_csv',
);
// The per-90 step alone, as DuckDB computes it: one division per metric per row, null under 90 minutes.
const [, per90Ms] = timeMs(() => {
  const ps = scoreInput.tables.player_seasons;
  const minutes = numberColumn(ps, 'minutes');
  let sink = 0;
  for (const key of METRIC_KEYS) {
    const def = METRICS[key];
    const out = new Float64Array(ps.numRows);
    if (def.kind === 'per90') {
      const total = numberColumn(ps, def.total);
      for (let i = 0; i < out.length; i++) out[i] = minutes[i] >= 90 ? (total[i] * 90) / minutes[i] : NaN;
    } else if (def.kind === 'pct') {
      const done = numberColumn(ps, def.completed);
      const tried = numberColumn(ps, def.attempted);
      for (let i = 0; i < out.length; i++) out[i] = tried[i] > 0 ? (100 * done[i]) / tried[i] : NaN;
    }
    sink += out[0] || 0;
  }
  return sink;
}, 'per90');
const [table, scoreMs] = timeMs(() => scoreTableOf(scoreInput), 'score');
const [, arrowMs] = timeMs(() => writeFileSync(join(tmp, 'scored.arrow'), tableToIPC(table, 'file')), 'write_arrow');
const [, csvOutMs] = timeMs(() => tableToCsvFile(table, join(tmp, 'scored.csv')), 'write_csv');
const maxRssScore = mb(process.resourceUsage().maxRSS * 1024);
console.log({ parseMs, per90Ms, scoreMs, arrowMs, csvOutMs, maxRssScore });

const per90Sql = per90SqlOf(csvPath).join(',\n  ');

async function duck(threads: number | null) {
  const instance = await DuckDBInstance.create(':memory:');
  const con = await instance.connect();
  if (threads !== null) await con.run(`SET threads = ${threads}`);
  const tag = `duck${threads ?? 'default'}`;
  const [, readMs] = await timeAsync(
    () => con.run(`CREATE TABLE raw AS SELECT * FROM read_csv('${csvPath}', header = true)`),
    `${tag}_read`,
  );
  const [, computeMs] = await timeAsync(
    () => con.run(`CREATE TABLE scored AS SELECT *, ${per90Sql} FROM raw`),
    `${tag}_per90`,
  );
  const [, writeMs] = await timeAsync(
    () => con.run(`COPY scored TO '${join(tmp, `duck-${threads ?? 'default'}.csv`)}' (HEADER)`),
    `${tag}_write`,
  );
  const check = await con.runAndReadAll(
    `SELECT count(*)::INTEGER AS n, round(avg(goals_per90), 6)::DOUBLE AS g FROM scored`,
  );
  con.closeSync?.();
  return {
    threads: threads ?? 'default',
    read_ms: Math.round(readMs),
    per90_ms: Math.round(computeMs),
    write_csv_ms: Math.round(writeMs),
    cpu_ms: { read: cpu[`${tag}_read`], per90: cpu[`${tag}_per90`], write_csv: cpu[`${tag}_write`] },
    rows: check.getRowObjects()[0].n,
    avg_goals_per90: check.getRowObjects()[0].g,
  };
}
const duck1 = await duck(1);
const duckAll = await duck(null);

// Cross-check: the mean goals_per90 of both tools must agree.
const g = table.getChild('goals_per90')!.toArray() as Float64Array;
const gValid = table.getChild('goals_per90')!;
let sum = 0;
let n = 0;
for (let i = 0; i < g.length; i++)
  if (gValid.isValid(i)) {
    sum += g[i];
    n++;
  }
const oursAvg = Math.round((sum / n) * 1e6) / 1e6;

const score = {
  rows: ROWS,
  csv_mb: csvMb,
  ours_ms: {
    read_csv_to_dataset: Math.round(parseMs),
    per90_only: Math.round(per90Ms),
    score_table_full: Math.round(scoreMs),
    write_arrow: Math.round(arrowMs),
    write_csv: Math.round(csvOutMs),
  },
  ours_cpu_ms: {
    read_csv_to_dataset: cpu.read_csv,
    per90_only: cpu.per90,
    score_table_full: cpu.score,
    write_arrow: cpu.write_arrow,
    write_csv: cpu.write_csv,
  },
  ours_columns: table.numCols,
  ours_avg_goals_per90: oursAvg,
  duckdb: [duck1, duckAll],
  max_rss_mb_after_score: maxRssScore,
};
console.log('score', score);
rmSync(tmp, { recursive: true, force: true });

const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
const result = { node: process.version, cpus: 2, providers: providers.rows, score };
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/ingest.json', `${JSON.stringify(result, null, 2)}\n`);
const load = (await import('node:os')).loadavg()[0].toFixed(1);
const oc = score.ours_cpu_ms;
const d1 = duck1.cpu_ms;
const md = [
  `# bench/ingest — provider ingest and batch scoring (${process.version}, 2 cores shared with other jobs: load average ${load} at the end)`,
  '',
  'Wall time includes waiting for a core on the shared machine; CPU time (user + system of this process, all threads) does not, so ratios use CPU time.',
  '',
  providerIngestMd(providers.rows, providers.skipped),
  `## score on ${ROWS.toLocaleString('en-US')} synthetic rows (${csvMb} MB CSV, seed ${SEED})`,
  '',
  '| step | halfspace wall / CPU ms | DuckDB 1 thread wall / CPU ms | DuckDB default threads wall / CPU ms | ratio halfspace ÷ DuckDB 1 thread (CPU) |',
  '|---|---:|---:|---:|---:|',
  `| read CSV (halfspace: parse + validate into a dataset) | ${score.ours_ms.read_csv_to_dataset} / ${oc.read_csv_to_dataset} | ${duck1.read_ms} / ${d1.read} | ${duckAll.read_ms} / ${duckAll.cpu_ms.read} | ${ratio(oc.read_csv_to_dataset, d1.read)}× |`,
  `| 21 per-90 + 2 accuracy columns | ${score.ours_ms.per90_only} / ${oc.per90_only} | ${duck1.per90_ms} / ${d1.per90} | ${duckAll.per90_ms} / ${duckAll.cpu_ms.per90} | ${ratio(oc.per90_only, d1.per90)}× |`,
  `| full score table (per-90, percentiles, cohorts, rating, age, fee tier, DNA, style tags; ${score.ours_columns} columns) | ${score.ours_ms.score_table_full} / ${oc.score_table_full} | — | — | |`,
  `| write CSV | ${score.ours_ms.write_csv} / ${oc.write_csv} | ${duck1.write_csv_ms} / ${d1.write_csv} | ${duckAll.write_csv_ms} / ${duckAll.cpu_ms.write_csv} | ${ratio(oc.write_csv, d1.write_csv)}× |`,
  `| write Arrow IPC | ${score.ours_ms.write_arrow} / ${oc.write_arrow} | | | |`,
  '',
  `Cross-check: mean goals_per90 halfspace ${oursAvg}, DuckDB ${duck1.avg_goals_per90}. Peak RSS of the process after scoring: ${maxRssScore} MB.`,
  `Ratios above 1 mean halfspace is slower. DuckDB computes only the per-90 columns (and materialises them as a table); halfspace's full score table does much more per row. halfspace's CSV writer writes ${score.ours_columns} columns, DuckDB's the 60 of its table.`,
  '',
].join('\n');
writeFileSync('bench/results/ingest.md', md);
console.log(md);
