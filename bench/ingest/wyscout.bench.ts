/**
 * Wyscout ingest of the whole Premier League 2017/18 (380 matches, ../shared/real/wyscout; skipped
 * with a note when absent; HALFSPACE_REAL_DIR overrides the location).
 * 1. Memory: a first ingest records heap (after gc) and peak RSS after 100, 200 and 380 matches —
 *    flat heap means one match at a time really is all that is held.
 * 2. Speed: the same 380 files read + gunzipped + JSON.parse-d and nothing else (baseline), then a
 *    second ingest, in the same run: ratio ingest / baseline, events per second (wall and CPU).
 * 3. Writing the Arrow dataset folder.
 * Run: npm run bench:wyscout → bench/results/wyscout.{json,md}.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { wyscoutIngest } from '../../src/data/providers/wyscout/dataset.js';
import { datasetToDir } from '../../src/data/save.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const REAL = join(process.env.HALFSPACE_REAL_DIR ?? join(ROOT, '..', 'shared', 'real'), 'wyscout');
const RESULTS = join(ROOT, 'bench', 'results');
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** Wall and CPU milliseconds of `fn` (the machine is shared: wall includes waiting for a core). */
function timed<T>(fn: () => T): { value: T; ms: number; cpuMs: number } {
  const c = cpuNow();
  const t = performance.now();
  const value = fn();
  return { value, ms: Math.round(performance.now() - t), cpuMs: Math.round(cpuNow() - c) };
}

if (!existsSync(join(REAL, 'matches', 'matches_England.json'))) {
  console.log(`Wyscout bench skipped: ${REAL} is absent.`);
  process.exit(0);
}

// 1. Memory, first (cold) ingest.
gc();
const memory: { matches: number; heap_used_mb: number; rss_mb: number; peak_rss_mb: number }[] = [];
const cold = timed(() =>
  wyscoutIngest(REAL, {
    competition: 'England',
    onProgress: (done, total) => {
      if (done === 100 || done === 200 || done === total) {
        gc();
        const m = process.memoryUsage();
        memory.push({
          matches: done,
          heap_used_mb: mb(m.heapUsed),
          rss_mb: mb(m.rss),
          peak_rss_mb: mb(process.resourceUsage().maxRSS * 1024),
        });
      }
    },
  }),
);
console.log('memory', memory);

// 2. Baseline: read + gunzip + JSON.parse of the same files, then the timed (warm) ingest.
const dir = join(REAL, 'events', 'england');
const files = readdirSync(dir).filter((f) => f.endsWith('.json.gz'));
let gzBytes = 0;
let jsonBytes = 0;
gc();
const baseline = timed(() => {
  let events = 0;
  for (const f of files) {
    const gz = readFileSync(join(dir, f));
    const text = gunzipSync(gz).toString('utf8');
    gzBytes += gz.length;
    jsonBytes += text.length;
    events += (JSON.parse(text) as { events: unknown[] }).events.length;
  }
  return events;
});
gc();
const warm = timed(() => wyscoutIngest(REAL, { competition: 'England' }));
const events = warm.value.report.events;

// 3. Writing the dataset folder.
const tmp = mkdtempSync(join(tmpdir(), 'halfspace-bench-wyscout-'));
const write = timed(() => datasetToDir(warm.value.dataset, join(tmp, 'pl')));
rmSync(tmp, { recursive: true, force: true });

const result = {
  date: new Date().toISOString(),
  node: process.version,
  matches: warm.value.report.matches,
  events,
  files: files.length,
  gzip_mb: mb(gzBytes),
  json_mb: mb(jsonBytes),
  baseline_read_gunzip_parse: { ms: baseline.ms, cpu_ms: baseline.cpuMs, events: baseline.value },
  ingest_cold: { ms: cold.ms, cpu_ms: cold.cpuMs },
  ingest: { ms: warm.ms, cpu_ms: warm.cpuMs },
  ratio_ingest_over_baseline: Math.round((warm.ms / baseline.ms) * 100) / 100,
  ratio_ingest_over_baseline_cpu: Math.round((warm.cpuMs / baseline.cpuMs) * 100) / 100,
  events_per_s: Math.round(events / (warm.ms / 1000)),
  events_per_cpu_s: Math.round(events / (warm.cpuMs / 1000)),
  write_arrow_ms: write.ms,
  memory_first_ingest: memory,
  rows: {
    player_seasons: warm.value.dataset.tables.player_seasons.numRows,
    appearances: warm.value.dataset.tables.appearances!.numRows,
  },
};
console.log(result);

mkdirSync(RESULTS, { recursive: true });
writeFileSync(join(RESULTS, 'wyscout.json'), `${JSON.stringify(result, null, 2)}\n`);
const md = `# Wyscout ingest bench

\`npm run bench:wyscout\` (${result.date.slice(0, 10)}, Node ${result.node}, shared 2-core machine: wall times include
waiting for a core, CPU times do not). Whole Premier League 2017/18 from \`../shared/real/wyscout\`:
${result.matches} matches, ${events.toLocaleString('en-US')} events, ${result.gzip_mb} MB gzip → ${result.json_mb} MB JSON.

| step | wall ms | CPU ms |
|---|---:|---:|
| baseline: read + gunzip + JSON.parse of the 380 files, nothing else | ${baseline.ms} | ${baseline.cpuMs} |
| ingest (warm): parse, fold, tables, validation | ${warm.ms} | ${warm.cpuMs} |
| ingest (first run, cold JIT) | ${cold.ms} | ${cold.cpuMs} |
| write the Arrow dataset folder | ${write.ms} | ${write.cpuMs} |

- **Ratio ingest / baseline: ${result.ratio_ingest_over_baseline}× wall, ${result.ratio_ingest_over_baseline_cpu}× CPU** — everything the
  ingest adds on top of gunzip + JSON.parse.
- **${result.events_per_s.toLocaleString('en-US')} events/s** wall (${result.events_per_cpu_s.toLocaleString('en-US')} per CPU second).

Memory during the first ingest (after a gc at each point):

| matches | heap used MB | RSS MB | peak RSS so far MB |
|---:|---:|---:|---:|
${memory.map((m) => `| ${m.matches} | ${m.heap_used_mb} | ${m.rss_mb} | ${m.peak_rss_mb} |`).join('\n')}

Heap after gc grows only with the output rows (${result.rows.appearances.toLocaleString('en-US')} appearances, ${result.rows.player_seasons} player-seasons);
one match file at a time is held, so the peak does not depend on the number of matches.
`;
writeFileSync(join(RESULTS, 'wyscout.md'), md);
console.log(md);
