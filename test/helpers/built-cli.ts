/**
 * Runs the BUILT `halfspace` binary (`node bin/halfspace.js`, which imports dist/) as a child
 * process, the way a user runs it. `ensureBuilt()` runs `npm run build` once when dist/ is missing,
 * older than src/, or has no type declarations (`npm ci`'s prepare builds the JavaScript only);
 * test files running in parallel wait for that one build (a lock folder).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The binary users run. */
export const BIN = join(ROOT, 'bin/halfspace.js');

const BUILT = join(ROOT, 'dist/cli/halfspace.js');
const TYPES = join(ROOT, 'dist/index.d.ts');
const LOCK = join(ROOT, 'node_modules/.halfspace-build.lock');
/** A build takes ~20 s alone; on a loaded machine allow far more before calling a lock stale. */
const LOCK_STALE_MS = 5 * 60_000;

/** Newest modification time (ms) of the files a build reads. */
function newestSourceMs(): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  walk(join(ROOT, 'src'));
  for (const file of ['package.json', 'tsup.config.ts', 'tsconfig.json'])
    newest = Math.max(newest, statSync(join(ROOT, file)).mtimeMs);
  return newest;
}

const isFresh = (): boolean => existsSync(BUILT) && existsSync(TYPES) && statSync(BUILT).mtimeMs >= newestSourceMs();

const sleepMs = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Builds dist/ unless it is newer than every source file; safe to call from many test files at once. */
export function ensureBuilt(): void {
  for (;;) {
    if (isFresh()) return;
    try {
      mkdirSync(LOCK);
    } catch {
      // Another test file is building: wait for it, unless its lock is left over from a killed run.
      const held = statSync(LOCK, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > LOCK_STALE_MS) rmSync(LOCK, { recursive: true, force: true });
      else sleepMs(500);
      continue;
    }
    try {
      if (!isFresh()) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'pipe' });
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
}

/** What one run of the binary did. */
export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Options of {@link runBuilt}. */
export interface RunOptions {
  /** Working folder; default the repository root. */
  cwd?: string;
  /** Extra environment variables. */
  env?: Record<string, string>;
  /** Kill the child after this long; default 120 s (one run takes about a second; the margin is for a loaded machine). */
  timeoutMs?: number;
}

/** Runs `node bin/halfspace.js ...argv` and collects its exit code and output. */
export function runBuilt(argv: readonly string[], options: RunOptions = {}): Promise<Run> {
  return runProcess(process.execPath, [BIN, ...argv], options);
}

/** Runs `node bin/halfspace.js ...argv` synchronously, for tests that need no concurrency. */
export function runBuiltSync(argv: readonly string[], options: RunOptions = {}): Run {
  const r = spawnSync(process.execPath, [BIN, ...argv], {
    cwd: options.cwd ?? ROOT,
    env: childEnv(options),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    timeout: options.timeoutMs ?? 120_000,
  });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

/** Runs one shell command line with bash (`set -o pipefail`), for pipes and redirections as a user types them. */
export function runShell(line: string, options: RunOptions = {}): Promise<Run> {
  return runProcess('bash', ['-c', `set -o pipefail\n${line}`], options);
}

const childEnv = (options: RunOptions): NodeJS.ProcessEnv => ({
  ...process.env,
  HALFSPACE_DEBUG: '',
  NO_COLOR: '1',
  ...options.env,
});

function runProcess(file: string, args: string[], options: RunOptions): Promise<Run> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(file, args, {
      cwd: options.cwd ?? ROOT,
      env: childEnv(options),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (t: string) => (stdout += t));
    child.stderr.setEncoding('utf8').on('data', (t: string) => (stderr += t));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code, signal, stdout, stderr });
    });
  });
}

/** True when `text` holds a JavaScript stack frame (`    at fn (file:1:2)`). */
export const hasStack = (text: string): boolean => /^\s+at .+[:(]/m.test(text);
