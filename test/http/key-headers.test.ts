/**
 * docs/design.md#authentication, docs/design.md#service, docs/errors.md: every response to a request with a valid API key carries
 * X-SVC-Credits-Charged, X-SVC-Wallet-Balance and the RateLimit-* headers, whatever the status and
 * path. Table-driven over every status a keyed call can get, then a property over arbitrary
 * requests; all over real HTTP on 127.0.0.1.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { listen, type Listening } from '../../src/http/node.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import { RATE_LIMIT_BURST, RATE_LIMIT_PER_SECOND } from '../../src/service/rate-limit.js';
import { createService, type Service } from '../../src/service/service.js';
import { memoryStore } from '../../src/store/memory/store.js';
import type { ServiceStore } from '../../src/store/ports.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// Tomi (player 5) with 60 minutes has no DNA vector: dna-search answers 422 no_dna_vector for him.
const engine = Engine.open({ dataset: tinyDataset({ 5: { minutes: 60 } }) });
let store: ServiceStore;
let service: Service;
let server: Listening;
let limitedStore: ServiceStore;
let limited: Listening;
let rich: { key: string; id: string };
let poor: { key: string; id: string };
let imageName: string;

beforeAll(async () => {
  store = memoryStore();
  service = createService({ engine, store, baseUrl: 'http://127.0.0.1:9' });
  server = await listen(service, { port: 0 });
  const r = await issueKey(store, { credits: 1000 });
  rich = { key: r.key, id: r.record.id };
  const p = await issueKey(store, { credits: 1 });
  poor = { key: p.key, id: p.record.id };
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7]);
  const hash = createHash('sha256').update(png).digest('hex');
  await store.images.put(hash, png);
  imageName = `${hash}.png`;
  // A second server whose keys may send one request per 1000 s, for 429.
  limitedStore = memoryStore();
  limited = await listen(
    createService({
      engine,
      store: limitedStore,
      baseUrl: 'http://127.0.0.1:9',
      rateLimit: { perSecond: 0.001, burst: 1 },
    }),
    { port: 0 },
  );
});
afterAll(async () => {
  await service.idle();
  await server.close();
  await limited.close();
});

interface Call {
  method?: string;
  path: string;
  body?: unknown;
  raw?: string | FormData;
  headers?: Record<string, string>;
  key?: string;
}

async function call(c: Call, base = server.url) {
  const headers: Record<string, string> = { authorization: `Bearer ${c.key ?? rich.key}`, ...c.headers };
  let body: string | FormData | undefined = c.raw;
  if (c.body !== undefined) {
    body = JSON.stringify(c.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${base}${c.path}`, {
    method: c.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    json: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : {},
  };
}

/** The key headers of a response, checked against the wallet as it stands after the call. */
async function expectKeyHeaders(
  r: Awaited<ReturnType<typeof call>>,
  walletId: string,
  what: string,
  burst = RATE_LIMIT_BURST,
) {
  const h = (name: string) => r.headers.get(name);
  expect(h('x-svc-credits-charged'), `${what}: X-SVC-Credits-Charged`).toMatch(/^\d+$/);
  if (r.status >= 300) expect(h('x-svc-credits-charged'), `${what}: an error is never charged`).toBe('0');
  expect(h('x-svc-wallet-balance'), `${what}: X-SVC-Wallet-Balance`).toBe(
    String((await store.wallets.balance(walletId)) ?? (await limitedStore.wallets.balance(walletId))),
  );
  expect(h('ratelimit-limit'), `${what}: RateLimit-Limit`).toBe(String(burst));
  expect(h('ratelimit-policy'), `${what}: RateLimit-Policy`).toMatch(/^\d+;w=\d+$/);
  expect(h('ratelimit-remaining'), `${what}: RateLimit-Remaining`).toMatch(/^\d+$/);
  expect(h('ratelimit-reset'), `${what}: RateLimit-Reset`).toMatch(/^\d+$/);
}

