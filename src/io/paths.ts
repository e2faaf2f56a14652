import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The `name` of a parsed package.json, or undefined. */
const nameOf = (pkg: unknown): unknown =>
  typeof pkg === 'object' && pkg !== null && 'name' in pkg ? pkg.name : undefined;

/**
 * The halfspace package root, found by walking up from this module to the package.json named
 * "halfspace" — the same answer from `src/` (tests, tsx) and from the built `dist/`.
 */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && nameOf(JSON.parse(readFileSync(pkg, 'utf8'))) === 'halfspace') return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('halfspace package root not found');
    dir = parent;
  }
}

/** Folder of the bundled synthetic demo dataset. */
export const demoDatasetDir = (): string => join(packageRoot(), 'data', 'demo');
