import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { readyText, startServer } from '../../src/cli/commands/serve.js';
import { runCli } from '../../src/cli/run.js';
import { datasetToDir } from '../../src/io/save.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import { sqliteStore } from '../../src/store/sqlite/store.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-cli-serve-'));
const datasetDir = join(dir, 'tiny');
datasetToDir(tinyDataset(), datasetDir);
const db = join(dir, 'serve.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('halfspace serve', () => {
  it('serves a dataset while the keys CLI writes to the same file, and prints a working curl example', async () => {
    const server = await startServer({ dataset: datasetDir, db, port: 0 });
    try {
      const text = readyText(server);
      expect(text).toContain(`${server.listening.url}/docs`);
      expect(text).toMatch(
        /curl -i http:\/\/127\.0\.0\.1:\d+\/api\/v1\/intelligence\/player -H "Authorization: Bearer \$KEY"/,
      );
      let out = '';
      const code = await runCli(COMMANDS, ['keys', 'create', '--credits', '3', '--db', db, '--json'], {
        stdout: (t) => (out += t),
        stderr: () => {},
      });
      expect(code).toBe(0);
      const { key, id } = JSON.parse(out);
      const body = JSON.parse(text.match(/-d '(\{[^']+\})'/)![1]);
      const res = await fetch(`${server.listening.url}/api/v1/intelligence/player`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      // 3 − 1 = 2.
      expect(res.headers.get('x-svc-wallet-balance')).toBe('2');
      // A top-up from the CLI is visible to the running server: 2 + 5 − 1 = 6.
      await runCli(COMMANDS, ['wallet', 'topup', id, '--credits', '5', '--db', db], {
        stdout: () => {},
        stderr: () => {},
      });
      const again = await fetch(`${server.listening.url}/api/v1/intelligence/player`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(again.headers.get('x-svc-wallet-balance')).toBe('6');
    } finally {
      await server.close();
    }
  });

  it('takes over an hd card job a stopped server left running; the keys CLI on the same file does not', async () => {
    const file = join(dir, 'resume.db');
    const before = sqliteStore(file);
    const issued = await issueKey(before, { credits: 50 });
    // What a server stopped mid-job leaves behind: the job marked running under an open 40-credit hold.
    const now = new Date();
    const held = await before.wallets.hold(
      issued.record.id,
      40,
      now.toISOString(),
      new Date(now.getTime() + 15 * 60_000).toISOString(),
      'cards job',
    );
    if (!held.ok) throw new Error('hold refused');
    const request = JSON.stringify({ player_id: 1, style: 'editorial_cover', photo_mode: 'silhouette' });
    await before.jobs.create({
      job_id: 'job_left',
      key_id: issued.record.id,
      hold_id: held.hold_id,
      credits: 40,
      status: 'running',
      request,
      result: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    await before.close();

    expect(await runCli(COMMANDS, ['keys', 'list', '--db', file], { stdout: () => {}, stderr: () => {} })).toBe(0);
    const peek = sqliteStore(file);
    expect((await peek.jobs.get('job_left'))?.status).toBe('running');
    await peek.close();

    const server = await startServer({ dataset: datasetDir, db: file, port: 0 });
    try {
      expect(server.resumed).toEqual({ resumed: 1, failed: 0 });
      expect(readyText(server)).toContain('jobs     1 unfinished hd card job(s) resumed, 0 failed');
      await server.service.idle();
      const res = await fetch(`${server.listening.url}/api/v1/cards/jobs/job_left`, {
        headers: { authorization: `Bearer ${issued.key}` },
      });
      const job = (await res.json()) as { status: string };
      expect(job.status, JSON.stringify(job)).toBe('succeeded');
      // 50 − 40: the original hold captured, nothing held again.
      expect(res.headers.get('x-svc-wallet-balance')).toBe('10');
      expect((await server.store.wallets.ledger(issued.record.id)).map((e) => e.kind)).toEqual([
        'topup',
        'hold',
        'capture',
      ]);
    } finally {
      await server.close();
    }
  });

  it('refuses bad flags with exit code 2', async () => {
    let err = '';
    const io = { stdout: () => {}, stderr: (t: string) => (err += t) };
    expect(await runCli(COMMANDS, ['serve', '--port', 'eighty', '--db', db], io)).toBe(2);
    expect(err).toContain('--port must be an integer');
    expect(await runCli(COMMANDS, ['serve', '--base-url', 'ftp://x', '--db', db], io)).toBe(2);
    expect(await runCli(COMMANDS, ['serve', '--render-workers', 'two', '--db', db], io)).toBe(2);
    expect(err).toContain('--render-workers must be an integer 0–64');
  });

  it('renders cards on its worker pool exactly as on the main thread, and stops the workers on close', async () => {
    const card = async (renderWorkers: number) => {
      // One public address for both, so both draw the same watermark.
      const server = await startServer({
        dataset: datasetDir,
        db: join(dir, `cards-${renderWorkers}.db`),
        port: 0,
        renderWorkers,
        baseUrl: 'http://cards.test',
      });
      try {
        const { key } = await issueKey(server.store, { credits: 30 });
        const res = await fetch(`${server.listening.url}/api/v1/cards`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ player_id: 1, style: 'player_card' }),
        });
        expect(res.status).toBe(200);
        // 30 − 15 = 15.
        expect(res.headers.get('x-svc-wallet-balance')).toBe('15');
        const { content_hash, image_url } = (await res.json()) as { content_hash: string; image_url: string };
        const png = new Uint8Array(
          await (await fetch(image_url.replace(server.baseUrl, server.listening.url))).arrayBuffer(),
        );
        return { content_hash, png };
      } finally {
        await server.close();
      }
    };
    const pooled = await card(1);
    const inThread = await card(0);
    expect(pooled.content_hash).toBe(`sha256:${createHash('sha256').update(pooled.png).digest('hex')}`);
    expect(pooled.content_hash).toBe(inThread.content_hash);
    expect(Buffer.from(pooled.png).equals(Buffer.from(inThread.png))).toBe(true);
  }, 60_000);
});