const json = { 'content-type': 'application/json' };
// [what, call, status, code (errors)]
const TABLE: [string, Call, number, string?][] = [
  ['paid call', { path: '/api/v1/intelligence/player', body: { player_id: 1 } }, 200],
  ['catalog', { path: '/api/v1/verdict' }, 200],
  ['catalog, HEAD', { method: 'HEAD', path: '/api/v1/cards' }, 200],
  ['openapi', { path: '/openapi.json' }, 200],
  ['docs page', { path: '/docs' }, 200],
  ['image', { path: '' }, 200],
  [
    'hd card queued',
    { path: '/api/v1/cards', body: { player_id: 1, style: 'editorial_cover', photo_mode: 'silhouette' } },
    202,
  ],
  ['invalid JSON', { path: '/api/v1/verdict', raw: '{"player_id":', headers: json }, 400, 'invalid_request'],
  [
    'invalid JSON after a BOM',
    { path: '/api/v1/verdict', raw: '\uFEFF{"player_id":', headers: json },
    400,
    'invalid_request',
  ],
  ['no body', { method: 'POST', path: '/api/v1/verdict' }, 400, 'invalid_request'],
  [
    'field out of bounds',
    { path: '/api/v1/match-intelligence', body: { team_id: 10, limit: 31 } },
    400,
    'invalid_request',
  ],
  [
    'bad multipart',
    { path: '/api/v1/cards', raw: 'garbage', headers: { 'content-type': 'multipart/form-data; boundary=x' } },
    400,
    'invalid_request',
  ],
  [
    'non-public photo_url',
    { path: '/api/v1/cards', body: { player_id: 1, style: 'collage', photo_url: 'https://169.254.169.254/latest' } },
    400,
    'invalid_request',
  ],
  [
    'bad Idempotency-Key',
    { path: '/api/v1/verdict', body: { player_id: 1 }, headers: { 'idempotency-key': 'é' } },
    400,
    'invalid_request',
  ],
  [
    'insufficient credits',
    { path: '/api/v1/verdict', body: { player_id: 1 }, key: 'poor' },
    402,
    'insufficient_credits',
  ],
  ['unknown API route', { path: '/api/v1/nope', body: {} }, 404, 'not_found'],
  ['unknown route', { path: '/nope' }, 404, 'not_found'],
  ['unknown job', { path: '/api/v1/cards/jobs/job_nope' }, 404, 'not_found'],
  ['unknown image', { path: `/images/${'0'.repeat(64)}.png` }, 404, 'not_found'],
  ['unknown player', { path: '/api/v1/verdict', body: { player_name: 'Zzyzx Qwerty' } }, 404, 'player_not_found'],
  [
    'wrong method on an endpoint',
    { method: 'PUT', path: '/api/v1/verdict', body: { player_id: 1 } },
    405,
    'method_not_allowed',
  ],
  ['wrong method on a job', { method: 'DELETE', path: '/api/v1/cards/jobs/job_nope' }, 405, 'method_not_allowed'],
  ['wrong method on a document', { method: 'POST', path: '/openapi.json', body: {} }, 405, 'method_not_allowed'],
  ['ambiguous player', { path: '/api/v1/intelligence/player', body: { name: 'Ferrante' } }, 409, 'ambiguous_player'],
  ['no DNA vector', { path: '/api/v1/intelligence/dna-search', body: { player_id: 5 } }, 422, 'no_dna_vector'],
  [
    'too large',
    { path: '/api/v1/verdict', raw: JSON.stringify({ player_name: 'x'.repeat(70_000) }), headers: json },
    413,
    'payload_too_large',
  ],
  [
    'not JSON',
    { path: '/api/v1/verdict', raw: 'player_id=1', headers: { 'content-type': 'text/plain' } },
    415,
    'unsupported_media_type',
  ],
];

describe('key headers on every keyed response', () => {
  for (const [what, c, status, code] of TABLE) {
    it(`${status} ${what}`, async () => {
      const key = c.key === 'poor' ? poor : rich;
      const r = await call({ ...c, key: key.key, path: c.path || `/images/${imageName}` });
      expect([r.status, r.json.code], JSON.stringify(r.json)).toEqual([status, code]);
      await expectKeyHeaders(r, key.id, what);
      if (status === 405) expect(r.headers.get('allow')).toMatch(/^GET, HEAD/);
    });
  }

  it('202 job poll, 409 idempotency in progress and 422 idempotency key reused', async () => {
    const queued = await call({
      path: '/api/v1/cards',
      body: { player_id: 2, style: 'collage', photo_mode: 'silhouette' },
      headers: { 'idempotency-key': 'hd-2' },
    });
    expect(queued.status).toBe(202);
    // The job is still running: a retry with the same key and body is either replayed or in progress.
    const again = await call({
      path: '/api/v1/cards',
      body: { player_id: 2, style: 'collage', photo_mode: 'silhouette' },
      headers: { 'idempotency-key': 'hd-2' },
    });
    expect([202, 409]).toContain(again.status);
    await expectKeyHeaders(again, rich.id, 'idempotent retry');
    const reused = await call({
      path: '/api/v1/cards',
      body: { player_id: 3, style: 'collage', photo_mode: 'silhouette' },
      headers: { 'idempotency-key': 'hd-2' },
    });
    expect([reused.status, reused.json.code]).toEqual([422, 'idempotency_key_reused']);
    await expectKeyHeaders(reused, rich.id, '422 reused');
    await service.idle();
    const poll = await call({ path: `/api/v1/cards/jobs/${queued.json.job_id}` });
    expect([poll.status, poll.json.status]).toEqual([200, 'succeeded']);
    await expectKeyHeaders(poll, rich.id, 'job poll');
  });

  it('429 rate limited, on a paid call and on a job poll', async () => {
    const { key, record } = await issueKey(limitedStore, { credits: 10 });
    const first = await call({ path: '/api/v1/intelligence/player', body: { player_id: 1 }, key }, limited.url);
    expect(first.status).toBe(200);
    for (const c of [
      { path: '/api/v1/intelligence/player', body: { player_id: 1 }, key },
      { path: '/api/v1/cards/jobs/job_nope', key },
    ]) {
      const r = await call(c, limited.url);
      expect([r.status, r.json.code]).toEqual([429, 'rate_limited']);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      await expectKeyHeaders(r, record.id, `429 ${c.path}`, 1);
      expect(r.headers.get('ratelimit-policy')).toBe('1;w=1000');
    }
  });

  it('leaves out the wallet headers when the key is refused (401) or absent', async () => {
    for (const authorization of ['Bearer svc_sk_nope', '']) {
      const r = await fetch(`${server.url}/api/v1/verdict`, {
        method: 'POST',
        headers: { ...json, authorization },
        body: '{"player_id":',
      });
      expect(r.status).toBe(401);
      expect(r.headers.get('x-svc-wallet-balance')).toBeNull();
      expect(r.headers.get('ratelimit-limit')).toBeNull();
    }
    const anonymous = await fetch(`${server.url}/api/v1/verdict`);
    expect(anonymous.headers.get('x-svc-wallet-balance')).toBeNull();
    expect(anonymous.headers.get('cache-control')).toContain('public');
  });

  it('RateLimit-Limit and RateLimit-Policy say what docs/api.md#rate-limits says', async () => {
    const doc = readFileSync(join(root, 'docs/api.md'), 'utf8');
    const m = /\*\*(\d+) requests\/s sustained with\s+bursts of (\d+)\*\*/.exec(doc);
    expect(m, 'docs/api.md states the rate').not.toBeNull();
    const [perSecond, burst] = [Number(m![1]), Number(m![2])];
    expect([perSecond, burst]).toEqual([RATE_LIMIT_PER_SECOND, RATE_LIMIT_BURST]);
    const r = await call({ path: '/api/v1/verdict' });
    expect(r.headers.get('ratelimit-limit')).toBe(String(burst));
    expect(r.headers.get('ratelimit-policy')).toBe(`${burst};w=${burst / perSecond}`);
    expect(doc).toContain(`\`RateLimit-Limit: ${burst}\``);
    expect(doc).toContain(`\`RateLimit-Policy: ${burst};w=${burst / perSecond}\``);
  });
});

