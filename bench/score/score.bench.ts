/**
 * Batch scoring end to end, halfspace against DuckDB, on one seeded synthetic season table.
 * Ours: the built binary `node bin/halfspace.js score in.csv --out out.{csv,parquet} --json` (read,
 * derive, DNA + tags, write). Baseline in the same run: DuckDB (@duckdb/node-api, SET threads = 1)
 * reading the same CSV, adding the 21 per-90 columns and 2 accuracy percentages, percent_rank()
 * windows per cohort for each of them, and writing CSV or Parquet. Each side runs in its own
 * process under /usr/bin/time -v, which gives wall time, CPU time (user + system) and peak RSS.
 * Run: npm run build && npm run bench:score -- --rows 1000000 → bench/results/score.{json,md}.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { METRICS, METRIC_KEYS } from '../../src/stats/metrics.js';
import { per90SqlOf, SYNTHETIC_SEED, writeSyntheticSeasonCsv } from '../ingest/synthetic-season.js';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '200000' } } });
const ROWS = Number(values.rows);
if (!Number.isInteger(ROWS) || ROWS < 1) throw new Error(`--rows must be a positive integer, got ${values.rows}`);

const tmp = mkdtempSync(join(tmpdir(), 'halfspace-bench-score-'));
const input = join(tmp, 'players.csv');
writeSyntheticSeasonCsv(input, ROWS);
const csvMb = Math.round(statSync(input).size / 1e5) / 10;
console.log(`synthetic season table: ${ROWS} rows, ${csvMb} MB`);

const keys = METRIC_KEYS.filter((k) => METRICS[k].kind !== 'rating');
const per90 = per90SqlOf(input).join(', ');
const ranks = keys
  .map((k) => `percent_rank() OVER (PARTITION BY league, season, position_group ORDER BY ${k}) AS ${k}_percentile`)
  .join(', ');
const sqlFile = join(tmp, 'sql.json');
writeFileSync(sqlFile, JSON.stringify({ per90, ranks }));

interface Run {
  wall_ms: number;
  cpu_ms: number;
  max_rss_mb: number;
  stages_ms: Record<string, number>;
  rows: number;
  columns: number;
  out_mb: number;
}

/** Runs `argv` under /usr/bin/time -v and returns its JSON stdout with time, CPU and peak RSS. */
function timed(argv: string[], out: string): Run {
  const r = spawnSync('/usr/bin/time', ['-v', ...argv], {
    encoding: 'utf8',
    env: { ...process.env, CI: '1' },
    maxBuffer: 1 << 26,
  });
  if (r.status !== 0) throw new Error(`${argv.join(' ')} failed (${r.status}):\n${r.stderr}`);
  const field = (label: string) => {
    const m = new RegExp(`${label}: (.+)`).exec(r.stderr);
    if (!m) throw new Error(`no "${label}" in /usr/bin/time output`);
    return m[1].trim();
  };
  const wall = field('Elapsed \\(wall clock\\) time \\(h:mm:ss or m:ss\\)')
    .split(':')
    .map(Number)
    .reduce((s, x) => s * 60 + x, 0);
  const json = JSON.parse(
    r.stdout.trim().split('\n').at(-1)!.startsWith('{') ? r.stdout : r.stdout.slice(r.stdout.indexOf('{')),
  ) as { stages_ms: Record<string, number>; rows: number; columns: number };
  return {
    wall_ms: Math.round(wall * 1000),
    cpu_ms: Math.round((Number(field('User time \\(seconds\\)')) + Number(field('System time \\(seconds\\)'))) * 1000),
    max_rss_mb: Math.round(Number(field('Maximum resident set size \\(kbytes\\)')) / 102.4) / 10,
    stages_ms: json.stages_ms,
    rows: json.rows,
    columns: json.columns,
    out_mb: Math.round(statSync(out).size / 1e5) / 10,
  };
}

