import { describe, expect, it } from 'vitest';
import { bundledDatasetFromDir } from '../../src/io/load.js';
import { demoDatasetDir } from '../../src/io/paths.js';
import { RowsById } from '../../src/model/rows-by-id.js';
import { rowsOf } from '../../src/model/schema.js';

const demo = bundledDatasetFromDir(demoDatasetDir());

describe('RowsById (the engine’s clubs, leagues and seasons, read as they are asked for)', () => {
  it('finds each row by its id as a Map of the rows does, and nothing for an unknown id', () => {
    const teams = rowsOf(demo.tables.teams, 'teams');
    const byId = new RowsById(() => demo.tables.teams, 'teams', 'team_id');
    for (const t of [...teams].reverse()) expect(byId.get(t.team_id)).toEqual(t);
    expect(byId.get(-1)).toBeUndefined();
    expect(byId.all()).toEqual(teams);
    const seasons = rowsOf(demo.tables.seasons, 'seasons');
    const seasonById = new RowsById(() => demo.tables.seasons, 'seasons', 'season_id');
    for (const s of seasons) expect(seasonById.get(s.season_id)).toEqual(s);
  });

  it('gives a repeated id its last row, and the same object every time', () => {
    const twice = demo.tables.leagues.concat(demo.tables.leagues);
    const byId = new RowsById(() => twice, 'leagues', 'league_id');
    const all = byId.all();
    const id = all[0].league_id;
    expect(byId.get(id)).toBe(all[demo.tables.leagues.numRows]);
    expect(byId.get(id)).toBe(byId.get(id));
  });
});
