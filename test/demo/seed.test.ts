import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemo } from '../../src/demo/index.js';
import { datasetFromDir } from '../../src/io/load.js';
import { demoDatasetDir } from '../../src/io/paths.js';
import { datasetToDir } from '../../src/io/save.js';
import { rowsOf } from '../../src/model/schema.js';

const sha = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

let tmp: string;
let dir: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'halfspace-seed-'));
  dir = join(tmp, 'seed7');
  datasetToDir(generateDemo({ seed: 7 }), dir);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('another seed', () => {
  it('gives a different universe: every generated table file differs from the default seed', () => {
    for (const f of [
      'players.arrow',
      'player_seasons.arrow',
      'fixtures.arrow',
      'appearances.arrow',
      'teams.arrow',
      'rivalries.arrow',
    ]) {
      expect(sha(join(dir, f))).not.toBe(sha(join(demoDatasetDir(), f)));
    }
    expect(JSON.parse(readFileSync(join(dir, 'dataset.json'), 'utf8')).generator.seed).toBe(7);
  });

  it('keeps the same shape and validates: the frame (leagues, clubs per country) does not depend on the seed', () => {
    expect(readdirSync(dir).sort()).toEqual(readdirSync(demoDatasetDir()).sort());
    // leagues.arrow holds only fixed names, countries and tiers, so it is byte-identical across seeds.
    expect(sha(join(dir, 'leagues.arrow'))).toBe(sha(join(demoDatasetDir(), 'leagues.arrow')));
    const loaded = datasetFromDir(dir);
    expect(rowsOf(loaded.tables.players, 'players').length).toBeGreaterThan(4000);
    expect(loaded.tables.teams.numRows).toBe(156);
  });
});