const ours = (format: string): Run => {
  const out = join(tmp, `ours.${format}`);
  const run = timed(
    [process.execPath, 'bin/halfspace.js', 'score', input, '--out', out, '--as-of', '2026-03-01', '--json'],
    out,
  );
  rmSync(out, { force: true });
  return run;
};
const duck = (format: string): Run => {
  const out = join(tmp, `duck.${format}`);
  const run = timed([process.execPath, 'bench/score/duckdb-baseline.mjs', input, out, '1', sqlFile], out);
  rmSync(out, { force: true });
  return run;
};

const results = {
  csv: { ours: ours('csv'), duckdb_1_thread: duck('csv') },
  parquet: { ours: ours('parquet'), duckdb_1_thread: duck('parquet') },
};
rmSync(tmp, { recursive: true, force: true });
console.log(JSON.stringify(results, null, 2));

const RSS_LIMIT_MB = 1200;
const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
const s = (r: Run, k: string) => r.stages_ms[k] ?? '—';
const rowsOf = (format: 'csv' | 'parquet') => {
  const { ours: o, duckdb_1_thread: d } = results[format];
  return [
    `| CSV → ${format === 'csv' ? 'CSV' : 'Parquet'} | halfspace | ${s(o, 'read')} | ${s(o, 'derive')} | ${s(o, 'dna_tags')} | ${s(o, 'write')} | ${o.wall_ms} | ${o.cpu_ms} | ${o.max_rss_mb} | ${o.columns} | ${o.out_mb} |`,
    `| | DuckDB, 1 thread | ${s(d, 'read')} | ${s(d, 'derive')} | ${s(d, 'percentiles')} (percent_rank) | ${s(d, 'write')} | ${d.wall_ms} | ${d.cpu_ms} | ${d.max_rss_mb} | ${d.columns} | ${d.out_mb} |`,
    `| | ratio halfspace ÷ DuckDB | | | | | ${ratio(o.wall_ms, d.wall_ms)}× | ${ratio(o.cpu_ms, d.cpu_ms)}× | | | |`,
  ];
};
const verdict = (format: 'csv' | 'parquet') => {
  const { ours: o, duckdb_1_thread: d } = results[format];
  return `CSV → ${format}: halfspace is ${o.cpu_ms < d.cpu_ms ? 'faster' : 'slower'} than DuckDB with one thread in CPU time (${ratio(o.cpu_ms, d.cpu_ms)}×) and ${o.wall_ms < d.wall_ms ? 'faster' : 'slower'} in wall time (${ratio(o.wall_ms, d.wall_ms)}×); peak RSS ${o.max_rss_mb} MB ${o.max_rss_mb <= RSS_LIMIT_MB ? '≤' : '>'} ${RSS_LIMIT_MB} MB.`;
};
const md = [
  `# bench/score — batch scoring end to end against DuckDB (${process.version}, 2 cores shared with other jobs: load average ${loadavg()[0].toFixed(1)} at the end)`,
  '',
  `Input: ${ROWS.toLocaleString('en-US')} synthetic player-season rows (${csvMb} MB CSV, seed ${SYNTHETIC_SEED}). Command: \`npm run build && npm run bench:score -- --rows ${ROWS}\`.`,
  'Each run is its own process under `/usr/bin/time -v`: wall and CPU (user + system, all threads) milliseconds and peak RSS. Stage times are wall milliseconds reported by each side.',
  'halfspace computes the full score table (per-90, accuracy, cohort percentiles, cohorts, ratings, age, fee tier, DNA vectors, style tags); DuckDB the 21 per-90 and 2 accuracy columns and their percent_rank() within league × season × position group.',
  '',
  '| pipeline | tool | read | derive (per-90, percentiles, cohorts, ratings) | DNA + tags | write | total wall ms | total CPU ms | peak RSS MB | columns | output MB |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rowsOf('csv'),
  ...rowsOf('parquet'),
  '',
  verdict('csv'),
  verdict('parquet'),
  'For DuckDB the derive column holds the per-90 step and the DNA + tags column its percent_rank() windows.',
  '',
].join('\n');
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  'bench/results/score.json',
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, rows: ROWS, csv_mb: csvMb, ...results }, null, 2)}\n`,
);
writeFileSync('bench/results/score.md', md);
console.log(md);
