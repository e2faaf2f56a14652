/**
 * The dataset folder writer's "no partial write" rule: a write that fails half-way (a full disk, a
 * failing encoder) leaves neither a temp folder nor a changed output folder behind.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { datasetToDir, writeDatasetFolder } from '../../src/io/save.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

const root = mkdtempSync(join(tmpdir(), 'halfspace-save-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('writeDatasetFolder', () => {
  it('a failing write leaves the previous folder untouched and no temp folder', () => {
    const dir = join(root, 'kept');
    datasetToDir(tinyDataset(), dir);
    const before = readdirSync(dir).map((f) => [f, readFileSync(join(dir, f)).toString('base64')]);
    let written = 0;
    const failing = () => {
      if (++written === 2) throw new Error('disk full');
      return 'partial';
    };
    expect(() => writeDatasetFolder(tinyDataset(), dir, (t) => `${t}.txt`, failing)).toThrow('disk full');
    expect(readdirSync(root)).toEqual(['kept']);
    expect(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f)).toString('base64')])).toEqual(before);
  });

  it('a failing first write of a new folder leaves nothing', () => {
    const dir = join(root, 'never');
    expect(() =>
      writeDatasetFolder(
        tinyDataset(),
        dir,
        (t) => `${t}.txt`,
        () => {
          throw new Error('encoder failed');
        },
      ),
    ).toThrow('encoder failed');
    expect(existsSync(dir)).toBe(false);
    expect(readdirSync(root).filter((f) => f.startsWith('never'))).toEqual([]);
  });
});
