/**
 * Starts the files that spawn processes (the built binary, `serve`, Chromium, Postgres) first, so
 * on a fresh clone (CI: no vitest timing cache) the minutes-long ones do not start last and run
 * alone at the end. With a timing cache, vitest's own order (longest first) already does that.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Imports and words of files whose time goes to child processes rather than to this one. */
const SPAWNS = /helpers\/(built-cli|serve-process|postgres)|\.\/built\.js|chromium|runBuilt|spawnServe/;

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const timed = (f: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${f.project.name}:${relative(root, f.moduleId)}`)?.duration !== undefined;
    if (sorted.every(timed)) return sorted;
    const spawns = new Map(sorted.map((f) => [f, SPAWNS.test(readFileSync(f.moduleId, 'utf8'))]));
    // Array.prototype.sort is stable: within each group vitest's order (larger files first) stays.
    return sorted.sort((a, b) => Number(spawns.get(b)) - Number(spawns.get(a)));
  }
}
