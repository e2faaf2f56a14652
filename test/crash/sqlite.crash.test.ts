/**
 * The crash suite on SQLite (issue 24): `halfspace serve` killed with SIGKILL mid-flight leaves no
 * Idempotency-Key stuck, no hold open and no demo call counted that did not succeed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetToDir } from '../../src/io/save.js';
import { sqliteStore } from '../../src/store/sqlite/store.js';
import { ensureBuilt, ROOT, runBuilt } from '../helpers/built-cli.js';
import { spawnServe } from '../helpers/serve-process.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';
import { type CrashTarget, demoQuotaSurvivesKill, killedClaimsAreReleased, killUnderLoad } from './scenario.js';

describe('kill -9 of a SQLite server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'halfspace-crash-sqlite-'));
  const db = join(dir, 'svc.db');
  const datasetDir = join(dir, 'tiny');
  let key = '';
  let keyId = '';
  const target: CrashTarget = {
    openStore: `import { sqliteStore } from ${JSON.stringify(pathToFileURL(join(ROOT, 'dist', 'store', 'sqlite', 'index.js')).href)};
const s = sqliteStore(${JSON.stringify(db)});`,
    start: () => spawnServe(['--db', db, '--dataset', datasetDir, '--render-workers', '1', '--log-format', 'off']),
    async wallet(id) {
      const s = sqliteStore(db);
      try {
        const ledger = await s.wallets.ledger(id);
        return {
          holds: (await s.wallets.openHolds(id)).length,
          balance: (await s.wallets.balance(id)) ?? -1,
          ledgerSum: ledger.reduce((sum, e) => sum + e.amount, 0),
          captures: ledger.filter((e) => e.kind === 'capture').length,
        };
      } finally {
        s.close();
      }
    },
  };
  beforeAll(async () => {
    datasetToDir(tinyDataset(), datasetDir);
    ensureBuilt();
    const created = await runBuilt(['keys', 'create', '--credits', '1000', '--db', db, '--json']);
    expect(created.code, created.stderr).toBe(0);
    ({ key, id: keyId } = JSON.parse(created.stdout));
  }, 300_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("releases a killed process's Idempotency-Key claims, demo reservations and holds at the next start", async () => {
    await killedClaimsAreReleased(target, key, keyId);
  });

  it('counts only the demo calls that succeeded after a kill mid-flight', async () => {
    await demoQuotaSurvivesKill(target);
  });

  it('answers every retried Idempotency-Key after a kill mid-flight, with no hold left and the wallet equal to its ledger', async () => {
    const { cut } = await killUnderLoad(target, key, keyId);
    console.info(`[crash/sqlite] ${cut} of 16 keyed calls cut off by the kill`);
  });
});
