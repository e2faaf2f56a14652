/**
 * Async hd card jobs survive a restart: service A queues jobs over a SQLite file and stops before
 * they finish; service B opens the same file, resumes, and finishes them under the original holds
 * (one capture each), or fails them with one release when their 15-minute hold has lapsed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { encodePng } from '../../src/cards/png.js';
import { Engine } from '../../src/engine.js';
import { ok } from '../../src/errors.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import { OPERATIONS, type Operation } from '../../src/service/contract/operations.js';
import { createService, JOB_HOLD_TTL_MS, type Service, type ServiceRequest } from '../../src/service/service.js';
import { memoryStore } from '../../src/store/memory/store.js';
import type { ServiceStore } from '../../src/store/ports.js';
import { sqliteStore } from '../../src/store/sqlite/store.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';
import { fakeOperations, noEngine } from './fake.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-resume-'));
let files = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NOON = new Date('2026-03-01T12:00:00Z');
const at = (ms: number) => new Date(NOON.getTime() + ms);
const engine = Engine.open({ dataset: tinyDataset() });
const cards = OPERATIONS.find((op) => op.id === 'cards')!;

/** A solid 4×4 PNG whose colour tells uploads apart. */
const pngOf = (red: number) =>
  new Uint8Array(
    encodePng(
      new Uint8Array(4 * 4 * 4).map((_, i) => (i % 4 === 0 ? red : i % 4 === 3 ? 255 : 40)),
      4,
      4,
    ),
  );

/** The real operation table with the cards operation wrapped: it records each run's style and photo, and waits for `gate` when given. */
function recordingCards(gate?: Promise<void>) {
  const runs: { style: string; photo: number[] | null }[] = [];
  let entered!: () => void;
  const started = new Promise<void>((r) => (entered = r));
  const operations: Operation[] = OPERATIONS.map((op) =>
    op !== cards
      ? op
      : {
          ...op,
          async run(ctx) {
            runs.push({
              style: (ctx.body as { style: string }).style,
              photo: ctx.photo ? Array.from(ctx.photo) : null,
            });
            entered();
            if (gate) await gate;
            return op.run(ctx);
          },
        },
  );
  return { operations, runs, started };
}

interface Side {
  store: ServiceStore;
  service: Service;
  fetched: string[];
}

/** A service over `file` with a fixed clock; photo_url downloads return `photo` and are recorded. */
function open(file: string, now: Date, operations: readonly Operation[], photo = pngOf(200)): Side {
  const store = sqliteStore(file);
  const fetched: string[] = [];
  const service = createService({
    engine,
    store,
    baseUrl: 'http://h',
    clock: () => now,
    operations,
    fetchPhoto: async (url) => {
      fetched.push(url);
      return ok(photo);
    },
  });
  return { store, service, fetched };
}

const post = (service: Service, key: string, body: unknown, more: Partial<ServiceRequest> = {}) =>
  service.handle({
    method: 'POST',
    path: '/api/v1/cards',
    authorization: `Bearer ${key}`,
    body,
    clientIp: '127.0.0.1',
    ...more,
  });
const poll = async (service: Service, key: string, jobId: string) =>
  JSON.parse(
    (await service.handle({ method: 'GET', path: `/api/v1/cards/jobs/${jobId}`, authorization: `Bearer ${key}` }))
      .body as string,
  );
const jobIdOf = (r: { status: number; body: string | Uint8Array }) => {
  expect(r.status, r.body as string).toBe(202);
  return JSON.parse(r.body as string).job_id as string;
};
const entriesOfHold = async (store: ServiceStore, wallet: string, holdId: number) =>
  (await store.wallets.ledger(wallet)).filter((e) => e.hold_id === holdId).map((e) => [e.kind, e.amount]);

/**
 * Service A over a new file queues an uploaded-photo job at NOON and a photo_url job a second
 * later; the first blocks inside the renderer forever, so A "stops" with one job running and one
 * queued. Returns the file, the key and the two job ids.
 */
