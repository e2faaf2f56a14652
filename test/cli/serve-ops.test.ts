/**
 * `halfspace serve` operated as a user runs it (the built binary): `--admin-token-file`, the
 * access log on stdout in both formats, and bad operations flags refused with exit code 2 and
 * one line on stderr.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetToDir } from '../../src/io/save.js';
import { ensureBuilt, runBuilt } from '../helpers/built-cli.js';
import { spawnServe } from '../helpers/serve-process.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-serve-ops-'));
const datasetDir = join(dir, 'tiny');
const TOKEN = 'f3a9c1e07b5d4e2a9c8b7a6f5e4d3c2b';
const tokenFile = join(dir, 'admin-token');

beforeAll(() => {
  datasetToDir(tinyDataset(), datasetDir);
  writeFileSync(tokenFile, `${TOKEN}\n`);
  ensureBuilt();
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('halfspace serve operations flags', () => {
  it('serves the admin API with the token file and logs one line per request on stdout, never the key', async () => {
    const server = await spawnServe([
      '--db',
      join(dir, 'a.db'),
      '--dataset',
      datasetDir,
      '--render-workers',
      '0',
      '--admin-token-file',
      tokenFile,
      '--log-format',
      'pretty',
    ]);
    try {
      expect(server.stdout()).toContain(`console  ${server.url}/console`);
      const created = await fetch(`${server.url}/admin/v1/keys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: '{"credits":5}',
      });
      expect(created.status).toBe(201);
      const { key } = (await created.json()) as { key: string };
      const paid = await fetch(`${server.url}/api/v1/verdict`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(paid.status).toBe(400);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      // The log line is written when the answer is; give the pipe a moment.
      await new Promise((r) => setTimeout(r, 200));
      const lines = server
        .stdout()
        .split('\n')
        .filter((l) => /^\d{4}-\d\d-\d\dT\S+ req_/.test(l));
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(/ POST \/admin\/v1\/keys admin\.keys 201 0cr [\d.]+ms$/);
      expect(lines[1]).toContain(` POST /api/v1/verdict verdict 400 0cr `);
      expect(lines[1]).toContain(paid.headers.get('request-id')!);
      expect(lines[2]).toContain(' GET /healthz healthz 200 0cr ');
      expect(server.stdout()).not.toContain(key);
      expect(server.stdout()).not.toContain(TOKEN);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);

  it('logs JSON by default and takes the token from HALFSPACE_ADMIN_TOKEN', async () => {
    const server = await spawnServe(['--db', join(dir, 'b.db'), '--dataset', datasetDir, '--render-workers', '0'], {
      ...process.env,
      HALFSPACE_ADMIN_TOKEN: TOKEN,
    });
    try {
      expect(
        (await fetch(`${server.url}/admin/v1/keys`, { headers: { authorization: `Bearer ${TOKEN}` } })).status,
      ).toBe(200);
      await new Promise((r) => setTimeout(r, 200));
      const line = server
        .stdout()
        .split('\n')
        .find((l) => l.startsWith('{'));
      expect(JSON.parse(line!)).toMatchObject({
        method: 'GET',
        path: '/admin/v1/keys',
        operation: 'admin.keys',
        status: 200,
        credits: 0,
      });
    } finally {
      await server.stop();
    }
  }, 120_000);

  it.each([
    [['--admin-token-file', join(dir, 'missing')], 'cannot read --admin-token-file'],
    [['--admin-token-file', 'SHORT'], 'cannot read --admin-token-file'],
    [['--cors-origin', 'https://app.example.com/path'], '--cors-origin must be'],
    [['--log-format', 'xml'], '--log-format must be json, pretty or off'],
    [['--rate-limit', '0'], '--rate-limit must be an integer'],
    [['--rate-burst', 'many'], '--rate-burst must be an integer'],
  ])('refuses %j with exit code 2 and one line', async (args, message) => {
    const run = await runBuilt(['serve', '--db', join(dir, 'bad.db'), '--port', '0', ...args]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(message);
  });

  it('refuses an admin token shorter than 16 characters', async () => {
    const short = join(dir, 'short-token');
    writeFileSync(short, 'abc\n');
    const run = await runBuilt(['serve', '--db', join(dir, 'bad.db'), '--port', '0', '--admin-token-file', short]);
    expect([run.code, run.stderr.trim().split('\n').length]).toEqual([2, 1]);
    expect(run.stderr).toContain('at least 16 characters');
  });
});
