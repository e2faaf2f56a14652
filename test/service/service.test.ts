import { describe, expect, it } from 'vitest';
import { issueKey } from '../../src/service/billing/accounts.js';
import { createService, type ServiceRequest, type ServiceResponse } from '../../src/service/service.js';
import { memoryStore } from '../../src/store/memory/store.js';
import type { ServiceStore } from '../../src/store/ports.js';
import { fakeOperations, noEngine } from './fake.js';

const NOON = new Date('2026-03-01T12:00:00Z');
const PATH = '/api/v1/test/echo';

async function setup(credits = 10, extra: Partial<Parameters<typeof createService>[0]> = {}) {
  const store: ServiceStore = memoryStore();
  let now = NOON;
  const errors: unknown[] = [];
  const service = createService({
    engine: noEngine,
    store,
    baseUrl: 'http://h',
    clock: () => now,
    operations: fakeOperations(),
    onError: (e) => errors.push(e),
    ...extra,
  });
  const issued = await issueKey(store, { credits, now: NOON });
  const call = (body: unknown, more: Partial<ServiceRequest> = {}) =>
    service.handle({
      method: 'POST',
      path: PATH,
      authorization: `Bearer ${issued.key}`,
      body,
      clientIp: '127.0.0.1',
      ...more,
    });
  return { store, service, issued, call, errors, setNow: (d: Date) => (now = d) };
}

const json = (r: ServiceResponse) => JSON.parse(r.body as string);
const charge = (r: ServiceResponse) => [r.headers['x-svc-credits-charged'], r.headers['x-svc-wallet-balance']];

describe('service: keyed calls', () => {
  it('charges the cost on success and reports it in the headers', async () => {
    const { call } = await setup(10);
    const r = await call({ outcome: 'ok', n: 4 });
    expect(r.status).toBe(200);
    expect(json(r)).toEqual({ echoed: 4 });
    // 10 − 3 = 7.
    expect(charge(r)).toEqual(['3', '7']);
    expect(r.headers['request-id']).toMatch(/^req_/);
    expect(r.headers['content-type']).toContain('application/json');
  });

  it('never charges a failure, an exception or an unchargeable success', async () => {
    const { call, errors, store, issued } = await setup(10);
    const a = await call({ outcome: 'not_found' });
    expect(a.status).toBe(404);
    expect(json(a)).toMatchObject({ code: 'player_not_found', param: 'name', status: 404 });
    expect(charge(a)).toEqual(['0', '10']);
    const b = await call({ outcome: 'throw' });
    expect(b.status).toBe(500);
    expect(b.body).not.toContain('secret stack detail');
    expect(json(b).request_id).toBe(b.headers['request-id']);
    expect(errors).toHaveLength(1);
    expect(charge(b)).toEqual(['0', '10']);
    const c = await call({ outcome: 'unchargeable' });
    expect(c.status).toBe(200);
    expect(charge(c)).toEqual(['0', '10']);
    // Three holds, three releases: −3 +3 each.
    expect((await store.wallets.ledger(issued.record.id)).map((e) => e.kind)).toEqual([
      'topup',
      'hold',
      'release',
      'hold',
      'release',
      'hold',
      'release',
    ]);
  });

  it('answers 402 insufficient_credits with the cost and balance', async () => {
    const { call } = await setup(5);
    expect(charge(await call({ outcome: 'ok' }))).toEqual(['3', '2']);
    const r = await call({ outcome: 'ok' });
    expect(r.status).toBe(402);
    expect(json(r)).toMatchObject({ code: 'insufficient_credits', required_credits: 3, balance: 2 });
    expect(charge(r)).toEqual(['0', '2']);
  });

  it('rejects missing, malformed, unknown and revoked keys with 401', async () => {
    const { call, store, issued } = await setup();
    const cases = [undefined, 'Basic abc', 'Bearer svc_sk_short', `Bearer ${issued.key.slice(0, -6)}000000`];
    for (const authorization of cases) {
      const r = await call({ outcome: 'ok' }, { authorization });
      expect(r.status).toBe(401);
      expect(json(r).code).toBe('unauthorized');
      expect(r.headers['www-authenticate']).toContain('Bearer');
    }
    await store.keys.revoke(issued.record.id, NOON.toISOString());
    const revoked = await call({ outcome: 'ok' });
    expect(json(revoked)).toMatchObject({ code: 'unauthorized', detail: 'the API key has been revoked' });
  });

  it('validates body and query before charging: 400 with param', async () => {
    const { call } = await setup();
    const cases: [unknown, Record<string, string>, string][] = [
      [undefined, {}, 'body'],
      [{ outcome: 'ok', extra: 1 }, {}, 'extra'],
      [{ outcome: 'ok', n: 11 }, {}, 'n'],
      [{ outcome: 'maybe' }, {}, 'outcome'],
      [{ outcome: 'ok' }, { enhance: 'poetry' }, 'enhance'],
      [{ outcome: 'ok' }, { debug: '1' }, 'debug'],
    ];
    for (const [body, query, param] of cases) {
      const r = await call(body, { query });
      expect(r.status, param).toBe(400);
      expect(json(r)).toMatchObject({ code: 'invalid_request', param });
      expect(charge(r)).toEqual(['0', '10']);
    }
  });

  it('rate-limits per key with Retry-After and RateLimit headers', async () => {
    const { call } = await setup(100, { rateLimit: { perSecond: 1, burst: 2 } });
    expect((await call({ outcome: 'ok' })).headers['ratelimit-remaining']).toBe('1');
    expect((await call({ outcome: 'ok' })).status).toBe(200);
    const r = await call({ outcome: 'ok' });
    expect(r.status).toBe(429);
    expect(json(r).code).toBe('rate_limited');
    // One token per second: the next one is 1 s away.
    expect(r.headers['retry-after']).toBe('1');
    expect(r.headers['ratelimit-limit']).toBe('2');
    // 100 − 3 − 3 = 94, unchanged by the refusal.
    expect(charge(r)).toEqual(['0', '94']);
  });

  it('returns 404 not_found for unknown paths, 405 with Allow for other methods, catalogs on GET without auth', async () => {
    const { service } = await setup();
    expect((await service.handle({ method: 'POST', path: '/api/v1/nope' })).status).toBe(404);
    const wrong = await service.handle({ method: 'DELETE', path: PATH });
    expect([wrong.status, json(wrong).code, wrong.headers.allow]).toEqual([
      405,
      'method_not_allowed',
      'GET, HEAD, POST',
    ]);
    const job = await service.handle({ method: 'POST', path: '/api/v1/cards/jobs/job_x' });
    expect([job.status, job.headers.allow]).toEqual([405, 'GET, HEAD']);
    const cat = await service.handle({ method: 'GET', path: PATH });
    expect(cat.status).toBe(200);
    expect(json(cat)).toMatchObject({
      operation: 'test.echo',
      method: 'POST',
      credits: 3,
      demo_channel: true,
      outcomes: ['ok', 'not_found', 'throw', 'unchargeable'],
    });
    expect(json(cat).request_schema.properties.n).toMatchObject({ minimum: 0, maximum: 10 });
    expect((await service.handle({ method: 'GET', path: PATH, query: { x: '1' } })).status).toBe(400);
  });
});

