import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The halfspace package root, found by walking up from this module to the package.json named
 * "halfspace" — the same answer from `src/` (tests, tsx) and from the built `dist/`.
 */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'halfspace')
      return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('halfspace package root not found');
    dir = parent;
  }
}

/** Folder of the bundled synthetic demo dataset. */
export const demoDatasetDir = (): string => join(packageRoot(), 'data', 'demo');
