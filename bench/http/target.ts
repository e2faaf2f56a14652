/**
 * The server side of bench/http/http.bench.ts, run as a child process so autocannon and the server
 * do not share an event loop. `hello`: bare node:http; `same-size`: bare node:http answering the
 * exact bytes of the paid player response, written as a string (the guard rail's baseline);
 * `same-size-bytes`: the same bytes encoded once (the transport's ceiling for that answer); `service`:
 * the halfspace API (SQLite store, real engine); `memory`: the same with the in-memory store
 * (isolates the ledger's disk cost); `nocache`: SQLite with the response cache off (every call
 * runs the engine); `same-size-busy`: the same-size server spinning, per request, for as long as
 * the service itself (SQLite store, response cache) takes per call when driven in-process 64 at a
 * time: what any transport in front of this service could reach at best. Prints one JSON line
 * `{ url, key?, player_id?, dataset, busy_us? }` once listening. `service` renders cards on a
 * worker pool as `halfspace serve` does; `inline` is the same service rendering on the main thread.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Engine } from '../../src/engine.js';
import { demoDatasetDir } from '../../src/io/paths.js';
import { listen } from '../../src/http/node.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import { createService } from '../../src/service/service.js';
import { createRenderPool } from '../../src/cards/render-pool.js';
import { sqliteStore } from '../../src/store/sqlite/store.js';
import { memoryStore } from '../../src/store/memory/store.js';
import { tinyDataset } from '../../test/helpers/tiny-dataset.js';

const mode = process.argv[2];
// Exit normally on SIGTERM so `--cpu-prof` runs can write their profile.
process.on('SIGTERM', () => process.exit(0));

const openEngine = () =>
  Engine.open({ dataset: existsSync(join(demoDatasetDir(), 'dataset.json')) ? 'demo' : tinyDataset() });
const benchPlayer = (engine: Engine) => engine.players.find((p) => engine.latestRowOf(p.player_id) >= 0)!;

/** A service over the demo engine for the bench: SQLite (or memory) store, rate limit lifted, one rich key. */
async function benchService(engine: Engine, kind: 'sqlite' | 'memory', responseCache = true, renderPool = false) {
  const store =
    kind === 'memory' ? memoryStore() : sqliteStore(join(mkdtempSync(join(tmpdir(), 'halfspace-bench-')), 'bench.db'));
  // As `halfspace serve` does: card renders on worker threads.
  const pool = renderPool ? createRenderPool() : null;
  // The bench measures the whole paid path, so the per-key rate limit is lifted out of the way.
  const service = createService({
    engine,
    store,
    baseUrl: 'http://127.0.0.1',
    rateLimit: { perSecond: 1e9, burst: 1e9 },
    onError: () => {},
    ...(responseCache ? {} : { responseCacheBytes: 0 }),
    ...(pool ? { renderCard: pool.render } : {}),
  });
  const { key } = await issueKey(store, { credits: 1_000_000_000 });
  return { service, key };
}

/** CPU µs per paid player call of the service alone, called in-process 64 at a time (as the group commit sees them under load). */
async function serviceCpuPerCall(engine: Engine): Promise<number> {
  const { service, key } = await benchService(engine, 'sqlite');
  const request = {
    method: 'POST',
    path: '/api/v1/intelligence/player',
    authorization: `Bearer ${key}`,
    body: { player_id: benchPlayer(engine).player_id },
    clientIp: '127.0.0.1',
  };
  const round = () => Promise.all(Array.from({ length: 64 }, () => service.handle(request)));
  for (let i = 0; i < 100; i++) await round();
  const start = process.cpuUsage();
  const rounds = 500;
  for (let i = 0; i < rounds; i++) await round();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / (rounds * 64);
}

if (mode === 'hello' || mode === 'same-size' || mode === 'same-size-bytes' || mode === 'same-size-busy') {
  let body = JSON.stringify({ hello: 'world' });
  let busyUs = 0;
  if (mode !== 'hello') {
    const engine = openEngine();
    const answer = engine.player({ player_id: benchPlayer(engine).player_id });
    if (!answer.ok) throw new Error('bench player not found');
    body = JSON.stringify(answer.value);
    if (mode === 'same-size-busy') busyUs = Math.round(await serviceCpuPerCall(engine));
  }
  // `same-size` writes the answer as a string, encoded on every write; the others write it as bytes
  // encoded once, as the service's response cache holds its answers: the transport's ceiling.
  const answer = mode === 'same-size' ? body : Buffer.from(body);
  const length = Buffer.byteLength(answer);
  const server = createServer((_req, res) => {
    for (const start = performance.now(); (performance.now() - start) * 1000 < busyUs; );
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': length });
    res.end(answer);
  });
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}`, dataset: null, busy_us: busyUs })}\n`);
  });
} else {
  const engine = openEngine();
  const { service, key } = await benchService(
    engine,
    mode === 'memory' ? 'memory' : 'sqlite',
    mode !== 'nocache',
    mode === 'service',
  );
  const player = benchPlayer(engine);
  const running = await listen(service, { port: 0 });
  process.stdout.write(
    `${JSON.stringify({ url: running.url, key, player_id: player.player_id, dataset: engine.dataset.meta.name, players: engine.players.length })}\n`,
  );
}
