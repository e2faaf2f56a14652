/**
 * Soak of the photo path: PHOTOS (default 1,000) seeded random PNGs (strips, every format,
 * interlacing, inflation bombs, corrupted bytes) uploaded to `POST /api/v1/cards` hd styles of the
 * built `halfspace serve`, while /healthz is timed every 50 ms. Reports whether the server ever
 * exited, its peak RSS (target ≤ 600 MB), the slowest /healthz (target ≤ 100 ms), what refused
 * photos were charged (target 0) and how accepted ones ended (rendered and charged 40, or failed
 * with the hold released). Writes bench/results/photos.{json,md}.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { datasetToDir } from '../../src/io/save.js';
import { peakRssMb } from '../../test/helpers/bombs.js';
import { ensureBuilt, runBuilt } from '../../test/helpers/built-cli.js';
import { randomPhoto, seededRandom } from '../../test/helpers/photos.js';
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
const server = await spawnServe([
  '--db',
  db,
  '--dataset',
  datasetDir,
  '--log-format',
  'off',
  '--rate-limit',
  '100000',
  '--rate-burst',
  '100000',
]);
// Photos are made before the clock starts: deflating them here would stall this process's own
// /healthz timer and be counted as server latency.
const random = seededRandom(SEED);
const photos = Array.from({ length: PHOTOS }, () => randomPhoto(random).bytes);
let exited = false;
let maxHealthMs = 0;
let healthFailures = 0;
let peakMb = 0;
const sample = () => (peakMb = Math.max(peakMb, peakRssMb(server.pid) ?? 0));
const health = setInterval(async () => {
  const t0 = performance.now();
  try {
    const r = await fetch(`${server.url}/healthz`);
    if (r.status !== 200) healthFailures++;
  } catch {
    exited = true;
  }
  maxHealthMs = Math.max(maxHealthMs, performance.now() - t0);
  sample();
}, 50);

const auth = { authorization: `Bearer ${key}` };
const counts = { cut_off: 0, refused: 0, refused_charged: 0, accepted: 0, succeeded: 0, failed: 0, other: 0 };
const jobs: string[] = [];
const started = performance.now();
for (let i = 0; i < PHOTOS; i++) {
  const bytes = photos[i]!;
  const form = new FormData();
  form.set('request', JSON.stringify({ player_id: 1, style: HD_STYLES[i % HD_STYLES.length] }));
  form.set('photo', new Blob([bytes], { type: 'image/png' }), 'p.png');
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
clearInterval(health);
sample();
const seconds = (performance.now() - started) / 1000;
const code = await server.stop();
rmSync(dir, { recursive: true, force: true });

const result = {
  photos: PHOTOS,
  seed: SEED,
  seconds: Math.round(seconds),
  server_exited_during_run: exited,
  server_exit_code_on_sigterm: code,
  peak_rss_mb: Math.round(peakMb),
  max_healthz_ms: Math.round(maxHealthMs),
  healthz_failures: healthFailures,
  ...counts,
  // Every refused photo charged 0 and every failed job released: the wallet lost exactly 40 per success.
  ledger_matches: CREDITS - balance === 40 * counts.succeeded || jobs.length === 0,
};
writeFileSync('bench/results/photos.json', `${JSON.stringify(result, null, 2)}\n`);
writeFileSync(
  'bench/results/photos.md',
  `# Photo soak (\`npm run bench:photos\`)\n\n${PHOTOS} seeded random PNGs (seed ${SEED}) to \`POST /api/v1/cards\` hd styles of the built server (render pool default size), /healthz timed every 50 ms.\n\n| measure | value | target |\n|---|---|---|\n| server exited during the run | ${exited} | false |\n| peak RSS of the server process (MB) | ${result.peak_rss_mb} | ≤ 600 |\n| slowest /healthz (ms) | ${result.max_healthz_ms} | ≤ 100 |\n| refused (400, 413) | ${counts.refused} | |\n| cut off while uploading (over the upload limit) | ${counts.cut_off} | |\n| refused and charged | ${counts.refused_charged} | 0 |\n| accepted (202) | ${counts.accepted} | |\n| rendered and charged 40 | ${counts.succeeded} | |\n| failed, hold released | ${counts.failed} | |\n| other statuses | ${counts.other} | 0 |\n| wallet lost exactly 40 per rendered card | ${result.ledger_matches} | true |\n| wall time (s) | ${result.seconds} | |\n`,
);
console.log(JSON.stringify(result));
