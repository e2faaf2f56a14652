/**
 * The server side of bench/http/http.bench.ts, run as a child process so autocannon and the server
 * do not share an event loop. `hello`: bare node:http; `same-size`: bare node:http answering the
 * exact bytes of the paid player response (the transport's ceiling for that answer); `service`:
 * the halfspace API (SQLite store, real engine); `memory`: the same with the in-memory store
 * (isolates the ledger's disk cost); `nocache`: SQLite with the response cache off (every call
 * runs the engine). Prints one JSON line `{ url, key?, player_id?, dataset }` once listening.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Engine } from '../../src/engine.js';
import { demoDatasetDir } from '../../src/data/paths.js';
import { listen } from '../../src/http/node.js';
import { issueKey } from '../../src/service/accounts.js';
import { createService } from '../../src/service/service.js';
import { sqliteStore } from '../../src/store/sqlite/store.js';
import { memoryStore } from '../../src/store/memory/store.js';
import { tinyDataset } from '../../test/helpers/tiny-dataset.js';

const mode = process.argv[2];
// Exit normally on SIGTERM so `--cpu-prof` runs can write their profile.
process.on('SIGTERM', () => process.exit(0));

const openEngine = () => Engine.open({ dataset: existsSync(join(demoDatasetDir(), 'dataset.json')) ? 'demo' : tinyDataset() });
const benchPlayer = (engine: Engine) => engine.players.find((p) => engine.latestRowOf(p.player_id) >= 0)!;

if (mode === 'hello' || mode === 'same-size') {
  let body = JSON.stringify({ hello: 'world' });
  if (mode === 'same-size') {
    const engine = openEngine();
    const answer = engine.player({ player_id: benchPlayer(engine).player_id });
    if (!answer.ok) throw new Error('bench player not found');
    body = JSON.stringify(answer.value);
  }
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}`, dataset: null })}\n`);
  });
} else {
  const engine = openEngine();
  const store = mode === 'memory' ? memoryStore() : sqliteStore(join(mkdtempSync(join(tmpdir(), 'halfspace-bench-')), 'bench.db'));
  // The bench measures the whole paid path, so the per-key rate limit is lifted out of the way.
  const service = createService({ engine, store, baseUrl: 'http://127.0.0.1', rateLimit: { perSecond: 1e9, burst: 1e9 }, onError: () => {}, ...(mode === 'nocache' ? { responseCacheBytes: 0 } : {}) });
  const { key } = await issueKey(store, { credits: 1_000_000_000 });
  const player = benchPlayer(engine);
  const running = await listen(service, { port: 0 });
  process.stdout.write(`${JSON.stringify({ url: running.url, key, player_id: player.player_id, dataset: engine.dataset.meta.name, players: engine.players.length })}\n`);
}