async function crashedServer(upload: Uint8Array) {
  const file = join(dir, `r${files++}.db`);
  const gate = new Promise<void>(() => {});
  const a = recordingCards(gate);
  let now = NOON;
  const store = sqliteStore(file);
  const service = createService({ engine, store, baseUrl: 'http://h', clock: () => now, operations: a.operations });
  const issued = await issueKey(store, { credits: 100, now: NOON });
  const first = jobIdOf(await post(service, issued.key, { player_id: 1, style: 'fifa_viral' }, { photo: upload }));
  now = at(1000);
  const second = jobIdOf(
    await post(service, issued.key, { player_id: 1, style: 'collage', photo_url: 'https://photos.example/me.png' }),
  );
  await a.started;
  expect((await store.jobs.get(first))?.status).toBe('running');
  expect((await store.jobs.get(second))?.status).toBe('queued');
  // A stops here: its first job never returns and nothing of A touches the file again.
  await store.close();
  return { file, key: issued.key, wallet: issued.record.id, first, second, aRuns: a.runs };
}

describe('service.resume over a SQLite file', () => {
  it('finishes the jobs a stopped server left, in created order, with the stored photo, one capture each', async () => {
    const upload = pngOf(10);
    const crashed = await crashedServer(upload);
    expect(crashed.aRuns.map((r) => r.style)).toEqual(['fifa_viral']);
    // The second run fetches its photo_url again; B's download returns this PNG.
    const refetched = pngOf(250);
    const b = recordingCards();
    const side = open(crashed.file, at(2 * 60 * 1000), b.operations, refetched);
    const heldBefore = await side.store.wallets.balance(crashed.wallet);
    // 100 − 40 − 40 = 20 held while both jobs wait.
    expect(heldBefore).toBe(20);
    const firstJob = (await side.store.jobs.get(crashed.first))!;
    const secondJob = (await side.store.jobs.get(crashed.second))!;

    expect(await side.service.resume()).toEqual({ resumed: 2, failed: 0 });
    await side.service.idle();

    expect(b.runs).toEqual([
      { style: 'fifa_viral', photo: Array.from(upload) },
      { style: 'collage', photo: Array.from(refetched) },
    ]);
    expect(side.fetched).toEqual(['https://photos.example/me.png']);
    for (const id of [crashed.first, crashed.second]) {
      const done = await poll(side.service, crashed.key, id);
      expect(done.status, JSON.stringify(done)).toBe('succeeded');
      expect(done.credits_charged).toBe(40);
      const name = /^http:\/\/h\/images\/([0-9a-f]{64}\.png)$/.exec(done.result.image_url)![1];
      const image = await side.service.image(name);
      expect(image.status).toBe(200);
      expect(Array.from((image.body as Uint8Array).subarray(0, 4))).toEqual([0x89, 0x50, 0x4e, 0x47]);
    }
    // Each original hold captured once and nothing re-held: the balance stays 100 − 80 = 20.
    expect(await entriesOfHold(side.store, crashed.wallet, firstJob.hold_id)).toEqual([
      ['hold', -40],
      ['capture', 0],
    ]);
    expect(await entriesOfHold(side.store, crashed.wallet, secondJob.hold_id)).toEqual([
      ['hold', -40],
      ['capture', 0],
    ]);
    expect((await side.store.wallets.ledger(crashed.wallet)).map((e) => e.kind)).toEqual([
      'topup',
      'hold',
      'hold',
      'capture',
      'capture',
    ]);
    expect(await side.store.wallets.balance(crashed.wallet)).toBe(20);
    // Nothing left to resume, and the uploaded photo is gone from the file.
    expect(await side.service.resume()).toEqual({ resumed: 0, failed: 0 });
    await side.store.close();
    const raw = new Database(crashed.file, { readonly: true });
    expect(raw.prepare('SELECT COUNT(*) AS n FROM jobs WHERE photo IS NOT NULL').get()).toEqual({ n: 0 });
    raw.close();
  });

  it('fails for good a job that stopped its server twice, releasing its hold once, instead of resuming it again', async () => {
    const crashed = await crashedServer(pngOf(10));
    // Server B resumes the job and stops inside its render too (a native abort does just this).
    const gate = new Promise<void>(() => {});
    const b = recordingCards(gate);
    const sideB = open(crashed.file, at(60 * 1000), b.operations);
    const firstJob = (await sideB.store.jobs.get(crashed.first))!;
    expect(await sideB.service.resume()).toEqual({ resumed: 2, failed: 0 });
    await b.started;
    expect((await sideB.store.jobs.get(crashed.first))?.status).toBe('running');
    await sideB.store.close();

    const c = recordingCards();
    const sideC = open(crashed.file, at(2 * 60 * 1000), c.operations);
    expect(await sideC.service.resume()).toEqual({ resumed: 1, failed: 1 });
    await sideC.service.idle();
    expect(c.runs.map((r) => r.style)).toEqual(['collage']);
    const failed = await poll(sideC.service, crashed.key, crashed.first);
    expect(failed).toMatchObject({ status: 'failed', credits_charged: 0, error: { code: 'internal_error' } });
    expect(failed.error.detail).toMatch(/stopped its server 2 times/);
    expect(await sideC.service.resume()).toEqual({ resumed: 0, failed: 0 });
    expect(await entriesOfHold(sideC.store, crashed.wallet, firstJob.hold_id)).toEqual([
      ['hold', -40],
      ['release', 40],
    ]);
    // 100 − 40 (the collage job captured); the job that stopped two servers cost nothing.
    expect(await sideC.store.wallets.balance(crashed.wallet)).toBe(60);
    await sideC.store.close();
  });

  it('fails a job whose hold lapsed before the restart and releases it exactly once', async () => {
    const crashed = await crashedServer(pngOf(10));
    const b = recordingCards();
    // The second job was queued at NOON + 1 s, so at NOON + 15 min only the first hold has lapsed.
    const side = open(crashed.file, at(JOB_HOLD_TTL_MS), b.operations);
    const firstJob = (await side.store.jobs.get(crashed.first))!;

    expect(await side.service.resume()).toEqual({ resumed: 1, failed: 1 });
    await side.service.idle();
    expect(b.runs.map((r) => r.style)).toEqual(['collage']);
    const failed = await poll(side.service, crashed.key, crashed.first);
    expect(failed).toMatchObject({ status: 'failed', credits_charged: 0, error: { code: 'internal_error' } });
    expect((await poll(side.service, crashed.key, crashed.second)).status).toBe('succeeded');
    // A second resume and more polls change nothing: one release for the lapsed hold.
    expect(await side.service.resume()).toEqual({ resumed: 0, failed: 0 });
    await poll(side.service, crashed.key, crashed.first);
    expect(await entriesOfHold(side.store, crashed.wallet, firstJob.hold_id)).toEqual([
      ['hold', -40],
      ['release', 40],
    ]);
    // 100 − 40 (second job captured); the lapsed job cost nothing.
    expect(await side.store.wallets.balance(crashed.wallet)).toBe(60);
    await side.store.close();
  });

  it('leaves a job failed by a poll (no resume) to that poll alone: one release, the balance back', async () => {
    const crashed = await crashedServer(pngOf(10));
    const b = recordingCards();
    // Past both holds (NOON + 1 s + 15 min): the poll fails the first job without any resume.
    const side = open(crashed.file, at(JOB_HOLD_TTL_MS + 1000), b.operations);
    const firstJob = (await side.store.jobs.get(crashed.first))!;
    expect((await poll(side.service, crashed.key, crashed.first)).status).toBe('failed');
    // Resume then fails only the second, and never the first again.
    expect(await side.service.resume()).toEqual({ resumed: 0, failed: 1 });
    await side.service.idle();
    expect(b.runs).toEqual([]);
    expect(await entriesOfHold(side.store, crashed.wallet, firstJob.hold_id)).toEqual([
      ['hold', -40],
      ['release', 40],
    ]);
    expect((await side.store.wallets.ledger(crashed.wallet)).map((e) => e.kind)).toEqual([
      'topup',
      'hold',
      'hold',
      'release',
      'release',
    ]);
    expect(await side.store.wallets.balance(crashed.wallet)).toBe(100);
    await side.store.close();
  });

  it('fails and releases a job no operation of this server can run', async () => {
    const crashed = await crashedServer(pngOf(10));
    // A table without the cards operation (fakeOperations has no job operation).
    const side = open(crashed.file, at(60_000), fakeOperations());
    expect(await side.service.resume()).toEqual({ resumed: 0, failed: 2 });
    expect(await poll(side.service, crashed.key, crashed.first)).toMatchObject({
      status: 'failed',
      credits_charged: 0,
    });
    expect(await side.store.wallets.balance(crashed.wallet)).toBe(100);
    await side.store.close();
  });
});

