/**
 * `halfspace serve --db postgres://…` against a real PostgreSQL (test/helpers/postgres.ts): the
 * keys and wallet CLI write to the same database the running server charges.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { readyText, startServer } from '../../src/cli/commands/serve.js';
import { runCli } from '../../src/cli/run.js';
import { datasetToDir } from '../../src/io/save.js';
import { postgresUnavailable, usePostgres } from '../helpers/postgres.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

if (postgresUnavailable) console.warn(`[cli/serve.postgres] skipped: ${postgresUnavailable}`);

describe.skipIf(postgresUnavailable !== null)('halfspace serve on PostgreSQL', () => {
  const cluster = usePostgres();
  const dir = mkdtempSync(join(tmpdir(), 'halfspace-cli-serve-pg-'));
  const datasetDir = join(dir, 'tiny');
  datasetToDir(tinyDataset(), datasetDir);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('charges a paid call to a key the CLI created in the same database, and sees a CLI top-up', async () => {
    // A database of its own: serve always uses the default schema.
    const db = await cluster.database();
    const server = await startServer({ dataset: datasetDir, db, port: 0, renderWorkers: 0 });
    try {
      const text = readyText(server);
      expect(text).toContain(`store ${db})`);
      let out = '';
      expect(
        await runCli(COMMANDS, ['keys', 'create', '--credits', '3', '--db', db, '--json'], {
          stdout: (t) => (out += t),
          stderr: () => {},
        }),
      ).toBe(0);
      const { key, id } = JSON.parse(out);
      const body = JSON.parse(text.match(/-d '(\{[^']+\})'/)![1]);
      const call = () =>
        fetch(`${server.listening.url}/api/v1/intelligence/player`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const res = await call();
      expect(res.status).toBe(200);
      // 3 − 1 = 2.
      expect(res.headers.get('x-svc-wallet-balance')).toBe('2');
      // A top-up from the CLI (its own connection) is visible to the running server: 2 + 5 − 1 = 6.
      expect(
        await runCli(COMMANDS, ['wallet', 'topup', id, '--credits', '5', '--db', db], {
          stdout: () => {},
          stderr: () => {},
        }),
      ).toBe(0);
      const again = await call();
      expect(again.headers.get('x-svc-wallet-balance')).toBe('6');
      out = '';
      expect(
        await runCli(COMMANDS, ['wallet', 'ledger', id, '--db', db, '--json'], {
          stdout: (t) => (out += t),
          stderr: () => {},
        }),
      ).toBe(0);
      // Read back by the CLI: topup 3, hold −1, capture 0, topup 5, hold −1, capture 0, ending at 6.
      const ledger = JSON.parse(out) as { kind: string; amount: number; balance_after: number }[];
      expect(ledger.map((e) => [e.kind, e.amount])).toEqual([
        ['topup', 3],
        ['hold', -1],
        ['capture', 0],
        ['topup', 5],
        ['hold', -1],
        ['capture', 0],
      ]);
      expect(ledger.map((e) => e.balance_after)).toEqual([3, 2, 2, 7, 6, 6]);
    } finally {
      await server.close();
    }
  });
});
