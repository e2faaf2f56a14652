/**
 * Starts the files that spawn processes (the built binary, `serve`, Chromium, Postgres) or render
 * cards first, so on a fresh clone (CI: no vitest timing cache) the minutes-long ones do not start
 * last and run alone at the end. With a timing cache, vitest's own order (longest first) does that.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Imports and words of the slow files: child processes, or card renders (~100 ms of CPU each). */
const SLOW = /helpers\/(built-cli|serve-process|postgres)|\.\/built\.js|chromium|runBuilt|spawnServe|renderCard/;

/** The longest files (minutes: every CLI command's contract, every documented command line), first of all. */
const LONGEST = ['test/cli/contract.test.ts', 'test/readme.test.ts'];

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const timed = (f: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${f.project.name}:${relative(root, f.moduleId)}`)?.duration !== undefined;
    if (sorted.every(timed)) return sorted;
    const rank = (f: TestSpecification) =>
      LONGEST.includes(relative(root, f.moduleId)) ? 2 : SLOW.test(readFileSync(f.moduleId, 'utf8')) ? 1 : 0;
    const ranks = new Map(sorted.map((f) => [f, rank(f)]));
    // Array.prototype.sort is stable: within each rank vitest's order (larger files first) stays.
    return sorted.sort((a, b) => (ranks.get(b) ?? 0) - (ranks.get(a) ?? 0));
  }
}
