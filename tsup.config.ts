import { defineConfig } from 'tsup';

/** Public entry points; package.json "exports" mirrors these (test/package-exports.test.ts checks it). */
export const ENTRIES = {
  index: 'src/index.ts',
  'service/index': 'src/service/index.ts',
  'http/index': 'src/http/index.ts',
  'store/memory/index': 'src/store/memory/index.ts',
  'store/sqlite/index': 'src/store/sqlite/index.ts',
  'store/postgres/index': 'src/store/postgres/index.ts',
  'mcp/index': 'src/mcp/index.ts',
  'client/index': 'src/client/index.ts',
};

/** Optional drivers are required at run time by name (src/store/optional-package.ts); never bundle them. */
const OPTIONAL_DRIVERS = ['better-sqlite3', 'pg'];

export default defineConfig([
  {
    // The render worker is started by file path (src/cards/render-pool.ts), so it is an entry of its own.
    // So is the Wyscout ingest worker (src/providers/wyscout/workers.ts).
    entry: {
      ...ENTRIES,
      'cards/render-worker': 'src/cards/render-worker.ts',
      'wyscout-worker': 'src/providers/wyscout/match-worker.ts',
    },
    format: ['esm'],
    target: 'node20',
    dts: { entry: ENTRIES },
    sourcemap: true,
    // dist/cli/ is the CLI build's own folder (below), cleaned by that build.
    clean: ['!cli/**'],
    splitting: true,
    // Never bundle the drivers, even if a static import slipped in (tsup only externalises dependencies and peers).
    external: OPTIONAL_DRIVERS,
    // zod is inlined, tree-shaken to what the library uses (every module imports `* as z`): one
    // chunk instead of ~100 modules to resolve and link (docs/design.md#import-cost). Schemas still interoperate with the user's own zod: zod keeps
    // its config and registry on globalThis and checks `instanceof` by trait (test/zod-interop.test.ts).
    noExternal: [/^zod(\/|$)/],
  },
  {
    // The binary (bin/halfspace.js → dist/cli/halfspace.js) is built on its own with apache-arrow
    // and zod inlined: no caller hands it Arrow objects or zod schemas (MCP tools get JSON Schema
    // documents), and a few modules start faster than apache-arrow's many small ones; the small
    // pure-JS helpers (edit distance, the Parquet footer reader) are inlined with them. The library
    // keeps apache-arrow external, so a user's tables are the same classes as the engine's.
    entry: { halfspace: 'src/cli/main.ts' },
    outDir: 'dist/cli',
    format: ['esm'],
    target: 'node20',
    dts: false,
    sourcemap: true,
    clean: true,
    // Splitting turns the CLI's dynamic imports (src/cli/commands/catalog.ts) into chunks of their own, so
    // `halfspace --version` loads none of the engine (test/cli/lazy-commands.test.ts).
    splitting: true,
    noExternal: [
      /^apache-arrow(\/|$)/,
      'flatbuffers',
      'tslib',
      'json-with-bigint',
      /^zod(\/|$)/,
      'fastest-levenshtein',
      /^hyparquet(\/|$)/,
    ],
    external: OPTIONAL_DRIVERS,
  },
]);
