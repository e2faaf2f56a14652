/**
 * `halfspace wallet` as users run it: the built binary (`node bin/halfspace.js`) against a real
 * SQLite file — amounts bounded by MAX_WALLET_CREDITS (issue #11 item 6), top-ups refused on a
 * revoked key (item 10), and held credits visible and released at `serve` start after a crash (item 9).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetToDir } from '../../src/io/save.js';
import { MAX_WALLET_CREDITS } from '../../src/store/ports.js';
import { BIN, ensureBuilt, ROOT, runBuilt } from '../helpers/built-cli.js';
import { killAfterHolds } from '../helpers/killed-holder.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-cli-wallet-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(() => {
  ensureBuilt();
}, 360_000);

let n = 0;
/** A fresh database file and a `halfspace` runner bound to it. */
function freshDb() {
  const db = join(dir, `w${n++}.db`);
  return { db, cli: (...args: string[]) => runBuilt([...args, '--db', db]) };
}

/** Creates a key with `credits` through the binary; returns its id. */
async function createKey(cli: (...args: string[]) => ReturnType<typeof runBuilt>, credits: number): Promise<string> {
  const created = await cli('keys', 'create', '--credits', String(credits), '--json');
  expect(created.code, created.stderr).toBe(0);
  return JSON.parse(created.stdout).id as string;
}

/** Exactly one line on stderr, exit code 2, nothing on stdout. */
function expectUsageError(run: { code: number | null; stdout: string; stderr: string }, text: string): void {
  expect(run.code).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr.endsWith('\n') && run.stderr.split('\n').length === 2, run.stderr).toBe(true);
  expect(run.stderr).toContain(text);
  expect(run.stderr).not.toContain('    at ');
}

type LedgerRow = { kind: string; amount: number; balance_after: number; note: string | null; hold_id: number | null };