describe('service: idempotency', () => {
  it('replays the stored response without charging, and rejects the key with another body', async () => {
    const { call } = await setup(10);
    const first = await call({ outcome: 'ok', n: 1 }, { idempotencyKey: 'k-1' });
    expect(charge(first)).toEqual(['3', '7']);
    const replay = await call({ outcome: 'ok', n: 1 }, { idempotencyKey: 'k-1' });
    expect(replay.status).toBe(200);
    expect(replay.body).toBe(first.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(charge(replay)).toEqual(['0', '7']);
    const reused = await call({ outcome: 'ok', n: 2 }, { idempotencyKey: 'k-1' });
    expect(reused.status).toBe(422);
    expect(json(reused)).toMatchObject({ code: 'idempotency_key_reused', param: 'Idempotency-Key' });
    const bad = await call({ outcome: 'ok' }, { idempotencyKey: 'has space' });
    expect(json(bad)).toMatchObject({ code: 'invalid_request', param: 'Idempotency-Key' });
    // Only the first call charged: 10 − 3 = 7.
    expect(charge(await call({ outcome: 'ok' }, { idempotencyKey: 'k-2' }))).toEqual(['3', '4']);
  });

  it('does not keep 402 responses, so a retry after a top-up runs', async () => {
    const { call, store, issued } = await setup(2);
    expect((await call({ outcome: 'ok' }, { idempotencyKey: 'k' })).status).toBe(402);
    await store.wallets.topup(issued.record.id, 5, NOON.toISOString());
    const r = await call({ outcome: 'ok' }, { idempotencyKey: 'k' });
    // 2 + 5 − 3 = 4.
    expect(charge(r)).toEqual(['3', '4']);
  });

  it('answers 409 while the first request with the key is running', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const store = memoryStore();
    const issued = await issueKey(store, { credits: 10 });
    const service = createService({
      engine: noEngine,
      store,
      baseUrl: 'http://h',
      operations: fakeOperations(() => gate),
    });
    const req = {
      method: 'POST',
      path: PATH,
      authorization: `Bearer ${issued.key}`,
      body: { outcome: 'ok' },
      idempotencyKey: 'same',
    };
    const first = service.handle(req);
    await new Promise((r) => setTimeout(r, 5));
    const second = await service.handle(req);
    expect(second.status).toBe(409);
    expect(JSON.parse(second.body as string).code).toBe('idempotency_in_progress');
    release();
    expect((await first).status).toBe(200);
  });
});

