/**
 * Ingest and batch scoring.
 * 1. StatsBomb ingest of the 60 real PL 2015/16 matches (../shared/real, skipped with a note when
 *    absent): events/s, heap after each block of 10 matches (flat = streaming works), peak RSS.
 *    Baseline in the same run: reading and JSON.parse-ing the same 60 event files and nothing else.
 * 2. `score` on a seeded synthetic season table of 1,000,000 rows (CSV). Baseline in the same run:
 *    DuckDB (@duckdb/node-api) reading the same CSV and computing the same 21 per-90 columns and
 *    2 accuracy percentages (threads = 1 and the default), then writing CSV.
 * Run: npm run bench:ingest (node --expose-gc, tsx) → bench/results/ingest.{json,md}.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tableToIPC } from 'apache-arrow';
import { DuckDBInstance } from '@duckdb/node-api';
import { datasetFromStatsBomb } from '../../src/providers/statsbomb/dataset.js';
import { readMatches } from '../../src/providers/statsbomb/read.js';
import { datasetFromSeasonCsv } from '../../src/io/season-csv.js';
import { tableToCsvFile } from '../../src/io/csv/table-csv.js';
import { scoreTableOf } from '../../src/dna/score-table.js';
import {
  per90SqlOf,
  SYNTHETIC_SEED as SEED,
  writeSyntheticSeasonCsv as writeSyntheticCsv,
} from './synthetic-season.js';
import { numberColumn } from '../../src/stats/columns.js';
import { METRICS, METRIC_KEYS } from '../../src/stats/metrics.js';

const REAL = fileURLToPath(new URL('../../../shared/real/statsbomb/premier-league-2015-16/', import.meta.url));
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

// ---------------------------------------------------------------- 1. StatsBomb ingest
let ingest: Record<string, unknown> | null = null;
if (existsSync(join(REAL, 'competitions.json'))) {
  const matches = readMatches(REAL, 2, 27);
  const [, parseOnlyMs] = timeMs(() => {
    for (const m of matches) JSON.parse(readFileSync(join(REAL, 'events', `${m.match_id}.json`), 'utf8'));
  }, 'json_parse');
  gc();
  const heapMb: number[] = [];
  let events = 0;
  const [dataset, ingestMs] = timeMs(
    () =>
      datasetFromStatsBomb(REAL, {
        competitionId: 2,
        seasonId: 27,
        onProgress: (done, _total, ev) => {
          events = ev;
          if (done % 10 === 0) {
            gc();
            heapMb.push(mb(process.memoryUsage().heapUsed));
          }
        },
      }),
    'ingest',
  );
  const bytes = matches.reduce((s, m) => s + statSync(join(REAL, 'events', `${m.match_id}.json`)).size, 0);
  ingest = {
    matches: matches.length,
    events,
    event_bytes_mb: mb(bytes),
    ms: Math.round(ingestMs),
    events_per_s: Math.round(events / (ingestMs / 1000)),
    baseline_json_parse_ms: Math.round(parseOnlyMs),
    ratio_ingest_over_json_parse: Math.round((ingestMs / parseOnlyMs) * 100) / 100,
    heap_used_mb_after_each_10_matches: heapMb,
    cpu_ms: cpu.ingest,
    events_per_cpu_s: Math.round(events / (cpu.ingest / 1000)),
    baseline_json_parse_cpu_ms: cpu.json_parse,
    max_rss_mb_after_ingest: mb(process.resourceUsage().maxRSS * 1024),
    player_seasons: dataset.tables.player_seasons.numRows,
  };
  console.log('ingest', ingest);
} else {
  console.log(`ingest part skipped: ${REAL} is absent`);
}

// ---------------------------------------------------------------- 2. score 1,000,000 rows
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
const result = { node: process.version, cpus: 2, ingest, score };
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/ingest.json', `${JSON.stringify(result, null, 2)}\n`);
const ing = ingest as {
  matches: number;
  events: number;
  ms: number;
  events_per_s: number;
  cpu_ms: number;
  events_per_cpu_s: number;
  baseline_json_parse_ms: number;
  baseline_json_parse_cpu_ms: number;
  heap_used_mb_after_each_10_matches: number[];
  max_rss_mb_after_ingest: number;
} | null;
const load = (await import('node:os')).loadavg()[0].toFixed(1);
const oc = score.ours_cpu_ms;
const d1 = duck1.cpu_ms;
const md = [
  `# bench/ingest — StatsBomb ingest and batch scoring (${process.version}, 2 cores shared with other jobs: load average ${load} at the end)`,
  '',
  'Wall time includes waiting for a core on the shared machine; CPU time (user + system of this process, all threads) does not, so ratios use CPU time.',
  '',
  ing
    ? [
        `## StatsBomb ingest (${ing.matches} real matches, ${ing.events.toLocaleString('en-US')} events)`,
        '',
        '| measure | wall ms | CPU ms | baseline | wall ms | CPU ms | ratio (CPU) |',
        '|---|---:|---:|---|---:|---:|---:|',
        `| datasetFromStatsBomb | ${ing.ms} | ${ing.cpu_ms} | read + JSON.parse of the same event files | ${ing.baseline_json_parse_ms} | ${ing.baseline_json_parse_cpu_ms} | ${ratio(ing.cpu_ms, ing.baseline_json_parse_cpu_ms)}× |`,
        '',
        `Events/s: ${ing.events_per_s.toLocaleString('en-US')} (wall), ${ing.events_per_cpu_s.toLocaleString('en-US')} per CPU second. Heap used after 10, 20, … 60 matches: ${ing.heap_used_mb_after_each_10_matches.join(' / ')} MB (flat: one match in memory at a time). Peak RSS after ingest: ${ing.max_rss_mb_after_ingest} MB.`,
      ].join('\n')
    : 'StatsBomb ingest skipped: ../shared/real absent.',
  '',
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
