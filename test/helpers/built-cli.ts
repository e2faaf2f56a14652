/**
 * Runs the BUILT binary (`node bin/halfspace.js …`) as a user does. `ensureBuilt()` runs
 * `npm run build` once when dist/cli.js is missing or older than any file under src/.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function newestMtimeMs(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtimeMs(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds dist/ when it is missing or stale (a few seconds; once per test file at most). */
export function ensureBuilt(): void {
  const cli = join(ROOT, 'dist', 'cli.js');
  if (existsSync(cli) && statSync(cli).mtimeMs >= newestMtimeMs(join(ROOT, 'src'))) return;
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'pipe' });
}

/** Spawns `node bin/halfspace.js …argv` in `cwd` (default the repository root). */
export function runBuilt(argv: string[], cwd = ROOT): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'halfspace.js'), ...argv], { cwd, encoding: 'utf8', env: { ...process.env, CI: '1' } });
  return { code: r.status ?? 1, stdout: r.stdout, stderr: r.stderr };
}
