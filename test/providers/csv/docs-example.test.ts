import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { datasetFromCsvDir } from '../../../src/io/csv/read.js';
import { rowsOf } from '../../../src/model/schema.js';

const guide = readFileSync(fileURLToPath(new URL('../../../docs/csv.md', import.meta.url)), 'utf8');
const root = mkdtempSync(join(tmpdir(), 'halfspace-csv-docs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('docs/csv.md', () => {
  it('shows an example folder that loads as a valid dataset', () => {
    // Each example file is a `name.csv` / `dataset.json` line followed by a fenced block.
    const files = [
      ...guide
        .slice(guide.indexOf('## Example'))
        .matchAll(/^`([a-z_]+\.(?:csv|json))`[^\n]*\n\n```(?:csv|json)\n([\s\S]*?)```/gm),
    ];
    expect(files.map((m) => m[1]).sort()).toEqual([
      'appearances.csv',
      'dataset.json',
      'fixtures.csv',
      'leagues.csv',
      'player_seasons.csv',
      'players.csv',
      'rivalries.csv',
      'seasons.csv',
      'teams.csv',
    ]);
    for (const [, name, text] of files) writeFileSync(join(root, name), text);
    const dataset = datasetFromCsvDir(root);
    const players = rowsOf(dataset.tables.players, 'players');
    expect(players[1].name).toBe('Anton "Toni" Berg');
    expect(rowsOf(dataset.tables.fixtures, 'fixtures')[0].kickoff).toBe(Date.UTC(2025, 7, 10, 15, 30));
    // Columns left out of the shortened player_seasons.csv are null.
    expect(rowsOf(dataset.tables.player_seasons, 'player_seasons')[0].tackles).toBeNull();
  });
});
