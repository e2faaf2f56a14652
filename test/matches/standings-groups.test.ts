/**
 * Standings beyond one full league (docs/methodology/matches.md#league-tables): the only competition
 * of a dataset needs no name, a tournament gets one table per group of its group stage, and a table
 * built from part of a season says which rounds it holds. Checked on a hand-built tournament, on the
 * built binary, and on the real 2018 World Cup when ../shared/real is there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetToDir } from '../../src/io/save.js';
import { tableFromRows, type Dataset } from '../../src/model/schema.js';
import { Engine } from '../../src/engine.js';
import { groupOfRound } from '../../src/matches/standings.js';
import { ensureBuilt, runBuiltSync } from '../helpers/built-cli.js';
import { realDataPresent, realPath } from '../helpers/real-data.js';

/** A two-group tournament: A = Ajania, Bexland, Cetia; B = Dorvia, Estor, Fenmark; then a final. */
function tournament(): Dataset {
  const names = ['Ajania', 'Bexland', 'Cetia', 'Dorvia', 'Estor', 'Fenmark'];
  const games: [string, number, number, number, number][] = [
    ['Group A, matchday 1', 1, 2, 2, 0],
    ['Group A, matchday 2', 2, 3, 1, 1],
    ['Group A, matchday 3', 3, 1, 0, 3],
    ['Group B, matchday 1', 4, 5, 0, 0],
    ['Group B, matchday 2', 5, 6, 2, 1],
    ['Group B, matchday 3', 6, 4, 1, 2],
    ['Final', 1, 5, 1, 0],
  ];
  return {
    meta: { name: 'tournament', as_of: '2030-07-20', source: 'hand-built test fixture', synthetic: true },
    tables: {
      leagues: tableFromRows('leagues', [
        { league_id: 9, name: 'Island Cup', country: null, tier: 1, kind: 'international' },
      ]),
      seasons: tableFromRows('seasons', [
        { season_id: 90, league_id: 9, name: '2030', start_date: '2030-06-01', end_date: '2030-07-20' },
      ]),
      teams: tableFromRows(
        'teams',
        names.map((name, i) => ({ team_id: i + 1, name, league_id: 9 })),
      ),
      rivalries: undefined,
      players: tableFromRows('players', []),
      player_seasons: tableFromRows('player_seasons', []),
      fixtures: tableFromRows(
        'fixtures',
        games.map(([round, home, away, hg, ag], i) => ({
          fixture_id: i + 1,
          season_id: 90,
          league_id: 9,
          round,
          kickoff: Date.UTC(2030, 5, 10 + i),
          home_team_id: home,
          away_team_id: away,
          home_goals: hg,
          away_goals: ag,
          status: 'finished',
          venue: null,
        })),
      ),
      appearances: undefined,
    },
  };
}

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'halfspace-groups-'));
  datasetToDir(tournament(), dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tournament standings', () => {
  it('reads the group of a round', () => {
    expect(['Group C, matchday 1', 'Group H', 'Final', '7', null].map(groupOfRound)).toEqual([
      'Group C',
      'Group H',
      null,
      null,
      null,
    ]);
  });

  it('give one table per group, from group matches only, without naming the only competition', () => {
    const r = Engine.open({ dataset: tournament() }).standings({});
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.table).toEqual([]);
    expect(r.value.groups?.map((g) => [g.name, g.table.map((e) => [e.name, e.points, e.goal_difference])])).toEqual([
      // Ajania won 2-0 and 3-0; Bexland drew 1-1 with Cetia and lost 0-2, Cetia lost 0-3.
      [
        'Group A',
        [
          ['Ajania', 6, 5],
          ['Bexland', 1, -2],
          ['Cetia', 1, -3],
        ],
      ],
      // Dorvia and Estor level on points, goal difference and goals: club name decides.
      [
        'Group B',
        [
          ['Dorvia', 4, 1],
          ['Estor', 4, 1],
          ['Fenmark', 0, -2],
        ],
      ],
    ]);
    // The final belongs to no table.
    expect(r.value.meta.matches_counted + r.value.meta.matches_not_counted).toBe(6);
  });

  it('print as group tables from the built binary', () => {
    const r = runBuiltSync(['standings', '--dataset', dir]);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toMatch(/^Island Cup 2030, as of 2030-07-20 \(6 of 6 fixtures counted\)\n\nGroup A\n/);
    expect(r.stdout).toContain('\nGroup B\n');
    expect(r.stdout).not.toContain(' a international');
  });
});

const WYSCOUT = realPath('wyscout');
const worldCupPresent = realDataPresent(
  'standings-groups real World Cup check',
  join(WYSCOUT, 'matches', 'matches_World_Cup.json'),
);

describe.skipIf(!worldCupPresent)('the real 2018 World Cup (needs the Wyscout public dataset)', () => {
  it('gives the published group tables: Uruguay 9 points atop Group A, Spain above Portugal on goals', () => {
    const out = join(dir, 'wc');
    const ingest = runBuiltSync(['ingest', 'wyscout', WYSCOUT, '--competition', 'World_Cup', '--out', out]);
    expect(ingest.code).toBe(0);
    const r = Engine.open({ dataset: out }).standings({});
    if (!r.ok) throw new Error(r.error.message);
    const groups = new Map(r.value.groups?.map((g) => [g.name, g.table.map((e) => `${e.name} ${e.points}`)]));
    expect(groups.size).toBe(8);
    expect(groups.get('Group A')).toEqual(['Uruguay 9', 'Russia 6', 'Saudi Arabia 3', 'Egypt 0']);
    expect(groups.get('Group B')).toEqual(['Spain 5', 'Portugal 5', 'Iran 4', 'Morocco 1']);
    expect(groups.get('Group F')?.[0]).toBe('Sweden 6');
  });
});
