/**
 * @module The lock of a SQLite file served by one `halfspace serve` (docs/deploy.md#one-server-per-sqlite-file):
 * a file `<db>.serve-lock` holding the owner's pid, host and a token. A second server on the same
 * file would release the first one's holds as abandoned at start, so it is refused instead. A lock
 * whose owner is gone (killed, crashed) is taken over.
 */
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import * as z from 'zod';
import { fail, ok, type Result } from '../errors.js';

/** The `code` of a Node system error (EEXIST, EPERM…), undefined for anything else. */
const codeOf = (error: unknown): unknown => (error instanceof Error && 'code' in error ? error.code : undefined);

/** A lock this process holds; `release` is idempotent and leaves a lock another process took alone. */
interface ServeLock {
  readonly path: string;
  release(): void;
}

/** What the lock file records; a `started` that is missing or not text reads as empty. */
const LockOwner = z.object({ pid: z.number(), host: z.string(), token: z.string(), started: z.string().catch('') });
type LockOwner = z.infer<typeof LockOwner>;

/** Lock files this process holds: its own pid in a lock file is live only when listed here. */
const heldHere = new Set<string>();

/** The lock file of a SQLite file. */
export const serveLockPathOf = (dbFile: string): string => `${dbFile}.serve-lock`;

function ownerOf(path: string): LockOwner | null {
  try {
    return LockOwner.safeParse(JSON.parse(readFileSync(path, 'utf8'))).data ?? null;
  } catch {
    // Unreadable or half-written (a crash between open and write): nobody can be proven to own it.
    return null;
  }
}

/**
 * Whether `owner` may still be serving: a process with its pid runs on this host (and is not this
 * process unless this process took it: a restarted container may reuse its predecessor's pid). A lock from
 * another host cannot be checked, so it counts as live.
 */
function isLive(owner: LockOwner, path: string): boolean {
  if (owner.host !== hostname()) return true;
  if (owner.pid === process.pid) return heldHere.has(path);
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return codeOf(error) === 'EPERM';
  }
}

/** Creates the lock file holding `owner`, unless it exists (`wx`: the check and the creation are one step). */
function create(path: string, owner: LockOwner): boolean {
  try {
    writeFileSync(path, `${JSON.stringify(owner)}\n`, { flag: 'wx', mode: 0o644 });
    return true;
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Takes the serve lock of `dbFile`; a failure names the process holding it. Throws only on an I/O
 * error other than "exists" (e.g. the folder is read-only).
 * @example takeServeLock('./halfspace.db') // => { ok: true, value: { path: './halfspace.db.serve-lock', release } }
 */
export function takeServeLock(dbFile: string): Result<ServeLock> {
  const path = resolve(serveLockPathOf(dbFile));
  const me: LockOwner = {
    pid: process.pid,
    host: hostname(),
    token: randomBytes(8).toString('hex'),
    started: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    if (create(path, me)) {
      let held = true;
      heldHere.add(path);
      const release = () => {
        if (!held) return;
        held = false;
        heldHere.delete(path);
        process.off('exit', release);
        // Only our own lock is removed: a stale one taken over by another server stays.
        if (ownerOf(path)?.token === me.token) unlinkSync(path);
      };
      process.on('exit', release);
      return ok({ path, release });
    }
    const owner = ownerOf(path);
    if (owner && isLive(owner, path))
      return fail(
        'invalid_request',
        `${dbFile} is already served by process ${owner.pid} on ${owner.host} since ${owner.started}; stop that server or serve another --db`,
        { param: 'db' },
      );
    // The owner is gone: its lock is stale.
    try {
      unlinkSync(path);
    } catch (error) {
      if (codeOf(error) !== 'ENOENT') throw error;
    }
  }
  return fail('invalid_request', `${dbFile} is being opened by another server at this moment; try again`, {
    param: 'db',
  });
}