describe('key headers (property over arbitrary requests with a valid key)', () => {
  it("every answer carries them, errors charge 0, and the balance is the wallet's", async () => {
    const { key, record } = await issueKey(store, { credits: 500 });
    const segment = fc.oneof(
      fc.constantFrom(
        'api',
        'v1',
        'intelligence',
        'player',
        'dna-search',
        'verdict',
        'cards',
        'jobs',
        'job_x',
        'images',
        'docs',
        'openapi.json',
        'best-xi',
        'pool',
        '..',
        '%2e%2e',
        '%ZZ',
      ),
      fc.string({ maxLength: 6 }).map(encodeURIComponent),
    );
    const path = fc.oneof(
      fc.constantFrom(
        '/api/v1/intelligence/player',
        '/api/v1/verdict',
        '/api/v1/cards',
        '/api/v1/cards/prompt',
        '/api/v1/best-xi/pool',
        '/openapi.json',
        '/api/v1/cards/jobs/job_x',
      ),
      fc.array(segment, { maxLength: 4 }).map((s) => `/${s.join('/')}`),
    );
    const method = fc.constantFrom('GET', 'HEAD', 'POST', 'POST', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH');
    const contentType = fc.constantFrom(
      undefined,
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'multipart/form-data; boundary=x',
    );
    const body = fc.oneof(
      fc.constantFrom(
        '{"player_id":1}',
        '{"name":"Anton Berg"}',
        '{"player_id":1,"style":"player_card","caption":"ok"}',
        '\uFEFF{"player_id":2}',
        '{"vibe_id":"balanced","limit":2}',
        '',
      ),
      fc.string({ maxLength: 30 }),
      fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
    );
    const idempotency = fc.option(fc.constantFrom('k1', 'k2', 'é', ''), { nil: undefined });
    await fc.assert(
      fc.asyncProperty(method, path, contentType, body, idempotency, async (m, p, ct, b, idem) => {
        const headers: Record<string, string> = {
          authorization: `Bearer ${key}`,
          ...(ct ? { 'content-type': ct } : {}),
          ...(idem !== undefined ? { 'idempotency-key': idem } : {}),
        };
        const res = await fetch(`${server.url}${p}`, {
          method: m,
          headers,
          ...(m === 'GET' || m === 'HEAD' ? {} : { body: b }),
        });
        await res.arrayBuffer();
        const what = `${m} ${p} ${ct} ${b.slice(0, 30)} → ${res.status}`;
        expect(res.status, what).toBeLessThan(500);
        expect(res.headers.get('x-svc-credits-charged'), what).toMatch(/^\d+$/);
        if (res.status >= 300) expect(res.headers.get('x-svc-credits-charged'), what).toBe('0');
        expect(res.headers.get('x-svc-wallet-balance'), what).toBe(String(await store.wallets.balance(record.id)));
        for (const h of ['ratelimit-limit', 'ratelimit-policy', 'ratelimit-remaining', 'ratelimit-reset'])
          expect(res.headers.get(h), `${what}: ${h}`).not.toBeNull();
      }),
      { numRuns: 120 },
    );
  }, 60_000);
});
