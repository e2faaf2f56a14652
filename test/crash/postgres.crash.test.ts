/**
 * The crash suite on PostgreSQL with two `serve` replicas (issue 24): one replica killed with
 * SIGKILL mid-flight and restarted under its instance id leaves no Idempotency-Key stuck (retried
 * through the other replica), no hold open and no demo call counted that did not succeed; with
 * the database stopped, paid calls and /metrics answer 503 `store_unavailable` with Retry-After.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetToDir } from '../../src/io/save.js';
import { postgresStore } from '../../src/store/postgres/store.js';
import { ensureBuilt, ROOT, runBuilt } from '../helpers/built-cli.js';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { spawnServe } from '../helpers/serve-process.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';
import { type CrashTarget, demoQuotaSurvivesKill, killedClaimsAreReleased, killUnderLoad, post } from './scenario.js';

if (postgresUnavailable) console.warn(`[crash/postgres] skipped: ${postgresUnavailable}`);

describe.skipIf(postgresUnavailable !== null)('kill -9 of one of two PostgreSQL replicas', () => {
  const dir = mkdtempSync(join(tmpdir(), 'halfspace-crash-pg-'));
  const datasetDir = join(dir, 'tiny');
  let cluster: TestPostgres | null = null;
  let db = '';
  let key = '';
  let keyId = '';
  const replica = (instance: string) => () =>
    spawnServe(['--db', db, '--dataset', datasetDir, '--render-workers', '1', '--log-format', 'off'], {
      ...process.env,
      HALFSPACE_INSTANCE_ID: instance,
    });
  const target: CrashTarget = {
    get openStore() {
      return `import { postgresStore } from ${JSON.stringify(pathToFileURL(join(ROOT, 'dist', 'store', 'postgres', 'index.js')).href)};
const s = await postgresStore({ connectionString: ${JSON.stringify(db)}, instanceId: 'replica-a' });`;
    },
    start: replica('replica-a'),
    survivor: replica('replica-b'),
    async wallet(id) {
      const s = await postgresStore({ connectionString: db, schema: 'halfspace' });
      try {
        const ledger = await s.wallets.ledger(id);
        return {
          holds: (await s.wallets.openHolds(id)).length,
          balance: (await s.wallets.balance(id)) ?? -1,
          ledgerSum: ledger.reduce((sum, e) => sum + e.amount, 0),
          captures: ledger.filter((e) => e.kind === 'capture').length,
        };
      } finally {
        await s.close();
      }
    },
  };
  beforeAll(async () => {
    datasetToDir(tinyDataset(), datasetDir);
    ensureBuilt();
    cluster = await startPostgres();
    db = cluster.url;
    const created = await runBuilt(['keys', 'create', '--credits', '1000', '--db', db, '--json']);
    expect(created.code, created.stderr).toBe(0);
    ({ key, id: keyId } = JSON.parse(created.stdout));
  }, 300_000);
  afterAll(() => {
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("releases a killed replica's Idempotency-Key claims, demo reservations and holds when it restarts", async () => {
    await killedClaimsAreReleased(target, key, keyId);
  });

  it('counts only the demo calls that succeeded after a kill mid-flight', async () => {
    await demoQuotaSurvivesKill(target);
  });

  it('answers every retried Idempotency-Key through the other replica after a kill mid-flight', async () => {
    const { cut } = await killUnderLoad(target, key, keyId);
    console.info(`[crash/postgres] ${cut} of 16 keyed calls cut off by the kill`);
  });

  it('answers 503 store_unavailable with Retry-After, charging nothing, while the database is down', async () => {
    const server = await target.start();
    try {
      cluster!.stop();
      cluster = null;
      const paid = await post(
        server.url,
        '/api/v1/intelligence/player',
        { name: 'Anton Berg' },
        {
          authorization: `Bearer ${key}`,
        },
      );
      const body = JSON.parse(paid.text);
      expect([paid.status, body.code], paid.text).toEqual([503, 'store_unavailable']);
      expect(paid.headers?.get('retry-after')).toBe('5');
      expect(paid.headers?.get('content-type')).toContain('application/problem+json');
      const metrics = await fetch(`${server.url}/metrics`);
      expect(metrics.status).toBe(503);
      const problem: any = await metrics.json();
      expect(problem.code).toBe('store_unavailable');
      expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
    } finally {
      await server.stop();
    }
  });
});
