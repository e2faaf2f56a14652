import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './test/helpers/slow-first-sequencer.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // vitest's default on 2 cores is ONE worker (cores - 1): files ran one after another while most of
    // them wait on child processes (the built binary, servers, Chromium). Three keep both cores busy.
    maxWorkers: 3,
    // A worker keeps the modules it imported (the demo dataset, zod schemas, src) from file to file
    // instead of importing them again for each of the 160 files: half the CPU of the in-process files.
    // Test files themselves still run fresh; no test mocks modules or leaves globals changed.
    isolate: false,
    sequence: { sequencer: SlowFirstSequencer },
    reporters: ['default', './test/helpers/summary-reporter.ts'],
  },
});