describe('service: demo channel', () => {
  it('allows 15 successful calls per IP per UTC day, then 402 with Retry-After; never touches a wallet', async () => {
    const { service, setNow } = await setup();
    const demo = (clientIp: string, body: unknown = { outcome: 'ok' }) =>
      service.handle({ method: 'POST', path: PATH, demoChannel: 'mcp', body, clientIp });
    // A failed call does not count.
    expect((await demo('203.0.113.1', { outcome: 'not_found' })).status).toBe(404);
    for (let i = 1; i <= 15; i++) {
      const r = await demo('203.0.113.1');
      expect(r.status, `call ${i}`).toBe(200);
      expect(r.headers).not.toHaveProperty('x-svc-credits-charged');
    }
    const sixteenth = await demo('203.0.113.1');
    expect(sixteenth.status).toBe(402);
    expect(JSON.parse(sixteenth.body as string).code).toBe('demo_limit_exhausted');
    // 12:00 UTC → 12 h to midnight.
    expect(sixteenth.headers['retry-after']).toBe('43200');
    expect((await demo('203.0.113.2')).status).toBe(200);
    setNow(new Date('2026-03-02T00:00:01Z'));
    expect((await demo('203.0.113.1')).status).toBe(200);
  });

  it('refuses unknown channels and endpoints that exclude the demo channel', async () => {
    const { service } = await setup();
    const bad = await service.handle({ method: 'POST', path: PATH, demoChannel: 'slack', body: { outcome: 'ok' } });
    expect(JSON.parse(bad.body as string)).toMatchObject({ code: 'unauthorized', param: 'X-SVC-Demo-Channel' });
    const hd = await service.handle({
      method: 'POST',
      path: PATH,
      demoChannel: 'mcp',
      body: { outcome: 'ok', hd: true },
    });
    expect(hd.status).toBe(401);
  });
});

describe('service: holds expire', () => {
  it('releases a hold left open by a crash once it expires', async () => {
    const { store, issued, call, setNow } = await setup(10);
    // Simulate a crash: a hold placed and never settled.
    await store.wallets.hold(issued.record.id, 4, NOON.toISOString(), '2026-03-01T12:05:00.000Z', 'crashed');
    setNow(new Date('2026-03-01T12:06:00Z'));
    // The next call sweeps: 10 − 4 + 4 − 3 = 7.
    expect(charge(await call({ outcome: 'ok' }))).toEqual(['3', '7']);
  });
});

describe('service: housekeeping sweep', () => {
  it('at most every 10 s, releases lapsed holds and forgets expired idempotency records and past demo days', async () => {
    const { vi } = await import('vitest');
    const { store, call, setNow } = await setup(100);
    const idem = vi.spyOn(store.idempotency, 'purge');
    const demo = vi.spyOn(store.demo, 'purge');
    await call({ outcome: 'ok' }, { idempotencyKey: 'first' });
    expect(idem.mock.calls).toEqual([[NOON.toISOString()]]);
    expect(demo.mock.calls).toEqual([['2026-03-01']]);
    setNow(new Date(NOON.getTime() + 5_000));
    await call({ outcome: 'ok' });
    expect(idem).toHaveBeenCalledTimes(1);
    // A day and a bit later the first call's record (kept 24 h) is purged by the next sweep.
    setNow(new Date(NOON.getTime() + 24 * 3600_000 + 11_000));
    await call({ outcome: 'ok' });
    expect(idem).toHaveBeenCalledTimes(2);
    expect(await idem.mock.results[1].value).toBe(1);
    expect(demo.mock.calls[1]).toEqual(['2026-03-02']);
  });
});
