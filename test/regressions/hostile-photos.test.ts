/**
 * Photos that reached native code and took the process down, against the built binary and a
 * served `halfspace serve`: a valid PNG longer than PHOTO_MAX_ASPECT_RATIO : 1 made resvg abort
 * the process (exit 134) on every hd style; a PNG whose image data inflates to gigabytes froze the
 * server even for a key with no credits. Each is now a one-line refusal, nothing charged, the
 * server alive; a 16-bit RGBA photo renders.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetToDir } from '../../src/io/save.js';
import { ensureBuilt, hasStack, runBuilt } from '../helpers/built-cli.js';
import { pngPhoto } from '../helpers/photos.js';
import { type ServeProcess, spawnServe } from '../helpers/serve-process.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

const HD_STYLES = ['fifa_viral', 'editorial_cover', 'collage'] as const;
const LONG_PHOTOS: readonly [number, number][] = [
  [10, 1],
  [50, 800],
  [1, 4096],
];

const dir = mkdtempSync(join(tmpdir(), 'halfspace-hostile-photos-'));
const datasetDir = join(dir, 'tiny');
const db = join(dir, 'svc.db');
let server: ServeProcess;
let key = '';
let poorKey = '';
/**
 * 512 × 512 RGB declares 786,944 bytes of scanlines; the IDAT inflates to 256 MiB more. Deflating
 * it blocks this process for seconds, so it is made before any connection to the server exists: a
 * kept-alive connection left idle meanwhile is closed by the server just as this process reuses it.
 */
let bomb: Uint8Array;

beforeAll(async () => {
  bomb = pngPhoto({ width: 512, height: 512, extraBytes: 256 * 1024 * 1024 });
  datasetToDir(tinyDataset(), datasetDir);
  ensureBuilt();
  const rich = await runBuilt(['keys', 'create', '--credits', '200', '--db', db, '--json']);
  expect(rich.code, rich.stderr).toBe(0);
  key = JSON.parse(rich.stdout).key;
  const poor = await runBuilt(['keys', 'create', '--credits', '0', '--db', db, '--json']);
  poorKey = JSON.parse(poor.stdout).key;
  server = await spawnServe(['--db', db, '--dataset', datasetDir, '--render-workers', '1', '--log-format', 'off']);
}, 300_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const upload = async (photo: Uint8Array, style: string, bearer = key) => {
  const form = new FormData();
  form.set('request', JSON.stringify({ player_id: 1, style }));
  form.set('photo', new Blob([photo], { type: 'image/png' }), 'me.png');
  const res = await fetch(`${server.url}/api/v1/cards`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}` },
    body: form,
  });
  return { res, body: (await res.json()) as any };
};

/** Polls a job until it is finished. */
async function finished(jobId: string): Promise<any> {
  for (;;) {
    const r = await fetch(`${server.url}/api/v1/cards/jobs/${jobId}`, { headers: { authorization: `Bearer ${key}` } });
    const job: any = await r.json();
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('halfspace card --photo', () => {
  it('refuses a photo of an extreme aspect ratio in one line with exit 2, writing nothing', async () => {
    for (const [w, h] of LONG_PHOTOS) {
      const photo = join(dir, `long-${w}x${h}.png`);
      writeFileSync(photo, pngPhoto({ width: w, height: h }));
      const out = join(dir, `long-${w}x${h}-card.png`);
      const r = await runBuilt([
        'card',
        '--player-id',
        '1',
        '--style',
        'fifa_viral',
        '--photo',
        photo,
        '--out',
        out,
        '--dataset',
        datasetDir,
      ]);
      expect([r.code, r.signal], `${w}×${h}: ${r.stderr}`).toEqual([2, null]);
      expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
      expect(r.stderr).toMatch(/photo: is \d+ × \d+ pixels; its long side may be at most 4 times its short side/);
      expect(hasStack(r.stderr)).toBe(false);
      expect(existsSync(out)).toBe(false);
    }
  }, 120_000);

  it('renders a 16-bit RGBA photo', async () => {
    const photo = join(dir, 'rgba16.png');
    writeFileSync(photo, pngPhoto({ width: 300, height: 400, bitDepth: 16, colorType: 6 }));
    const out = join(dir, 'rgba16-card.png');
    const r = await runBuilt([
      'card',
      '--player-id',
      '1',
      '--style',
      'collage',
      '--photo',
      photo,
      '--out',
      out,
      '--dataset',
      datasetDir,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(out)).toBe(true);
  }, 120_000);
});

describe('POST /api/v1/cards with a hostile photo', () => {
  it('answers 400 for an extreme aspect ratio on every hd style, charges nothing and stays up', async () => {
    for (const style of HD_STYLES)
      for (const [w, h] of LONG_PHOTOS) {
        const { res, body } = await upload(pngPhoto({ width: w, height: h }), style);
        expect([res.status, body.code, body.param], `${style} ${w}×${h}`).toEqual([400, 'invalid_request', 'photo']);
        expect([res.headers.get('x-svc-credits-charged'), res.headers.get('x-svc-wallet-balance')]).toEqual([
          '0',
          '200',
        ]);
      }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 120_000);

  it('answers 402 to a key with no credits before decoding, and 400 to a funded key, for an inflation bomb', async () => {
    const t0 = performance.now();
    const poor = await upload(bomb, 'collage', poorKey);
    expect([poor.res.status, poor.body.code]).toEqual([402, 'insufficient_credits']);
    const rich = await upload(bomb, 'collage');
    expect([rich.res.status, rich.body.param]).toEqual([400, 'photo']);
    expect(rich.body.detail ?? rich.body.message).toMatch(/inflates to more than the 786944 bytes/);
    expect(rich.res.headers.get('x-svc-wallet-balance')).toBe('200');
    // Inflating all of it takes seconds; stopping at the declared size takes milliseconds.
    expect(performance.now() - t0).toBeLessThan(3000);
  }, 120_000);

  it('queues and renders a 16-bit RGBA photo, charging the hd price once', async () => {
    const { res, body } = await upload(pngPhoto({ width: 300, height: 400, bitDepth: 16, colorType: 6 }), 'fifa_viral');
    expect(res.status, JSON.stringify(body)).toBe(202);
    const job = await finished(body.job_id);
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    expect(job.credits_charged).toBe(40);
  }, 120_000);
});
