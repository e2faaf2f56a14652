/**
 * Builds dist/ (tsup, as `npm run build`) when it is missing or older than any source, once across
 * parallel test files: a lock directory makes a second caller wait for the first build instead of
 * starting its own (tsup empties dist/ before writing it).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENTRIES } from '../../tsup.config.js';

/** The repository root. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const LOCK = join(ROOT, 'node_modules', '.cache', 'halfspace-build.lock');
/** A lock older than this was left by a killed process. */
const LOCK_STALE_MS = 5 * 60_000;

/** Newest modification time of a file or, recursively, of the files in a folder. */
function newestMtimeMs(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtimeMs(join(path, name))));
}

/** True when every emitted entry exists and is newer than every source and build setting. */
function isFresh(): boolean {
  const outputs = [...Object.keys(ENTRIES).flatMap((e) => [`${e}.js`, `${e}.d.ts`]), 'cli.js', 'cards/render-worker.js'].map((f) => join(ROOT, 'dist', f));
  if (!outputs.every(existsSync)) return false;
  const built = Math.min(...outputs.map((f) => statSync(f).mtimeMs));
  const sources = ['src', 'tsup.config.ts', 'tsconfig.json', 'package.json'].map((p) => newestMtimeMs(join(ROOT, p)));
  return built > Math.max(...sources);
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Ensures dist/ matches the sources, building with tsup when it does not (about 20–70 s). */
export function ensureBuilt(): void {
  if (isFresh()) return;
  mkdirSync(dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      const held = statSync(LOCK, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > LOCK_STALE_MS) rmdirSync(LOCK, { recursive: false });
      else sleep(500);
    }
  }
  try {
    if (!isFresh()) execFileSync(process.execPath, [join(ROOT, 'node_modules', 'tsup', 'dist', 'cli-default.js')], { cwd: ROOT, stdio: 'pipe' });
  } finally {
    rmdirSync(LOCK);
  }
}
