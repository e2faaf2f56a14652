/**
 * README's Performance table, written from bench/results/*.json and nothing else: each row names
 * the bench that measured it (`npm run bench:…`), its result file and the date of that run (the
 * file's own `date` / `generated_at` field, else the date of the commit that last wrote the file).
 * `npm run readme:figures` rewrites the table between README's markers; test/readme-figures.test.ts
 * fails when README and bench/results disagree.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
/** README's table lives between these two lines. */
export const TABLE_START =
  '<!-- performance table: written by `npm run readme:figures` from bench/results; edit the bench, not this table -->';
export const TABLE_END = '<!-- end of performance table -->';

// biome-ignore lint/suspicious/noExplicitAny: result files are free-form JSON written by each bench.
type Json = any;

interface Row {
  what: string;
  ours: string;
  baseline: string;
  /** The npm script that writes the result file. */
  bench: string;
  /** The result file, under bench/results/. */
  file: string;
}

const thousands = (n: number): string => Math.round(n).toLocaleString('en-US');
/** Milliseconds as people read them: "5.07 ms", "313 ms", "1.9 s", "40.5 s". */
function duration(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms >= 100) return `${Math.round(ms)} ms`;
  return `${Number(ms.toPrecision(3))} ms`;
}
const times = (ratio: number): string => `${Number(ratio.toPrecision(3))}×`;

/** One result file, parsed. */
function result(dir: string, file: string): Json {
  return JSON.parse(readFileSync(join(dir, file), 'utf8'));
}

