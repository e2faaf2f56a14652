/**
 * Soak of the photo path: PHOTOS (default 1,000) seeded random photos, three PNGs (strips, every
 * format, interlacing, inflation bombs, corrupted bytes) to one JPEG (strips, progressive, 12-bit,
 * cut short, corrupted), uploaded to `POST /api/v1/cards` hd styles of the
 * built `halfspace serve`, while /healthz is timed every 50 ms from a worker thread of its own
 * (so this process's uploads never delay a probe). Reports whether the server ever exited, its peak
 * RSS (target ≤ 600 MB), /healthz latency (target ≤ 100 ms throughout), the server's own event-loop
 * delay (bench/cards/loop-delay.cjs), the machine's load average, what refused photos were charged
 * (target 0) and how accepted ones ended (rendered and charged 40, or failed with the hold
 * released). Writes bench/results/photos.{json,md}.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { datasetToDir } from '../../src/io/save.js';
import { peakRssMb } from '../../test/helpers/bombs.js';
import { ensureBuilt, runBuilt } from '../../test/helpers/built-cli.js';
import { randomJpeg, randomPhoto, seededRandom } from '../../test/helpers/photos.js';
import { spawnServe } from '../../test/helpers/serve-process.js';
import { tinyDataset } from '../../test/helpers/tiny-dataset.js';

const PHOTOS = Number(process.env.PHOTOS ?? 1000);
const SEED = Number(process.env.SEED ?? 35_000);
const CREDITS = 1_000_000;
const HD_STYLES = ['fifa_viral', 'editorial_cover', 'collage'] as const;

const dir = mkdtempSync(join(tmpdir(), 'halfspace-bench-photos-'));
const datasetDir = join(dir, 'tiny');
datasetToDir(tinyDataset(), datasetDir);
const db = join(dir, 'svc.db');
ensureBuilt();
const created = await runBuilt(['keys', 'create', '--credits', String(CREDITS), '--db', db, '--json']);
const key: string = JSON.parse(created.stdout).key;
const availableCores = availableParallelism();
const loopDelayFile = join(dir, 'loop-delay.json');
const load = [loadavg()[0]];
const server = await spawnServe(
  ['--db', db, '--dataset', datasetDir, '--log-format', 'off', '--rate-limit', '100000', '--rate-burst', '100000'],
  {
    ...process.env,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${resolve('bench/cards/loop-delay.cjs')}`,
    LOOP_DELAY_OUT: loopDelayFile,
  },
);
// Photos are made before the clock starts: deflating them here would stall this process's own
// /healthz timer and be counted as server latency.
const random = seededRandom(SEED);
const photos = Array.from({ length: PHOTOS }, (_, i) =>
  i % 4 === 3
    ? { bytes: randomJpeg(random).bytes, type: 'image/jpeg', name: 'p.jpg' }
    : { bytes: randomPhoto(random).bytes, type: 'image/png', name: 'p.png' },
);
// The server's start-up is not part of the soak: its event-loop record starts here.
process.kill(server.pid, 'SIGUSR2');
// The prober runs in its own thread: a probe's time is the server's answer, not this loop's uploads.
const prober = new Worker(
  `const { parentPort, workerData } = require('node:worker_threads');
  const latencies = []; let failures = 0; let exited = false;
  const timer = setInterval(async () => {
    const t0 = performance.now();
    try { const r = await fetch(workerData + '/healthz'); await r.arrayBuffer(); if (r.status !== 200) failures++; }
    catch { exited = true; }
    latencies.push(performance.now() - t0);
  }, 50);
  parentPort.on('message', () => { clearInterval(timer); parentPort.postMessage({ latencies, failures, exited }); parentPort.close(); });`,
  { eval: true, workerData: server.url },
);
let peakMb = 0;
const sample = () => (peakMb = Math.max(peakMb, peakRssMb(server.pid) ?? 0));
const rss = setInterval(() => {
  sample();
  load.push(loadavg()[0]);
}, 1000);

const auth = { authorization: `Bearer ${key}` };
const counts = { cut_off: 0, refused: 0, refused_charged: 0, accepted: 0, succeeded: 0, failed: 0, other: 0 };
const jobs: string[] = [];
const started = performance.now();
for (let i = 0; i < PHOTOS; i++) {
  const { bytes, type, name } = photos[i]!;
  const form = new FormData();
  form.set('request', JSON.stringify({ player_id: 1, style: HD_STYLES[i % HD_STYLES.length] }));
  form.set('photo', new Blob([bytes], { type }), name);
  let res: Response;
  try {
    res = await fetch(`${server.url}/api/v1/cards`, { method: 'POST', headers: auth, body: form });
    await res.arrayBuffer();
  } catch {
    // A body over the upload limit is answered 413 and the connection closed while the client still
    // writes: the client sees a broken pipe. The wallet check at the end shows it cost nothing.
    counts.cut_off++;
    continue;
  }
  if (res.status === 400) {
    counts.refused++;
    if (res.headers.get('x-svc-credits-charged') !== '0') counts.refused_charged++;
  } else if (res.status === 202) {
    counts.accepted++;
    jobs.push(res.headers.get('location')!.split('/').pop()!);
  } else if (res.status === 413) counts.refused++;
  else counts.other++;
}
let balance = 0;
for (const id of jobs)
  for (;;) {
    const r = await fetch(`${server.url}/api/v1/cards/jobs/${id}`, { headers: auth });
    const job = (await r.json()) as { status: string };
    balance = Number(r.headers.get('x-svc-wallet-balance'));
    if (job.status === 'succeeded' || job.status === 'failed') {
      counts[job.status]++;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
clearInterval(rss);
sample();
const probes = await new Promise<{ latencies: number[]; failures: number; exited: boolean }>((done) => {
  prober.once('message', done);
  prober.postMessage('stop');
});
const latencies = probes.latencies.sort((a, b) => a - b);
const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
const seconds = (performance.now() - started) / 1000;
const code = await server.stop();
/** One delay record of bench/cards/loop-delay.cjs. */
type DelaySummary = { p50_ms: number; p90_ms: number; p99_ms: number; p999_ms: number; max_ms: number };
type Over = Record<string, number>;
const loopDelay = JSON.parse(readFileSync(loopDelayFile, 'utf8')) as {
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  tick_ms: number;
  raw: { ticks: DelaySummary; ticks_over_ms: Over };
  own: DelaySummary & { samples: number; ticks_over_ms: Over };
  runqueue_wait_total_ms: number;
  stalls: { delay_ms: number; own_ms: number; runqueue_wait_ms: number }[];
};
const delayRow = (name: string, d: DelaySummary, over: Over) =>
  `| ${name} | ${d.p50_ms} / ${d.p90_ms} / ${d.p99_ms} / ${d.p999_ms} / ${d.max_ms} | ${[10, 20, 50, 100, 200, 500].map((b) => over[b]).join(' / ')} |`;
