/**
 * datasetFromPath (docs/scoring.md#formats): the one reader behind `score`, `--dataset` and
 * `Engine.open`, so every form of input gives the same dataset wherever it is given.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetFromPath } from '../../src/io/dataset-from-path.js';
import { DatasetError } from '../../src/model/dataset-error.js';
import { datasetFromSeasonFile } from '../../src/io/season-csv.js';
import { datasetToCsvDir } from '../../src/io/csv/table-csv.js';
import { datasetToDir } from '../../src/io/save.js';
import { TABLE_NAMES } from '../../src/model/schema.js';
import { Engine } from '../../src/engine.js';
import { expectTablesEqual } from '../helpers/expect-tables-equal.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

let dir: string;
const SEASON =
  'player_id;name;position;team;league;season;appearances;minutes;goals\n1;Ana;ST;X;L;2025/26;10;900;9\n2;Bo;ST;Y;L;2025/26;10;450;1\n';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'halfspace-path-'));
  datasetToDir(tinyDataset(), join(dir, 'arrow'));
  datasetToCsvDir(tinyDataset(), join(dir, 'csv'));
  writeFileSync(join(dir, 'players.csv'), SEASON);
  writeFileSync(join(dir, 'players.xlsx'), 'not a table');
  mkdirSync(join(dir, 'empty'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('datasetFromPath', () => {
  it('reads an Arrow folder and a CSV folder of one dataset into the same tables', () => {
    const arrow = datasetFromPath(join(dir, 'arrow'));
    const csv = datasetFromPath(join(dir, 'csv'));
    expect([arrow.format, csv.format]).toEqual(['arrow-dir', 'csv-dir']);
    for (const name of TABLE_NAMES) {
      const a = arrow.dataset.tables[name];
      const c = csv.dataset.tables[name];
      expect(c === undefined, name).toBe(a === undefined);
      if (a && c) expectTablesEqual(c, a, name);
    }
  });

  it('reads a season table as the season reader does, with the delimiter it detected', () => {
    const path = join(dir, 'players.csv');
    const read = datasetFromPath(path, { asOf: '2026-03-01' });
    expect(read.format).toBe('csv');
    expect(read.csv?.delimiter).toBe(';');
    const direct = datasetFromSeasonFile(path, { file: path, asOf: '2026-03-01' });
    expect(read.dataset.meta).toEqual(direct.dataset.meta);
    expectTablesEqual(read.dataset.tables.player_seasons, direct.dataset.tables.player_seasons, 'player_seasons');
  });

  it('dates a season table today (UTC) unless given an as-of date', () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(datasetFromPath(join(dir, 'players.csv')).dataset.meta.as_of.slice(0, 10)).toBe(today);
  });

  it('refuses what is none of its inputs with a DatasetError naming the path', () => {
    const cases: [string, RegExp][] = [
      [join(dir, 'missing'), /missing: does not exist$/],
      [join(dir, 'empty'), /empty: not a dataset folder \(no dataset\.json\)$/],
      [join(dir, 'players.xlsx'), /players\.xlsx: give a dataset folder, a \.csv or a \.parquet season table$/],
    ];
    for (const [path, message] of cases) {
      expect(() => datasetFromPath(path), path).toThrow(DatasetError);
      expect(() => datasetFromPath(path), path).toThrow(message);
    }
  });

  it('is what Engine.open reads a path with: a season table opens as an engine', () => {
    const engine = Engine.open({ dataset: join(dir, 'players.csv') });
    const scouting = engine.scouting({ name: 'Ana' });
    expect(scouting.ok).toBe(true);
    if (scouting.ok) expect(scouting.value.meta.entity_id).toBe(1);
  });
});
