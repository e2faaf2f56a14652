/**
 * An in-memory dataset (`Engine.open({ dataset: { meta, tables } })`) is refused with errors that
 * name the table and `dataset.meta`, never a file the caller does not have; optional tables may be
 * left out of `tables` altogether.
 */
import { describe, expect, it } from 'vitest';
import { Table, vectorFromArray } from 'apache-arrow';
import { DatasetError } from '../../src/model/dataset-error.js';
import { rowsOf, tableFromRows, type Dataset } from '../../src/model/schema.js';
import { Engine } from '../../src/engine.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

/** The error Engine.open throws for `dataset`. */
function openError(dataset: Dataset): DatasetError {
  try {
    Engine.open({ dataset });
  } catch (e) {
    expect(e).toBeInstanceOf(DatasetError);
    return e as DatasetError;
  }
  return expect.fail('Engine.open accepted a bad in-memory dataset');
}

describe('Engine.open on in-memory tables', () => {
  it('opens a dataset whose optional tables are simply not there', () => {
    const { meta, tables } = tinyDataset();
    const { rivalries: _r, appearances: _a, ...required } = tables;
    const engine = Engine.open({ dataset: { meta, tables: required } });
    expect(engine.scouting({ player_id: 1 }).ok).toBe(true);
  });

  it('names the table and column of a column with the wrong Arrow type', () => {
    const d = tinyDataset();
    // Arrow infers Float64 from JavaScript numbers; the schema wants Int32.
    const players = new Table({
      ...Object.fromEntries(d.tables.players.schema.fields.map((f) => [f.name, d.tables.players.getChild(f.name)!])),
      player_id: vectorFromArray([1, 2, 3, 4, 5, 6, 7]),
    });
    const e = openError({ ...d, tables: { ...d.tables, players } });
    expect(e.message).toBe('players table, column player_id: type Float64, expected Int32');
    expect(e.file).toBe('players table');
  });

  it('names the table of a dangling foreign key and of a missing required table', () => {
    const d = tinyDataset();
    const rows = rowsOf(d.tables.players, 'players').map((p) => (p.player_id === 3 ? { ...p, team_id: 99 } : p));
    expect(openError({ ...d, tables: { ...d.tables, players: tableFromRows('players', rows) } }).message).toBe(
      'players table, column team_id, row 2: team_id 99 is not a team_id in teams',
    );
    expect(openError({ ...d, tables: { ...d.tables, fixtures: undefined as never } }).message).toBe(
      'fixtures table: required table "fixtures" is missing',
    );
  });

  it('names dataset.meta for bad metadata', () => {
    const d = tinyDataset();
    expect(openError({ ...d, meta: { ...d.meta, as_of: '1 March 2026' } }).message).toMatch(
      /^dataset\.meta, column as_of: /,
    );
  });
});
