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

export default defineConfig({
  // The render worker is started by file path (src/cards/render-pool.ts), so it is an entry of its own.
  // So is the Wyscout ingest worker (src/data/providers/wyscout/workers.ts).
  entry: {
    ...ENTRIES,
    cli: 'src/cli/main.ts',
    'cards/render-worker': 'src/cards/render-worker.ts',
    'wyscout-worker': 'src/data/providers/wyscout/match-worker.ts',
  },
  format: ['esm'],
  target: 'node20',
  dts: { entry: ENTRIES },
  sourcemap: true,
  clean: true,
  // Splitting turns the CLI's dynamic imports (src/cli/commands/catalog.ts) into chunks of their own, so
  // `halfspace --version` loads none of the engine (test/cli/lazy-commands.test.ts).
  splitting: true,
  // Optional drivers are required at run time by name (src/store/optional-package.ts); never bundle
  // them, even if a static import slipped in (tsup only externalises dependencies and peers).
  external: ['better-sqlite3', 'pg'],
});
