import { configDefaults, defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './test/helpers/slow-first-sequencer.js';

/** Files that test a module-level cache from its first use, so they need modules of their own. */
const FRESH_MODULES = ['test/store/optional-package.test.ts'];

export default defineConfig({
  test: {
    // A guard against hangs, not a speed check (speed is measured in bench/): on a loaded 2-core
    // machine a fast-check model run against Postgres alone can pass 60 s.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // vitest's default on 2 cores is ONE worker (cores - 1): files ran one after another while most of
    // them wait on child processes (the built binary, servers, Chromium). Three keep both cores busy.
    maxWorkers: 3,
    sequence: { sequencer: SlowFirstSequencer },
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...FRESH_MODULES],
          // A worker keeps the modules it imported (the demo dataset, zod schemas, src) from file to
          // file instead of importing them again for each file: half the CPU of the in-process files.
          // Test files themselves still run fresh; no test mocks modules or leaves globals changed.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'fresh', include: FRESH_MODULES, isolate: true } },
    ],
  },
});
