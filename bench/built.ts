/**
 * The benches that time the built package (dist/) call this first: a dist older than any file of
 * src/ would be measured without the work under review, and its figures would look like the tree's.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The newest modification time of the files under `dir`, in ms. */
function newestUnder(dir: string): { file: string; ms: number } {
  let newest = { file: dir, ms: 0 };
  // Paths as strings: `Dirent.parentPath` needs Node 20.12, and package.json allows 20.10.
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = join(dir, name);
    const stat = statSync(file);
    if (stat.isFile() && stat.mtimeMs > newest.ms) newest = { file, ms: stat.mtimeMs };
  }
  return newest;
}

/** Throws, naming the command to run, when `root/dist/<built>` is missing or older than a file of src/. */
export function assertFreshBuild(root: string, built: string): void {
  const path = join(root, 'dist', built);
  let builtMs: number;
  try {
    builtMs = statSync(path).mtimeMs;
  } catch {
    throw new Error(`dist/${built} is missing: run npm run build first`);
  }
  const newest = newestUnder(join(root, 'src'));
  if (newest.ms > builtMs)
    throw new Error(`dist/${built} is older than ${relative(root, newest.file)}: run npm run build first`);
}