/** The fake echo operation as a job (40 credits when `hd`), gated. */
function gatedJobs() {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let runs = 0;
  const [echo] = fakeOperations(async () => {
    runs++;
    await gate;
  });
  const operations: Operation[] = [{ ...echo, isJob: (body) => (body as { hd?: boolean }).hd === true }];
  return { operations, release, runs: () => runs };
}

describe('service.resume in the process that queued the jobs', () => {
  it('never queues its own jobs twice', async () => {
    const store = memoryStore();
    const g = gatedJobs();
    const service = createService({
      engine: noEngine,
      store,
      baseUrl: 'http://h',
      clock: () => NOON,
      operations: g.operations,
    });
    const issued = await issueKey(store, { credits: 100, now: NOON });
    const call = () =>
      service.handle({
        method: 'POST',
        path: '/api/v1/test/echo',
        authorization: `Bearer ${issued.key}`,
        body: { outcome: 'ok', hd: true },
      });
    const first = jobIdOf(await call());
    const second = jobIdOf(await call());
    expect(await service.resume()).toEqual({ resumed: 0, failed: 0 });
    g.release();
    await service.idle();
    expect(g.runs()).toBe(2);
    expect((await store.jobs.get(first))?.status).toBe('succeeded');
    expect((await store.jobs.get(second))?.status).toBe('succeeded');
    // 100 − 40 − 40 = 20, each hold captured once.
    expect((await store.wallets.ledger(issued.record.id)).map((e) => e.kind)).toEqual([
      'topup',
      'hold',
      'hold',
      'capture',
      'capture',
    ]);
    expect(await store.wallets.balance(issued.record.id)).toBe(20);
  });

  it('fails a job that waited in the queue past its hold instead of running it', async () => {
    const store = memoryStore();
    const g = gatedJobs();
    let now = NOON;
    const service = createService({
      engine: noEngine,
      store,
      baseUrl: 'http://h',
      clock: () => now,
      operations: g.operations,
    });
    const issued = await issueKey(store, { credits: 100, now: NOON });
    const call = () =>
      service.handle({
        method: 'POST',
        path: '/api/v1/test/echo',
        authorization: `Bearer ${issued.key}`,
        body: { outcome: 'ok', hd: true },
      });
    const first = jobIdOf(await call());
    const second = jobIdOf(await call());
    await new Promise((r) => setTimeout(r, 5));
    // The first job is inside the operation; the second waits behind it until its hold lapses.
    now = at(JOB_HOLD_TTL_MS);
    g.release();
    await service.idle();
    expect(g.runs()).toBe(1);
    expect((await store.jobs.get(first))?.status).toBe('succeeded');
    expect(JSON.parse((await store.jobs.get(second))!.result!)).toMatchObject({ code: 'internal_error' });
    // 100 − 40 captured; the second 40 released: 60.
    expect((await store.wallets.ledger(issued.record.id)).map((e) => e.kind)).toEqual([
      'topup',
      'hold',
      'hold',
      'capture',
      'release',
    ]);
    expect(await store.wallets.balance(issued.record.id)).toBe(60);
  });
});

