/**
 * The built `halfspace` binary for tests that run what users run: `ensureBuilt()` runs `npm run
 * build` once when dist/ is missing or older than any source file (a lock directory keeps test
 * files that start together from building at the same time), `runBin()` spawns `node bin/halfspace.js`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The binary users run. */
export const BIN = join(ROOT, 'bin', 'halfspace.js');

const LOCK = join(ROOT, 'node_modules', '.halfspace-build.lock');
/** A lock older than this is left over from a killed run. */
const LOCK_STALE_MS = 10 * 60_000;

function newestMtimeMs(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtimeMs(join(path, name))));
}

function builtMtimeMs(): number {
  try {
    return statSync(join(ROOT, 'dist', 'cli.js')).mtimeMs;
  } catch {
    return -1;
  }
}

const isStale = () => builtMtimeMs() < Math.max(newestMtimeMs(join(ROOT, 'src')), newestMtimeMs(join(ROOT, 'tsup.config.ts')), newestMtimeMs(join(ROOT, 'package.json')));

const sleepMs = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Builds dist/ when it is missing or older than the sources; returns whether it built. */
export function ensureBuilt(): boolean {
  if (!isStale()) return false;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > LOCK_STALE_MS) rmdirSync(LOCK);
      } catch {
        // The holder removed it meanwhile: try again.
      }
      sleepMs(500);
    }
  }
  try {
    // Another test file may have built while this one waited for the lock.
    if (!isStale()) return false;
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'pipe', timeout: 5 * 60_000 });
    return true;
  } finally {
    rmdirSync(LOCK);
  }
}

/** What one run of the binary printed. */
export interface BinRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node bin/halfspace.js ...args` to its end.
 * @example (await runBin('wallet', 'balance', 'key_x', '--db', file)).code // => 2
 */
export function runBin(...args: string[]): Promise<BinRun> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (t: string) => (stdout += t));
    child.stderr.setEncoding('utf8').on('data', (t: string) => (stderr += t));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
  });
}
