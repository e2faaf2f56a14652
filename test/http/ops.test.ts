/**
 * Operating a server over real HTTP (issue #16): the admin API, health and readiness, Prometheus
 * metrics, CORS and the access log, against `startServer` (what `halfspace serve` runs) on
 * 127.0.0.1 with the tiny dataset and a SQLite file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePlayerOf, startServer, type RunningServer } from '../../src/cli/commands/serve.js';
import { datasetToDir } from '../../src/io/save.js';
import { adminTokenMatches } from '../../src/service/admin/admin.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-ops-'));
const datasetDir = join(dir, 'tiny');
datasetToDir(tinyDataset(), datasetDir);
const TOKEN = 'admin-token-for-tests-0123456789';
const ORIGIN = 'https://app.example.com';
const log: string[] = [];

let server: RunningServer;
let url: string;
let player: string;

beforeAll(async () => {
  server = await startServer({
    dataset: datasetDir,
    db: join(dir, 'ops.db'),
    port: 0,
    renderWorkers: 0,
    operations: { adminToken: TOKEN, corsOrigins: [ORIGIN], log: (line) => log.push(line), logFormat: 'json' },
  });
  url = server.listening.url;
  const p = samplePlayerOf(server.engine);
  player = p.known_as ?? p.name;
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Reply {
  status: number;
  headers: Headers;
  json: any;
}

async function call(
  path: string,
  init: { method?: string; body?: unknown; token?: string | null; headers?: Record<string, string>; raw?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...init.headers };
  const token = init.token === undefined ? TOKEN : init.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (init.body !== undefined || init.raw !== undefined) headers['content-type'] ??= 'application/json';
  const res = await fetch(`${url}${path}`, {
    method: init.method ?? (init.body !== undefined || init.raw !== undefined ? 'POST' : 'GET'),
    headers,
    body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, headers: res.headers, json };
}

const playerCall = (key: string) => call('/api/v1/intelligence/player', { body: { name: player }, token: key });

describe('admin API', () => {
  it('refuses a missing or wrong token, in constant time over the digests', async () => {
    expect((await call('/admin/v1/keys', { token: null })).status).toBe(401);
    const wrong = await call('/admin/v1/keys', { token: `${TOKEN}x` });
    expect([wrong.status, wrong.json.code, wrong.headers.get('www-authenticate')]).toEqual([
      401,
      'unauthorized',
      'Bearer realm="halfspace-admin"',
    ]);
    // An API key is not an admin token.
    expect((await call('/admin/v1/keys', { token: 'svc_sk_nope' })).status).toBe(401);
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => adminTokenMatches(a, b) === (a === b)));
  });

  it('creates a key (secret once), tops it up, and reports balance, held, ledger, holds and usage as calls spend', async () => {
    const created = await call('/admin/v1/keys', { body: { credits: 10, label: 'console', no_watermark: true } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ label: 'console', no_watermark: true, balance: 10, held: 0 });
    expect(created.json.key).toMatch(/^svc_sk_/);
    const { id, key } = created.json;

    // The secret is never listed again.
    const listed = await call('/admin/v1/keys');
    expect(JSON.stringify(listed.json)).not.toContain(key);
    expect(listed.json.keys.find((k: { id: string }) => k.id === id)).toMatchObject({
      balance: 10,
      held: 0,
      revoked_at: null,
    });

    expect((await playerCall(key)).headers.get('x-svc-wallet-balance')).toBe('9');
    expect((await playerCall(key)).status).toBe(200);
    const topped = await call(`/admin/v1/keys/${id}/topup`, { body: { credits: 5 } });
    expect([topped.status, topped.json.balance, topped.json.held]).toEqual([200, 13, 0]);

    const wallet = await call(`/admin/v1/keys/${id}/wallet`);
    expect(wallet.json).toMatchObject({ id, balance: 13, held: 0, available: 13, holds: [] });
    expect((await call(`/admin/v1/keys/${id}/holds`)).json).toEqual({ holds: [] });

    // Ledger: newest first, paged, filtered by kind.
    const all = (await call(`/admin/v1/keys/${id}/ledger`)).json;
    expect(all.entries.map((e: { kind: string }) => e.kind)).toEqual([
      'topup',
      'capture',
      'hold',
      'capture',
      'hold',
      'topup',
    ]);
    const first = (await call(`/admin/v1/keys/${id}/ledger?limit=4`)).json;
    expect(first.entries).toHaveLength(4);
    const second = (await call(`/admin/v1/keys/${id}/ledger?limit=4&before=${first.next_before}`)).json;
    expect([...first.entries, ...second.entries]).toEqual(all.entries);
    expect(second.next_before).toBeNull();
    const topups = (await call(`/admin/v1/keys/${id}/ledger?kind=topup`)).json.entries;
    expect(topups.map((e: { amount: number; note: string }) => [e.amount, e.note])).toEqual([
      [5, 'admin topup'],
      [10, 'opening credits'],
    ]);
    expect((await call(`/admin/v1/keys/${id}/ledger?since=2999-01-01`)).json.entries).toEqual([]);
    expect((await call(`/admin/v1/keys/${id}/ledger?until=2000-01-01`)).json.entries).toEqual([]);

    const today = new Date().toISOString().slice(0, 10);
    expect((await call(`/admin/v1/usage?key=${id}`)).json.usage).toEqual([
      { day: today, operation: 'intelligence.player', calls: 2, credits: 2 },
    ]);
    expect((await call(`/admin/v1/usage?key=${id}&since=2999-01-01`)).json.usage).toEqual([]);

    // Revoked: the next call fails, a second revoke and a top-up are refused.
    const revoked = await call(`/admin/v1/keys/${id}/revoke`, { method: 'POST' });
    expect([revoked.status, typeof revoked.json.revoked_at]).toEqual([200, 'string']);
    expect((await playerCall(key)).status).toBe(401);
    expect((await call(`/admin/v1/keys/${id}/revoke`, { method: 'POST' })).json).toMatchObject({
      status: 409,
      code: 'key_revoked',
    });
    expect((await call(`/admin/v1/keys/${id}/topup`, { body: { credits: 5 } })).json).toMatchObject({
      status: 409,
      code: 'key_revoked',
    });
  });

  it('answers bad input with problems, never a crash', async () => {
    expect((await call('/admin/v1/keys/key_unknown/wallet')).json).toMatchObject({ status: 404, code: 'not_found' });
    expect((await call('/admin/v1/nothing')).json).toMatchObject({ status: 404, code: 'not_found' });
    expect((await call('/admin/v1/keys', { body: { credits: -1 } })).json).toMatchObject({
      status: 400,
      code: 'amount_out_of_range',
      param: 'credits',
    });
    expect((await call('/admin/v1/keys', { body: { credits: '5' } })).json).toMatchObject({
      status: 400,
      code: 'invalid_request',
      param: 'credits',
    });
    expect((await call('/admin/v1/keys', { body: { credits: 1, extra: true } })).json).toMatchObject({
      status: 400,
      param: 'extra',
    });
    expect((await call('/admin/v1/keys', { method: 'POST' })).json).toMatchObject({ status: 400, param: 'body' });
    expect((await call('/admin/v1/keys', { raw: '{"credits":' })).json).toMatchObject({
      status: 400,
      code: 'invalid_request',
    });
    expect(
      (await call('/admin/v1/keys', { raw: 'credits=1', headers: { 'content-type': 'text/plain' } })).json,
    ).toMatchObject({ status: 415 });
    const wrongMethod = await call('/admin/v1/keys', { method: 'DELETE' });
    expect([wrongMethod.status, wrongMethod.headers.get('allow')]).toEqual([405, 'GET, POST']);
    const { json } = await call('/admin/v1/keys', { body: { credits: 1 } });
    expect((await call(`/admin/v1/keys/${json.id}/topup`, { body: { credits: 0 } })).json).toMatchObject({
      status: 400,
      code: 'amount_out_of_range',
    });
    expect((await call(`/admin/v1/keys/${json.id}/topup`, { body: { credits: 1e12 } })).json).toMatchObject({
      status: 422,
      code: 'balance_limit_exceeded',
      held: 0,
    });
    expect((await call(`/admin/v1/keys/${json.id}/ledger?limit=0`)).json).toMatchObject({
      status: 400,
      param: 'limit',
    });
    expect((await call(`/admin/v1/keys/${json.id}/ledger?kind=gift`)).json).toMatchObject({
      status: 400,
      param: 'kind',
    });
  });

  it('is in /openapi.json under the admin tag, never on /docs', async () => {
    const doc = (await call('/openapi.json', { token: null })).json;
    const admin = Object.entries(doc.paths).filter(([p]) => p.startsWith('/admin/v1'));
    expect(admin.length).toBeGreaterThanOrEqual(8);
    for (const [path, item] of admin)
      for (const op of Object.values(item as Record<string, { tags: string[]; security: unknown }>))
        expect([path, op.tags, op.security]).toEqual([path, ['admin'], [{ adminToken: [] }]]);
    const docs = await fetch(`${url}/docs`).then((r) => r.text());
    expect(docs).not.toContain('/admin/v1');
    expect(docs).toContain('/api/v1/intelligence/player');
  });
});

describe('a server without an admin token', () => {
  it('refuses every admin call and says how to enable it', async () => {
    const plain = await startServer({ dataset: datasetDir, db: join(dir, 'plain.db'), port: 0, renderWorkers: 0 });
    try {
      const res = await fetch(`${plain.listening.url}/admin/v1/keys`, { headers: { authorization: 'Bearer ' } });
      const body = (await res.json()) as { code: string; detail: string };
      expect([res.status, body.code]).toEqual([401, 'unauthorized']);
      expect(body.detail).toContain('--admin-token-file');
    } finally {
      await plain.close();
    }
  });
});

describe('health, readiness and metrics', () => {
  it('answers /healthz and /readyz without auth, 405 for other methods', async () => {
    expect(await call('/healthz', { token: null })).toMatchObject({ status: 200, json: { status: 'ok' } });
    expect(await call('/readyz', { token: null })).toMatchObject({ status: 200, json: { status: 'ready' } });
    const post = await call('/healthz', { token: null, method: 'POST' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });

  it('counts requests, latency and credits by operation and status, and reads holds and jobs from the store', async () => {
    const { json } = await call('/admin/v1/keys', { body: { credits: 3 } });
    await playerCall(json.key);
    await playerCall(json.key);
    await call('/api/v1/intelligence/player', { body: { name: 'Nobody At All Zzz' }, token: json.key });
    const res = await fetch(`${url}/metrics`);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    const value = (line: string) =>
      Number(
        text
          .split('\n')
          .find((l) => l.startsWith(line))
          ?.slice(line.length)
          .trim(),
      );
    expect(value('halfspace_http_requests_total{operation="intelligence.player",status="200"}')).toBeGreaterThanOrEqual(
      2,
    );
    expect(value('halfspace_http_requests_total{operation="intelligence.player",status="404"}')).toBe(1);
    expect(value('halfspace_http_request_duration_seconds_count{operation="intelligence.player",status="200"}')).toBe(
      value('halfspace_http_requests_total{operation="intelligence.player",status="200"}'),
    );
    expect(value('halfspace_credits_charged_total{operation="intelligence.player"}')).toBeGreaterThanOrEqual(4);
    expect(value('halfspace_holds_open')).toBe(0);
    expect(value('halfspace_hd_jobs{state="queued"}')).toBe(0);
    expect(value('halfspace_render_queue_depth')).toBe(0);
    expect(value('halfspace_http_requests_total{operation="admin.keys",status="201"}')).toBeGreaterThanOrEqual(1);
  });
});

describe('CORS', () => {
  it('answers a preflight from an allowed origin, echoes it with Vary, and never for other origins or the admin API', async () => {
    const pre = await fetch(`${url}/api/v1/intelligence/player`, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(pre.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
    expect(pre.headers.get('vary')).toContain('Origin');

    const other = await fetch(`${url}/api/v1/intelligence/player`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect([other.status, other.headers.get('access-control-allow-origin')]).toEqual([204, null]);

    const simple = await fetch(`${url}/api/v1/verdict`, { headers: { origin: ORIGIN } });
    expect(simple.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(simple.headers.get('access-control-expose-headers')).toContain('x-svc-credits-charged');
    const adminCors = await fetch(`${url}/admin/v1/keys`, {
      headers: { origin: ORIGIN, authorization: `Bearer ${TOKEN}` },
    });
    expect([adminCors.status, adminCors.headers.get('access-control-allow-origin')]).toEqual([200, null]);
  });

  it('never sends credentials with a wildcard origin', async () => {
    const open = await startServer({
      dataset: datasetDir,
      db: join(dir, 'cors.db'),
      port: 0,
      renderWorkers: 0,
      operations: { corsOrigins: ['*'] },
    });
    try {
      const res = await fetch(`${open.listening.url}/api/v1/verdict`, {
        method: 'OPTIONS',
        headers: { origin: 'https://any.example', 'access-control-request-method': 'POST' },
      });
      expect([
        res.status,
        res.headers.get('access-control-allow-origin'),
        res.headers.get('access-control-allow-credentials'),
      ]).toEqual([204, '*', null]);
    } finally {
      await open.close();
    }
  });
});

describe('access log', () => {
  it('writes one JSON line per request with id, operation, status, credits and duration, never the key, token or body', async () => {
    const { json } = await call('/admin/v1/keys', { body: { credits: 5 } });
    log.length = 0;
    const res = await playerCall(json.key);
    await call('/admin/v1/keys');
    await call('/no/such/path', { token: null });
    expect(log).toHaveLength(3);
    const [paid, admin, missing] = log.map((l) => JSON.parse(l));
    expect(paid).toMatchObject({
      request_id: res.headers.get('request-id'),
      method: 'POST',
      path: '/api/v1/intelligence/player',
      operation: 'intelligence.player',
      status: 200,
      credits: 1,
    });
    expect(paid.duration_ms).toBeGreaterThan(0);
    expect(Date.parse(paid.time)).not.toBeNaN();
    expect(admin).toMatchObject({ operation: 'admin.keys', status: 200, credits: 0 });
    expect(missing).toMatchObject({ operation: 'unmatched', status: 404 });
    const all = log.join('\n');
    for (const secret of [json.key, TOKEN, player]) expect(all).not.toContain(secret);
  });
});
