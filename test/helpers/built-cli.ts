/** Runs the BUILT `halfspace` binary (`node bin/halfspace.js`), building dist/ first when it is older than src/. */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function newestMtimeMs(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtimeMs(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const fresh = () => {
  const cli = join(root, 'dist', 'cli.js');
  return existsSync(cli) && statSync(cli).mtimeMs >= newestMtimeMs(join(root, 'src'));
};
const sleepMs = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
/** A lock older than this was left by a killed build. */
const STALE_LOCK_MS = 5 * 60_000;

/**
 * Builds dist/ with `npm run build` unless dist/cli.js is newer than every file under src/. Test
 * files run in parallel workers, so one build at a time: the others wait on a lock folder and then
 * find dist/ fresh.
 */
export function ensureBuilt(): void {
  if (fresh()) return;
  const lock = join(root, 'node_modules', '.halfspace-build.lock');
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      else sleepMs(500);
    }
  }
  try {
    if (!fresh()) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'pipe' });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Spawns `node bin/halfspace.js …argv` and returns its exit code and output. */
export function runBuilt(...argv: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(root, 'bin', 'halfspace.js'), ...argv], { cwd: root, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
