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
import { datasetFromStatsBomb } from '../../src/data/providers/statsbomb/dataset.js';
import { readMatches } from '../../src/data/providers/statsbomb/read.js';
import { datasetFromSeasonCsv } from '../../src/data/season-csv.js';
import { tableToCsvFile } from '../../src/data/table-csv.js';
import { scoreTableOf } from '../../src/dna/score-table.js';
import { SYNTHETIC_SEED as SEED, writeSyntheticSeasonCsv as writeSyntheticCsv } from './synthetic-season.js';
import { numberColumn } from '../../src/stats/columns.js';
import { METRICS, METRIC_KEYS } from '../../src/stats/metrics.js';

const REAL = fileURLToPath(new URL('../../../shared/real/statsbomb/premier-league-2015-16/', import.meta.url));
const ROWS = Number(process.env.SCORE_ROWS ?? 1_000_000);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
const r1 = (x: number) => Math.round(x * 10) / 10;
function timeMs<T>(fn: () => T): [T, number] {
  const t = performance.now();
  const v = fn();
  return [v, performance.now() - t];
}
async function timeAsync<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const v = await fn();
  return [v, performance.now() - t];
}

// ---------------------------------------------------------------- 1. StatsBomb ingest
let ingest: Record<string, unknown> | null = null;
if (existsSync(join(REAL, 'competitions.json'))) {
  const matches = readMatches(REAL, 2, 27);
  const [, parseOnlyMs] = timeMs(() => {
    for (const m of matches) JSON.parse(readFileSync(join(REAL, 'events', `${m.match_id}.json`), 'utf8'));
  });
  gc();
  const heapMb: number[] = [];
  let events = 0;
  const [dataset, ingestMs] = timeMs(() =>
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
const [scoreInput, parseMs] = timeMs(() => datasetFromSeasonCsv(readFileSync(csvPath, 'utf8'), { file: 'players.csv', asOf: '2026-03-01' }));
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
});
const [table, scoreMs] = timeMs(() => scoreTableOf(scoreInput));
const [, arrowMs] = timeMs(() => writeFileSync(join(tmp, 'scored.arrow'), tableToIPC(table, 'file')));
const [, csvOutMs] = timeMs(() => tableToCsvFile(table, join(tmp, 'scored.csv')));
const maxRssScore = mb(process.resourceUsage().maxRSS * 1024);
console.log({ parseMs, per90Ms, scoreMs, arrowMs, csvOutMs, maxRssScore });

const per90Sql = METRIC_KEYS.filter((k) => k !== 'rating').map((k) => {
  const d = METRICS[k];
  if (d.kind === 'per90') return `CASE WHEN minutes >= 90 THEN ${d.total} * 90.0 / minutes END AS ${k}`;
  if (d.kind === 'pct') return `CASE WHEN ${d.attempted} > 0 THEN 100.0 * ${d.completed} / ${d.attempted} END AS ${k}`;
  return '';
}).join(',\n  ');

async function duck(threads: number | null) {
  const instance = await DuckDBInstance.create(':memory:');
  const con = await instance.connect();
  if (threads !== null) await con.run(`SET threads = ${threads}`);
  const [, readMs] = await timeAsync(() => con.run(`CREATE TABLE raw AS SELECT * FROM read_csv('${csvPath}', header = true)`));
  const [, computeMs] = await timeAsync(() => con.run(`CREATE TABLE scored AS SELECT *, ${per90Sql} FROM raw`));
  const [, writeMs] = await timeAsync(() => con.run(`COPY scored TO '${join(tmp, `duck-${threads ?? 'default'}.csv`)}' (HEADER)`));
  const check = await con.runAndReadAll(`SELECT count(*)::INTEGER AS n, round(avg(goals_per90), 6)::DOUBLE AS g FROM scored`);
  con.closeSync?.();
  return { threads: threads ?? 'default', read_ms: Math.round(readMs), per90_ms: Math.round(computeMs), write_csv_ms: Math.round(writeMs), rows: check.getRowObjects()[0].n, avg_goals_per90: check.getRowObjects()[0].g };
}
const duck1 = await duck(1);
const duckAll = await duck(null);

// Cross-check: the mean goals_per90 of both tools must agree.
const g = table.getChild('goals_per90')!.toArray() as Float64Array;
const gValid = table.getChild('goals_per90')!;
let sum = 0;
let n = 0;
for (let i = 0; i < g.length; i++) if (gValid.isValid(i)) (sum += g[i]), n++;
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
const ing = ingest as { matches: number; events: number; ms: number; events_per_s: number; baseline_json_parse_ms: number; ratio_ingest_over_json_parse: number; heap_used_mb_after_each_10_matches: number[]; max_rss_mb_after_ingest: number } | null;
const md = [
  `# bench/ingest — StatsBomb ingest and batch scoring (${process.version}, 2 shared cores)`,
  '',
  ing
    ? [
        `## StatsBomb ingest (${ing.matches} real matches, ${ing.events.toLocaleString('en-US')} events)`,
        '',
        '| measure | value | baseline | value | ratio |',
        '|---|---:|---|---:|---:|',
        `| datasetFromStatsBomb | ${ing.ms} ms (${ing.events_per_s.toLocaleString('en-US')} events/s) | read + JSON.parse of the same event files | ${ing.baseline_json_parse_ms} ms | ${ing.ratio_ingest_over_json_parse}× |`,
        `| heap used after 10, 20, … 60 matches (MB) | ${ing.heap_used_mb_after_each_10_matches.join(' / ')} | | | |`,
        `| peak RSS after ingest | ${ing.max_rss_mb_after_ingest} MB | | | |`,
      ].join('\n')
    : 'StatsBomb ingest skipped: ../shared/real absent.',
  '',
  `## score on ${ROWS.toLocaleString('en-US')} synthetic rows (${csvMb} MB CSV, seed ${SEED})`,
  '',
  '| step | halfspace ms | DuckDB 1 thread ms | DuckDB default threads ms | ratio vs 1 thread |',
  '|---|---:|---:|---:|---:|',
  `| read CSV | ${score.ours_ms.read_csv_to_dataset} (parse + validate into a dataset) | ${duck1.read_ms} | ${duckAll.read_ms} | ${ratio(score.ours_ms.read_csv_to_dataset, duck1.read_ms)}× |`,
  `| 21 per-90 + 2 accuracy columns | ${score.ours_ms.per90_only} | ${duck1.per90_ms} | ${duckAll.per90_ms} | ${ratio(score.ours_ms.per90_only, duck1.per90_ms)}× |`,
  `| full score table (per-90, percentiles, cohorts, rating, age, fee tier, DNA, style tags; ${score.ours_columns} columns) | ${score.ours_ms.score_table_full} | — | — | |`,
  `| write CSV | ${score.ours_ms.write_csv} | ${duck1.write_csv_ms} | ${duckAll.write_csv_ms} | ${ratio(score.ours_ms.write_csv, duck1.write_csv_ms)}× |`,
  `| write Arrow IPC | ${score.ours_ms.write_arrow} | | | |`,
  '',
  `Cross-check: mean goals_per90 halfspace ${oursAvg}, DuckDB ${duck1.avg_goals_per90}. Peak RSS of the process after scoring: ${maxRssScore} MB.`,
  'Ratios above 1 mean halfspace is slower. DuckDB computes only the per-90 columns; halfspace\'s full score table does much more work per row.',
  '',
].join('\n');
writeFileSync('bench/results/ingest.md', md);
console.log(md);
