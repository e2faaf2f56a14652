/**
 * docs/deploy.md's SQLite backup while serving, as written: `sqlite3 FILE ".backup 'OUT'"` runs
 * while paid calls keep writing the file, and every copy is a consistent store (each wallet's
 * balance is the sum of its ledger, and a server starts on it). Skips without the sqlite3 program.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/cli/commands/serve.js';
import { datasetToDir } from '../../src/io/save.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import { sqliteStore } from '../../src/store/sqlite/store.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

const run = promisify(execFile);
let hasSqlite3 = true;
try {
  execFileSync('sqlite3', ['-version'], { stdio: 'pipe' });
} catch {
  hasSqlite3 = false;
  console.warn('[cli/backup] skipped: no sqlite3 program (apt-get install sqlite3)');
}

const dir = mkdtempSync(join(tmpdir(), 'halfspace-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!hasSqlite3)('backing up the SQLite file while serving', () => {
  it('gives consistent copies while paid calls write', async () => {
    const datasetDir = join(dir, 'tiny');
    datasetToDir(tinyDataset(), datasetDir);
    const db = join(dir, 'live.db');
    const server = await startServer({ dataset: datasetDir, db, port: 0, renderWorkers: 0 });
    const { key, record } = await issueKey(server.store, { credits: 10_000 });
    const command = /sqlite3 \S+ "(\.backup '[^']+')"/.exec(
      readFileSync(new URL('../../docs/deploy.md', import.meta.url), 'utf8'),
    )?.[1];
    expect(command).toBeDefined();
    let calls = 0;
    let writing = true;
    const load = (async () => {
      while (writing) {
        const res = await fetch(`${server.listening.url}/api/v1/verdict`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ player_id: 1 }),
        });
        await res.arrayBuffer();
        calls++;
      }
    })();
    const copies: string[] = [];
    try {
      for (let i = 0; i < 4; i++) {
        // Calls keep landing between (and during) the backups.
        for (const target = calls + 2; calls < target; ) await new Promise((r) => setTimeout(r, 5));
        const out = join(dir, `backup-${i}.db`);
        await run('sqlite3', [db, command!.replace(/'[^']+'/, `'${out}'`)]);
        copies.push(out);
      }
    } finally {
      writing = false;
      await load;
      await server.close();
    }
    expect(calls).toBeGreaterThanOrEqual(8);
    for (const file of copies) {
      const copy = sqliteStore(file);
      const ledger = await copy.wallets.ledger(record.id);
      expect(
        ledger.reduce((sum, e) => sum + e.amount, 0),
        file,
      ).toBe(await copy.wallets.balance(record.id));
      expect((await copy.keys.list()).map((k) => k.id)).toEqual([record.id]);
      await copy.close();
    }
    // A copy is a complete store: a server starts on it and the key works.
    const restored = await startServer({
      dataset: datasetDir,
      db: copies[copies.length - 1],
      port: 0,
      renderWorkers: 0,
    });
    try {
      const res = await fetch(`${restored.listening.url}/api/v1/verdict`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ player_id: 1 }),
      });
      expect(res.status).toBe(200);
    } finally {
      await restored.close();
    }
  }, 120_000);
});
