import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DatasetError } from '../../../src/model/dataset-error.js';
import { datasetFromDir } from '../../../src/io/load.js';
import { datasetFromCsvDir, datasetToCsvDir, tableToCsv } from '../../../src/providers/csv/index.js';
import { rowsOf, tableFromRows } from '../../../src/model/schema.js';
import { completeDataset } from '../../helpers/complete-dataset.js';
import { expectDatasetsEqual } from '../../helpers/expect-tables-equal.js';

const root = mkdtempSync(join(tmpdir(), 'halfspace-csv-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

/** A CSV folder of the complete dataset with some files replaced (`null` deletes one). */
function csvDirWith(files: Record<string, string | null> = {}): string {
  const dir = join(root, `csv-${n++}`);
  datasetToCsvDir(completeDataset(), dir);
  for (const [file, text] of Object.entries(files)) {
    if (text === null) unlinkSync(join(dir, file));
    else writeFileSync(join(dir, file), text);
  }
  return dir;
}

function readError(dir: string): DatasetError {
  try {
    datasetFromCsvDir(dir);
  } catch (e) {
    expect(e).toBeInstanceOf(DatasetError);
    return e as DatasetError;
  }
  return expect.fail('datasetFromCsvDir accepted a bad folder');
}

const where = (e: DatasetError) => ({ file: e.file, column: e.column, row: e.row });

// Players 1–3 are referenced by player_seasons and appearances; teams 10 and 11 exist.
const PLAYERS_HEADER = 'player_id,name,position,team_id,height_cm';

describe('tableToCsv', () => {
  it('writes the header in schema order, nulls as empty fields and quotes where needed', () => {
    const t = tableFromRows('fixtures', [
      {
        fixture_id: 7,
        season_id: 1,
        league_id: 1,
        round: 'Final, 2nd leg',
        kickoff: Date.UTC(2025, 4, 31, 19),
        home_team_id: 1,
        away_team_id: 2,
        status: 'scheduled',
        venue: '',
      },
    ]);
    expect(tableToCsv('fixtures', t)).toBe(
      'fixture_id,season_id,league_id,round,kickoff,home_team_id,away_team_id,home_goals,away_goals,status,venue,home_possession,away_possession\n' +
        '7,1,1,"Final, 2nd leg",2025-05-31T19:00:00.000Z,1,2,,,scheduled,"",,\n',
    );
  });
});

describe('datasetFromCsvDir', () => {
  it('reads back exactly what datasetToCsvDir wrote, every table and dataset.json', () => {
    const dataset = completeDataset();
    const dir = join(root, 'round-trip');
    datasetToCsvDir(dataset, dir);
    expect(readFileSync(join(dir, 'players.csv'), 'utf8').split('\n')[2]).toBe(
      '2,"Anton ""Toni"" Berg",Toni,1994-01-01,,CM,11,9999999.5,,,,',
    );
    expectDatasetsEqual(datasetFromCsvDir(dir), dataset);
  });

  it('accepts a header in any order and leaves out nullable columns as nulls', () => {
    const dir = csvDirWith({
      'players.csv': `position,player_id,name\nST,1,Jörg Müller-Weiß\nCM,2,""\nGK,3,Piet de Vries\n`,
    });
    const rows = rowsOf(datasetFromCsvDir(dir).tables.players, 'players');
    expect(rows[1]).toEqual({
      player_id: 2,
      name: '',
      known_as: null,
      birth_date: null,
      nationality: null,
      position: 'CM',
      team_id: null,
      market_value_eur: null,
      preferred_foot: null,
      height_cm: null,
      wc2026_nation: null,
      contract_end_date: null,
    });
  });

  it('rejects a number with trailing text, naming file, column, row and line', () => {
    const dir = csvDirWith({ 'players.csv': `${PLAYERS_HEADER}\n1,A,ST,10,184\n2,B,CM,11,12abc\n3,C,GK,10,\n` });
    const e = readError(dir);
    // Data row 1 (zero-based) is on line 3: the header is line 1.
    expect(where(e)).toEqual({ file: 'players.csv', column: 'height_cm', row: 1 });
    expect(e.message).toBe('players.csv, column height_cm, row 1: line 3: "12abc" is not an integer');
  });

  it('counts lines inside quoted line breaks', () => {
    // Row 0 spans lines 2–3, so row 1 is on line 4.
    const dir = csvDirWith({ 'players.csv': `${PLAYERS_HEADER}\n1,"A\nB",ST,10,184\n2,B,CM,11,1.5\n3,C,GK,10,\n` });
    expect(readError(dir).message).toBe('players.csv, column height_cm, row 1: line 4: "1.5" is not an integer');
  });

  it('rejects an unknown column', () => {
    const e = readError(csvDirWith({ 'players.csv': `${PLAYERS_HEADER},shirt_number\n1,A,ST,10,184,9\n` }));
    expect(where(e)).toEqual({ file: 'players.csv', column: 'shirt_number', row: null });
    expect(e.message).toContain(
      'line 1: unknown column "shirt_number" (the players columns are player_id, name, known_as,',
    );
  });

  it('shows a header name with stray spaces in quotes so the space is visible', () => {
    const e = readError(csvDirWith({ 'leagues.csv': 'league_id, name,tier,kind\n1,A,1,league\n' }));
    expect(where(e)).toEqual({ file: 'leagues.csv', column: ' name', row: null });
    expect(e.message).toContain('unknown column " name"');
  });

  it('rejects a required column missing from the header', () => {
    const e = readError(csvDirWith({ 'players.csv': 'player_id,name\n1,A\n2,B\n3,C\n' }));
    expect(where(e)).toEqual({ file: 'players.csv', column: 'position', row: null });
  });

  it('rejects a column named twice', () => {
    const e = readError(csvDirWith({ 'leagues.csv': 'league_id,name,tier,kind,tier\n1,A,1,league,1\n' }));
    expect(where(e)).toEqual({ file: 'leagues.csv', column: 'tier', row: null });
  });

  it('rejects a record with the wrong number of fields', () => {
    const e = readError(csvDirWith({ 'players.csv': `${PLAYERS_HEADER}\n1,A,ST,10,184\n2,B,CM,11\n` }));
    expect(where(e)).toEqual({ file: 'players.csv', column: null, row: 1 });
    expect(e.message).toContain('line 3: 4 fields, the header has 5');
  });

  it('rejects an empty file', () => {
    const e = readError(csvDirWith({ 'seasons.csv': '' }));
    expect(where(e)).toEqual({ file: 'seasons.csv', column: null, row: null });
  });

  it('rejects a bad boolean and a bad kickoff', () => {
    const apps = readFileSync(join(csvDirWith(), 'appearances.csv'), 'utf8').replace('1000,2,11,false', '1000,2,11,no');
    const e = readError(csvDirWith({ 'appearances.csv': apps }));
    expect(where(e)).toEqual({ file: 'appearances.csv', column: 'started', row: 2 });
    const fixtures = readFileSync(join(csvDirWith(), 'fixtures.csv'), 'utf8').replace(
      '2026-04-04T18:00:00.000Z',
      '04/04/2026 18:00',
    );
    expect(where(readError(csvDirWith({ 'fixtures.csv': fixtures })))).toEqual({
      file: 'fixtures.csv',
      column: 'kickoff',
      row: 1,
    });
  });

  it('reports schema problems found by validation in CSV terms: file, row and line', () => {
    // Row 2 repeats player_id 2 (first at row 1); it sits on line 4.
    const e = readError(csvDirWith({ 'players.csv': `${PLAYERS_HEADER}\n1,A,ST,10,184\n2,B,CM,11,\n2,C,GK,10,\n` }));
    expect(where(e)).toEqual({ file: 'players.csv', column: 'player_id', row: 2 });
    expect(e.message).toBe('players.csv, column player_id, row 2: line 4: duplicate player_id 2, first at row 1');
  });

  it('reports a null in a required column and an enumeration outside its values with their lines', () => {
    const e = readError(csvDirWith({ 'players.csv': `${PLAYERS_HEADER}\n1,,ST,10,184\n` }));
    expect(e.message).toBe('players.csv, column name, row 0: line 2: null in a column that must hold a value');
    const e2 = readError(csvDirWith({ 'leagues.csv': 'league_id,name,tier,kind\n1,A,1,league\n2,B,1,friendly\n' }));
    expect(where(e2)).toEqual({ file: 'leagues.csv', column: 'kind', row: 1 });
    expect(e2.message).toContain('line 3:');
  });

  it('rejects a missing required table and a CSV file that is not a table', () => {
    expect(where(readError(csvDirWith({ 'teams.csv': null })))).toEqual({ file: 'teams.csv', column: null, row: null });
    expect(where(readError(csvDirWith({ 'player.csv': 'player_id\n1\n' })))).toEqual({
      file: 'player.csv',
      column: null,
      row: null,
    });
  });

  it('loads without the optional tables', () => {
    const d = datasetFromCsvDir(csvDirWith({ 'appearances.csv': null, 'rivalries.csv': null }));
    expect(d.tables.appearances).toBeUndefined();
    expect(d.tables.rivalries).toBeUndefined();
  });

  it('rejects a bad dataset.json', () => {
    const e = readError(csvDirWith({ 'dataset.json': '{"name":"x"}' }));
    expect(e.file).toBe('dataset.json');
  });
});

const demoDir = fileURLToPath(new URL('../../../data/demo', import.meta.url));
const hasDemo = existsSync(join(demoDir, 'dataset.json'));
if (!hasDemo) console.log(`skipping the demo CSV round trip: ${demoDir} does not exist (run npm run data:demo)`);

describe.skipIf(!hasDemo)('demo data', () => {
  it('survives Arrow → CSV → Arrow unchanged', () => {
    const demo = datasetFromDir(demoDir);
    const dir = join(root, 'demo-csv');
    datasetToCsvDir(demo, dir);
    expectDatasetsEqual(datasetFromCsvDir(dir), demo);
  });
});
