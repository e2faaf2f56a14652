/**
 * The service remembers active keys between calls (bench/results/http.md): the cache must never
 * outlive a revocation, whether made through the same store or by another process on the same
 * SQLite file (the CLI next to a running server).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { issueKey } from '../../src/service/billing/accounts.js';
import { createService } from '../../src/service/service.js';
import { memoryStore } from '../../src/store/memory/store.js';
import type { ServiceStore } from '../../src/store/ports.js';
import { sqliteStore } from '../../src/store/sqlite/store.js';
import { fakeOperations, noEngine } from './fake.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-keycache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const AT = '2026-03-01T12:00:00.000Z';

/** Wraps a store so its key lookups are counted. */
function counted(store: ServiceStore, withRevision = true) {
  const lookups = { n: 0 };
  const k = store.keys;
  const keys: ServiceStore['keys'] = {
    create: (r) => k.create(r),
    byId: (id) => k.byId(id),
    list: () => k.list(),
    revoke: (id, at) => k.revoke(id, at),
    byHash: (hash) => {
      lookups.n += 1;
      return k.byHash(hash);
    },
    ...(withRevision ? { revision: () => k.revision!() } : {}),
  };
  return { store: { ...store, keys } as ServiceStore, lookups };
}

function caller(store: ServiceStore, key: string) {
  const service = createService({
    engine: noEngine,
    store,
    baseUrl: 'http://h',
    operations: fakeOperations(),
    onError: () => {},
  });
  return () =>
    service.handle({
      method: 'POST',
      path: '/api/v1/test/echo',
      authorization: `Bearer ${key}`,
      body: { outcome: 'ok', n: 1 },
      clientIp: '127.0.0.1',
    });
}

describe('service key cache', () => {
  it('looks an active key up once while nothing changes, and again after any key change', async () => {
    const base = memoryStore();
    const { key } = await issueKey(base, { credits: 100 });
    const { store, lookups } = counted(base);
    const call = caller(store, key);
    for (let i = 0; i < 5; i++) expect((await call()).status).toBe(200);
    expect(lookups.n).toBe(1);
    // Another key created: the revision moves, so the next call looks up again (then caches again).
    await issueKey(base, { credits: 1 });
    await call();
    await call();
    expect(lookups.n).toBe(2);
  });

  it('refuses a key on the first call after it is revoked through the same store', async () => {
    const base = memoryStore();
    const issued = await issueKey(base, { credits: 100 });
    const call = caller(base, issued.key);
    expect((await call()).status).toBe(200);
    await base.keys.revoke(issued.record.id, AT);
    const r = await call();
    expect(r.status).toBe(401);
    expect(JSON.parse(r.body as string).detail).toBe('the API key has been revoked');
  });

  it('refuses a key on the first call after another process revokes it in the SQLite file', async () => {
    const file = join(dir, 'shared.db');
    const server = sqliteStore(file);
    const cli = sqliteStore(file);
    const issued = await issueKey(server, { credits: 100 });
    const call = caller(server, issued.key);
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(200);
    expect(await cli.keys.revoke(issued.record.id, AT)).toBe(true);
    expect((await call()).status).toBe(401);
    // A key the other handle creates works at once too.
    const fresh = await issueKey(cli, { credits: 5 });
    expect((await caller(server, fresh.key)()).status).toBe(200);
    server.close();
    cli.close();
  });

  it('asks the store every time when it has no revision', async () => {
    const base = memoryStore();
    const { key } = await issueKey(base, { credits: 100 });
    const { store, lookups } = counted(base, false);
    const call = caller(store, key);
    for (let i = 0; i < 3; i++) await call();
    expect(lookups.n).toBe(3);
  });

  it('never caches a refused key', async () => {
    const base = memoryStore();
    const { store, lookups } = counted(base);
    // Well-formed but unknown: looked up (and refused) every time.
    const unknown = (await issueKey(memoryStore(), { credits: 1 })).key;
    const call = caller(store, unknown);
    expect((await call()).status).toBe(401);
    expect((await call()).status).toBe(401);
    expect(lookups.n).toBe(2);
  });
});
