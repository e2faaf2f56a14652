import { defineConfig } from 'tsup';

/** Public entry points; package.json "exports" mirrors these (test/package-exports.test.ts checks it). */
export const ENTRIES = {
  index: 'src/index.ts',
  'service/index': 'src/service/index.ts',
  'http/index': 'src/http/index.ts',
  'store/memory/index': 'src/store/memory/index.ts',
  'store/sqlite/index': 'src/store/sqlite/index.ts',
};

export default defineConfig({
  entry: { ...ENTRIES, cli: 'src/cli/main.ts' },
  format: ['esm'],
  target: 'node20',
  dts: { entry: ENTRIES },
  sourcemap: true,
  clean: true,
  splitting: true,
});
