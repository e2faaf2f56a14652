/**
 * The built `halfspace` binary for tests that spawn it: runs `npm run build` once when dist/ is
 * missing or older than any source file.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = join(ROOT, 'bin', 'halfspace.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const s = statSync(p);
    newest = Math.max(newest, s.isDirectory() ? newestMtime(p) : s.mtimeMs);
  }
  return newest;
}

/** Builds dist/ when it is stale; returns the binary's path. */
export function builtBinary(): string {
  const cli = join(ROOT, 'dist', 'cli.js');
  const stale = !existsSync(cli) || statSync(cli).mtimeMs < newestMtime(join(ROOT, 'src'));
  if (stale) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'pipe', timeout: 600_000 });
  return BIN;
}
