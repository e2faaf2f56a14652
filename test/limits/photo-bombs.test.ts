/**
 * Resource limits of photo uploads (issue 24, defects 2 and 3) against the built server: a PNG
 * whose header declares more than PHOTO_MAX_PIXELS, and images whose header is fine but whose
 * pixel data does not decode, are refused with 400 before any credit is held, and the server's
 * peak RSS stays under the ceiling docs/deploy.md states.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_PIXELS } from '../../src/cards/photo.js';
import { datasetToDir } from '../../src/io/save.js';
import { greyPng, jpegHeaderOnly, peakRssMb } from '../helpers/bombs.js';
import { ensureBuilt, runBuilt } from '../helpers/built-cli.js';
import { type ServeProcess, spawnServe } from '../helpers/serve-process.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

/** Peak RSS of `serve` after these uploads, in MB (docs/deploy.md#resource-limits). */
const SERVE_RSS_CEILING_MB = 400;

describe('photo bombs and unreadable photos', () => {
  const dir = mkdtempSync(join(tmpdir(), 'halfspace-limits-photo-'));
  const db = join(dir, 'svc.db');
  let server: ServeProcess;
  let key = '';
  beforeAll(async () => {
    const datasetDir = join(dir, 'tiny');
    datasetToDir(tinyDataset(), datasetDir);
    ensureBuilt();
    const created = await runBuilt(['keys', 'create', '--credits', '100', '--db', db, '--json']);
    expect(created.code, created.stderr).toBe(0);
    key = JSON.parse(created.stdout).key;
    server = await spawnServe(['--db', db, '--dataset', datasetDir, '--render-workers', '0', '--log-format', 'off']);
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const upload = async (photo: Uint8Array, type: string) => {
    const form = new FormData();
    form.set('request', JSON.stringify({ player_id: 1, style: 'collage' }));
    form.set('photo', new Blob([photo], { type }), 'me');
    const res = await fetch(`${server.url}/api/v1/cards`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
    const body: any = await res.json();
    return { res, body };
  };

  it('refuses a PNG bomb by its header, and garbage pixel data or a JPEG with no scan, with 400 and nothing held', async () => {
    // 8192 × 8192 all-zero greyscale: 67 MB of pixels, 4 × the budget, in a file of ~70 KB.
    const bomb = greyPng(8192, 8192);
    expect(bomb.length).toBeLessThan(200_000);
    expect(8192 * 8192).toBeGreaterThan(PHOTO_MAX_PIXELS);
    const cases: [string, Uint8Array, string, RegExp][] = [
      ['png bomb', bomb, 'image/png', /8192 × 8192 pixels; at most 16777216/],
      ['png header + garbage', greyPng(64, 64, 0, true), 'image/png', /not a readable (PNG|JPEG) image/],
      ['jpeg start + frame header only', jpegHeaderOnly(64, 64), 'image/jpeg', /not a readable (PNG|JPEG) image/],
    ];
    for (const [name, photo, type, message] of cases) {
      const { res, body } = await upload(photo, type);
      expect([res.status, body.code, body.param], name).toEqual([400, 'invalid_request', 'photo']);
      expect(res.headers.get('content-type'), name).toContain('application/problem+json');
      expect(body.detail ?? body.message, name).toMatch(message);
      expect([res.headers.get('x-svc-credits-charged'), res.headers.get('x-svc-wallet-balance')], name).toEqual([
        '0',
        '100',
      ]);
    }
    // A readable photo of the same kind still goes through (the checks refuse bombs, not PNGs).
    const fine = await upload(greyPng(600, 800, 128), 'image/png');
    expect(fine.res.status, JSON.stringify(fine.body)).toBe(202);
    const peak = peakRssMb(server.pid);
    if (peak !== null) {
      console.info(`[limits/photo] serve peak RSS ${peak.toFixed(0)} MB`);
      expect(peak).toBeLessThan(SERVE_RSS_CEILING_MB);
    }
  });
});
