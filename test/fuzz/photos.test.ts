/**
 * Seeded fuzz of card photos through the built CLI and a served `halfspace serve`: random sizes
 * (1 × N and N × 1 strips included), every PNG format, interlacing, inflation bombs and corrupted
 * bytes, and JPEGs (docs/cards.md#photos accepts both): strips, baseline and progressive, 8- and
 * 12-bit, cut short, corrupted. The process always survives (the CLI exits 0 or 2 with one line,
 * never on a signal; the server answers /healthz throughout), a refused photo is charged nothing,
 * and an accepted one ends rendered and charged 40 or failed with its hold released.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetToDir } from '../../src/io/save.js';
import { ensureBuilt, hasStack, runBuilt } from '../helpers/built-cli.js';
import { greyJpeg, randomJpeg, randomPhoto, seededRandom } from '../helpers/photos.js';
import { type ServeProcess, spawnServe } from '../helpers/serve-process.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

const SEED = 35_001;
const SERVER_PHOTOS = 40;
const CLI_PHOTOS = 6;
const JPEG_PHOTOS = 24;
const CLI_JPEGS = 6;
const CREDITS = 10_000;
const HD_STYLES = ['fifa_viral', 'editorial_cover', 'collage'] as const;

const dir = mkdtempSync(join(tmpdir(), 'halfspace-fuzz-photos-'));
const datasetDir = join(dir, 'tiny');
const db = join(dir, 'svc.db');
let server: ServeProcess;
let key = '';

beforeAll(async () => {
  datasetToDir(tinyDataset(), datasetDir);
  ensureBuilt();
  const created = await runBuilt(['keys', 'create', '--credits', String(CREDITS), '--db', db, '--json']);
  expect(created.code, created.stderr).toBe(0);
  key = JSON.parse(created.stdout).key;
  server = await spawnServe(['--db', db, '--dataset', datasetDir, '--render-workers', '1', '--log-format', 'off']);
}, 300_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe(`photo fuzz (seed ${SEED})`, () => {
  it('the CLI exits 0 or 2 with one line, never on a signal', async () => {
    const random = seededRandom(SEED);
    for (let i = 0; i < CLI_PHOTOS; i++) {
      const { spec, bytes, kind } = randomPhoto(random);
      const photo = join(dir, `cli-${i}.png`);
      writeFileSync(photo, bytes);
      const style = HD_STYLES[i % HD_STYLES.length]!;
      const what = `${kind} ${JSON.stringify({ ...spec, seed: undefined })} ${style}`;
      const r = await runBuilt([
        'card',
        '--player-id',
        '1',
        '--style',
        style,
        '--photo',
        photo,
        '--out',
        join(dir, `cli-${i}-card.png`),
        '--dataset',
        datasetDir,
      ]);
      expect(r.signal, what).toBeNull();
      expect([0, 2], `${what}: ${r.stderr}`).toContain(r.code);
      if (r.code === 2) {
        expect(r.stderr.trim().split('\n'), what).toHaveLength(1);
        expect(hasStack(r.stderr), what).toBe(false);
      }
    }
  }, 240_000);

  it('the CLI reads JPEGs (strips, progressive, 12-bit, cut short, corrupted): exit 0 or 2 with one line, never on a signal', async () => {
    const random = seededRandom(SEED + 3);
    const fixed = [
      { what: 'baseline 1 × 4', bytes: greyJpeg(1, 4), code: 0 },
      { what: 'progressive 4 × 1', bytes: greyJpeg(4, 1, { progressive: true }), code: 0 },
      { what: 'baseline 1 × 400 (longer than 4 : 1)', bytes: greyJpeg(1, 400), code: 2 },
      { what: '12-bit 40 × 30', bytes: greyJpeg(40, 30, { precision: 12 }), code: 2 },
      {
        what: 'progressive 120 × 90 cut short',
        bytes: greyJpeg(120, 90, { progressive: true }).subarray(0, 200),
        code: null,
      },
    ];
    const drawn = Array.from({ length: CLI_JPEGS }, () => {
      const { width, height, spec, bytes, kind } = randomJpeg(random);
      return { what: `${kind} ${JSON.stringify(spec)} ${width} × ${height}`, bytes, code: null };
    });
    for (const [i, { what, bytes, code }] of [...fixed, ...drawn].entries()) {
      const photo = join(dir, `cli-${i}.jpg`);
      writeFileSync(photo, bytes);
      const style = HD_STYLES[i % HD_STYLES.length]!;
      const out = join(dir, `cli-jpeg-${i}-card.png`);
      const r = await runBuilt([
        'card',
        '--player-id',
        '1',
        '--style',
        style,
        '--photo',
        photo,
        '--out',
        out,
        '--dataset',
        datasetDir,
      ]);
      expect(r.signal, what).toBeNull();
      expect([0, 2], `${what}: ${r.stderr}`).toContain(r.code);
      if (code !== null) expect(r.code, `${what}: ${r.stderr}`).toBe(code);
      if (r.code === 2) {
        expect(r.stderr.trim().split('\n'), what).toHaveLength(1);
        expect(r.stderr, what).toMatch(/photo/);
        expect(hasStack(r.stderr), what).toBe(false);
        expect(existsSync(out), `${what}: no card is written`).toBe(false);
      } else expect(existsSync(out), what).toBe(true);
    }
  }, 240_000);

  it('the server survives, charges a refused photo nothing, and settles every accepted one', async () => {
    const random = seededRandom(SEED + 1);
    const jobs: string[] = [];
    let balance = CREDITS;
    for (let i = 0; i < SERVER_PHOTOS; i++) {
      const { spec, bytes, kind } = randomPhoto(random);
      const form = new FormData();
      form.set('request', JSON.stringify({ player_id: 1, style: HD_STYLES[i % HD_STYLES.length] }));
      form.set('photo', new Blob([bytes], { type: 'image/png' }), 'p.png');
      const res = await fetch(`${server.url}/api/v1/cards`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
        body: form,
      });
      const body: any = await res.json();
      const what = `${kind} ${spec.width}×${spec.height} depth ${spec.bitDepth} type ${spec.colorType}`;
      expect([202, 400], `${what}: ${JSON.stringify(body)}`).toContain(res.status);
      expect(res.headers.get('x-svc-credits-charged'), what).toBe('0');
      if (res.status === 400) {
        expect([body.code, body.param], what).toEqual(['invalid_request', 'photo']);
        expect(res.headers.get('x-svc-wallet-balance'), what).toBe(String(balance));
      } else {
        balance -= 40;
        jobs.push(body.job_id);
      }
      expect((await fetch(`${server.url}/healthz`)).status, what).toBe(200);
    }
    let succeeded = 0;
    for (const id of jobs) {
      for (;;) {
        const r = await fetch(`${server.url}/api/v1/cards/jobs/${id}`, { headers: { authorization: `Bearer ${key}` } });
        const job: any = await r.json();
        if (job.status === 'succeeded') succeeded++;
        if (job.status === 'succeeded' || job.status === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    // Refused photos cost nothing; a succeeded job 40, a failed one nothing (its hold released).
    const wallet = await fetch(`${server.url}/api/v1/cards/jobs/${jobs[0] ?? 'none'}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(wallet.headers.get('x-svc-wallet-balance')).toBe(String(CREDITS - 40 * succeeded));
    expect(jobs.length).toBeGreaterThan(0);
  }, 240_000);

  it('JPEGs (strips, cut short, corrupted): the server survives, a refused one costs nothing, a plain one renders', async () => {
    const random = seededRandom(SEED + 2);
    // The wallet as the first answer reports it, before that call's hold.
    let start: number | null = null;
    let balance = 0;
    const jobs: { id: string; what: string }[] = [];
    for (let i = 0; i < JPEG_PHOTOS; i++) {
      const { width, height, bytes, kind } = randomJpeg(random);
      const form = new FormData();
      form.set('request', JSON.stringify({ player_id: 1, style: HD_STYLES[i % HD_STYLES.length] }));
      form.set('photo', new Blob([bytes], { type: 'image/jpeg' }), 'p.jpg');
      const res = await fetch(`${server.url}/api/v1/cards`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
        body: form,
      });
      const body: any = await res.json();
      const what = `${kind} JPEG ${width}×${height}`;
      if (start === null) {
        start = Number(res.headers.get('x-svc-wallet-balance')) + (res.status === 202 ? 40 : 0);
        balance = start;
      }
      expect([202, 400], `${what}: ${JSON.stringify(body)}`).toContain(res.status);
      expect(res.headers.get('x-svc-credits-charged'), what).toBe('0');
      const strip = Math.max(width, height) > 4 * Math.min(width, height);
      // A whole JPEG within the limits is accepted; a strip longer than 4 : 1 is refused by its header.
      if (kind === 'plain') expect(res.status, what).toBe(strip ? 400 : 202);
      if (res.status === 400) {
        expect([body.code, body.param], what).toEqual(['invalid_request', 'photo']);
        expect(res.headers.get('x-svc-wallet-balance'), what).toBe(String(balance));
      } else {
        balance -= 40;
        jobs.push({ id: body.job_id, what });
      }
      expect((await fetch(`${server.url}/healthz`)).status, what).toBe(200);
    }
    let succeeded = 0;
    for (const { id, what } of jobs) {
      for (;;) {
        const r = await fetch(`${server.url}/api/v1/cards/jobs/${id}`, { headers: { authorization: `Bearer ${key}` } });
        const job: any = await r.json();
        if (job.status === 'succeeded') succeeded++;
        if (job.status === 'failed') expect(what, 'a plain JPEG failed to render').not.toMatch(/^plain/);
        if (job.status === 'succeeded' || job.status === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const after = await fetch(`${server.url}/api/v1/cards/jobs/${jobs[0]?.id ?? 'none'}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    // Refused JPEGs cost nothing; a succeeded job 40, a failed one nothing (its hold released).
    expect(Number(after.headers.get('x-svc-wallet-balance'))).toBe(start! - 40 * succeeded);
    expect(succeeded).toBeGreaterThan(0);
  }, 240_000);
});
