/**
 * Wyscout ingest of all five real competitions (../shared/real/wyscout: Premier League, La Liga,
 * Bundesliga, Ligue 1 2017/18 and the 2018 World Cup, 1,510 matches; skipped with a note when
 * absent; HALFSPACE_REAL_DIR overrides the location). Needs the build (`npm run build`).
 * 1. Baseline, in this process: the same 1,510 files read + gunzipped + JSON.parse-d on one thread
 *    and nothing else.
 * 2. The ingest (`--competition all`, as the CLI runs it) in a child process of its own, with the
 *    default workers (the available cores) and with one worker: wall, CPU of all threads, peak RSS.
 * Guard rails: default-worker wall ≤ 2.0× the baseline's wall, peak RSS ≤ 600 MB; the value pass
 * adds ≤ 30 % to the one-worker ingest's CPU (its CPU measured alone, same files).
 * Run: npm run bench:wyscout → bench/results/wyscout.{json,md}.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { valuePassCostOf } from './wyscout-value-pass.js';
import { assertFreshBuild } from '../built.js';
import { realDataPresent, realPath } from '../../test/helpers/real-data.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const REAL = realPath('wyscout');
const RESULTS = join(ROOT, 'bench', 'results');
const FOLDERS = ['england', 'spain', 'germany', 'france', 'world_cup'];
const TARGET_WALL_RATIO = 2.0;
const TARGET_PEAK_RSS_MB = 600;
/** The value pass adds at most 30 % to the ingest's CPU. */
const TARGET_VALUE_PASS_RATIO = 1.3;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

if (!realDataPresent('Wyscout bench', join(REAL, 'matches', 'matches_England.json'))) {
  process.exit(0);
}
assertFreshBuild(ROOT, 'index.js');

const loadBefore = Math.round(loadavg()[0] * 10) / 10;
// 1. Baseline: read + gunzip + JSON.parse of every match file, one thread.
const files = FOLDERS.flatMap((f) =>
  readdirSync(join(REAL, 'events', f))
    .filter((n) => n.endsWith('.json.gz'))
    .map((n) => join(REAL, 'events', f, n)),
);
let gzBytes = 0;
let jsonBytes = 0;
let baselineEvents = 0;
gc();
const c0 = cpuNow();
const t0 = performance.now();
for (const path of files) {
  const gz = readFileSync(path);
  const text = gunzipSync(gz).toString('utf8');
  gzBytes += gz.length;
  jsonBytes += text.length;
  baselineEvents += (JSON.parse(text) as { events: unknown[] }).events.length;
}
const baseline = { ms: Math.round(performance.now() - t0), cpu_ms: Math.round(cpuNow() - c0), events: baselineEvents };
console.log('baseline', baseline);
// The value pass alone over the same files (bench/ingest/wyscout-value-pass.ts).
const valuePass = valuePassCostOf(files);
console.log('value pass', valuePass);

