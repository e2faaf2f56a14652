/**
 * The built `halfspace` binary for tests that spawn it: runs `npm run build` once when dist/ is
 * missing or older than any source file. Test files run in parallel processes, so the build runs
 * under a lock directory (created atomically) and the others wait for it, then re-check.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = join(ROOT, 'bin', 'halfspace.js');

/** A build holding the lock longer than this is taken to have died. */
const LOCK_STALE_MS = 10 * 60_000;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const s = statSync(p);
    newest = Math.max(newest, s.isDirectory() ? newestMtime(p) : s.mtimeMs);
  }
  return newest;
}

function stale(): boolean {
  const cli = join(ROOT, 'dist', 'cli', 'halfspace.js');
  return !existsSync(cli) || statSync(cli).mtimeMs < newestMtime(join(ROOT, 'src'));
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Builds dist/ when it is stale; returns the binary's path. */
export function builtBinary(): string {
  if (!stale()) return BIN;
  const lock = join(ROOT, 'tmp', 'build.lock');
  mkdirSync(join(ROOT, 'tmp'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS)
        rmSync(lock, { recursive: true, force: true });
      else sleepSync(1000);
    }
  }
  try {
    if (stale()) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'pipe', timeout: 600_000 });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  return BIN;
}
