/** Runs the BUILT `halfspace` binary (`node bin/halfspace.js`), building dist/ first when it is older than src/. */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

/** Builds dist/ with `npm run build` unless dist/cli.js is newer than every file under src/. */
export function ensureBuilt(): void {
  const cli = join(root, 'dist', 'cli.js');
  if (existsSync(cli) && statSync(cli).mtimeMs >= newestMtimeMs(join(root, 'src'))) return;
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'pipe' });
}

/** Spawns `node bin/halfspace.js …argv` and returns its exit code and output. */
export function runBuilt(...argv: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(root, 'bin', 'halfspace.js'), ...argv], { cwd: root, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
