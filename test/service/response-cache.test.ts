import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import { OPERATIONS, type Operation } from '../../src/service/contract/operations.js';
import { REQUEST_EXAMPLES } from '../../src/service/contract/examples/requests.js';
import { textOf } from '../../src/service/context.js';
import { ResponseCache } from '../../src/service/response-cache.js';
import { createService } from '../../src/service/service.js';
import { memoryStore } from '../../src/store/memory/store.js';
import { fakeOperations, noEngine } from './fake.js';

const text = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : textOf(bytes));

describe('ResponseCache', () => {
  it('keeps the most recently used entries within its byte budget', () => {
    // Each entry: key 'k?' as UTF-16 (4 bytes) + 8 ASCII characters as UTF-8 (8 bytes) = 12 bytes; a 36-byte budget holds three.
    const c = new ResponseCache(36);
    c.set('k1', 'aaaaaaaa');
    c.set('k2', 'bbbbbbbb');
    c.set('k3', 'cccccccc');
    expect([c.size, c.usedBytes]).toEqual([3, 36]);
    expect(text(c.get('k1'))).toBe('aaaaaaaa'); // k1 becomes the most recent, so k2 is the oldest
    c.set('k4', 'dddddddd');
    expect(c.get('k2')).toBeUndefined();
    expect([c.get('k1'), c.get('k3'), c.get('k4')].map(text)).toEqual(['aaaaaaaa', 'cccccccc', 'dddddddd']);
    expect(c.usedBytes).toBe(36);
  });

  it('accounts a replaced entry once, and never keeps an entry larger than the budget', () => {
    const c = new ResponseCache(36);
    c.set('k1', 'aaaaaaaa');
    c.set('k1', 'é'); // 4 bytes of key + 2 bytes of UTF-8 = 6 bytes
    expect([c.size, c.usedBytes]).toEqual([1, 6]);
    c.set('big', 'x'.repeat(31)); // 6 + 31 = 37 bytes > 36
    expect(c.get('big')).toBeUndefined();
    expect([c.size, c.usedBytes, text(c.get('k1'))]).toEqual([1, 6, 'é']);
    const off = new ResponseCache(0);
    off.set('k', 'v');
    expect(off.size).toBe(0);
  });
});

describe('service response cache', () => {
  async function counting(cacheable: boolean, responseCacheBytes?: number) {
    const [echo] = fakeOperations();
    const runs = { n: 0 };
    const op: Operation = {
      ...echo,
      cacheable,
      run: (ctx) => {
        runs.n++;
        return echo.run(ctx);
      },
    };
    const store = memoryStore();
    const { key } = await issueKey(store, { credits: 100 });
    const service = createService({
      engine: noEngine,
      store,
      baseUrl: 'http://h',
      operations: [op],
      onError: () => {},
      ...(responseCacheBytes === undefined ? {} : { responseCacheBytes }),
    });
    const call = (body: unknown, query: Record<string, string> = {}) =>
      service.handle({
        method: 'POST',
        path: op.path,
        authorization: `Bearer ${key}`,
        body,
        query,
        clientIp: '127.0.0.1',
      });
    return { call, runs };
  }

  it('runs a cacheable operation once per distinct request, and bills every call', async () => {
    const { call, runs } = await counting(true);
    const first = await call({ outcome: 'ok', n: 4 });
    const again = await call({ outcome: 'ok', n: 4 });
    expect(textOf(again.body)).toBe(first.body);
    expect(runs.n).toBe(1);
    // 3 credits each: 100 − 3 − 3 = 94.
    expect([again.headers['x-svc-credits-charged'], again.headers['x-svc-wallet-balance']]).toEqual(['3', '94']);
    await call({ outcome: 'ok', n: 5 }); // another body
    await call({ outcome: 'ok', n: 4 }, { enhance: 'narrative' }); // another query
    expect(runs.n).toBe(3);
  });

  it('never caches failures or unchargeable answers, and is off for other operations or a zero budget', async () => {
    const cached = await counting(true);
    for (const outcome of ['not_found', 'unchargeable', 'throw']) {
      await cached.call({ outcome });
      await cached.call({ outcome });
    }
    expect(cached.runs.n).toBe(6);
    const notCacheable = await counting(false);
    await notCacheable.call({ outcome: 'ok' });
    await notCacheable.call({ outcome: 'ok' });
    expect(notCacheable.runs.n).toBe(2);
    const off = await counting(true, 0);
    await off.call({ outcome: 'ok' });
    await off.call({ outcome: 'ok' });
    expect(off.runs.n).toBe(2);
  });

  it('serves exactly the text a fresh computation gives, for the example request of every cacheable operation', async () => {
    const engine = Engine.open({ dataset: 'demo' });
    const store = memoryStore();
    const { key } = await issueKey(store, { credits: 1000 });
    const withCache = createService({ engine, store, baseUrl: 'http://h' });
    const without = createService({ engine, store, baseUrl: 'http://h', responseCacheBytes: 0 });
    const cacheable = OPERATIONS.filter((o) => o.cacheable);
    expect(cacheable.length).toBeGreaterThan(5);
    for (const { id, path } of cacheable) {
      const example = REQUEST_EXAMPLES[id];
      expect(example, `${id} has an example request`).toBeDefined();
      const send = (s: typeof withCache) =>
        s.handle({
          method: 'POST',
          path,
          authorization: `Bearer ${key}`,
          body: example.body,
          query: example.query ?? {},
          clientIp: '127.0.0.1',
        });
      const a = await send(withCache);
      const b = await send(withCache); // from the cache
      const c = await send(without);
      expect([a.status, b.status, c.status], `${path}: ${c.body}`).toEqual([200, 200, 200]);
      expect(textOf(b.body), path).toBe(c.body);
    }
    // Cards write an image and depend on the key: never cached.
    expect(OPERATIONS.find((o) => o.id === 'cards')?.cacheable).toBe(false);
  });

  it('keys entries by the engine clock, so a moved clock recomputes', async () => {
    const [echo] = fakeOperations();
    let runs = 0;
    let now = new Date('2026-03-01T12:00:00Z');
    const op: Operation = {
      ...echo,
      cacheable: true,
      run: (ctx) => {
        runs++;
        return echo.run(ctx);
      },
    };
    const store = memoryStore();
    const { key } = await issueKey(store, { credits: 100 });
    const service = createService({
      engine: { ...noEngine, now: () => now },
      store,
      baseUrl: 'http://h',
      operations: [op],
    });
    const call = () =>
      service.handle({
        method: 'POST',
        path: op.path,
        authorization: `Bearer ${key}`,
        body: { outcome: 'ok' },
        clientIp: '127.0.0.1',
      });
    await call();
    await call();
    now = new Date('2026-03-02T12:00:00Z');
    await call();
    expect(runs).toBe(2);
  });
});
