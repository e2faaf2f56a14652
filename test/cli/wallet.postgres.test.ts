/**
 * `halfspace serve` and `halfspace wallet` on PostgreSQL, as users run them (the built binary):
 * a replica restarted under the same HALFSPACE_INSTANCE_ID releases at start the holds its killed
 * predecessor left, and never another replica's (those wait for their expiry).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetToDir } from '../../src/io/save.js';
import { BIN, ensureBuilt, ROOT, runBuilt } from '../helpers/built-cli.js';
import { killAfterHolds } from '../helpers/killed-holder.js';
import { postgresUnavailable, usePostgres } from '../helpers/postgres.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

if (postgresUnavailable) console.warn(`[cli/wallet.postgres] skipped: ${postgresUnavailable}`);

/** Runs a process that opens the PostgreSQL store as `instance`, takes holds of `credits` on `keyId`, and is killed with SIGKILL. */
async function crashWithHolds(db: string, instance: string, keyId: string, credits: number[]): Promise<void> {
  const storeUrl = pathToFileURL(join(ROOT, 'dist', 'store', 'postgres', 'index.js')).href;
  const openStore = `import { postgresStore } from ${JSON.stringify(storeUrl)};
const s = await postgresStore({ connectionString: ${JSON.stringify(db)}, instanceId: ${JSON.stringify(instance)} });`;
  const holds = credits.map((n) => ({ keyId, credits: n, operation: 'intelligence.player' }));
  expect((await killAfterHolds(openStore, holds)).signal).toBe('SIGKILL');
}

describe.skipIf(postgresUnavailable !== null)('halfspace wallet and serve on PostgreSQL (built binary)', () => {
  const cluster = usePostgres();
  const dir = mkdtempSync(join(tmpdir(), 'halfspace-cli-wallet-pg-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  beforeAll(() => {
    ensureBuilt();
  }, 360_000);

  it("releases at start only the holds the same instance left; another replica's stay open", async () => {
    // A database of its own: serve, keys and wallet always use the default schema.
    const db = await cluster.database();
    const created = await runBuilt(['keys', 'create', '--credits', '100', '--json', '--db', db]);
    expect(created.code, created.stderr).toBe(0);
    const id = JSON.parse(created.stdout).id as string;
    await crashWithHolds(db, 'replica-a', id, [10, 20]);
    await crashWithHolds(db, 'replica-b', id, [7]);
    // 100 − 10 − 20 − 7 = 63.
    expect((await runBuilt(['wallet', 'balance', id, '--db', db])).stdout).toBe(
      `63 (available 63, held 37 in 3 open holds: halfspace wallet holds ${id})\n`,
    );

    const datasetDir = join(dir, 'tiny');
    datasetToDir(tinyDataset(), datasetDir);
    const server = spawn(
      process.execPath,
      [BIN, 'serve', '--db', db, '--port', '0', '--dataset', datasetDir, '--render-workers', '0'],
      {
        cwd: ROOT,
        env: { ...process.env, HALFSPACE_INSTANCE_ID: 'replica-a' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let printed = '';
    try {
      await new Promise<void>((resolve, reject) => {
        server.stdout.on('data', (t: Buffer) => {
          printed += String(t);
          if (printed.includes('Stop with Ctrl+C.')) resolve();
        });
        server.on('exit', (code) => reject(new Error(`serve exited (${code}): ${printed}`)));
      });
      expect(printed).toContain(
        '  holds    2 hold(s) left by an earlier process and 0 expired hold(s) released, their credits returned',
      );
      // 63 + 10 + 20 = 93; replica-b's 7 stay held until they expire.
      expect(JSON.parse((await runBuilt(['wallet', 'balance', id, '--json', '--db', db])).stdout)).toEqual({
        id,
        balance: 93,
        held: 7,
        available: 93,
        open_holds: 1,
      });
      const holds = JSON.parse((await runBuilt(['wallet', 'holds', id, '--json', '--db', db])).stdout) as {
        credits: number;
        owner: string;
      }[];
      expect(holds.map((h) => h.credits)).toEqual([7]);
      expect(holds[0].owner).toMatch(/^replica-b#[0-9a-f]{8}$/);
    } finally {
      const stopped = new Promise((resolve) => server.on('exit', resolve));
      server.kill('SIGTERM');
      expect(await stopped).toBe(0);
    }
  }, 180_000);

  it('refuses a bad HALFSPACE_INSTANCE_ID with one line and exit 2', async () => {
    const child = spawn(process.execPath, [BIN, 'wallet', 'balance', 'key_x', '--db', join(dir, 'x.db')], {
      cwd: ROOT,
      env: { ...process.env, HALFSPACE_INSTANCE_ID: 'a#b' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (t: Buffer) => (err += String(t)));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect([code, err]).toEqual([
      2,
      `halfspace wallet balance: HALFSPACE_INSTANCE_ID must be 1–200 characters without '#', got "a#b"\n`,
    ]);
  });
});
