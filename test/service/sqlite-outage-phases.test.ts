/**
 * SQLite failing under a real server at the phases sqlite-outage.test.ts does not reach: the key
 * lookup (auth) and the hd card job (its hold, its record, its run and its capture). Writes fail
 * as there: another connection holds the write lock past the busy timeout (SQLITE_BUSY). A WAL
 * reader is never blocked by a lock, so the key lookup fails as a disk read error does: the driver
 * throws SQLite's SQLITE_IOERR_READ for statements on the keys table while the fault is on. Each
 * call answers 503 `store_unavailable` with nothing charged, or its job ends failed; the process
 * stays up, and once the store is back no hold stays open and the wallet equals its ledger
 * (docs/errors.md#error-store_unavailable, docs/deploy.md#crashes-outages-and-resource-limits).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { listen, type Listening } from '../../src/http/node.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import { createService } from '../../src/service/service.js';
import { STORE_RECOVERY_RETRY_MS } from '../../src/service/store-outage.js';
import type { ServiceStore } from '../../src/store/ports.js';
import { type SqliteDatabase, sqliteDriver } from '../../src/store/sqlite/driver.js';
import { sqliteStoreOver } from '../../src/store/sqlite/store.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

const engine = Engine.open({ dataset: tinyDataset() });
const dir = mkdtempSync(join(tmpdir(), 'halfspace-sqlite-outage-phases-'));
const file = join(dir, 'svc.db');
const CREDITS = 1_000;
const HD_CREDITS = 40;
let store: ServiceStore;
let server: Listening;
/** A second connection to the same file: the other process that takes the write lock. */
let other: Database.Database;
/** While true, every statement on the keys table fails as a disk read error does. */
let keysUnreadable = false;

/** SQLite's error for a failed read, as better-sqlite3 throws it. */
const readError = () => Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_READ' });

/** A statement that throws {@link readError} when it runs while the keys table is unreadable. */
function faultyStatement<T extends object>(statement: T, sql: string): T {
  const touchesKeys = /api_keys|data_version/.test(sql);
  return new Proxy(statement, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (touchesKeys && keysUnreadable && ['get', 'all', 'run', 'iterate'].includes(String(name))) throw readError();
        const result: unknown = Reflect.apply(value, target, args);
        // pluck() and raw() answer the statement itself: keep it faulty.
        return result === target ? faultyStatement(target, sql) : result;
      };
    },
  });
}

