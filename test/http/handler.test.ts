/**
 * The two adapters share one dispatcher: the fetch handler (web Request/Response, no server) and
 * the Node listener (real node:http on 127.0.0.1) must answer the same requests identically —
 * statuses, headers (apart from the request id) and bodies, including every transport-level error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { httpHandler, JSON_BODY_MAX_BYTES } from '../../src/http/handler.js';
import { listen, type Listening } from '../../src/http/node.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import { createService } from '../../src/service/service.js';
import { memoryStore } from '../../src/store/memory/store.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';
import { fakeOperations, noEngine } from '../service/fake.js';

const engine = Engine.open({ dataset: tinyDataset() });
const playerId = engine.players.find((p) => engine.latestRowOf(p.player_id) >= 0)!.player_id;
// Two identical worlds, one per adapter, so charges on one do not show in the other's balances.
const worldA = memoryStore();
const worldB = memoryStore();
const fetchHandler = httpHandler(createService({ engine, store: worldA, baseUrl: 'http://127.0.0.1' }), {
  peerOf: () => '127.0.0.1',
});
let server: Listening;
let keyA: string;
let keyB: string;

beforeAll(async () => {
  server = await listen(createService({ engine, store: worldB, baseUrl: 'http://127.0.0.1' }), { port: 0 });
  keyA = (await issueKey(worldA, { credits: 50 })).key;
  keyB = (await issueKey(worldB, { credits: 50 })).key;
});
afterAll(() => server.close());

interface Case {
  name: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  keyed?: boolean;
}

const json = { 'content-type': 'application/json' };
const CASES: Case[] = [
  { name: 'openapi', method: 'GET', path: '/openapi.json' },
  { name: 'docs page', method: 'GET', path: '/docs' },
  { name: 'catalog', method: 'GET', path: '/api/v1/verdict' },
  { name: 'catalog, trailing slash', method: 'GET', path: '/api/v1/verdict/' },
  { name: 'catalog, HEAD', method: 'HEAD', path: '/api/v1/verdict' },
  { name: 'catalog with a stray query', method: 'GET', path: '/api/v1/verdict?x=1' },
  {
    name: 'paid player',
    method: 'POST',
    path: '/api/v1/intelligence/player',
    headers: json,
    body: JSON.stringify({ player_id: playerId }),
    keyed: true,
  },
  {
    name: 'paid player, narrative',
    method: 'POST',
    path: '/api/v1/intelligence/player?enhance=narrative',
    headers: json,
    body: JSON.stringify({ player_id: playerId }),
    keyed: true,
  },
  {
    name: 'no key',
    method: 'POST',
    path: '/api/v1/intelligence/player',
    headers: json,
    body: JSON.stringify({ player_id: playerId }),
  },
  {
    name: 'malformed JSON',
    method: 'POST',
    path: '/api/v1/intelligence/player',
    headers: json,
    body: '{"player_id":',
    keyed: true,
  },
  {
    name: 'not JSON',
    method: 'POST',
    path: '/api/v1/intelligence/player',
    headers: { 'content-type': 'text/plain' },
    body: 'hello',
    keyed: true,
  },
  {
    name: 'too large',
    method: 'POST',
    path: '/api/v1/intelligence/player',
    headers: json,
    body: JSON.stringify({ name: 'x'.repeat(JSON_BODY_MAX_BYTES) }),
    keyed: true,
  },
  { name: 'empty body', method: 'POST', path: '/api/v1/intelligence/player', headers: json, body: '', keyed: true },
  {
    name: 'bad multipart',
    method: 'POST',
    path: '/api/v1/cards',
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    body: 'garbage',
    keyed: true,
  },
  { name: 'unknown route', method: 'GET', path: '/nope' },
  { name: 'wrong method on a fixed route', method: 'POST', path: '/openapi.json' },
  { name: 'image that does not exist', method: 'GET', path: `/images/${'0'.repeat(64)}.png` },
  { name: 'image name with traversal', method: 'GET', path: '/images/..%2F..%2Fetc%2Fpasswd' },
];

const comparable = (status: number, headers: Headers, body: string) => {
  // Left out: per-request ids, connection framing, and the token bucket's refill-dependent counts.
  const varying = [
    'request-id',
    'date',
    'connection',
    'keep-alive',
    'content-length',
    'transfer-encoding',
    'ratelimit-remaining',
    'ratelimit-reset',
  ];
  const h = Object.fromEntries([...headers].filter(([k]) => !varying.includes(k)));
  return { status, headers: h, body: body.replace(/req_[A-Za-z0-9_-]+/g, 'req_…') };
};

describe('fetch handler and Node listener', () => {
  for (const c of CASES) {
    it(`answer alike: ${c.name}`, async () => {
      const headers = (key: string) => ({ ...c.headers, ...(c.keyed ? { authorization: `Bearer ${key}` } : {}) });
      const viaFetch = await fetchHandler(
        new Request(`http://127.0.0.1${c.path}`, {
          method: c.method,
          headers: headers(keyA),
          ...(c.body !== undefined ? { body: c.body } : {}),
        }),
      );
      const viaNode = await fetch(`${server.url}${c.path}`, {
        method: c.method,
        headers: headers(keyB),
        ...(c.body !== undefined ? { body: c.body } : {}),
      });
      const a = comparable(viaFetch.status, viaFetch.headers, await viaFetch.text());
      const b = comparable(viaNode.status, viaNode.headers, await viaNode.text());
      expect(a).toEqual(b);
      // Every response carries a request id, and every error is a problem document.
      expect(viaFetch.headers.get('request-id')).toMatch(/^req_/);
      expect(viaNode.headers.get('request-id')).toMatch(/^req_/);
      if (a.status >= 400) expect(a.headers['content-type']).toContain('application/problem+json');
    });
  }

  it('charge the same on both sides: 1 credit per paid player call, nothing for errors', async () => {
    // Each world saw: player (1), player narrative (1, no extra), and six failed keyed calls (0): 50 − 2 = 48.
    const balanceVia = async (url: string, key: string, viaFetch: boolean) => {
      const init = {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${key}` },
        body: JSON.stringify({ player_id: -1 }),
      };
      const res = viaFetch ? await fetchHandler(new Request(url, init)) : await fetch(url, init);
      return res.headers.get('x-svc-wallet-balance');
    };
    expect(await balanceVia('http://127.0.0.1/api/v1/intelligence/player', keyA, true)).toBe('48');
    expect(await balanceVia(`${server.url}/api/v1/intelligence/player`, keyB, false)).toBe('48');
  });

  it('give the Node peer address to the demo channel and close a connection whose body was refused', async () => {
    // On the demo channel, so the body limit (not the missing key, which comes first) answers.
    const res = await fetch(`${server.url}/api/v1/intelligence/player`, {
      method: 'POST',
      headers: { ...json, 'x-svc-demo-channel': 'mcp' },
      body: 'x'.repeat(JSON_BODY_MAX_BYTES + 1),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    // Sixteen demo calls from this peer: the 16th is refused, so the listener counted them by 127.0.0.1.
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      const r = await fetch(`${server.url}/api/v1/intelligence/player`, {
        method: 'POST',
        headers: { ...json, 'x-svc-demo-channel': 'mcp' },
        body: JSON.stringify({ player_id: playerId }),
      });
      statuses.push(r.status);
      await r.text();
    }
    expect(statuses.slice(0, 15).every((s) => s === 200)).toBe(true);
    expect(statuses[15]).toBe(402);
  });
});

describe('Node listener and broken clients', () => {
  it('survives a client that hangs up mid-body or sends garbage, logs no internal error, and keeps serving', async () => {
    const { connect } = await import('node:net');
    const { vi } = await import('vitest');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { port } = new URL(server.url);
    const raw = (text: string, hangUp: boolean) =>
      new Promise<string>((resolve) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(text);
          if (hangUp) setTimeout(() => socket.destroy(), 50);
        });
        let got = '';
        socket.on('data', (d) => (got += d));
        socket.on('close', () => resolve(got));
        socket.on('error', () => {});
      });
    // Declares 100 bytes, sends 10, hangs up.
    await raw(
      `POST /api/v1/intelligence/player HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"player_i`,
      true,
    );
    // The abandoned request is finished, not left waiting for a body that will never come.
    for (let i = 0; i < 50 && server.inFlight > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(server.inFlight).toBe(0);
    // Not HTTP at all: Node answers 400 and closes.
    expect(await raw('HELLO THERE\r\n\r\n', false)).toMatch(/^HTTP\/1\.1 400/);
    await new Promise((r) => setTimeout(r, 50));
    const after = await fetch(`${server.url}/api/v1/verdict`);
    expect(after.status).toBe(200);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});

describe('Node listener shutdown', () => {
  async function gatedServer() {
    let entered!: () => void;
    const started = new Promise<void>((r) => (entered = r));
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const store = memoryStore();
    const { key } = await issueKey(store, { credits: 10 });
    const service = createService({
      engine: noEngine,
      store,
      baseUrl: 'http://h',
      operations: fakeOperations(async () => {
        entered();
        return gate;
      }),
      onError: () => {},
    });
    const listening = await listen(service, { port: 0 });
    const call = () =>
      fetch(`${listening.url}/api/v1/test/echo`, {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${key}` },
        body: JSON.stringify({ outcome: 'ok', n: 2 }),
      });
    return { listening, call, started, open };
  }

  it('lets a call in flight finish (and be charged) while refusing new connections', async () => {
    const { listening, call, started, open } = await gatedServer();
    const inFlight = call();
    await started;
    const closed = listening.close();
    await expect(fetch(`${listening.url}/api/v1/test/echo`)).rejects.toThrow();
    open();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ echoed: 2 });
    // 10 − 3 (the fake operation's cost) = 7.
    expect([
      res.headers.get('x-svc-credits-charged'),
      res.headers.get('x-svc-wallet-balance'),
      res.headers.get('connection'),
    ]).toEqual(['3', '7', 'close']);
    await closed;
    expect(listening.inFlight).toBe(0);
  });

  it('cuts a call that outlives the grace period', async () => {
    const { listening, call, started } = await gatedServer();
    const stuck = call();
    await started;
    const t0 = Date.now();
    await listening.close(150);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    expect(Date.now() - t0).toBeLessThan(2000);
    await expect(stuck).rejects.toThrow();
  });
});

describe('arbitrary requests (fast-check)', () => {
  it('never answer 5xx, always a problem document for errors, never a stack trace — through both adapters', async () => {
    const fc = (await import('fast-check')).default;
    const segment = fc.oneof(
      fc.constantFrom(
        'api',
        'v1',
        'intelligence',
        'player',
        'cards',
        'jobs',
        'images',
        'docs',
        'openapi.json',
        '..',
        '.',
        '%2e%2e',
        '%00',
        '%ZZ',
        'é',
        '%E0%A4%A',
      ),
      fc.string({ maxLength: 8 }).map(encodeURIComponent),
    );
    const path = fc.array(segment, { minLength: 0, maxLength: 5 }).map((s) => `/${s.join('/')}`);
    const query = fc.option(
      fc.string({ maxLength: 12 }).map((q) => `?${encodeURI(q)}`),
      { nil: '' },
    );
    const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS');
    const contentType = fc.constantFrom(
      undefined,
      'application/json',
      'text/plain',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
    );
    const body = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
    );
    const keyed = fc.boolean();
    await fc.assert(
      fc.asyncProperty(method, path, query, contentType, body, keyed, async (m, p, q, ct, b, k) => {
        const headers: Record<string, string> = {
          ...(ct ? { 'content-type': ct } : {}),
          ...(k ? { authorization: `Bearer ${keyB}` } : {}),
        };
        const hasBody = m !== 'GET' && m !== 'HEAD';
        const viaNode = await fetch(`${server.url}${p}${q}`, { method: m, headers, ...(hasBody ? { body: b } : {}) });
        const viaFetch = await fetchHandler(
          new Request(`http://127.0.0.1${p}${q}`, { method: m, headers, ...(hasBody ? { body: b } : {}) }),
        );
        for (const res of [viaNode, viaFetch]) {
          const text = await res.text();
          expect(res.status, `${m} ${p}${q}: ${text}`).toBeLessThan(500);
          expect(res.headers.get('request-id')).toMatch(/^req_/);
          if (res.status >= 400 && m !== 'HEAD') {
            expect(res.headers.get('content-type')).toContain('application/problem+json');
            const problem = JSON.parse(text);
            expect(typeof problem.code).toBe('string');
            expect(problem.request_id).toMatch(/^req_/);
          }
          expect(text).not.toMatch(/\n\s+at .+:\d+:\d+/);
        }
      }),
      { numRuns: 150 },
    );
  }, 60_000);
});
