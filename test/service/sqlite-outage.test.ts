/**
 * SQLite failing under a real server, phase by phase: the write lock held by another connection
 * past the busy timeout (SQLITE_BUSY) at the hold, at the capture, at the Idempotency-Key claim and
 * at the demo reservation. The response cache is off, so every call holds and captures. Each call answers 503
 * `store_unavailable` with nothing charged, the process stays up, and once the store is back no
 * hold stays open, no key stays claimed and the wallet equals its ledger
 * (docs/errors.md#error-store_unavailable, docs/deploy.md#crashes-outages-and-resource-limits).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { listen, type Listening } from '../../src/http/node.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import { createService } from '../../src/service/service.js';
import { isStoreOutage } from '../../src/service/store-outage.js';
import { STORE_RECOVERY_RETRY_MS } from '../../src/service/store-outage.js';
import type { ServiceStore } from '../../src/store/ports.js';
import { sqliteDriver } from '../../src/store/sqlite/driver.js';
import { sqliteStoreOver } from '../../src/store/sqlite/store.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

const engine = Engine.open({ dataset: tinyDataset() });
const dir = mkdtempSync(join(tmpdir(), 'halfspace-sqlite-outage-'));
const file = join(dir, 'svc.db');
const CREDITS = 1_000;
let store: ServiceStore;
let server: Listening;
/** A second connection to the same file: the other process that takes the lock. */
let other: Database.Database;

beforeAll(async () => {
  const db = sqliteDriver('better-sqlite3').open(file);
  store = sqliteStoreOver(db);
  // A short busy timeout keeps each outage brief; the failure is SQLite's own SQLITE_BUSY.
  db.pragma('busy_timeout = 100');
  server = await listen(createService({ engine, store, baseUrl: 'http://127.0.0.1', responseCacheBytes: 0 }), {
    port: 0,
  });
  other = new Database(file);
});
afterAll(async () => {
  other.close();
  await server.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call(key: string | null, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/api/v1/intelligence/player`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(key ? { authorization: `Bearer ${key}` } : { 'x-svc-demo-channel': 'mcp' }),
      ...headers,
    },
    body: JSON.stringify({ name: 'Anton Berg' }),
  });
  const json = (await res.json()) as { code?: string };
  return { status: res.status, code: json.code, charged: res.headers.get('x-svc-credits-charged') };
}

/** Waits until the store is back and the recovery queue has done its writes: no open hold, ledger = balance. */
async function expectSettled(walletId: string, balance: number) {
  let holds = -1;
  for (let tries = 0; tries < 30 && holds !== 0; tries++) {
    await new Promise((resolve) => setTimeout(resolve, STORE_RECOVERY_RETRY_MS / 2));
    holds = (await store.wallets.openHolds(walletId)).length;
  }
  expect(holds, 'holds left open after the store came back').toBe(0);
  expect(await store.wallets.balance(walletId)).toBe(balance);
  const ledger = await store.wallets.ledger(walletId);
  expect(ledger.reduce((sum, e) => sum + e.amount, 0)).toBe(balance);
}

/** Runs `during` while the other connection holds the write lock. */
async function whileWriteLocked<T>(during: () => Promise<T>): Promise<T> {
  other.exec('BEGIN IMMEDIATE');
  try {
    return await during();
  } finally {
    other.exec('ROLLBACK');
  }
}

describe('SQLite outages answer 503 store_unavailable and charge nothing', () => {
  it('the write lock held past the busy timeout at the hold', async () => {
    const { key, record } = await issueKey(store, { credits: CREDITS });
    const r = await whileWriteLocked(() => call(key));
    expect([r.status, r.code]).toEqual([503, 'store_unavailable']);
    await expectSettled(record.id, CREDITS);
    const again = await call(key);
    expect(again.status).toBe(200);
    expect(await store.wallets.balance(record.id)).toBe(CREDITS - Number(again.charged));
  });

  it('the write lock taken between the hold and the capture: the hold is released once the lock goes', async () => {
    const { key, record } = await issueKey(store, { credits: CREDITS });
    const capture = store.wallets.capture;
    store.wallets.capture = async (...args) => {
      other.exec('BEGIN IMMEDIATE');
      setTimeout(() => other.exec('ROLLBACK'), 3 * STORE_RECOVERY_RETRY_MS).unref();
      return capture(...args);
    };
    try {
      const r = await call(key);
      expect([r.status, r.code]).toEqual([503, 'store_unavailable']);
      // While the lock is held the hold cannot be released yet; it is, once the lock goes.
      await expectSettled(record.id, CREDITS);
    } finally {
      store.wallets.capture = capture;
    }
    // Not a half-settled call: the ledger holds a hold and its release, no capture.
    const kinds = (await store.wallets.ledger(record.id)).map((e) => e.kind);
    expect(kinds).toEqual(['topup', 'hold', 'release']);
  });

  it('the write lock held at the Idempotency-Key claim: a retry with the same key runs once the store is back', async () => {
    const { key, record } = await issueKey(store, { credits: CREDITS });
    const headers = { 'idempotency-key': 'outage-claim-1' };
    const r = await whileWriteLocked(() => call(key, headers));
    expect([r.status, r.code]).toEqual([503, 'store_unavailable']);
    await expectSettled(record.id, CREDITS);
    const retry = await call(key, headers);
    expect(retry.status).toBe(200);
  });

  it('the write lock held at the demo reservation', async () => {
    const r = await whileWriteLocked(() => call(null));
    expect([r.status, r.code]).toEqual([503, 'store_unavailable']);
    expect((await call(null)).status).toBe(200);
  });
});

describe('isStoreOutage', () => {
  it('reads SQLite extended result codes by their primary code, and nothing else as an outage', () => {
    const sqliteError = (code: string) => Object.assign(new Error(code), { code });
    for (const code of [
      'SQLITE_BUSY',
      'SQLITE_BUSY_SNAPSHOT',
      'SQLITE_IOERR_WRITE',
      'SQLITE_FULL',
      'SQLITE_READONLY_DBMOVED',
      'SQLITE_CANTOPEN',
    ])
      expect(isStoreOutage(sqliteError(code)), code).toBe(true);
    for (const code of ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_ERROR', 'SQLITE_MISMATCH', 'SQLITE_BUSYNESS'])
      expect(isStoreOutage(sqliteError(code)), code).toBe(false);
  });
});
