import { describe, expect, it } from 'vitest';
import { playerInputsOf } from '../../src/identity/player-inputs.js';
import { bundledDatasetFromDir } from '../../src/io/load.js';
import { demoDatasetDir } from '../../src/io/paths.js';
import { LazyRows, RowsById } from '../../src/model/lazy-rows.js';
import { rowsOf } from '../../src/model/schema.js';

const demo = bundledDatasetFromDir(demoDatasetDir());
const players = demo.tables.players;
const eager = rowsOf(players, 'players');

describe('LazyRows (the engine’s players, read as they are asked for)', () => {
  it('reads each row as rowsOf does, one at a time or all at once, and keeps the objects it gave', () => {
    const lazy = new LazyRows(players, 'players');
    const probes = [0, 1, 777, players.numRows - 1];
    const early = probes.map((i) => lazy.at(i));
    for (const [k, i] of probes.entries()) expect(early[k]).toEqual(eager[i]);
    const all = lazy.all();
    expect(all).toEqual(eager);
    for (const [k, i] of probes.entries()) expect(all[i]).toBe(early[k]);
    expect(lazy.at(5)).toBe(all[5]);
  });

  it('gives the identity index the same five fields the full rows hold', () => {
    const inputs = playerInputsOf(players);
    expect(inputs).toEqual(
      eager.map((p) => ({
        player_id: p.player_id,
        name: p.name,
        known_as: p.known_as,
        team_id: p.team_id,
        position: p.position,
      })),
    );
    expect(inputs.some((p) => p.known_as !== null)).toBe(true);
  });
});

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
