/**
 * One `serve` per SQLite file (docs/deploy.md#one-server-per-sqlite-file): two BUILT binaries on
 * the same file, the second refused with exit 2 and one stderr line, while the first keeps its
 * holds; a lock left by a killed server is taken over. Plus the lock itself, in-process.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetToDir } from '../../src/io/save.js';
import { serveLockPathOf, takeServeLock } from '../../src/store/serve-lock.js';
import { ensureBuilt, hasStack, runBuilt } from '../helpers/built-cli.js';
import { spawnServe } from '../helpers/serve-process.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-serve-lock-'));
const datasetDir = join(dir, 'tiny');
beforeAll(() => {
  ensureBuilt();
  datasetToDir(tinyDataset(), datasetDir);
}, 600_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A pid no process has: a child that already exited. */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '0']).pid;

describe('halfspace serve on a SQLite file another serve holds', () => {
  it('refuses the second server with exit 2 and one line, and the first keeps serving with its holds', async () => {
    const db = join(dir, 'shared.db');
    const first = await spawnServe(['--db', db, '--dataset', datasetDir, '--render-workers', '0']);
    try {
      const created = await runBuilt(['keys', 'create', '--credits', '20', '--db', db, '--json']);
      expect(created.code).toBe(0);
      const { key } = JSON.parse(created.stdout);
      const second = await runBuilt(['serve', '--port', '0', '--db', db, '--dataset', datasetDir]);
      expect(second.code).toBe(2);
      const lines = second.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`already served by process ${first.pid}`);
      expect(lines[0]).toContain('--db');
      expect(hasStack(second.stderr)).toBe(false);
      expect(second.stdout).not.toContain('listening on');
      // The first server is untouched: it answers, and a paid call is charged from the key's wallet.
      const res = await fetch(`${first.url}/api/v1/verdict`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBeLessThan(500);
      expect(res.headers.get('x-svc-wallet-balance')).not.toBeNull();
    } finally {
      await first.stop();
    }
    // A clean stop removes the lock, so the next server starts.
    expect(existsSync(serveLockPathOf(db))).toBe(false);
    const next = await spawnServe(['--db', db, '--dataset', datasetDir, '--render-workers', '0']);
    expect(JSON.parse(readFileSync(serveLockPathOf(db), 'utf8')).pid).toBe(next.pid);
    await next.stop();
    expect(existsSync(serveLockPathOf(db))).toBe(false);
  }, 240_000);

  it('takes over the lock of a server that was killed', async () => {
    const db = join(dir, 'killed.db');
    const first = await spawnServe(['--db', db, '--dataset', datasetDir, '--render-workers', '0']);
    await first.kill();
    // kill -9 leaves the lock file behind, naming a process that no longer runs.
    expect(JSON.parse(readFileSync(serveLockPathOf(db), 'utf8')).pid).toBe(first.pid);
    const second = await spawnServe(['--db', db, '--dataset', datasetDir, '--render-workers', '0']);
    try {
      expect(JSON.parse(readFileSync(serveLockPathOf(db), 'utf8')).pid).toBe(second.pid);
    } finally {
      await second.stop();
    }
  }, 240_000);
});

describe('takeServeLock', () => {
  it('refuses a second lock in the same process until the first is released', () => {
    const db = join(dir, 'inproc.db');
    const a = takeServeLock(db);
    expect(a.ok).toBe(true);
    const b = takeServeLock(db);
    expect(b.ok).toBe(false);
    if (!b.ok) expect(b.error.message).toContain(`process ${process.pid}`);
    if (a.ok) a.value.release();
    expect(existsSync(serveLockPathOf(db))).toBe(false);
    const c = takeServeLock(db);
    expect(c.ok).toBe(true);
    if (c.ok) c.value.release();
  });

  it('takes over a lock whose process is dead or whose file is unreadable, never one of a live process', () => {
    const db = join(dir, 'stale.db');
    const path = serveLockPathOf(db);
    for (const content of [
      JSON.stringify({ pid: deadPid(), host: hostname(), token: 'x', started: 'then' }),
      'not json',
    ]) {
      writeFileSync(path, content);
      const taken = takeServeLock(db);
      expect(taken.ok).toBe(true);
      if (taken.ok) {
        expect(JSON.parse(readFileSync(path, 'utf8')).pid).toBe(process.pid);
        taken.value.release();
      }
    }
    // The parent of this test process is alive: its lock stands.
    writeFileSync(path, JSON.stringify({ pid: process.ppid, host: hostname(), token: 'y', started: 'now' }));
    const refused = takeServeLock(db);
    expect(refused.ok).toBe(false);
    expect(readFileSync(path, 'utf8')).toContain('"token":"y"');
    rmSync(path);
  });
});
