/**
 * @module Loads a store driver (better-sqlite3, pg) on first use, so `import 'halfspace'` and the
 * store subpaths never load it and a library user who never opens that store need not install it
 * (docs/library.md#stores-and-their-packages).
 */
import { createRequire } from 'node:module';
import { MissingPackageError } from '../errors.js';

const require = createRequire(import.meta.url);

const loaded = new Map<string, unknown>();

/**
 * Requires the CommonJS package `name` for `feature`, or throws {@link MissingPackageError} with one
 * line naming the package and the install (or rebuild, for a native add-on that did not load) command.
 * `probe` runs once on the module to load what it loads lazily (better-sqlite3 loads its add-on on
 * the first `new Database`), so a broken add-on is reported here rather than as a store error.
 * @example requireOptional<typeof import('pg')>('pg', 'halfspace/store/postgres').Pool
 */
export function requireOptional<T>(name: string, feature: string, probe?: (module: T) => void): T {
  // cast: the module was stored under `name` by this function, as the T its caller names.
  if (loaded.has(name)) return loaded.get(name) as T;
  try {
    // cast: require is untyped; the caller names the package's type (its own `import type`).
    const module = require(name) as T;
    probe?.(module);
    loaded.set(name, module);
    return module;
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? error.code : undefined;
    const firstLine = String(error instanceof Error ? error.message : error).split('\n')[0];
    if (code === 'MODULE_NOT_FOUND' && firstLine.includes(`'${name}'`)) {
      throw new MissingPackageError(
        name,
        `${feature} needs the package ${name}, which is not installed: run npm install ${name}`,
      );
    }
    // Typically a native add-on whose install script was skipped (npm's allowScripts) or failed.
    throw new MissingPackageError(
      name,
      `${feature} needs the package ${name}, which is installed but did not load (${firstLine}): run npm rebuild ${name}`,
      true,
    );
  }
}
