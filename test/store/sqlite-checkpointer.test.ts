import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SQLITE_CHECKPOINT_INTERVAL_MS } from '../../src/store/sqlite/checkpointer.js';
import { sqliteStore } from '../../src/store/sqlite/store.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-checkpointer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sizeOf = (file: string) => statSync(file, { throwIfNoEntry: false })?.size ?? 0;
const IMAGE_BYTES = 3 * 1024 * 1024;

describe('sqlite store with background checkpoints (a server store)', () => {
  it('never checkpoints on the committing connection; the worker folds the log into the file on its timer', async () => {
    const file = join(dir, 'background.db');
    const store = sqliteStore(file, { checkpoints: 'background' });
    const before = sizeOf(file);
    await store.images.put('a'.repeat(64), randomBytes(IMAGE_BYTES));
    // Right after the commit the image is in the log only: the commit did not copy it into the file.
    expect(sizeOf(`${file}-wal`)).toBeGreaterThan(IMAGE_BYTES);
    expect(sizeOf(file)).toBeLessThan(before + IMAGE_BYTES);
    const deadline = Date.now() + 10 * SQLITE_CHECKPOINT_INTERVAL_MS;
    while (sizeOf(file) < before + IMAGE_BYTES && Date.now() < deadline) await sleep(100);
    // The worker's checkpoint copied the image's pages into the database file.
    expect(sizeOf(file)).toBeGreaterThan(before + IMAGE_BYTES);
    expect((await store.images.get('a'.repeat(64)))?.length).toBe(IMAGE_BYTES);
    await store.close();
    // Closed, the server's connection was the last one: SQLite folded the log in and removed it.
    expect(existsSync(`${file}-wal`)).toBe(false);
    const reopened = sqliteStore(file);
    expect((await reopened.images.get('a'.repeat(64)))?.length).toBe(IMAGE_BYTES);
    await reopened.close();
  });

  it('inline (the default) keeps SQLite checkpointing on commit: nothing runs beside the connection', async () => {
    const file = join(dir, 'inline.db');
    const store = sqliteStore(file);
    await store.images.put('b'.repeat(64), randomBytes(IMAGE_BYTES));
    await sleep(2 * SQLITE_CHECKPOINT_INTERVAL_MS);
    // Under the inline policy's page threshold, the image stays in the log until close.
    expect(sizeOf(`${file}-wal`)).toBeGreaterThan(IMAGE_BYTES);
    expect(sizeOf(file)).toBeLessThan(IMAGE_BYTES);
    await store.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('closes promptly when its file was removed under it', async () => {
    const file = join(dir, 'removed.db');
    const store = sqliteStore(file, { checkpoints: 'background' });
    rmSync(file);
    const t0 = Date.now();
    await store.close();
    expect(Date.now() - t0).toBeLessThan(4_000);
  });
});