describe('a job whose hold lapses while it runs', () => {
  it('is never recorded as succeeded and charged when the expiry sweep already returned its credits', async () => {
    let release!: () => void;
    const b = recordingCards(new Promise<void>((r) => (release = r)));
    let now = NOON;
    const store = memoryStore();
    const service = createService({ engine, store, baseUrl: 'http://h', clock: () => now, operations: b.operations });
    const issued = await issueKey(store, { credits: 100, now: NOON });
    const jobId = jobIdOf(await post(service, issued.key, { player_id: 1, style: 'fifa_viral' }, { photo: pngOf(30) }));
    await b.started;
    // The render is stuck past the 15-minute hold; the sweep (run by any paid call) releases it.
    now = at(JOB_HOLD_TTL_MS + 1);
    expect(await store.wallets.expireHolds(now.toISOString())).toBe(1);
    // A poll meanwhile leaves the job to the process running it.
    expect(await poll(service, issued.key, jobId)).toMatchObject({ status: 'running' });
    release();
    await service.idle();
    expect(await poll(service, issued.key, jobId)).toMatchObject({
      status: 'failed',
      credits_charged: 0,
      error: { code: 'internal_error' },
    });
    // 100 − 40 held + 40 released = 100; no capture anywhere.
    expect(await store.wallets.balance(issued.record.id)).toBe(100);
    expect((await store.wallets.ledger(issued.record.id)).map((e) => e.kind)).toEqual(['topup', 'hold', 'release']);
  });
});

