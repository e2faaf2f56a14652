/**
 * Hostile CLI input found in issue 24, through the built binary: each case is refused with exit 2
 * and one line on stderr, and leaves what was on disk as it was.
 */
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetToDir } from '../../src/io/save.js';
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

describe('keys create parses --credits and --label strictly (defect 16)', () => {
  it('refuses "", 0x10, " 5", 1e3 and 5.0 as credits, and a label over 200 characters', async () => {
    const db = join(dir, 'keys.db');
    for (const credits of ['', '0x10', ' 5', '1e3', '5.0']) {
      expectRefused(
        await runBuilt(['keys', 'create', '--credits', credits, '--db', db]),
        /--credits must be a non-negative integer/,
      );
    }
    expectRefused(
      await runBuilt(['keys', 'create', '--credits', '5', '--label', 'x'.repeat(300), '--db', db]),
      /--label must be at most 200 characters, got 300/,
    );
    // Plain digits still work.
    expect((await runBuilt(['keys', 'create', '--credits', '5', '--db', db])).code).toBe(0);
  });
});

describe('an empty or foreign .arrow table (defect 19)', () => {
  it('says the file is not a readable Arrow IPC file, not that a column is missing', async () => {
    for (const [kind, bytes] of [
      ['empty', ''],
      ['text', 'player_id,name\n1,A\n'],
    ] as const) {
      const copy = join(dir, `arrow-${kind}`);
      datasetToDir(tinyDataset(), copy);
      writeFileSync(join(copy, 'player_seasons.arrow'), bytes);
      expectRefused(
        await runBuilt(['score', copy, '--out', join(dir, `arrow-${kind}.csv`)]),
        /player_seasons\.arrow: not a readable Arrow IPC file/,
      );
    }
  });
});
