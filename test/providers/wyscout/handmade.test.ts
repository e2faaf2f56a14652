/*
 * The Wyscout adapter on small hand-made Wyscout JSON written by the test (handmade.ts): minutes
 * from lineups, substitutions, a red card and the period ends; goals, own goals and the
 * reconciliation; names; positions; both folder layouts; extra time and a shoot-out.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatasetError } from '../../../src/model/dataset-error.js';
import { wyscoutIngest } from '../../../src/providers/wyscout/dataset.js';
import {
  decodeName,
  positionCodeOf,
  seasonNameFromDates,
  type WyscoutRole,
} from '../../../src/providers/wyscout/mapping.js';
import { matchSummaryOf } from '../../../src/providers/wyscout/match-summary.js';
import type { WyscoutEvent, WyscoutMatch } from '../../../src/providers/wyscout/read.js';
import { positionGroupOf, rowsOf, type Dataset, type RowOf } from '../../../src/model/schema.js';
import {
  AWAY,
  HOME,
  MATCH_1,
  writeHandmadeApiFolder,
  writeHandmadeFlatFolder,
  writeHandmadeWyscout,
} from './handmade.js';

let tmp: string;
let dataset: Dataset;
let report: ReturnType<typeof wyscoutIngest>['report'];
let apps: RowOf<'appearances'>[];
let seasons: RowOf<'player_seasons'>[];
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'halfspace-wyscout-unit-'));
  ({ dataset, report } = wyscoutIngest(writeHandmadeWyscout(join(tmp, 'public')), { competition: 'Testland' }));
  apps = rowsOf(dataset.tables.appearances!, 'appearances');
  seasons = rowsOf(dataset.tables.player_seasons, 'player_seasons');
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const app = (fixture: number, player: number) => apps.find((a) => a.fixture_id === fixture && a.player_id === player);
const season = (player: number) => seasons.find((s) => s.player_id === player)!;

describe('minutes', () => {
  it('counts nominal minutes: a full match is 90 even when the halves end at 46:00 and 48:20', () => {
    expect(app(5001, 1001)!.minutes).toBe(90);
    expect(app(5002, 1001)!.minutes).toBe(90);
  });

  it('places a minute-80 substitution at 2H 35:00 and a minute-46 change of a player idle in the 2H at the break', () => {
    expect(app(5001, 1011)!.minutes).toBe(80);
    expect(app(5001, 1012)!).toMatchObject({ started: false, minutes: 10 });
    expect(app(5001, 2010)!.minutes).toBe(45);
    expect(app(5001, 2012)!.minutes).toBe(45);
  });

  it('ends a sent-off player at his red card, and each team sums to 11 × 90 minus the time lost to it', () => {
    expect(app(5001, 2003)!.minutes).toBe(65);
    const total = (team: number) =>
      apps.filter((a) => a.fixture_id === 5001 && a.team_id === team).reduce((s, a) => s + a.minutes, 0);
    expect(total(HOME)).toBe(990);
    expect(total(AWAY)).toBe(990 - 25);
  });

  it('keeps clock time too: the same spells measured to the real period ends (last events at 46:00 and 48:20)', () => {
    const file = JSON.parse(
      gunzipSync(readFileSync(join(tmp, 'public', 'events', 'testland', '5001.json.gz'))).toString('utf8'),
    );
    const events = file.events.map(
      (e: { positions: { x: number; y: number }[]; tags: { id: number }[] } & Record<string, unknown>) => ({
        ...e,
        x: e.positions[0]?.x ?? null,
        y: e.positions[0]?.y ?? null,
        endX: e.positions[1]?.x ?? null,
        endY: e.positions[1]?.y ?? null,
        tags: e.tags.map((t) => t.id),
      }),
    ) as WyscoutEvent[];
    const summary = matchSummaryOf(MATCH_1 as unknown as WyscoutMatch, events, () => false);
    const clock = (id: number) => summary.lines.find((l) => l.player_id === id)!.clock_seconds;
    expect(summary.matchSeconds).toBe(5660);
    expect([clock(1011), clock(1012), clock(2010), clock(2012), clock(2003)]).toEqual([
      2760 + 2100,
      800,
      2760,
      2900,
      2760 + 1200,
    ]);
    const team = (t: number) => summary.lines.filter((l) => l.team_id === t).reduce((s, l) => s + l.clock_seconds, 0);
    expect(team(HOME)).toBe(11 * 5660);
    expect(team(AWAY)).toBe(11 * 5660 - (5660 - 2760 - 1200));
  });

  it('counts the events of a player in no lineup without giving him minutes, and reports him', () => {
    expect(app(5001, 2099)).toBeUndefined();
    expect(season(2099)).toMatchObject({ appearances: 0, minutes: 0, passes: 1, passes_completed: 1 });
    expect(report.unlisted).toEqual([{ fixture_id: 5001, players: [2099], events: 1 }]);
    expect(dataset.meta.coverage!['appearances.unlisted']).toMatch(/1 event in 1 match is by/);
  });
});

describe('goals and the scoreboard', () => {
  it('credits goals to the shooter, an own goal to the other side, and goals conceded to whoever was on the pitch', () => {
    expect(season(1010)).toMatchObject({ goals: 1, shots: 1, shots_on_target: 1, big_chances: 1 });
    expect(season(1011)).toMatchObject({ goals: 1, big_chances: 0 });
    expect(season(1002).goals).toBe(0);
    expect(season(2001)).toMatchObject({ saves: 0, goals_conceded: 2 });
    expect(season(2003).goals_conceded).toBe(1); // sent off before the second goal
    expect(season(2010).goals_conceded).toBe(1); // off at half-time
    expect(season(2012).goals_conceded).toBe(1);
    expect(season(1001).goals_conceded).toBe(1); // the own goal
    expect(season(1012).goals_conceded).toBe(0); // came on after it
  });

  it('reports the match whose event goals differ from the scoreboard, and stores the scoreboard', () => {
    expect(report.goalDifferences).toEqual([
      { fixture_id: 5002, label: 'Away FC - Home FC, 1 - 0', team_id: AWAY, team: 'Away FC', events: 0, scoreboard: 1 },
    ]);
    expect(dataset.meta.coverage!['reconciliation.5002.200']).toBe(
      'Away FC - Home FC, 1 - 0: Away FC 0 goals from events, 1 on the scoreboard (fixtures keeps the scoreboard; player totals keep the events)',
    );
    const fixtures = rowsOf(dataset.tables.fixtures, 'fixtures');
    expect(fixtures.map((f) => [f.fixture_id, f.home_team_id, f.home_goals, f.away_goals, f.round, f.status])).toEqual([
      [5001, HOME, 2, 1, 'Matchweek 1', 'finished'],
      [5002, AWAY, 1, 0, 'Matchweek 2', 'finished'],
    ]);
  });
});

describe('counting columns', () => {
  it('reads passes, crosses, key passes, long balls, tackles and duels from events and tags', () => {
    expect(season(1012)).toMatchObject({
      passes: 1,
      passes_completed: 1,
      crosses: 1,
      crosses_completed: 1,
      key_passes: 1,
    });
    expect(season(2006)).toMatchObject({ passes: 2, passes_completed: 1, long_balls: 1 });
    expect(season(1006)).toMatchObject({ passes: 1, long_balls: 0 });
    expect(season(1004)).toMatchObject({ tackles: 12, duels_won: 12 });
    expect(season(2010).ball_recoveries).toBe(1);
    expect(season(1006).ball_recoveries).toBe(0);
  });
});

describe('players, teams, league and season', () => {
  it('decodes doubly escaped names: name = first + last, known_as = the common name from the short name', () => {
    const p = rowsOf(dataset.tables.players, 'players').find((r) => r.player_id === 1010)!;
    expect(p).toMatchObject({
      name: 'Sergio Agüero del Castillo',
      known_as: 'Sergio Agüero',
      nationality: 'Argentina',
      birth_date: '1995-06-02',
      height_cm: 180,
      market_value_eur: null,
    });
  });

  it('infers full-backs from the side they play on', () => {
    const pos = new Map(rowsOf(dataset.tables.players, 'players').map((p) => [p.player_id, p.position]));
    expect(pos.get(1003)).toBe('LB');
    expect(pos.get(1004)).toBe('RB');
    expect(pos.get(1001)).toBe('GK');
  });

  it('names the season from the dates and keeps the league and teams', () => {
    expect(rowsOf(dataset.tables.seasons, 'seasons')).toEqual([
      { season_id: 77, league_id: 999, name: '2020', start_date: '2020-08-15', end_date: '2020-08-22' },
    ]);
    expect(rowsOf(dataset.tables.leagues, 'leagues')).toEqual([
      { league_id: 999, name: 'Competition 999', country: 'Testland', tier: 1, kind: 'league' },
    ]);
    expect(rowsOf(dataset.tables.teams, 'teams').map((t) => [t.team_id, t.name, t.city])).toEqual([
      [HOME, 'Home FC', 'Hometown'],
      [AWAY, 'Away FC', 'Awayville'],
    ]);
    expect(dataset.meta.as_of).toBe('2020-08-23'); // the day after the last match, so its kick-off is in the past at noon
    expect(dataset.meta.attribution).toBe(
      'Data: Wyscout public dataset (Pappalardo et al., Scientific Data 2019), CC BY 4.0',
    );
  });

  it('builds the same tables from a folder of v2 API match files (by competition id) as from the public layout', () => {
    const api = wyscoutIngest(writeHandmadeApiFolder(join(tmp, 'api')), {
      competition: 999,
      leagueName: 'Test League',
    });
    expect(rowsOf(api.dataset.tables.player_seasons)).toEqual(seasons);
    expect(rowsOf(api.dataset.tables.appearances!)).toEqual(apps);
    expect(rowsOf(api.dataset.tables.leagues, 'leagues')[0].name).toBe('Test League');
  });

  it('reads match files saved beside their matches_<Competition>.json, without players.json or teams.json', () => {
    const flat = wyscoutIngest(writeHandmadeFlatFolder(join(tmp, 'flat')), { competition: 'testland' });
    expect(rowsOf(flat.dataset.tables.player_seasons)).toEqual(seasons);
    expect(rowsOf(flat.dataset.tables.players)).toEqual(rowsOf(dataset.tables.players));
    expect(rowsOf(flat.dataset.tables.teams)).toEqual(rowsOf(dataset.tables.teams));
  });

  it('names what is missing: an unknown competition or a competition no file holds', () => {
    expect(() => wyscoutIngest(join(tmp, 'public'), { competition: 'Narnia' })).toThrow(
      /matches\/matches_Narnia\.json: missing/,
    );
    expect(() => wyscoutIngest(join(tmp, 'public'), { competition: 12345 })).toThrow(DatasetError);
    expect(() => wyscoutIngest(join(tmp, 'api'), { competition: 1 })).toThrow(/no file holds a match of competition 1/);
    const lone = join(tmp, 'api-no-match');
    writeHandmadeApiFolder(lone);
    const file = JSON.parse(readFileSync(join(lone, '5001.json'), 'utf8'));
    delete file.match;
    writeFileSync(join(lone, '5001.json'), JSON.stringify(file));
    expect(() => wyscoutIngest(lone, { competition: 999 })).toThrow(/^5001\.json, column match: no match object/);
  });
});

describe('extra time and shoot-out (matchSummaryOf)', () => {
  const ev = (
    matchPeriod: string,
    eventSec: number,
    teamId: number,
    playerId: number,
    eventId = 8,
    subEventId: number | null = 85,
    tags: number[] = [1801],
  ): WyscoutEvent => ({
    eventId,
    subEventId,
    matchPeriod,
    eventSec,
    teamId,
    playerId,
    x: 50,
    y: 50,
    endX: 55,
    endY: 50,
    tags,
  });
  const squad = (team: number) => Array.from({ length: 11 }, (_, i) => ({ playerId: team * 100 + i + 1 }));
  const match = {
    wyId: 1,
    competitionId: 28,
    seasonId: 1,
    dateutc: '2018-07-01 14:00:00',
    duration: 'Penalties',
    teamsData: {
      '1': {
        teamId: 1,
        side: 'home',
        score: 1,
        scoreET: 1,
        scoreP: 4,
        formation: { lineup: squad(1), substitutions: [{ playerIn: 112, playerOut: 111, minute: 95 }] },
      },
      '2': {
        teamId: 2,
        side: 'away',
        score: 1,
        scoreET: 1,
        scoreP: 3,
        formation: { lineup: squad(2), substitutions: 'null' },
      },
    },
  } as WyscoutMatch;
  const events = [
    ev('1H', 1, 1, 111),
    ev('1H', 2800, 2, 201),
    ev('2H', 600, 1, 110, 10, 100, [101, 1801]),
    ev('2H', 900, 2, 210, 10, 100, [101, 1801]),
    ev('2H', 2900, 1, 111),
    ev('E1', 200, 1, 111),
    ev('E1', 400, 1, 112),
    ev('E1', 960, 2, 201),
    ev('E2', 1000, 1, 112),
    ev('P', 10, 1, 112, 3, 35, [101, 1801]),
    ev('P', 60, 2, 210, 3, 35, [1802]),
  ];
  const summary = matchSummaryOf(match, events, () => false);

  it('counts both halves of extra time in the match length and leaves the shoot-out out', () => {
    expect(summary.periodSeconds).toEqual({ '1H': 2800, '2H': 2900, E1: 960, E2: 1000 });
    expect(summary.matchSeconds).toBe(7660);
    expect(summary.nominalSeconds).toBe(7200);
    expect(Object.fromEntries(summary.eventGoals)).toEqual({ 1: 1, 2: 1 });
    expect(summary.lines.find((l) => l.player_id === 112)!.totals.goals).toBe(0);
  });

  it('puts a minute-95 substitution in the first half of extra time, and every team plays 11 × the length', () => {
    const line = (id: number) => summary.lines.find((l) => l.player_id === id)!;
    expect([line(111).seconds, line(111).clock_seconds]).toEqual([2700 + 2700 + 300, 2800 + 2900 + 300]);
    expect([line(112).seconds, line(112).clock_seconds]).toEqual([600 + 900, 660 + 1000]);
    for (const team of [1, 2]) {
      const players = summary.lines.filter((l) => l.team_id === team);
      expect(players.reduce((s, l) => s + l.seconds, 0)).toBe(11 * 7200);
      expect(players.reduce((s, l) => s + l.clock_seconds, 0)).toBe(11 * 7660);
    }
  });
});

describe('mapping', () => {
  it('decodes doubly escaped text and leaves clean text alone', () => {
    expect(decodeName('Berg Gu\\u00f0munds\\u00adson ')).toBe('Berg Guðmundsson');
    expect(decodeName('Johann  Berg')).toBe('Johann Berg');
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('\\') && !s.includes('\u00ad')),
        (s) => decodeName(s) === s.trim().replace(/\s+/g, ' '),
      ),
    );
  });

  it('names seasons from the dates', () => {
    expect(seasonNameFromDates('2017-08-11', '2018-05-13')).toBe('2017/18');
    expect(seasonNameFromDates('2018-06-14', '2018-07-15')).toBe('2018');
  });

  it('keeps the Wyscout role group whatever the location, and reads sides from y', () => {
    const roles: WyscoutRole[] = ['GK', 'DF', 'MD', 'FW'];
    const group = { GK: 'goalkeeper', DF: 'defender', MD: 'midfielder', FW: 'attacker' } as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...roles),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (role, x, y) => positionGroupOf(positionCodeOf(role, x, y)) === group[role],
      ),
    );
    expect([positionCodeOf('DF', 35, 50), positionCodeOf('DF', 50, 12), positionCodeOf('DF', 60, 90)]).toEqual([
      'CB',
      'LB',
      'RWB',
    ]);
    expect([
      positionCodeOf('MD', 45, 50),
      positionCodeOf('MD', 53, 50),
      positionCodeOf('MD', 62, 50),
      positionCodeOf('MD', 60, 80),
    ]).toEqual(['DM', 'CM', 'AM', 'RM']);
    expect([
      positionCodeOf('FW', 70, 50),
      positionCodeOf('FW', 70, 20),
      positionCodeOf('FW', 70, 75),
      positionCodeOf('FW', null, null),
    ]).toEqual(['ST', 'LW', 'RW', 'ST']);
  });
});