// 2. The ingest in a child process: default workers, then one worker.
interface ChildRun {
  workers: number;
  ms: number;
  ms_with_write: number;
  cpu_ms: number;
  peak_rss_mb: number;
  competitions: {
    competition: string;
    league: string;
    matches: number;
    events: number;
    players: number;
    anomalies: number;
  }[];
  players: number;
  player_seasons: number;
  fixtures: number;
}
const tmp = mkdtempSync(join(tmpdir(), 'halfspace-bench-wyscout-'));
const child = (workers: number): ChildRun => {
  const out = execFileSync(
    process.execPath,
    [join(ROOT, 'bench', 'ingest', 'wyscout-child.mjs'), REAL, join(tmp, `w${workers}`), String(workers)],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  const run = JSON.parse(out.trim().split('\n').pop()!) as ChildRun;
  console.log(`ingest, ${workers} worker(s)`, { ...run, competitions: undefined });
  return run;
};
const cores = availableParallelism();
const parallel = child(cores);
const single = child(1);
const identical = readdirSync(join(tmp, `w${cores}`)).every((f) =>
  readFileSync(join(tmp, `w${cores}`, f)).equals(readFileSync(join(tmp, 'w1', f))),
);
rmSync(tmp, { recursive: true, force: true });

const events = parallel.competitions.reduce((a, c) => a + c.events, 0);
const matches = parallel.competitions.reduce((a, c) => a + c.matches, 0);
const ratio = Math.round((parallel.ms / baseline.ms) * 100) / 100;
// Ingest CPU with the value pass over the same ingest without it (its CPU minus the pass's), one worker.
const valueRatio = Math.round((single.cpu_ms / (single.cpu_ms - valuePass.cpu_ms)) * 100) / 100;
const result = {
  date: new Date().toISOString(),
  node: process.version,
  cores,
  /** 1-minute load average before and after: above the core count, wall times mostly measure waiting. */
  load_average: { before: loadBefore, after: Math.round(loadavg()[0] * 10) / 10 },
  files: files.length,
  matches,
  events,
  gzip_mb: mb(gzBytes),
  json_mb: mb(jsonBytes),
  baseline_read_gunzip_parse_one_thread: baseline,
  ingest: parallel,
  ingest_one_worker: single,
  byte_identical_to_one_worker: identical,
  ratio_wall_ingest_over_baseline: ratio,
  ratio_cpu_ingest_over_baseline: Math.round((parallel.cpu_ms / baseline.cpu_ms) * 100) / 100,
  value_pass: {
    ...valuePass,
    share_of_one_worker_ingest_cpu: Math.round((valuePass.cpu_ms / single.cpu_ms) * 1000) / 1000,
    ratio_cpu_with_over_without: valueRatio,
  },
  speedup_over_one_worker: Math.round((single.ms / parallel.ms) * 100) / 100,
  events_per_s: Math.round(events / (parallel.ms / 1000)),
  events_per_cpu_s: Math.round(events / (parallel.cpu_ms / 1000)),
  targets: {
    wall_ratio_max: TARGET_WALL_RATIO,
    wall_ratio_met: ratio <= TARGET_WALL_RATIO,
    peak_rss_mb_max: TARGET_PEAK_RSS_MB,
    peak_rss_met: parallel.peak_rss_mb <= TARGET_PEAK_RSS_MB,
    value_pass_ratio_max: TARGET_VALUE_PASS_RATIO,
    value_pass_ratio_met: valueRatio <= TARGET_VALUE_PASS_RATIO,
  },
};
console.log(result);

mkdirSync(RESULTS, { recursive: true });
writeFileSync(join(RESULTS, 'wyscout.json'), `${JSON.stringify(result, null, 2)}\n`);
const md = `# Wyscout ingest bench

\`npm run bench:wyscout\` (${result.date.slice(0, 10)}, Node ${result.node}, ${cores} cores shared with other work, load
average ${result.load_average.before} → ${result.load_average.after}: wall times include waiting for a core, CPU times do not). All five competitions of \`../shared/real/wyscout\`
(\`ingest wyscout --competition all\`): ${matches} matches, ${events.toLocaleString('en-US')} events,
${result.gzip_mb} MB gzip → ${result.json_mb} MB JSON.

| competition | matches | events | players | anomalies |
|---|---:|---:|---:|---:|
${parallel.competitions.map((c) => `| ${c.league} | ${c.matches} | ${c.events.toLocaleString('en-US')} | ${c.players} | ${c.anomalies} |`).join('\n')}

| step | wall ms | CPU ms (all threads) | peak RSS MB |
|---|---:|---:|---:|
| baseline: read + gunzip + JSON.parse of the ${files.length} files, one thread | ${baseline.ms} | ${baseline.cpu_ms} | |
| ingest, ${cores} workers (default) | ${parallel.ms} | ${parallel.cpu_ms} | ${parallel.peak_rss_mb} |
| ingest, 1 worker | ${single.ms} | ${single.cpu_ms} | ${single.peak_rss_mb} |

- **Wall ratio ingest / baseline: ${ratio}×** (guard rail ≤ ${TARGET_WALL_RATIO}×: ${result.targets.wall_ratio_met ? 'met' : 'NOT met'}); CPU ratio ${result.ratio_cpu_ingest_over_baseline}×.
- **Peak RSS ${parallel.peak_rss_mb} MB** (guard rail ≤ ${TARGET_PEAK_RSS_MB} MB: ${result.targets.peak_rss_met ? 'met' : 'NOT met'}).
- **Value pass: ingest CPU with it / without it ${valueRatio}×** (target ≤ ${TARGET_VALUE_PASS_RATIO}×: ${result.targets.value_pass_ratio_met ? 'met' : 'NOT met'}): xG, xA, shot-creating actions, shot lines and xT of ${valuePass.shots.toLocaleString('en-US')} shots and ${valuePass.events.toLocaleString('en-US')} events took ${valuePass.cpu_ms} ms CPU, measured alone on the same files (bench/ingest/wyscout-value-pass.ts), of the one-worker ingest's ${single.cpu_ms} ms.
- ${cores} workers are ${result.speedup_over_one_worker}× faster than one; the datasets are byte-identical: ${identical}.
- On ${cores} idle cores the ingest's wall would be about its CPU / ${cores} = ${Math.round(parallel.cpu_ms / cores)} ms, ${Math.round((parallel.cpu_ms / cores / baseline.cpu_ms) * 100) / 100}× the baseline's CPU.
- **${result.events_per_s.toLocaleString('en-US')} events/s** wall (${result.events_per_cpu_s.toLocaleString('en-US')} per CPU second).
- Rows: ${parallel.players} players, ${parallel.player_seasons} player-seasons, ${parallel.fixtures} fixtures.
`;
writeFileSync(join(RESULTS, 'wyscout.md'), md);
console.log(md);