/** The database with {@link faultyStatement}s: only statements prepared through it can fail. */
function faultyDatabase(db: SqliteDatabase): SqliteDatabase {
  return new Proxy(db, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name, target);
      if (name === 'prepare') return (sql: string) => faultyStatement(target.prepare(sql) as unknown as object, sql);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

beforeAll(async () => {
  const db = sqliteDriver('better-sqlite3').open(file);
  store = sqliteStoreOver(faultyDatabase(db));
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

async function post(path: string, key: string, body: object) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code?: string; job_id?: string };
  return { status: res.status, code: json.code, jobId: json.job_id, charged: res.headers.get('x-svc-credits-charged') };
}

const hdCard = (key: string) => post('/api/v1/cards', key, { player_name: 'Anton Berg', style: 'fifa_viral' });

/** Waits until the store is back and the recovery queue has done its writes: no open hold, ledger = balance. */
async function expectSettled(walletId: string, balance: number) {
  let holds = -1;
  for (let tries = 0; tries < 40 && holds !== 0; tries++) {
    await new Promise((resolve) => setTimeout(resolve, STORE_RECOVERY_RETRY_MS / 2));
    holds = (await store.wallets.openHolds(walletId)).length;
  }
  expect(holds, 'holds left open after the store came back').toBe(0);
  expect(await store.wallets.balance(walletId)).toBe(balance);
  const ledger = await store.wallets.ledger(walletId);
  expect(ledger.reduce((sum, e) => sum + e.amount, 0)).toBe(balance);
}

/** Polls a job until it finishes; its final status. */
async function finished(key: string, jobId: string): Promise<string> {
  for (let tries = 0; tries < 200; tries++) {
    const res = await fetch(`${server.url}/api/v1/cards/jobs/${jobId}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    if (res.status === 200) {
      const job = (await res.json()) as { status: string };
      if (job.status === 'succeeded' || job.status === 'failed') return job.status;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${jobId} did not finish`);
}

/** Resolves once the lock {@link lockForAWhile} took is let go. */
let unlocked: Promise<void> = Promise.resolve();

/** Takes the write lock now and lets it go after three recovery retries. */
function lockForAWhile() {
  other.exec('BEGIN IMMEDIATE');
  unlocked = new Promise((resolve) =>
    setTimeout(() => {
      other.exec('ROLLBACK');
      resolve();
    }, 3 * STORE_RECOVERY_RETRY_MS),
  );
}

// A test that failed early must not leave the lock to the next one.
afterEach(() => unlocked);

describe('a SQLite outage at the key lookup', () => {
  it('answers 503 store_unavailable, holds nothing, and the next call runs once the store reads again', async () => {
    const { key, record } = await issueKey(store, { credits: CREDITS });
    keysUnreadable = true;
    let r: Awaited<ReturnType<typeof post>>;
    try {
      r = await post('/api/v1/intelligence/player', key, { name: 'Anton Berg' });
    } finally {
      keysUnreadable = false;
    }
    expect([r.status, r.code]).toEqual([503, 'store_unavailable']);
    expect((await store.wallets.ledger(record.id)).map((e) => e.kind)).toEqual(['topup']);
    const again = await post('/api/v1/intelligence/player', key, { name: 'Anton Berg' });
    expect(again.status).toBe(200);
    await expectSettled(record.id, CREDITS - Number(again.charged));
  });
});

describe('a SQLite outage in an hd card job', () => {
  it('the write lock held at the job’s hold: 503, nothing held', async () => {
    const { key, record } = await issueKey(store, { credits: CREDITS });
    other.exec('BEGIN IMMEDIATE');
    let r: Awaited<ReturnType<typeof hdCard>>;
    try {
      r = await hdCard(key);
    } finally {
      other.exec('ROLLBACK');
    }
    expect([r.status, r.code]).toEqual([503, 'store_unavailable']);
    await expectSettled(record.id, CREDITS);
    expect((await store.wallets.ledger(record.id)).map((e) => e.kind)).toEqual(['topup']);
  });

  it('the write lock taken between the hold and the job record: 503, the hold released once the lock goes', async () => {
    const { key, record } = await issueKey(store, { credits: CREDITS });
    const create = store.jobs.create;
    store.jobs.create = async (...args) => {
      lockForAWhile();
      return create(...args);
    };
    let r: Awaited<ReturnType<typeof hdCard>>;
    try {
      r = await hdCard(key);
    } finally {
      store.jobs.create = create;
    }
    expect([r.status, r.code]).toEqual([503, 'store_unavailable']);
    await expectSettled(record.id, CREDITS);
    expect((await store.wallets.ledger(record.id)).map((e) => e.kind)).toEqual(['topup', 'hold', 'release']);
  });

  it('the write lock taken as the job starts running: the job fails and its hold is released', async () => {
    const { key, record } = await issueKey(store, { credits: CREDITS });
    const update = store.jobs.update;
    store.jobs.update = async (jobId, status, ...rest) => {
      if (status === 'running') {
        store.jobs.update = update;
        lockForAWhile();
      }
      return update(jobId, status, ...rest);
    };
    try {
      const r = await hdCard(key);
      expect([r.status, r.charged]).toEqual([202, '0']);
      await expectSettled(record.id, CREDITS);
      expect(await finished(key, r.jobId!)).toBe('failed');
    } finally {
      store.jobs.update = update;
    }
    expect((await store.wallets.ledger(record.id)).map((e) => e.kind)).toEqual(['topup', 'hold', 'release']);
  });

  it('the write lock taken at the job’s capture: the job fails, nothing is charged', async () => {
    const { key, record } = await issueKey(store, { credits: CREDITS });
    const capture = store.wallets.capture;
    store.wallets.capture = async (...args) => {
      store.wallets.capture = capture;
      lockForAWhile();
      return capture(...args);
    };
    try {
      const r = await hdCard(key);
      expect([r.status, r.charged]).toEqual([202, '0']);
      expect(await finished(key, r.jobId!)).toBe('failed');
      await expectSettled(record.id, CREDITS);
    } finally {
      store.wallets.capture = capture;
    }
    expect((await store.wallets.ledger(record.id)).map((e) => e.kind)).toEqual(['topup', 'hold', 'release']);
    // The store is back: the next job renders and is charged once.
    const { key: next, record: nextRecord } = await issueKey(store, { credits: CREDITS });
    const ok = await hdCard(next);
    expect(await finished(next, ok.jobId!)).toBe('succeeded');
    await expectSettled(nextRecord.id, CREDITS - HD_CREDITS);
  });
});
