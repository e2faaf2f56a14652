/**
 * Hostile CLI input found in issue 24, through the built binary: each case is refused with exit 2
 * and one line on stderr, and leaves what was on disk as it was.
 */
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetToDir } from '../../src/data/save.js';
import { ensureBuilt, runBuilt } from '../helpers/built-cli.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-hostile-cli-'));
const datasetDir = join(dir, 'tiny');
beforeAll(() => {
  datasetToDir(tinyDataset(), datasetDir);
  ensureBuilt();
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Exit 2 with exactly one line on stderr that matches `message`. */
function expectRefused(r: { code: number | null; stderr: string }, message: RegExp): void {
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr.trimEnd().split('\n'), r.stderr).toHaveLength(1);
  expect(r.stderr).toMatch(message);
}

describe('score --out on what is not a regular file (defect 4)', () => {
  it('refuses a symbolic link and leaves it and its target untouched', async () => {
    const target = join(dir, 'target.csv');
    writeFileSync(target, 'keep me\n');
    const link = join(dir, 'link.csv');
    symlinkSync(target, link);
    expectRefused(await runBuilt(['score', datasetDir, '--out', link]), /--out .*link\.csv is a symbolic link/);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(target);
    expect(readFileSync(target, 'utf8')).toBe('keep me\n');
  });

  it('refuses a FIFO and leaves it a FIFO', async () => {
    const fifo = join(dir, 'pipe.csv');
    try {
      execFileSync('mkfifo', [fifo]);
    } catch {
      console.warn('[regressions/hostile-cli] FIFO case skipped: no mkfifo on this machine');
      return;
    }
    expectRefused(await runBuilt(['score', datasetDir, '--out', fifo]), /is a named pipe \(FIFO\)/);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });
  // Device nodes take the same check (lstat: a character or block device is refused); not tested
  // on /dev itself, where a regression run as root would replace a device of the machine.
});
