/**
 * `--dataset` takes every input `halfspace score` takes (docs/scoring.md#formats), through the one
 * datasetFromPath: the built binary, on a season-table CSV, a CSV dataset folder and bad paths.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetToCsvDir } from '../../src/io/csv/table-csv.js';
import { datasetToDir } from '../../src/io/save.js';
import { runCliCaptured as run } from '../helpers/run-cli.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

let dir: string;
const SEASON =
  'player_id,name,position,team,league,season,appearances,minutes,goals\n1,Ana,ST,X,L,2025/26,10,900,9\n2,Bo,ST,Y,L,2025/26,10,450,1\n3,Cy,ST,Z,L,2025/26,12,1080,4\n';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'halfspace-dataset-path-'));
  writeFileSync(join(dir, 'players.csv'), SEASON);
  datasetToDir(tinyDataset(), join(dir, 'arrow'));
  datasetToCsvDir(tinyDataset(), join(dir, 'csv'));
  writeFileSync(join(dir, 'players.xlsx'), 'not a table');
  mkdirSync(join(dir, 'empty'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A column of a CSV written by `score`, by player id. */
function scoreColumn(csv: string, column: string): Map<string, string> {
  const [header, ...rows] = csv
    .trim()
    .split('\n')
    .map((line) => line.split(','));
  const at = header.indexOf(column);
  expect(at, column).toBeGreaterThanOrEqual(0);
  return new Map(rows.map((r) => [r[0], r[at]]));
}

describe('--dataset reads what score reads', () => {
  it('answers from a season-table CSV with the numbers score writes for it', async () => {
    const input = join(dir, 'players.csv');
    const scouting = await run('scouting', '--dataset', input, '--name', 'Ana', '--json');
    expect(scouting.code, scouting.stderr).toBe(0);
    const goals = JSON.parse(scouting.stdout).data.percentiles.goals_per90;
    const scored = await run('score', input, '--out', join(dir, 'scored.csv'), '--json');
    expect(scored.code, scored.stderr).toBe(0);
    const csv = readFileSync(join(dir, 'scored.csv'), 'utf8');
    expect(goals.value).toBeCloseTo(0.9, 12);
    expect(Number(scoreColumn(csv, 'goals_per90').get('1'))).toBe(goals.value);
    expect(Number(scoreColumn(csv, 'goals_per90_percentile').get('1'))).toBe(goals.percentile);
  });

  it('gives the same answer from a CSV dataset folder as from its Arrow folder', async () => {
    const fromArrow = await run('scouting', '--dataset', join(dir, 'arrow'), '--name', 'muller weiss', '--json');
    const fromCsv = await run('scouting', '--dataset', join(dir, 'csv'), '--name', 'muller weiss', '--json');
    expect([fromArrow.code, fromCsv.code]).toEqual([0, 0]);
    expect(fromCsv.stdout).toBe(fromArrow.stdout);
  });

  it('refuses a path that is no input with one line and exit code 2, as score does', async () => {
    const cases: [string, RegExp][] = [
      [join(dir, 'players.xlsx'), /give a dataset folder, a \.csv or a \.parquet season table/],
      [join(dir, 'empty'), /not a dataset folder \(no dataset\.json\)/],
      [join(dir, 'missing'), /does not exist/],
    ];
    for (const [path, message] of cases) {
      for (const argv of [
        ['scouting', '--dataset', path, '--name', 'Ana'],
        ['score', path, '--out', join(dir, 'never.csv')],
      ]) {
        const r = await run(...argv);
        expect(r.code, argv.join(' ')).toBe(2);
        expect(r.stderr).toMatch(message);
        expect(r.stderr.trim().split('\n'), argv.join(' ')).toHaveLength(1);
        expect(r.stdout).toBe('');
      }
    }
  });
});
