/**
 * `halfspace/client` against a real `halfspace serve` on 127.0.0.1 (demo data, SQLite store): one
 * method per operation with typed results and the credits of each call, problems as values, the hd
 * card flow (upload, job, polling) as one call; and its retry rules against servers that answer
 * 429 / 503 / nothing: bounded waits on Retry-After, the same Idempotency-Key on every attempt.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { startServer, type RunningServer } from '../../src/cli/commands/serve.js';
import { listen } from '../../src/http/node.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import { OPERATIONS } from '../../src/service/contract/operations.js';
import { createService } from '../../src/service/service.js';
import { memoryStore } from '../../src/store/memory/store.js';
import { Engine } from '../../src/engine.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-client-'));
let server: RunningServer;
let key: string;
const IGOR = 'Igor Teixeira';
const schemaOf = (path: string) => OPERATIONS.find((op) => op.path === path)!.response;

beforeAll(async () => {
  server = await startServer({ dataset: 'demo', db: join(dir, 'client.db'), port: 0, renderWorkers: 0 });
  key = (await issueKey(server.store, { credits: 1000 })).key;
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('createClient against halfspace serve', () => {
  it('calls every operation, returns its typed JSON and what it cost', async () => {
    const api = createClient({ baseUrl: server.listening.url, apiKey: key });
    let balance = 1000;
    const calls: [string, number, () => Promise<{ ok: boolean; credits: unknown; value?: unknown }>][] = [
      ['/api/v1/intelligence/player', 1, () => api.player({ name: IGOR }, { enhance: 'narrative' })],
      ['/api/v1/intelligence/scouting', 1, () => api.scouting({ name: IGOR })],
      ['/api/v1/intelligence/dna-search', 1, () => api.dnaSearch({ name: IGOR, filters: { max_age: 23 } })],
      ['/api/v1/alternatives', 2, () => api.alternatives({ name: IGOR })],
      ['/api/v1/match-intelligence', 6, () => api.matchIntelligence({ team_name: 'Saltmarsh United' })],
      ['/api/v1/verdict', 5, () => api.verdict({ player_name: IGOR })],
      ['/api/v1/cards', 15, () => api.card({ player_name: IGOR, style: 'player_card' })],
      ['/api/v1/cards/prompt', 3, () => api.cardPrompt({ player_name: IGOR, style: 'collage' })],
      ['/api/v1/best-xi/pool', 6, () => api.bestXiPool({ vibe_id: 'u23' })],
      ['/api/v1/best-xi/lineup', 6, () => api.bestXiLineup({ player_ids: [10080, 11907] })],
    ];
    for (const [path, cost, call] of calls) {
      const result = await call();
      expect(result.ok, path).toBe(true);
      schemaOf(path).parse(result.value);
      balance -= cost;
      expect(result.credits, path).toEqual({ charged: cost, balance });
    }
    const player = await api.player({ name: IGOR }, { enhance: 'narrative' });
    if (!player.ok) throw new Error(player.problem.detail);
    expect(typeof player.value.data.narrative).toBe('string');
  });

  it('returns problems as values with their code, charging nothing', async () => {
    const api = createClient({ baseUrl: server.listening.url, apiKey: key });
    const missing = await api.verdict({ player_name: 'Nobody Atall' });
    expect(missing.ok).toBe(false);
    if (missing.ok) return;
    expect(missing.status).toBe(404);
    expect(missing.problem).toMatchObject({ code: 'player_not_found', param: 'player_name' });
    expect(missing.credits?.charged).toBe(0);
    const ambiguous = await api.scouting({ name: 'Rafinha' });
    expect(!ambiguous.ok && ambiguous.problem.candidates?.length).toBe(2);
    const anonymous = await createClient({ baseUrl: server.listening.url }).scouting({ name: IGOR });
    expect(!anonymous.ok && anonymous.problem.code).toBe('unauthorized');
  });

  it('uses the demo channel without a wallet (credits null)', async () => {
    const demo = createClient({ baseUrl: server.listening.url, demoChannel: 'mcp' });
    const result = await demo.scouting({ name: IGOR });
    expect(result.ok).toBe(true);
    expect(result.credits).toBeNull();
  });

  it('renders an hd card with an uploaded photo in one call (job polled to the end) and fetches the PNG', async () => {
    const api = createClient({ baseUrl: server.listening.url, apiKey: key });
    const sync = await api.card({ player_name: IGOR, style: 'player_card' });
    if (!sync.ok) throw new Error(sync.problem.detail);
    const photo = await api.image(sync.value.image_url);
    if (!photo.ok) throw new Error(photo.problem.detail);
    const before = sync.credits!.balance;
    const hd = await api.hdCard(
      { player_name: IGOR, style: 'fifa_viral' },
      { photo: photo.value, pollIntervalMs: 100 },
    );
    expect(hd.ok, JSON.stringify(hd)).toBe(true);
    if (!hd.ok) return;
    expect(hd.value.style).toBe('fifa_viral');
    expect(hd.credits).toEqual({ charged: 40, balance: before - 40 });
    const png = await api.image(hd.value.image_url);
    expect(png.ok && [...png.value.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    // A failed job is a problem with the job's code, and its credits come back.
    const failed = await api.hdCard(
      { player_name: IGOR, style: 'collage', photo_url: 'https://127.0.0.1/me.png' },
      { pollIntervalMs: 100 },
    );
    expect(!failed.ok && failed.problem).toMatchObject({ code: 'invalid_request', param: 'photo_url' });
    expect(failed.credits).toEqual({ charged: 0, balance: before - 40 });
  });

  it('refuses a sync style in hdCard and a catalog path without "/" before sending: nothing is charged', async () => {
    const api = createClient({ baseUrl: server.listening.url, apiKey: key });
    const before = await api.scouting({ name: IGOR });
    if (!before.ok) throw new Error(before.problem.detail);
    // A JavaScript caller (or an `any`) gets past the type; the client still refuses.
    const misuse = await api.hdCard({ player_name: IGOR, style: 'player_card' as 'collage' }, { pollIntervalMs: 100 });
    expect(!misuse.ok && misuse.problem).toMatchObject({ code: 'invalid_argument', param: 'style' });
    expect(!misuse.ok && misuse.problem.detail).toMatch(/not an hd style .*use card\(\)/);
    const bare = await createClient({ baseUrl: server.listening.url }).catalog('verdict');
    expect(!bare.ok && bare.problem.code).toBe('invalid_argument');
    expect(!bare.ok && bare.problem.detail).toContain('"/api/v1/verdict"');
    // The wallet saw nothing between the two paid calls but their own charges.
    const after = await api.scouting({ name: IGOR });
    expect(after.credits).toEqual({ charged: 1, balance: before.credits!.balance - 1 });
  });

  it('reads catalogs without a key', async () => {
    const catalog = await createClient({ baseUrl: server.listening.url }).catalog('/api/v1/intelligence/dna-search');
    expect(catalog.ok && catalog.value.credits).toBe(1);
  });

  it('waits out a 429 (Retry-After) and succeeds, charged once', async () => {
    const store = memoryStore();
    const limited = await listen(
      createService({
        engine: Engine.open({ dataset: 'demo' }),
        store,
        baseUrl: 'http://127.0.0.1',
        rateLimit: { perSecond: 1, burst: 1 },
      }),
      { port: 0 },
    );
    try {
      const issued = await issueKey(store, { credits: 10 });
      const api = createClient({ baseUrl: limited.url, apiKey: issued.key });
      const first = await api.scouting({ name: IGOR });
      const t0 = Date.now();
      const second = await api.scouting({ name: IGOR });
      expect(first.ok && second.ok).toBe(true);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
      expect(second.credits).toEqual({ charged: 1, balance: 8 });
    } finally {
      await limited.close();
    }
  });
});

describe('retries against a scripted server', () => {
  let scripted: Server;
  let url: string;
  const seen: { key: string | undefined; auth: string | undefined }[] = [];
  let script: { status: number; headers?: Record<string, string>; body?: unknown }[] = [];

  beforeAll(async () => {
    scripted = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        seen.push({ key: req.headers['idempotency-key'] as string | undefined, auth: req.headers.authorization });
        const next = script.shift() ?? { status: 500, body: { code: 'internal_error' } };
        res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
        res.end(JSON.stringify(next.body ?? {}));
      });
    });
    await new Promise<void>((r) => scripted.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(scripted.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => scripted.close(() => r())));

  it('retries a 503 with the same Idempotency-Key, and a new call gets a new key', async () => {
    seen.length = 0;
    script = [
      { status: 503, headers: { 'retry-after': '0' }, body: { code: 'unavailable', detail: 'busy' } },
      {
        status: 200,
        headers: { 'x-svc-credits-charged': '5', 'x-svc-wallet-balance': '95' },
        body: { verdict_code: 'elite' },
      },
      { status: 200, body: { verdict_code: 'elite' } },
    ];
    const api = createClient({ baseUrl: url, apiKey: 'svc_sk_test' });
    const result = await api.verdict({ player_name: IGOR });
    expect(result).toMatchObject({ ok: true, credits: { charged: 5, balance: 95 } });
    await api.verdict({ player_name: IGOR });
    expect(seen.length).toBe(3);
    expect(seen[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[1].key).toBe(seen[0].key);
    expect(seen[2].key).not.toBe(seen[0].key);
    expect(seen[0].auth).toBe('Bearer svc_sk_test');
  });

  it('does not wait longer than maxRetryAfterSeconds, and gives up after maxRetries', async () => {
    seen.length = 0;
    script = [{ status: 429, headers: { 'retry-after': '3600' }, body: { code: 'rate_limited', detail: 'slow down' } }];
    const api = createClient({ baseUrl: url, apiKey: 'svc_sk_test', maxRetryAfterSeconds: 5 });
    const t0 = Date.now();
    const long = await api.scouting({ name: IGOR });
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(!long.ok && long.problem.code).toBe('rate_limited');
    expect(seen.length).toBe(1);

    seen.length = 0;
    script = Array.from({ length: 5 }, () => ({
      status: 503,
      headers: { 'retry-after': '0' },
      body: { code: 'unavailable', detail: 'down' },
    }));
    const tries = await createClient({ baseUrl: url, apiKey: 'svc_sk_test', maxRetries: 2 }).scouting({ name: IGOR });
    expect(!tries.ok && tries.status).toBe(503);
    expect(seen.length).toBe(3);
  });

  it('reports a server that never answers (every connection dropped) as a network_error problem', async () => {
    // A closed port could be taken by another test file's server before the client connects (seen
    // once: a 401 from it); a server that drops every connection is unreachable without that race.
    const dropping = createServer();
    let connections = 0;
    dropping.on('connection', (socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((r) => dropping.listen(0, '127.0.0.1', r));
    const port = (dropping.address() as AddressInfo).port;
    try {
      const result = await createClient({ baseUrl: `http://127.0.0.1:${port}`, maxRetries: 1 }).scouting({
        name: IGOR,
      });
      expect(!result.ok && result.problem.code).toBe('network_error');
      expect(connections).toBe(2); // the first try and its one retry
    } finally {
      await new Promise<void>((r) => dropping.close(() => r()));
    }
  });
});

describe('halfspace/client has no runtime dependency', () => {
  it('imports types only, besides the path table and the style names, which import types only or nothing (zod schemas are used for their inferred types)', () => {
    const importsOf = (file: string) =>
      [...readFileSync(new URL(file, import.meta.url), 'utf8').matchAll(/^import .*$/gm)].map((m) => m[0]);
    const imports = importsOf('../../src/client/index.ts');
    expect(imports.length).toBeGreaterThan(0);
    const runtime = imports.filter((line) => !line.startsWith('import type '));
    expect(runtime).toEqual([
      "import { ROUTE_PATHS, type RoutedOperationName } from '../service/contract/paths.js';",
      "import { HD_STYLES, type SYNC_STYLES } from '../cards/styles.js';",
    ]);
    const paths = importsOf('../../src/service/contract/paths.ts');
    for (const line of paths) expect(line).toMatch(/^import type /);
    expect(importsOf('../../src/cards/styles.ts')).toEqual([]);
  });
});
