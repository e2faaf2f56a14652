import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { readyText, startServer } from '../../src/cli/commands/serve.js';
import { runCli } from '../../src/cli/run.js';
import { datasetToDir } from '../../src/data/save.js';
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
      const text = readyText(server, db);
      expect(text).toContain(`${server.listening.url}/docs`);
      expect(text).toMatch(/curl -i http:\/\/127\.0\.0\.1:\d+\/api\/v1\/intelligence\/player -H "Authorization: Bearer \$KEY"/);
      let out = '';
      const code = await runCli(COMMANDS, ['keys', 'create', '--credits', '3', '--db', db, '--json'], { stdout: (t) => (out += t), stderr: () => {} });
      expect(code).toBe(0);
      const { key, id } = JSON.parse(out);
      const body = JSON.parse(text.match(/-d '(\{[^']+\})'/)![1]);
      const res = await fetch(`${server.listening.url}/api/v1/intelligence/player`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(res.status).toBe(200);
      // 3 − 1 = 2.
      expect(res.headers.get('x-svc-wallet-balance')).toBe('2');
      // A top-up from the CLI is visible to the running server: 2 + 5 − 1 = 6.
      await runCli(COMMANDS, ['wallet', 'topup', id, '--credits', '5', '--db', db], { stdout: () => {}, stderr: () => {} });
      const again = await fetch(`${server.listening.url}/api/v1/intelligence/player`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(again.headers.get('x-svc-wallet-balance')).toBe('6');
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
  });
});