rmSync(dir, { recursive: true, force: true });
const loadAvg = { min: Math.min(...load), max: Math.max(...load) };

const result = {
  photos: PHOTOS,
  seed: SEED,
  seconds: Math.round(seconds),
  server_exited_during_run: probes.exited,
  server_exit_code_on_sigterm: code,
  peak_rss_mb: Math.round(peakMb),
  healthz_probes: latencies.length,
  healthz_p50_ms: at(0.5),
  healthz_p99_ms: at(0.99),
  max_healthz_ms: Math.round(latencies.at(-1) ?? 0),
  healthz_over_100_ms: latencies.filter((ms) => ms > 100).length,
  healthz_failures: probes.failures,
  server_loop_delay_p99_ms: loopDelay.p99_ms,
  server_loop_delay_max_ms: loopDelay.max_ms,
  // The loop's own delay (on a CPU, or blocked in a system call) against waiting for a CPU.
  server_own_delay_p99_ms: loopDelay.own.p99_ms,
  server_own_delay_max_ms: loopDelay.own.max_ms,
  server_runqueue_wait_total_ms: loopDelay.runqueue_wait_total_ms,
  stalls_over_50_ms: loopDelay.stalls.length,
  stalls_over_50_ms_mostly_own: loopDelay.stalls.filter((s) => s.own_ms > s.runqueue_wait_ms).length,
  load_average_1m: `${loadAvg.min.toFixed(1)}–${loadAvg.max.toFixed(1)} on ${availableCores} cores`,
  ...counts,
  // Every refused photo charged 0 and every failed job released: the wallet lost exactly 40 per success.
  ledger_matches: CREDITS - balance === 40 * counts.succeeded || jobs.length === 0,
  loop_delay: loopDelay,
};
writeFileSync('bench/results/photos.json', `${JSON.stringify(result, null, 2)}\n`);
writeFileSync(
  'bench/results/photos.md',
  `# Photo soak (\`npm run bench:photos\`)\n\n${PHOTOS} seeded random photos (seed ${SEED}; three PNGs to one JPEG) to \`POST /api/v1/cards\` hd styles of the built server (render pool default size), /healthz timed every 50 ms.\n\n| measure | value | target |\n|---|---|---|\n| server exited during the run | ${probes.exited} | false |\n| peak RSS of the server process (MB) | ${result.peak_rss_mb} | ≤ 600 |\n| /healthz probes (every 50 ms) | ${result.healthz_probes} | |\n| /healthz p50 / p99 (ms) | ${result.healthz_p50_ms} / ${result.healthz_p99_ms} | ≤ 100 |\n| slowest /healthz (ms) | ${result.max_healthz_ms} | ≤ 100 |\n| /healthz over 100 ms | ${result.healthz_over_100_ms} | 0 |\n| server event-loop delay p99 / max (ms) | ${loopDelay.p99_ms} / ${loopDelay.max_ms} | |\n| machine load average (1 min) during the run | ${result.load_average_1m} | |\n| refused (400, 413) | ${counts.refused} | |\n| cut off while uploading (over the upload limit) | ${counts.cut_off} | |\n| refused and charged | ${counts.refused_charged} | 0 |\n| accepted (202) | ${counts.accepted} | |\n| rendered and charged 40 | ${counts.succeeded} | |\n| failed, hold released | ${counts.failed} | |\n| other statuses | ${counts.other} | 0 |\n| wallet lost exactly 40 per rendered card | ${result.ledger_matches} | true |\n| wall time (s) | ${result.seconds} | |\n
## The server's event loop (bench/cards/loop-delay.cjs)

A timer every ${loopDelay.tick_ms} ms in the server records how late it ran (*tick delay*), and from the main thread's scheduler statistics how much of that lateness the thread spent runnable but waiting for a CPU (the machine's other processes). *Own delay* is the rest: the loop running JavaScript or native code, or blocked in a system call.

| per ${loopDelay.tick_ms} ms tick (${loopDelay.own.samples} ticks) | p50 / p90 / p99 / p99.9 / max (ms) | ticks over 10 / 20 / 50 / 100 / 200 / 500 ms |
|---|---|---|
${delayRow('tick delay (all causes)', loopDelay.raw.ticks, loopDelay.raw.ticks_over_ms)}
${delayRow('own delay (without the wait for a CPU)', loopDelay.own, loopDelay.own.ticks_over_ms)}

Time the main thread waited for a CPU over the run: ${result.server_runqueue_wait_total_ms} ms. Stalls over 50 ms: ${result.stalls_over_50_ms}, of which ${result.stalls_over_50_ms_mostly_own} mostly the loop's own. perf_hooks.monitorEventLoopDelay (resolution 10 ms, the interval included): p99 ${loopDelay.p99_ms} ms, max ${loopDelay.max_ms} ms.
`,
);
console.log(JSON.stringify(result));