describe('service.stop', () => {
  it('finishes the job running now and leaves the queued ones, holds open, for the next process', async () => {
    const { operations, release, runs } = gatedJobs();
    const store = memoryStore();
    const a = createService({ engine: noEngine, store, baseUrl: 'http://h', clock: () => NOON, operations });
    const issued = await issueKey(store, { credits: 200, now: NOON });
    const call = () =>
      a.handle({
        method: 'POST',
        path: '/api/v1/test/echo',
        authorization: `Bearer ${issued.key}`,
        body: { outcome: 'ok', hd: true },
      });
    const ids = [jobIdOf(await call()), jobIdOf(await call()), jobIdOf(await call())];
    await new Promise((r) => setTimeout(r, 5));
    const stopped = a.stop();
    release();
    await stopped;
    expect(runs()).toBe(1);
    expect((await store.jobs.get(ids[0]))?.status).toBe('succeeded');
    expect((await store.jobs.unfinished()).map((j) => [j.job_id, j.status])).toEqual([
      [ids[1], 'queued'],
      [ids[2], 'queued'],
    ]);
    // 200 − 3 × 40 held = 80; the first captured, the other two still held.
    expect((await store.wallets.ledger(issued.record.id)).map((e) => e.kind)).toEqual([
      'topup',
      'hold',
      'hold',
      'hold',
      'capture',
    ]);
    expect(await store.wallets.balance(issued.record.id)).toBe(80);
    // The next process takes them over and finishes them under the same holds.
    const b = createService({ engine: noEngine, store, baseUrl: 'http://h', clock: () => NOON, operations });
    expect(await b.resume()).toEqual({ resumed: 2, failed: 0 });
    await b.idle();
    expect(runs()).toBe(3);
    expect((await store.wallets.ledger(issued.record.id)).map((e) => e.kind)).toEqual([
      'topup',
      'hold',
      'hold',
      'hold',
      'capture',
      'capture',
      'capture',
    ]);
    expect(await store.wallets.balance(issued.record.id)).toBe(80);
  });
});
