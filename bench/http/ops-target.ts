/**
 * The server side of bench/http/ops.bench.ts, a child process: the paid player call over the Node
 * listener with the SQLite store, `plain` (no operations layer) or `ops` (metrics, JSON access log
 * to stdout, CORS, the admin API: what `halfspace serve` runs). Prints `{ url, key, player_id }`
 * as its first stdout line; the access log follows on stdout, as in production.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoDatasetDir } from '../../src/io/paths.js';
import { Engine } from '../../src/engine.js';
import { createMetrics } from '../../src/service/ops/metrics.js';
import { listen } from '../../src/http/node.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import { createAdmin } from '../../src/service/admin/admin.js';
import { createService } from '../../src/service/service.js';
import { sqliteStore } from '../../src/store/sqlite/store.js';
import { tinyDataset } from '../../test/helpers/tiny-dataset.js';

const mode = process.argv[2];
process.on('SIGTERM', () => process.exit(0));
const engine = Engine.open({ dataset: existsSync(join(demoDatasetDir(), 'dataset.json')) ? 'demo' : tinyDataset() });
const store = sqliteStore(join(mkdtempSync(join(tmpdir(), 'halfspace-bench-ops-')), 'bench.db'));
const service = createService({
  engine,
  store,
  baseUrl: 'http://127.0.0.1',
  rateLimit: { perSecond: 1e9, burst: 1e9 },
  onError: () => {},
});
const { key } = await issueKey(store, { credits: 1_000_000_000 });
const ops =
  mode === 'ops'
    ? {
        metrics: createMetrics({ holdsOpen: async () => (await store.stats!()).holds_open }),
        admin: createAdmin({ store, token: 'bench-admin-token-0123', baseUrl: 'http://127.0.0.1' }),
        corsOrigins: ['https://app.example.com'],
        log: (line: string) => void process.stdout.write(`${line}\n`),
        logFormat: 'json' as const,
      }
    : undefined;
const server = await listen(service, { port: 0, ...(ops ? { ops } : {}) });
const player = engine.players.find((p) => engine.latestRowOf(p.player_id) >= 0)!;
process.stdout.write(`${JSON.stringify({ url: server.url, key, player_id: player.player_id })}\n`);
