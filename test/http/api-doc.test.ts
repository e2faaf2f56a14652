/**
 * Keeps docs/api.md honest: every row of its walkthrough table is sent to a real server over the
 * bundled demo data, and the charge and the balance must be the ones the table promises.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { demoDatasetDir } from '../../src/io/paths.js';
import { listen } from '../../src/http/node.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import { createService } from '../../src/service/service.js';
import { sqliteStore } from '../../src/store/sqlite/store.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const doc = readFileSync(join(root, 'docs/api.md'), 'utf8');
const demo = existsSync(join(demoDatasetDir(), 'dataset.json'));
if (!demo) console.log('skipping docs/api.md walkthrough: data/demo is absent');

/** Rows `| n | \`curl … $B<path> … -d '<json>'\` | credits | balance |`. */
const rows = [
  ...doc.matchAll(/^\| \d+ \| `curl -i "?\$B([^" ]+)"? [^`]*-d '([^']+)'`[^|]*\| (\d+) \| (\d+) \|$/gm),
].map((m) => ({
  path: m[1],
  body: JSON.parse(m[2]),
  credits: Number(m[3]),
  balance: Number(m[4]),
}));

describe.skipIf(!demo)('docs/api.md walkthrough', () => {
  it('finds the eleven paid calls of the table', () => {
    expect(rows).toHaveLength(11);
  });

  it('charges exactly what the table says, from 100 credits down', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'halfspace-apidoc-'));
    const store = sqliteStore(join(dir, 'doc.db'));
    const server = await listen(
      createService({ engine: Engine.open({ dataset: 'demo' }), store, baseUrl: 'http://127.0.0.1' }),
      { port: 0 },
    );
    try {
      const { key } = await issueKey(store, { credits: 100 });
      for (const row of rows) {
        const res = await fetch(`${server.url}${row.path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify(row.body),
        });
        const text = await res.text();
        expect(res.status, `${row.path}: ${text.slice(0, 300)}`).toBe(200);
        expect([res.headers.get('x-svc-credits-charged'), res.headers.get('x-svc-wallet-balance')], row.path).toEqual([
          String(row.credits),
          String(row.balance),
        ]);
      }
    } finally {
      await server.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