/** The date of a result file's run: its own field, else its last commit, else its modification time. */
export function runDateOf(dir: string, file: string): string {
  const own: unknown = result(dir, file).date ?? result(dir, file).generated_at;
  if (typeof own === 'string') return own.slice(0, 10);
  try {
    const committed = execFileSync('git', ['log', '-1', '--format=%cs', '--', join(dir, file)], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', join(dir, file)], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    if (committed && !dirty) return committed;
  } catch {
    // Not a git checkout (an unpacked tarball): the file's own time is all there is.
  }
  return statSync(join(dir, file)).mtime.toISOString().slice(0, 10);
}

/** The rows of the table, each read from one result file. */
export function performanceRows(dir = join(ROOT, 'bench/results')): Row[] {
  const stats = result(dir, 'stats.json');
  const dna = result(dir, 'dna.json');
  const dnaRow = (contender: string) =>
    dna.rows.find((r: Json) => r.n === 1_000_000 && r.filter === 'none' && r.contender.startsWith(contender));
  const install = result(dir, 'package-install.json').summary;
  const imports = result(dir, 'package.json').summary;
  const cards = result(dir, 'cards.json');
  const matches = result(dir, 'matches.json').match_intelligence_ms;
  const http = result(dir, 'http.json');
  const httpCase = (name: string) => http.cases.find((c: Json) => c.name.startsWith(name));
  const score = result(dir, 'score.json');
  const wyscout = result(dir, 'wyscout.json');

  const paid = httpCase('POST intelligence/player (paid)');
  const pool = httpCase('POST intelligence/player while 8 connections render cards (worker pool)');
  const mainThread = httpCase('POST intelligence/player while 8 connections render cards (main thread)');
  const scoreRow = (format: 'csv' | 'parquet') => {
    const ours = score[format].ours;
    const duck = score[format].duckdb_1_thread;
    return {
      ours: `${duration(ours.cpu_ms)} CPU, ${duration(ours.wall_ms)} wall, peak ${thousands(ours.max_rss_mb)} MB`,
      baseline: `DuckDB with one thread (per-90 + \`percent_rank\` cohorts only): ${duration(duck.cpu_ms)} CPU, ${duration(duck.wall_ms)} wall, ${thousands(duck.max_rss_mb)} MB`,
    };
  };
  const leagues = wyscout.ingest.competitions.length;
  return [
    {
      what: `all derived columns for ${thousands(stats.rows)} player-seasons (${thousands(stats.cohorts)} cohorts)`,
      ours: duration(stats.halfspace.median_ms),
      baseline: `DuckDB window functions on ${stats.duckdb.threads} threads ${duration(stats.duckdb.median_ms)} (${times(stats.ratio_duckdb_over_halfspace)})`,
      bench: 'bench:stats',
      file: 'stats.json',
    },
    {
      what: `exact DNA top-${dna.k} over ${thousands(1_000_000)} vectors`,
      ours: duration(dnaRow('halfspace searchTopK').median_ms),
      baseline: `single-thread memory floor ${duration(dnaRow('(d) floor').median_ms)}; DuckDB ${times(dnaRow('(b) DuckDB').ours_speedup)} slower; ml-distance loop ${times(dnaRow('(a) ml-distance').ours_speedup)} slower`,
      bench: 'bench:dna',
      file: 'dna.json',
    },
    {
      what: '`Engine.open` on the demo universe',
      ours: duration(stats.engine_open_demo.median_ms),
      baseline: '',
      bench: 'bench:stats',
      file: 'stats.json',
    },
    {
      what: '`npm install halfspace` (packed tarball into an empty project, npm cache warm)',
      ours: `${install.halfspace.seconds} s, ${install.halfspace.mb} MB, ${install.halfspace.packages} packages, ${install.halfspace.installScripts.length === 0 ? 'no install script' : `install scripts: ${install.halfspace.installScripts.join(', ')}`}`,
      baseline: `${install.baseline.specs.join(' + ')} alone ${install.baseline.seconds} s (${times(install.ratio)})`,
      bench: 'bench:package',
      file: 'package-install.json',
    },
    {
      what: "`import 'halfspace'` in a fresh process",
      ours: `${duration(imports["import 'halfspace'"].wallMs)}, ${imports["import 'halfspace'"].rssMb} MB`,
      baseline: `apache-arrow + zod alone ${duration(imports['apache-arrow + zod only'].wallMs)}, ${imports['apache-arrow + zod only'].rssMb} MB; with the card render stack (loaded on first render) ${duration(imports['import + render stack'].wallMs)}, ${imports['import + render stack'].rssMb} MB`,
      bench: 'bench:package',
      file: 'package.json',
    },
    {
      what: 'warm player_card render (1080×1350 PNG)',
      ours: duration(cards.styles.player_card.total_median_ms),
      baseline: `gradient-heavy variant ${duration(cards.styles.player_card_gradients.total_median_ms)} (flat = ${times(cards.baseline.ratio_flat_vs_gradients)} its CPU)`,
      bench: 'bench:cards',
      file: 'cards.json',
    },
    {
      what: 'match intelligence, 10 upcoming fixtures (process CPU)',
      ours: duration(matches.upcoming_10_warm_median),
      baseline: `row-object scans ${duration(matches.baseline_upcoming_10)} (${times(matches.ratio_upcoming)})`,
      bench: 'bench:matches',
      file: 'matches.json',
    },
    {
      what: `paid \`intelligence/player\` over HTTP, SQLite ledger, ${http.connections} connections`,
      ours: `${thousands(paid.rps)} req/s, p99 ${paid.p99_ms} ms`,
      baseline: `bare node:http: hello-world ${thousands(httpCase('node:http hello-world').rps)}; same answer ${thousands(httpCase('node:http, same').rps)}; same answer + a busy loop of the service's CPU per call ${thousands(httpCase('node:http, same answer +').rps)}`,
      bench: 'bench:http',
      file: 'http.json',
    },
    {
      what: 'the same while 8 connections render cards',
      ours: `${thousands(pool.rps)} req/s, p99 ${pool.p99_ms} ms (renders in worker processes)`,
      baseline:
        mainThread.rps > 0
          ? `renders on the main thread: ${thousands(mainThread.rps)} req/s, p99 ${duration(mainThread.p99_ms)}`
          : 'renders on the main thread: no paid call answered within the run',
      bench: 'bench:http',
      file: 'http.json',
    },
    {
      what: `\`halfspace score\`, ${thousands(score.rows)} player-seasons (${score.csv_mb} MB CSV) → CSV, end to end`,
      ...scoreRow('csv'),
      bench: 'bench:score',
      file: 'score.json',
    },
    { what: 'the same → Parquet', ...scoreRow('parquet'), bench: 'bench:score', file: 'score.json' },
    {
      what: `Wyscout ingest of ${leagues} competitions (${thousands(wyscout.matches)} matches, ${thousands(wyscout.events)} events, \`.json.gz\`)`,
      ours: `${duration(wyscout.ingest.cpu_ms)} CPU, ${duration(wyscout.ingest.ms)} wall on ${wyscout.ingest.workers} workers (one worker: ${duration(wyscout.ingest_one_worker.cpu_ms)} CPU${wyscout.byte_identical_to_one_worker ? ', byte-identical output' : ''}), peak RSS ${Math.round(wyscout.ingest.peak_rss_mb)} MB`,
      baseline: `read + gunzip + JSON.parse of the same files, one thread: ${duration(wyscout.baseline_read_gunzip_parse_one_thread.cpu_ms)} CPU, ${duration(wyscout.baseline_read_gunzip_parse_one_thread.ms)} wall (ingest ${times(wyscout.ratio_wall_ingest_over_baseline)} its wall)`,
      bench: 'bench:wyscout',
      file: 'wyscout.json',
    },
  ];
}

/** README's Performance table (Markdown, without the markers). */
export function performanceTable(dir = join(ROOT, 'bench/results')): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const lines = [
    '| what | halfspace | baseline | bench, run |',
    '|---|---|---|---|',
    ...performanceRows(dir).map(
      (r) =>
        `| ${cell(r.what)} | ${cell(r.ours)} | ${cell(r.baseline)} | \`npm run ${r.bench}\`, \`bench/results/${r.file}\` of ${runDateOf(dir, r.file)} |`,
    ),
  ];
  return lines.join('\n');
}

/** README's text with its Performance table replaced by `table`; throws when the markers are missing. */
export function withTable(readme: string, table: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`README.md has no "${TABLE_START}" … "${TABLE_END}" block`);
  return `${readme.slice(0, start + TABLE_START.length)}\n${table}\n${readme.slice(end)}`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const path = join(ROOT, 'README.md');
  const before = readFileSync(path, 'utf8');
  const after = withTable(before, performanceTable());
  writeFileSync(path, after);
  process.stdout.write(
    before === after
      ? 'README.md: Performance table already current\n'
      : 'README.md: Performance table rewritten from bench/results\n',
  );
}