// Each run starts a Node process (≈ 0.5–2 s on a loaded machine), so the cases get generous time.
describe('halfspace wallet (built binary)', { timeout: 180_000 }, () => {
  it('tops up and shows balance, held, available and open holds, as text and JSON', async () => {
    const { cli } = freshDb();
    const id = await createKey(cli, 25);
    const topup = await cli('wallet', 'topup', id, '--credits', '10', '--json');
    expect(JSON.parse(topup.stdout)).toEqual({ id, credits: 10, balance: 35 });
    // 25 + 10 = 35, nothing held.
    expect((await cli('wallet', 'balance', id)).stdout).toBe('35 (available 35, held 0)\n');
    expect(JSON.parse((await cli('wallet', 'balance', id, '--json')).stdout)).toEqual({
      id,
      balance: 35,
      held: 0,
      available: 35,
      open_holds: 0,
    });
    expect((await cli('wallet', 'holds', id)).stdout).toBe(`No open holds for ${id}.\n`);
    expect(JSON.parse((await cli('wallet', 'holds', id, '--json')).stdout)).toEqual([]);
    expectUsageError(await cli('wallet', 'holds', 'key_nobody'), 'no wallet for key_nobody');
    expectUsageError(await cli('wallet', 'holds'), 'give exactly one key id');
  });

  it('refuses amounts past MAX_WALLET_CREDITS with one line and exit 2, and the ledger stays exact', async () => {
    const { cli } = freshDb();
    const id = await createKey(cli, 5);
    // Issue #11: 9,007,199,254,740,000 twice would make 18,014,398,509,480,000, no longer an exact double.
    for (let i = 0; i < 2; i++) {
      expectUsageError(
        await cli('wallet', 'topup', id, '--credits', '9007199254740000'),
        'halfspace wallet topup: credits must be an integer from 1 to 1000000000000, got 9007199254740000',
      );
    }
    expectUsageError(
      await cli('wallet', 'topup', id, '--credits', '99999999999999999999'),
      '--credits must be a positive integer',
    );
    // Up to the limit exactly (5 + 999 999 999 995 = 10^12), then not one credit more.
    expect((await cli('wallet', 'topup', id, '--credits', String(MAX_WALLET_CREDITS - 5))).stdout).toBe(
      `Added ${MAX_WALLET_CREDITS - 5} credits to ${id}: balance ${MAX_WALLET_CREDITS}.\n`,
    );
    expectUsageError(
      await cli('wallet', 'topup', id, '--credits', '1'),
      `a top-up of 1 would bring ${id} to 1000000000001 credits (balance 1000000000000 + held 0 + 1); a wallet holds at most 1000000000000`,
    );
    expectUsageError(
      await cli('keys', 'create', '--credits', String(MAX_WALLET_CREDITS + 1)),
      'credits must be an integer from 0 to 1000000000000, got 1000000000001',
    );
    const balance = JSON.parse((await cli('wallet', 'balance', id, '--json')).stdout);
    expect(balance).toEqual({ id, balance: MAX_WALLET_CREDITS, held: 0, available: MAX_WALLET_CREDITS, open_holds: 0 });
    const ledger = JSON.parse((await cli('wallet', 'ledger', id, '--json')).stdout) as LedgerRow[];
    expect(ledger.map((e) => e.amount)).toEqual([5, MAX_WALLET_CREDITS - 5]);
    expect(ledger.reduce((sum, e) => sum + e.amount, 0)).toBe(balance.balance);
    // The refused key was never created.
    expect(JSON.parse((await cli('keys', 'list', '--json')).stdout).map((k: { id: string }) => k.id)).toEqual([id]);
  });

  it('refuses a top-up on a revoked key and leaves its wallet as it was', async () => {
    const { cli } = freshDb();
    const id = await createKey(cli, 3);
    expect((await cli('keys', 'revoke', id)).code).toBe(0);
    expectUsageError(await cli('wallet', 'topup', id, '--credits', '50'), `key ${id} was revoked at `);
    expect((await cli('wallet', 'balance', id)).stdout).toBe('3 (available 3, held 0)\n');
    expect(
      (JSON.parse((await cli('wallet', 'ledger', id, '--json')).stdout) as LedgerRow[]).map((e) => e.amount),
    ).toEqual([3]);
  });

  it('shows the holds of a process killed mid-call, and `serve` releases them at start', async () => {
    const { db, cli } = freshDb();
    const id = await createKey(cli, 100);
    // A process that takes two holds (as two calls in flight would) and is then killed with SIGKILL.
    const storeUrl = pathToFileURL(join(ROOT, 'dist', 'store', 'sqlite', 'index.js')).href;
    const openStore = `import { sqliteStore } from ${JSON.stringify(storeUrl)};
const s = sqliteStore(${JSON.stringify(db)});`;
    const victim = await killAfterHolds(openStore, [
      { keyId: id, credits: 15, operation: 'intelligence.player' },
      { keyId: id, credits: 25, operation: 'cards' },
    ]);
    expect(victim.signal).toBe('SIGKILL');

    // The CLI sees the held credits (and never releases them itself): 100 − 15 − 25 = 60.
    expect((await cli('wallet', 'balance', id)).stdout).toBe(
      `60 (available 60, held 40 in 2 open holds: halfspace wallet holds ${id})\n`,
    );
    const holds = JSON.parse((await cli('wallet', 'holds', id, '--json')).stdout) as {
      credits: number;
      note: string;
      owner: string;
      expires_at: string;
      created_at: string;
    }[];
    expect(holds.map((h) => [h.credits, h.note])).toEqual([
      [15, 'intelligence.player'],
      [25, 'cards'],
    ]);
    expect(holds.every((h) => h.owner.startsWith(`${hostname()}:${victim.pid}#`))).toBe(true);
    expect(Date.parse(holds[0].expires_at) - Date.parse(holds[0].created_at)).toBe(5 * 60_000);
    const table = (await cli('wallet', 'holds', id)).stdout.split('\n');
    expect(table[0]).toMatch(/^\s+hold\s+credits\s+created\s+expires\s+owner\s+note$/);
    expect(table[1]).toMatch(
      new RegExp(
        `^\\s+\\d+\\s+15\\s+\\S+Z\\s+\\S+Z\\s+${hostname()}:${victim.pid}#[0-9a-f]{8}\\s+intelligence\\.player$`,
      ),
    );

    const datasetDir = join(dir, 'tiny');
    datasetToDir(tinyDataset(), datasetDir);
    // A server that cannot start (its port is taken) releases nothing.
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = String((blocker.address() as { port: number }).port);
    try {
      expectUsageError(
        await cli('serve', '--port', taken, '--dataset', datasetDir, '--render-workers', '0'),
        `cannot listen on 127.0.0.1:${taken}`,
      );
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
    expect((await cli('wallet', 'balance', id, '--json')).stdout).toContain('"held": 40');

    // A new server on the file returns them at once, not five minutes later.
    const server = spawn(
      process.execPath,
      [BIN, 'serve', '--db', db, '--port', '0', '--dataset', datasetDir, '--render-workers', '0'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
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
      expect(JSON.parse((await cli('wallet', 'balance', id, '--json')).stdout)).toEqual({
        id,
        balance: 100,
        held: 0,
        available: 100,
        open_holds: 0,
      });
      const ledger = JSON.parse((await cli('wallet', 'ledger', id, '--json')).stdout) as LedgerRow[];
      expect(ledger.map((e) => [e.kind, e.amount, e.note])).toEqual([
        ['topup', 100, 'opening credits'],
        ['hold', -15, 'intelligence.player'],
        ['hold', -25, 'cards'],
        ['release', 15, 'abandoned'],
        ['release', 25, 'abandoned'],
      ]);
      expect(ledger.reduce((sum, e) => sum + e.amount, 0)).toBe(100);
    } finally {
      const stopped = new Promise((resolve) => server.on('exit', resolve));
      server.kill('SIGTERM');
      expect(await stopped).toBe(0);
    }
  });
});
