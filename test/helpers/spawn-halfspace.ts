/**
 * Runs the BUILT binary (`node bin/halfspace.js …`) as a user does. `ensureBuilt()` runs
 * `npm run build` when dist/cli.js is missing or older than any file under src/; test files in
 * parallel workers take turns through the lock folder other CLI test helpers use too
 * (`node_modules/.halfspace-build.lock`), so only one build runs and the others find dist/ fresh.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LOCK = join(ROOT, 'node_modules', '.halfspace-build.lock');
/** A lock older than this was left behind by a killed build. */
const STALE_LOCK_MS = 5 * 60_000;

function newestMtimeMs(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtimeMs(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const fresh = (): boolean => {
  const cli = join(ROOT, 'dist', 'cli.js');
  return existsSync(cli) && statSync(cli).mtimeMs >= newestMtimeMs(join(ROOT, 'src'));
};
const sleepMs = (ms: number): void => void Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Builds dist/ when it is missing or stale; safe to call from many test files at once. */
export function ensureBuilt(): void {
  if (fresh()) return;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      const held = statSync(LOCK, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
      else sleepMs(500);
    }
  }
  try {
    if (!fresh()) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'pipe' });
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** Spawns `node bin/halfspace.js …argv` in `cwd` (default the repository root). */
export function runBuilt(argv: string[], cwd = ROOT): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'halfspace.js'), ...argv], { cwd, encoding: 'utf8', env: { ...process.env, CI: '1' } });
  return { code: r.status ?? 1, stdout: r.stdout, stderr: r.stderr };
}
