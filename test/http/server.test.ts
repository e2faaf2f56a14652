/**
 * End-to-end over real HTTP: a server on 127.0.0.1 (ephemeral port) with the real engine over the
 * tiny hand-built dataset and a real SQLite file in a temp dir.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { z } from 'zod';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HD_STYLES, SYNC_STYLES } from '../../src/cards/styles.js';
import { Engine } from '../../src/engine.js';
import { fail, ok } from '../../src/errors.js';
import { listen, type Listening } from '../../src/http/node.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import { createAdmin } from '../../src/service/admin/admin.js';
import { ERRORS } from '../../src/service/contract/errors.js';
import { OPERATIONS, type Operation } from '../../src/service/contract/operations.js';
import { createService } from '../../src/service/service.js';
import type { ServiceStore } from '../../src/store/ports.js';
import { sqliteStore } from '../../src/store/sqlite/store.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-http-'));
const dbFile = join(dir, 'halfspace.db');
const engine = Engine.open({ dataset: tinyDataset() });

let store: ServiceStore;
let server: Listening;
let key: string;
let keyId: string;
const provoked = new Set<string>();
const ADMIN_TOKEN = 'server-test-admin-token-0123';

async function start() {
  store = sqliteStore(dbFile);
  // With the admin API, so the wallet administration codes are provoked over HTTP too.
  server = await listen(createService({ engine, store, baseUrl: 'http://127.0.0.1' }), {
    port: 0,
    ops: { admin: createAdmin({ store, token: ADMIN_TOKEN, baseUrl: 'http://127.0.0.1' }) },
  });
}
async function stop() {
  await server.close();
  await store.close();
}

beforeAll(async () => {
  await start();
  const issued = await issueKey(store, { credits: 100, label: 'e2e' });
  key = issued.key;
  keyId = issued.record.id;
});
afterAll(async () => {
  await stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Sent {
  status: number;
  headers: Headers;
  json: Record<string, any>;
}

async function send(
  path: string,
  init: { method?: string; body?: unknown; raw?: string; headers?: Record<string, string>; auth?: string | null } = {},
  base = server.url,
): Promise<Sent> {
  const headers: Record<string, string> = { ...init.headers };
  const auth = init.auth === undefined ? `Bearer ${key}` : init.auth;
  if (auth !== null) headers.authorization = auth;
  let body: string | undefined = init.raw;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
  const text = await res.text();
  const json = text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : {};
  if (json.code) provoked.add(json.code);
  return { status: res.status, headers: res.headers, json };
}

const charged = (r: Sent) => [r.headers.get('x-svc-credits-charged'), r.headers.get('x-svc-wallet-balance')];

describe('http: paid endpoints charge exactly the SPEC costs', () => {
  it('walks every wired endpoint with a falling balance', async () => {
    let balance = 100;
    const steps: [string, unknown, number, (j: Record<string, any>) => void][] = [
      ['/api/v1/intelligence/player', { name: 'Anton Berg' }, 1, (j) => expect(j.meta.entity_id).toBe(2)],
      [
        '/api/v1/intelligence/player?enhance=narrative',
        { player_id: 1 },
        1,
        (j) => expect(typeof j.data.narrative).toBe('string'),
      ],
      [
        '/api/v1/intelligence/scouting',
        { player_id: 1 },
        1,
        (j) => expect(j.data.per90_stats.goals_per90).toBeCloseTo(0.9, 10),
      ],
      [
        '/api/v1/intelligence/dna-search',
        { player_id: 1, limit: 3 },
        1,
        (j) => expect(j.data.source.player_id).toBe(1),
      ],
      ['/api/v1/alternatives', { player_id: 1 }, 2, (j) => expect(['dna_hybrid', 'fallback']).toContain(j.data.mode)],
      [
        '/api/v1/match-intelligence',
        { team_id: 10, mode: 'all', limit: 5 },
        6,
        (j) => expect(j.matches[0].fixture_id).toBe(1000),
      ],
      ['/api/v1/verdict', { player_id: 1 }, 5, (j) => expect(j.player.player_id).toBe(1)],
      ['/api/v1/best-xi/pool', { vibe_id: 'balanced', limit: 3 }, 6, (j) => expect(j.mode).toBe('pool')],
      ['/api/v1/best-xi/lineup', { player_ids: [1, 2, 7] }, 6, (j) => expect(j.data_coverage.requested).toBe(3)],
    ];
    for (const [path, body, cost, check] of steps) {
      const r = await send(path, { body });
      expect(r.status, `${path}: ${JSON.stringify(r.json)}`).toBe(200);
      balance -= cost;
      expect(charged(r), path).toEqual([String(cost), String(balance)]);
      expect(r.headers.get('request-id')).toMatch(/^req_/);
      check(r.json);
      const op = OPERATIONS.find((o) => o.path === path.split('?')[0])!;
      const parsed = op.response.safeParse(r.json);
      expect(parsed.success, `${path} response schema: ${parsed.error?.message}`).toBe(true);
    }
    // 100 − (1 + 1 + 1 + 1 + 2 + 6 + 5 + 6 + 6) = 71.
    expect(balance).toBe(71);
    expect(await store.wallets.balance(keyId)).toBe(71);
  });

  it('serves a catalog for every POST on GET, without auth and without charge', async () => {
    const doc = (await send('/openapi.json', { auth: null })).json;
    // Admin routes (tag admin) are POSTs too, but they have no catalog.
    for (const path of Object.keys(doc.paths).filter((p) => doc.paths[p].post && p.startsWith('/api/'))) {
      const r = await send(path, { auth: null });
      expect(r.status, path).toBe(200);
      expect(r.json.path).toBe(path);
      expect(r.json.credits).toBe(doc.paths[path].post['x-credits']);
      expect(r.headers.get('x-svc-credits-charged')).toBeNull();
    }
    expect((await send('/api/v1/best-xi/pool', { auth: null })).json.vibes.map((v: { id: string }) => v.id)).toContain(
      'balanced',
    );
    // The cards catalog says which styles the demo channel serves, and the service keeps to it.
    const cards = (await send('/api/v1/cards', { auth: null })).json;
    expect([cards.demo_channel, cards.demo_channel_styles, cards.demo_channel_refused_styles]).toEqual([
      true,
      [...SYNC_STYLES],
      [...HD_STYLES],
    ]);
    for (const style of cards.demo_channel_refused_styles) {
      const r = await send('/api/v1/cards', {
        auth: null,
        headers: { 'x-svc-demo-channel': 'mcp' },
        body: { player_id: 1, style, photo_mode: 'silhouette' },
      });
      expect([r.status, r.json.param], style).toEqual([401, 'X-SVC-Demo-Channel']);
    }
  });

  it('publishes OpenAPI 3.1 with SPEC costs, bearer auth and the demo header, and readable docs', async () => {
    const doc = (await send('/openapi.json', { auth: null })).json;
    expect(doc.openapi).toBe('3.1.0');
    const spec: Record<string, number> = {
      '/api/v1/intelligence/player': 1,
      '/api/v1/intelligence/scouting': 1,
      '/api/v1/intelligence/dna-search': 1,
      '/api/v1/alternatives': 2,
      '/api/v1/match-intelligence': 6,
      '/api/v1/verdict': 5,
      '/api/v1/best-xi/pool': 6,
      '/api/v1/best-xi/lineup': 6,
      // Ours, beyond SPEC: the picked XI costs what the other Best XI calls cost (docs/api.md).
      '/api/v1/best-xi/pick': 6,
      '/api/v1/cards': 15,
      '/api/v1/cards/prompt': 3,
    };
    for (const [path, cost] of Object.entries(spec)) expect(doc.paths[path].post['x-credits'], path).toBe(cost);
    // docs/design.md#operations lists 11 POSTs and 6 GET catalogs; every POST path here also answers GET with its catalog.
    expect(
      Object.keys(doc.paths)
        .filter((p) => doc.paths[p].post && !doc.paths[p].post.tags.includes('admin'))
        .sort(),
    ).toEqual(Object.keys(spec).sort());
    expect(doc.paths['/api/v1/cards'].post.responses['202']).toBeDefined();
    expect(doc.paths['/api/v1/cards/jobs/{job_id}'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/images/{name}'].get.security).toEqual([]);
    expect(doc.components.securitySchemes.demoChannel).toMatchObject({ in: 'header', name: 'X-SVC-Demo-Channel' });
    expect(
      doc.paths['/api/v1/match-intelligence'].post.requestBody.content['application/json'].schema.properties.limit,
    ).toMatchObject({ minimum: 1, maximum: 30 });
    const html = await (await fetch(`${server.url}/docs`)).text();
    for (const code of Object.keys(ERRORS)) expect(html).toContain(`id="error-${code}"`);
    expect(html).not.toMatch(/<script|https?:\/\/cdn/i);
  });
});

describe('http: errors', () => {
  it('maps transport problems to 413, 415, 400 and 404 problem bodies', async () => {
    const big = await send('/api/v1/intelligence/player', {
      raw: JSON.stringify({ name: 'x'.repeat(70_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.status).toBe(413);
    expect(big.headers.get('content-type')).toContain('application/problem+json');
    // Without Content-Length (chunked), the body is refused once it passes the limit, as it arrives.
    const piece = new TextEncoder().encode(' '.repeat(16_384));
    const streamed = await fetch(`${server.url}/api/v1/intelligence/player`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: new ReadableStream({
        start(c) {
          for (let i = 0; i < 6; i++) c.enqueue(piece);
          c.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect([streamed.status, ((await streamed.json()) as { code: string }).code]).toEqual([413, 'payload_too_large']);
    const text = await send('/api/v1/intelligence/player', {
      raw: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect([text.status, text.json.code]).toEqual([415, 'unsupported_media_type']);
    const broken = await send('/api/v1/intelligence/player', {
      raw: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect([broken.status, broken.json.code, broken.json.param]).toEqual([400, 'invalid_request', 'body']);
    const missing = await send('/api/v2/nothing');
    expect([missing.status, missing.json.code]).toEqual([404, 'not_found']);
    expect(missing.json.request_id).toBe(missing.headers.get('request-id'));
    for (const [method, path, allow] of [
      ['PUT', '/api/v1/verdict', 'GET, HEAD, POST'],
      ['DELETE', '/api/v1/cards/jobs/job_x', 'GET, HEAD'],
      ['POST', '/openapi.json', 'GET, HEAD'],
      ['OPTIONS', '/docs', 'GET, HEAD'],
    ]) {
      const wrong = await send(path, {
        method,
        ...(method === 'PUT' || method === 'POST' ? { body: { player_id: 1 } } : {}),
      });
      expect([wrong.status, wrong.json.code, wrong.headers.get('allow')], `${method} ${path}`).toEqual([
        405,
        'method_not_allowed',
        allow,
      ]);
    }
  });

  it('puts unauthorized before every kind of malformed request', async () => {
    const cases: [string, Record<string, string>][] = [
      ['{"name":', { 'content-type': 'application/json' }],
      ['\uFEFF{"name":', { 'content-type': 'application/json' }],
      ['name=x', { 'content-type': 'text/plain' }],
      [JSON.stringify({ name: 'x'.repeat(70_000) }), { 'content-type': 'application/json' }],
      ['garbage', { 'content-type': 'multipart/form-data; boundary=x' }],
      [JSON.stringify({ name: 'Anton Berg', nope: 1 }), { 'content-type': 'application/json' }],
    ];
    for (const [raw, headers] of cases) {
      for (const auth of [null, 'Bearer svc_sk_nope']) {
        const r = await send('/api/v1/cards', { raw, headers, auth });
        expect([r.status, r.json.code], `${auth} ${raw.slice(0, 20)}`).toEqual([401, 'unauthorized']);
      }
    }
  });

  it('accepts a JSON body that starts with a UTF-8 byte-order mark', async () => {
    const r = await send('/api/v1/intelligence/scouting', {
      raw: `\uFEFF${JSON.stringify({ player_id: 2 })}`,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.meta.entity_id).toBe(2);
    // Only one mark, and only at the start.
    const twice = await send('/api/v1/intelligence/scouting', {
      raw: `\uFEFF\uFEFF${JSON.stringify({ player_id: 2 })}`,
      headers: { 'content-type': 'application/json' },
    });
    expect([twice.status, twice.json.param]).toEqual([400, 'body']);
  });

  it('answers engine failures with their codes and never charges them', async () => {
    const before = await store.wallets.balance(keyId);
    const cases: [string, unknown, number, string][] = [
      ['/api/v1/intelligence/player', { name: 'Zzyzx Qwerty' }, 404, 'player_not_found'],
      ['/api/v1/intelligence/player', { name: 'Ferrante' }, 409, 'ambiguous_player'],
      ['/api/v1/match-intelligence', { team_name: 'Nowhere United Athletic' }, 404, 'team_not_found'],
      ['/api/v1/match-intelligence', { league_name: 'Nowhere Premier Division' }, 404, 'league_not_found'],
      ['/api/v1/match-intelligence', { team_id: 10, limit: 31 }, 400, 'invalid_request'],
      ['/api/v1/best-xi/lineup', { player_ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }, 400, 'invalid_request'],
    ];
    for (const [path, body, status, code] of cases) {
      const r = await send(path, { body });
      expect([r.status, r.json.code], `${path} ${JSON.stringify(body)}`).toEqual([status, code]);
      expect(r.headers.get('x-svc-credits-charged')).toBe('0');
    }
    const ambiguous = await send('/api/v1/intelligence/player', { body: { name: 'Ferrante' } });
    expect(ambiguous.json.candidates.length).toBeGreaterThanOrEqual(2);
    expect(await store.wallets.balance(keyId)).toBe(before);
  });

  it('refuses bad keys and spent wallets: 401, 402', async () => {
    expect((await send('/api/v1/verdict', { body: { player_id: 1 }, auth: null })).status).toBe(401);
    expect((await send('/api/v1/verdict', { body: { player_id: 1 }, auth: 'Bearer svc_sk_nope' })).json.code).toBe(
      'unauthorized',
    );
    const poor = await issueKey(store, { credits: 4 });
    const r = await send('/api/v1/verdict', { body: { player_id: 1 }, auth: `Bearer ${poor.key}` });
    expect([r.status, r.json.code, r.json.required_credits, r.json.balance]).toEqual([
      402,
      'insufficient_credits',
      5,
      4,
    ]);
    expect(charged(r)).toEqual(['0', '4']);
  });

  it('replays with Idempotency-Key, and refuses the key with another body (422)', async () => {
    const first = await send('/api/v1/intelligence/scouting', {
      body: { player_id: 3 },
      headers: { 'idempotency-key': 'scout-3' },
    });
    const balance = Number(first.headers.get('x-svc-wallet-balance'));
    const again = await send('/api/v1/intelligence/scouting', {
      body: { player_id: 3 },
      headers: { 'idempotency-key': 'scout-3' },
    });
    expect(again.json).toEqual(first.json);
    expect(charged(again)).toEqual(['0', String(balance)]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await send('/api/v1/intelligence/scouting', {
      body: { player_id: 4 },
      headers: { 'idempotency-key': 'scout-3' },
    });
    expect([other.status, other.json.code]).toEqual([422, 'idempotency_key_reused']);
  });

  it('counts demo calls: call 15 succeeds, call 16 is 402 with Retry-After', async () => {
    const demo = { auth: null, headers: { 'x-svc-demo-channel': 'openclaw' } };
    for (let i = 1; i <= 15; i++) {
      const r = await send('/api/v1/intelligence/player', { ...demo, body: { player_id: 1 } });
      expect(r.status, `demo call ${i}`).toBe(200);
      expect(r.headers.get('x-svc-credits-charged')).toBeNull();
    }
    const r16 = await send('/api/v1/intelligence/player', { ...demo, body: { player_id: 1 } });
    expect([r16.status, r16.json.code]).toEqual([402, 'demo_limit_exhausted']);
    expect(Number(r16.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(r16.headers.get('retry-after'))).toBeLessThanOrEqual(86_400);
  });

  it('provokes the remaining codes on a second server with a scripted operation table', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const scripted: Operation = {
      id: 'test.script',
      method: 'POST',
      path: '/api/v1/test/script',
      summary: 'scripted',
      tag: 'test',
      beta: false,
      cost: 1,
      demo: true,
      body: z
        .object({ code: z.string().optional(), wait: z.boolean().optional(), boom: z.boolean().optional() })
        .strict(),
      query: z.object({}).strict(),
      response: z.object({}),
      async run({ body }) {
        const b = body as { code?: string; wait?: boolean; boom?: boolean };
        if (b.wait) await gate;
        if (b.boom) throw new Error('kaboom /secret/path');
        return b.code ? fail(b.code as 'ambiguous_team', `scripted ${b.code}`) : ok({ body: {} });
      },
    };
    const auxStore = sqliteStore(join(dir, 'aux.db'));
    // Tomi (player 5) with 60 minutes has no DNA vector in this engine.
    const thin = Engine.open({ dataset: tinyDataset({ 5: { minutes: 60 } }) });
    const dna = OPERATIONS.find((o) => o.id === 'intelligence.dna-search')!;
    const aux = await listen(
      createService({
        engine: thin,
        store: auxStore,
        baseUrl: 'http://aux',
        operations: [scripted, dna],
        rateLimit: { perSecond: 0.01, burst: 7 },
        onError: () => {},
      }),
      { port: 0 },
    );
    try {
      const { key: auxKey } = await issueKey(auxStore, { credits: 50 });
      const post = (body: unknown, headers: Record<string, string> = {}) =>
        send('/api/v1/test/script', { body, headers, auth: `Bearer ${auxKey}` }, aux.url);
      const noVector = await send(
        '/api/v1/intelligence/dna-search',
        { body: { player_id: 5 }, auth: `Bearer ${auxKey}` },
        aux.url,
      );
      expect([
        noVector.status,
        noVector.json.code,
        noVector.json.param,
        noVector.headers.get('x-svc-credits-charged'),
      ]).toEqual([422, 'no_dna_vector', 'name', '0']);
      expect(noVector.json.detail).toMatch(/60 minutes/);
      expect((await post({ code: 'ambiguous_team' })).status).toBe(409);
      expect((await post({ code: 'season_not_found' })).status).toBe(404);
      expect((await post({ code: 'invalid_dataset' })).status).toBe(500);
      const boom = await post({ boom: true });
      expect([boom.status, boom.json.code]).toEqual([500, 'internal_error']);
      expect(JSON.stringify(boom.json)).not.toContain('kaboom');
      const running = post({ wait: true }, { 'idempotency-key': 'slow' });
      await new Promise((r) => setTimeout(r, 50));
      const busy = await post({ wait: true }, { 'idempotency-key': 'slow' });
      expect([busy.status, busy.json.code]).toEqual([409, 'idempotency_in_progress']);
      release();
      expect((await running).status).toBe(200);
      // Burst 6 used up by the six calls above; the sixth waits for one token at 0.01/s: ⌈(1 − ε)·100⌉ = 100 s.
      const limited = await post({});
      expect([limited.status, limited.json.code, limited.headers.get('retry-after')]).toEqual([
        429,
        'rate_limited',
        '100',
      ]);
    } finally {
      await aux.close();
      await auxStore.close();
    }
  });

  it('answers admin top-up and revocation refusals with their own codes', async () => {
    const admin = `Bearer ${ADMIN_TOKEN}`;
    const { json: created } = await send('/admin/v1/keys', { auth: admin, body: { credits: 1 } });
    expect(
      (await send(`/admin/v1/keys/${created.id}/topup`, { auth: admin, body: { credits: 0 } })).json,
    ).toMatchObject({ status: 400, code: 'amount_out_of_range' });
    expect(
      (await send(`/admin/v1/keys/${created.id}/topup`, { auth: admin, body: { credits: 1e12 } })).json,
    ).toMatchObject({ status: 422, code: 'balance_limit_exceeded', balance: 1 });
    expect((await send(`/admin/v1/keys/${created.id}/revoke`, { auth: admin, method: 'POST' })).status).toBe(200);
    expect(
      (await send(`/admin/v1/keys/${created.id}/topup`, { auth: admin, body: { credits: 1 } })).json,
    ).toMatchObject({ status: 409, code: 'key_revoked' });
    expect((await store.wallets.ledger(created.id)).map((e) => e.amount)).toEqual([1]);
  });

  it('answers 503 store_unavailable with Retry-After when the store cannot be reached', async () => {
    const downStore = sqliteStore(':memory:');
    const { key: downKey } = await issueKey(downStore, { credits: 5 });
    // The database is gone: every hold fails the way node-postgres fails on a refused connection.
    downStore.wallets.hold = async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    };
    const down = await listen(createService({ engine, store: downStore, baseUrl: 'http://127.0.0.1' }), { port: 0 });
    try {
      const r = await send(
        '/api/v1/intelligence/player',
        { body: { name: 'Anton Berg' }, auth: `Bearer ${downKey}` },
        down.url,
      );
      expect([r.status, r.json.code, r.headers.get('retry-after')]).toEqual([503, 'store_unavailable', '5']);
    } finally {
      await down.close();
      await downStore.close();
    }
  });

  it('answers a client too slow to send its headers 408 request_timeout (problem+json)', async () => {
    const slow = await listen(createService({ engine, store, baseUrl: 'http://127.0.0.1' }), {
      port: 0,
      headersTimeoutMs: 300,
      requestTimeoutMs: 600,
    });
    try {
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect(slow.port, '127.0.0.1', () => socket.write('GET /openapi.json HTTP/1.1\r\nHost: x\r\n'));
        let text = '';
        socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
      expect(raw.startsWith('HTTP/1.1 408 ')).toBe(true);
      const json = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
      expect(json).toMatchObject({ status: 408, code: 'request_timeout' });
      provoked.add(json.code);
    } finally {
      await slow.close(100);
    }
  }, 30_000);

  it('has provoked every code of the error table', () => {
    expect(Object.keys(ERRORS).filter((c) => !provoked.has(c))).toEqual([]);
  });
});

describe('http: images', () => {
  it('serves stored images by content hash with immutable caching, and nothing else', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const hash = createHash('sha256').update(png).digest('hex');
    await store.images.put(hash, png);
    const res = await fetch(`${server.url}/images/${hash}.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(Array.from(new Uint8Array(await res.arrayBuffer()))).toEqual(Array.from(png));
    for (const bad of [
      `${hash.toUpperCase()}.png`,
      `${hash}.PNG`,
      '..%2F..%2Fetc%2Fpasswd',
      `..%2F${hash}.png`,
      `${'0'.repeat(64)}.png`,
    ]) {
      expect((await fetch(`${server.url}/images/${bad}`)).status, bad).toBe(404);
    }
  });
});

describe('http: durability and billing properties', () => {
  it('keeps balances across a restart', async () => {
    const before = await send('/api/v1/intelligence/player', { body: { player_id: 2 } });
    const balance = Number(before.headers.get('x-svc-wallet-balance'));
    await stop();
    await start();
    const after = await send('/api/v1/intelligence/player', { body: { player_id: 2 } });
    expect(charged(after)).toEqual(['1', String(balance - 1)]);
  });

  it('never charges a 4xx or 5xx response (property over arbitrary bodies)', async () => {
    const bodyArb = fc.oneof(
      fc.record({ name: fc.string({ maxLength: 12 }) }, { requiredKeys: [] }),
      fc.record(
        { player_id: fc.integer({ min: -3, max: 12 }), team_hint: fc.string({ maxLength: 4 }) },
        { requiredKeys: [] },
      ),
      fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
    );
    const pathArb = fc.constantFrom('/api/v1/intelligence/player', '/api/v1/intelligence/scouting', '/api/v1/verdict');
    await fc.assert(
      fc.asyncProperty(pathArb, bodyArb, async (path, body) => {
        const before = (await store.wallets.balance(keyId))!;
        const r = await send(path, { body });
        const after = (await store.wallets.balance(keyId))!;
        if (r.status >= 400) {
          expect(r.headers.get('x-svc-credits-charged')).toBe('0');
          expect(after).toBe(before);
        } else {
          expect(before - after).toBe(Number(r.headers.get('x-svc-credits-charged')));
        }
        expect(Number(r.headers.get('x-svc-wallet-balance'))).toBe(after);
      }),
      { numRuns: 40 },
    );
  });
});
