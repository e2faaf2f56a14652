import { describe, expect, it } from 'vitest';
import type { DatasetError } from '../../src/model/dataset-error.js';
import { rowsOf } from '../../src/model/schema.js';
import { datasetFromSeasonCsv } from '../../src/io/season-csv.js';

const HEADER = 'player_id,name,position,team,league,season,appearances,minutes,goals,birth_date,market_value_eur';
const CSV = [
  HEADER,
  '7,Ana Silva,ST,Porto B,Liga Dois,2025/26,10,900,9,2001-02-03,12000000',
  '8,"Bo ""Beast"" Berg",CB,Porto B,Liga Dois,2025/26,12,1080,,,',
  '7,Ana Silva,ST,Braga B,Liga Dois,2025/26,3,180,1,2001-02-03,12000000',
  '9,Cy Dune,GK,Lions,Liga Um,2026,5,450,0,,',
].join('\n');

describe('datasetFromSeasonCsv', () => {
  const ds = datasetFromSeasonCsv(CSV, { asOf: '2026-03-01' });

  it('assigns league, season and team ids in order of first appearance', () => {
    expect(rowsOf(ds.tables.leagues, 'leagues').map((l) => [l.league_id, l.name])).toEqual([
      [1, 'Liga Dois'],
      [2, 'Liga Um'],
    ]);
    // "2025/26" → 1 July 2025 to 30 June 2026; "2026" → the calendar year.
    expect(rowsOf(ds.tables.seasons, 'seasons')).toEqual([
      { season_id: 1, league_id: 1, name: '2025/26', start_date: '2025-07-01', end_date: '2026-06-30' },
      { season_id: 2, league_id: 2, name: '2026', start_date: '2026-01-01', end_date: '2026-12-31' },
    ]);
    expect(rowsOf(ds.tables.teams, 'teams').map((t) => [t.team_id, t.name, t.league_id])).toEqual([
      [1, 'Porto B', 1],
      [2, 'Braga B', 1],
      [3, 'Lions', 2],
    ]);
  });

  it('keeps one player per player_id and one player_seasons row per CSV row', () => {
    const players = rowsOf(ds.tables.players, 'players');
    expect(players.map((p) => [p.player_id, p.name, p.position, p.team_id])).toEqual([
      [7, 'Ana Silva', 'ST', 1],
      [8, 'Bo "Beast" Berg', 'CB', 1],
      [9, 'Cy Dune', 'GK', 3],
    ]);
    expect(players[0]).toMatchObject({ birth_date: '2001-02-03', market_value_eur: 12_000_000 });
    expect(players[1]).toMatchObject({ birth_date: null, market_value_eur: null });
    const ps = rowsOf(ds.tables.player_seasons, 'player_seasons');
    expect(
      ps.map((r) => [r.player_id, r.team_id, r.season_id, r.league_id, r.appearances, r.minutes, r.goals]),
    ).toEqual([
      [7, 1, 1, 1, 10, 900, 9],
      [8, 1, 1, 1, 12, 1080, null],
      [7, 2, 1, 1, 3, 180, 1],
      [9, 3, 2, 2, 5, 450, 0],
    ]);
    // Columns the file leaves out are null.
    expect(ps[0].assists).toBeNull();
    expect(ps[0].rating).toBeNull();
  });

  it('numbers players by row when there is no player_id column', () => {
    const d = datasetFromSeasonCsv(
      'name,position,team,league,season,appearances,minutes\nA,ST,X,L,2025/26,1,90\nA,ST,Y,L,2025/26,1,90\n',
      { asOf: '2026-01-01' },
    );
    expect(rowsOf(d.tables.players, 'players').map((p) => p.player_id)).toEqual([1, 2]);
  });

  it('names column, row and line of every kind of bad input', () => {
    const bad = (text: string): DatasetError => {
      try {
        datasetFromSeasonCsv(text, { asOf: '2026-03-01', file: 'p.csv' });
      } catch (e) {
        return e as DatasetError;
      }
      throw new Error('expected a DatasetError');
    };
    const base = 'name,position,team,league,season,appearances,minutes';
    expect(bad(`${base},goalz\n`).message).toMatch(/p\.csv, column goalz: line 1: unknown column "goalz"/);
    expect(bad('name,position,team,league,season,appearances\n').message).toMatch(
      /required column "minutes" is missing/,
    );
    expect(bad(`${base},goals,goals\n`).message).toMatch(/column "goals" appears twice/);
    const e1 = bad(`${base}\nA,ST,X,L,2025/26,1,90\nB,ST,X,L,2025/26,x,90\n`);
    expect([e1.column, e1.row]).toEqual(['appearances', 1]);
    expect(e1.message).toMatch(/line 3: "x" is not an integer/);
    expect(bad(`${base}\nA,XX,X,L,2025/26,1,90\n`).message).toMatch(/line 2: "XX" is not one of GK, CB/);
    expect(bad(`${base}\n,ST,X,L,2025/26,1,90\n`).message).toMatch(
      /column name, row 0: line 2: empty, but every row needs a name/,
    );
    expect(bad(`${base}\nA,ST,X,L,2025/26,1\n`).message).toMatch(/line 2: 6 fields, the header has 7/);
    expect(bad('').message).toMatch(/empty file/);
    // Validation still applies: 200 minutes in one appearance is more than 120.
    expect(bad(`${base}\nA,ST,X,L,2025/26,1,200\n`).message).toMatch(/minutes/);
  });
});

describe('the header-map seam', () => {
  it('renames source columns and drops the ones mapped to null before the columns are checked', () => {
    const text = 'Player,Pos,Squad,Comp,Season,MP,Min,Gls,Notes\nAna,ST,X,L,2025/26,10,900,9,ignore me\n';
    const names: Record<string, string | null> = {
      Player: 'name',
      Pos: 'position',
      Squad: 'team',
      Comp: 'league',
      Season: 'season',
      MP: 'appearances',
      Min: 'minutes',
      Gls: 'goals',
      Notes: null,
    };
    const seen: string[][] = [];
    const ds = datasetFromSeasonCsv(text, {
      asOf: '2026-03-01',
      file: 'fbref.csv',
      mapHeader: (header, file) => {
        seen.push([file, ...header]);
        return header.map((h) => (h in names ? names[h] : h));
      },
    });
    expect(seen).toEqual([['fbref.csv', 'Player', 'Pos', 'Squad', 'Comp', 'Season', 'MP', 'Min', 'Gls', 'Notes']]);
    expect(rowsOf(ds.tables.player_seasons, 'player_seasons').map((r) => [r.minutes, r.goals])).toEqual([[900, 9]]);
    expect(rowsOf(ds.tables.players, 'players')[0].name).toBe('Ana');
    // Without the map the same header is refused, naming the first unknown column.
    expect(() => datasetFromSeasonCsv(text, { asOf: '2026-03-01' })).toThrow(/unknown column "Player"/);
  });
});
