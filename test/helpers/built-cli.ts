/**
 * The built `halfspace` binary, as a user runs it: `ensureBuilt()` runs `npm run build` when
 * dist/cli.js is missing or older than a file under src/, then `runBuilt` spawns
 * `node bin/halfspace.js …` and captures its exit code and output.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Newest modification time of any file under `dir`. */
function newestMs(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMs(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds dist/ when it is missing or stale. */
export function ensureBuilt(): void {
  const cli = join(root, 'dist', 'cli.js');
  if (existsSync(cli) && statSync(cli).mtimeMs >= newestMs(join(root, 'src'))) return;
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm run build failed:\n${r.stdout}\n${r.stderr}`);
}

/** Runs `node bin/halfspace.js …argv` in `cwd` (default the repo root). */
export function runBuilt(argv: string[], cwd = root): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(root, 'bin', 'halfspace.js'), ...argv], { cwd, encoding: 'utf8', env: { ...process.env, CI: '1' } });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
