/**
 * Two `halfspace serve` replicas (the built binary, two processes) on one PostgreSQL database
 * (issue #16): the per-key rate limit holds in total, not once per replica, and an unfinished hd
 * job is resumed by exactly one of them (job leases).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetToDir } from '../../src/io/save.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import { postgresStore } from '../../src/store/postgres/store.js';
import { ensureBuilt, runBuilt } from '../helpers/built-cli.js';
import { postgresUnavailable, usePostgres } from '../helpers/postgres.js';
import { spawnServe, type ServeProcess } from '../helpers/serve-process.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

if (postgresUnavailable) console.warn(`[cli/replicas.postgres] skipped: ${postgresUnavailable}`);

describe.skipIf(postgresUnavailable !== null)('two serve replicas on one PostgreSQL database', () => {
  const pgServer = usePostgres();
  const dir = mkdtempSync(join(tmpdir(), 'halfspace-replicas-'));
  const datasetDir = join(dir, 'tiny');
  const running: ServeProcess[] = [];
  beforeAll(() => {
    datasetToDir(tinyDataset(), datasetDir);
    ensureBuilt();
  }, 300_000);
  afterAll(async () => {
    await Promise.all(running.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  });
  const replica = async (db: string, ...args: string[]) => {
    const s = await spawnServe([
      '--db',
      db,
      '--dataset',
      datasetDir,
      '--render-workers',
      '0',
      '--log-format',
      'off',
      ...args,
    ]);
    running.push(s);
    return s;
  };

  it('hold one shared rate limit: a key gets its burst once in total, not once per replica', async () => {
    const db = await pgServer.database();
    const created = await runBuilt(['keys', 'create', '--credits', '100', '--db', db, '--json']);
    expect(created.code, created.stderr).toBe(0);
    const { key } = JSON.parse(created.stdout);
    // 1 request/s after a burst of 10: per-process limits would let 20 through at once.
    const [a, b] = await Promise.all([
      replica(db, '--rate-limit', '1', '--rate-burst', '10'),
      replica(db, '--rate-limit', '1', '--rate-burst', '10'),
    ]);
    const started = Date.now();
    const statuses: { replica: string; status: number }[] = [];
    for (let i = 0; i < 40; i++) {
      const target = i % 2 === 0 ? a : b;
      // An empty body is refused (400, nothing charged) only after the rate limit took its token.
      const res = await fetch(`${target.url}/api/v1/verdict`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: '{}',
      });
      statuses.push({ replica: target.url, status: res.status });
      await res.arrayBuffer();
    }
    const seconds = (Date.now() - started) / 1000;
    const allowed = statuses.filter((s) => s.status !== 429).length;
    expect(statuses.every((s) => s.status === 400 || s.status === 429)).toBe(true);
    expect(allowed).toBeGreaterThanOrEqual(10);
    // The burst plus what refilled while the 40 calls ran (1/s), never the 20 of two separate buckets.
    expect(allowed).toBeLessThanOrEqual(10 + Math.ceil(seconds) + 1);
    expect(allowed, `${allowed} allowed in ${seconds} s`).toBeLessThan(20);
    // Each replica refused calls after the other had spent from the shared bucket.
    for (const s of [a, b]) expect(statuses.some((x) => x.replica === s.url && x.status === 429)).toBe(true);
  }, 120_000);

  it('resume an unfinished hd job in exactly one replica; a live lease of a third keeps it, a lapsed one does not', async () => {
    const db = await pgServer.database();
    const store = await postgresStore({ connectionString: db });
    const issued = await issueKey(store, { credits: 100 });
    const now = new Date();
    const request = JSON.stringify({ player_id: 1, style: 'editorial_cover', photo_mode: 'silhouette' });
    const seed = async (jobId: string) => {
      const held = await store.wallets.hold(
        issued.record.id,
        40,
        now.toISOString(),
        new Date(now.getTime() + 15 * 60_000).toISOString(),
        'cards.create job',
      );
      if (!held.ok) throw new Error('hold refused');
      await store.jobs.create({
        job_id: jobId,
        key_id: issued.record.id,
        hold_id: held.hold_id,
        credits: 40,
        status: 'running',
        request,
        result: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
      return held.hold_id;
    };
    const lapsedHold = await seed('job_lapsed');
    await seed('job_leased');
    await store.close();
    // What replicas that died leave: one lease that lapsed a minute ago, one still live for an hour.
    const client = new pg.Client({ connectionString: db });
    await client.connect();
    await client.query(
      "UPDATE halfspace.jobs SET lease_owner = 'dead-host:7#0badf00d', lease_until = $1 WHERE job_id = 'job_lapsed'",
      [new Date(now.getTime() - 60_000).toISOString()],
    );
    await client.query(
      "UPDATE halfspace.jobs SET lease_owner = 'busy-host:9#5eed5eed', lease_until = $1 WHERE job_id = 'job_leased'",
      [new Date(now.getTime() + 3_600_000).toISOString()],
    );

    const [a, b] = await Promise.all([replica(db), replica(db)]);
    const said = [a, b].map((s) => /jobs +(\d+) unfinished hd card job\(s\) resumed/.exec(s.stdout())?.[1] ?? '0');
    expect(said.sort()).toEqual(['0', '1']);

    // The resumed job finishes once, its hold captured once; the leased one is left alone.
    let status = '';
    for (let i = 0; i < 600 && status !== 'succeeded' && status !== 'failed'; i++) {
      status = (await client.query<{ status: string }>("SELECT status FROM halfspace.jobs WHERE job_id = 'job_lapsed'"))
        .rows[0].status;
      if (status === 'running' || status === 'queued') await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe('succeeded');
    const captures = (
      await client.query<{ n: string }>(
        "SELECT COUNT(*) AS n FROM halfspace.ledger WHERE kind = 'capture' AND hold_id = $1",
        [lapsedHold],
      )
    ).rows[0];
    expect(Number(captures.n)).toBe(1);
    const leased = (
      await client.query<{ status: string; lease_owner: string }>(
        "SELECT status, lease_owner FROM halfspace.jobs WHERE job_id = 'job_leased'",
      )
    ).rows[0];
    expect(leased).toEqual({ status: 'running', lease_owner: 'busy-host:9#5eed5eed' });
    const winner = (
      await client.query<{ lease_owner: string }>("SELECT lease_owner FROM halfspace.jobs WHERE job_id = 'job_lapsed'")
    ).rows[0].lease_owner;
    expect(winner).not.toBe('dead-host:7#0badf00d');
    await client.end();
  }, 180_000);
});
