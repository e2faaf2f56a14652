/*
 * The Wyscout adapter on real data: ../shared/real/wyscout/ (the whole Premier League 2017/18, 380
 * matches, and the 2018 World Cup, 64 matches); HALFSPACE_REAL_DIR overrides the location. Skipped,
 * saying why, when the folder is absent.
 * Each competition is ingested once (beforeAll). The checks use facts read here straight from the
 * raw JSON (gunzip + JSON.parse, not the adapter's reader): scoreboards, cards, period ends, goal
 * and own-goal tags, and the league table computed from the match file's scores.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { wyscoutIngest } from '../../../src/providers/wyscout/dataset.js';
import { rowsOf, type Dataset, type RowOf } from '../../../src/model/schema.js';
import { realDataPresent, realPath } from '../../helpers/real-data.js';

const REAL = realPath('wyscout');
const present = realDataPresent('Wyscout real-data tests', join(REAL, 'matches', 'matches_England.json'));

interface RawMatch {
  wyId: number;
  label: string;
  duration: string;
  teamsData: Record<
    string,
    {
      teamId: number;
      side: string;
      score: number;
      scoreET: number;
      formation: { lineup: { playerId: number }[]; substitutions: { playerIn: number }[] | 'null' };
    }
  >;
}
interface RawEvent {
  eventId: number;
  subEventId: number | '';
  matchPeriod: string;
  eventSec: number;
  teamId: number;
  playerId: number;
  tags: { id: number }[];
}

const rawMatches = (name: string): RawMatch[] =>
  JSON.parse(readFileSync(join(REAL, 'matches', `matches_${name}.json`), 'utf8'));
const rawEvents = (folder: string, id: number): RawEvent[] =>
  JSON.parse(gunzipSync(readFileSync(join(REAL, 'events', folder, `${id}.json.gz`))).toString('utf8')).events;
const NOMINAL: Record<string, number> = { '1H': 45, '2H': 45, E1: 15, E2: 15 };
const PERIODS = ['1H', '2H', 'E1', 'E2'];

/**
 * Per team-match, from the raw files: the nominal match length in minutes and the nominal minutes
 * lost to sendings-off (a red or second-yellow tag on a player of the lineup or brought on), and
 * goals from events (shots with the goal tag; own-goal tags outside save attempts, for the other side).
 */
function rawFacts(name: string, folder: string) {
  const facts = new Map<string, { length: number; lost: number; eventGoals: number; scoreboard: number }>();
  for (const m of rawMatches(name)) {
    const events = rawEvents(folder, m.wyId).filter((e) => PERIODS.includes(e.matchPeriod));
    const periods = [...new Set(events.map((e) => e.matchPeriod))];
    const length = periods.reduce((s, p) => s + NOMINAL[p], 0);
    const teams = Object.values(m.teamsData);
    for (const t of teams) {
      const played = new Set([
        ...t.formation.lineup.map((p) => p.playerId),
        ...(Array.isArray(t.formation.substitutions) ? t.formation.substitutions.map((s) => s.playerIn) : []),
      ]);
      let lost = 0;
      let eventGoals = 0;
      for (const e of events) {
        const tags = e.tags.map((x) => x.id);
        if (e.teamId === t.teamId && played.has(e.playerId) && (tags.includes(1701) || tags.includes(1703))) {
          const before = PERIODS.slice(0, PERIODS.indexOf(e.matchPeriod))
            .filter((p) => periods.includes(p))
            .reduce((s, p) => s + NOMINAL[p], 0);
          lost += length - before - Math.min(e.eventSec / 60, NOMINAL[e.matchPeriod]);
        }
        const shot = e.eventId === 10 || e.subEventId === 33 || e.subEventId === 35;
        if (e.teamId === t.teamId && shot && tags.includes(101)) eventGoals++;
        if (e.teamId !== t.teamId && e.eventId !== 9 && tags.includes(102)) eventGoals++;
      }
      const scoreboard = m.duration === 'Regular' ? t.score : t.scoreET;
      facts.set(`${m.wyId}:${t.teamId}`, { length, lost, eventGoals, scoreboard });
    }
  }
  return facts;
}

function teamMinutes(dataset: Dataset): Map<string, number> {
  const minutes = new Map<string, number>();
  for (const a of rowsOf(dataset.tables.appearances!, 'appearances')) {
    const key = `${a.fixture_id}:${a.team_id}`;
    minutes.set(key, (minutes.get(key) ?? 0) + a.minutes);
  }
  return minutes;
}

describe.skipIf(!present)('Wyscout Premier League 2017/18 (380 real matches)', () => {
  let dataset: Dataset;
  let report: ReturnType<typeof wyscoutIngest>['report'];
  let facts: ReturnType<typeof rawFacts>;
  let players: RowOf<'players'>[];
  let seasons: RowOf<'player_seasons'>[];
  beforeAll(() => {
    ({ dataset, report } = wyscoutIngest(REAL, { competition: 'England' }));
    facts = rawFacts('England', 'england');
    players = rowsOf(dataset.tables.players, 'players');
    seasons = rowsOf(dataset.tables.player_seasons, 'player_seasons');
  });
  const byKnownAs = (knownAs: string) => players.find((p) => p.known_as === knownAs)!;
  const seasonOf = (knownAs: string) => seasons.find((s) => s.player_id === byKnownAs(knownAs).player_id)!;

  it('has the 380 matches, 20 teams, one league and the season 2017/18', () => {
    expect(report.matches).toBe(380);
    expect(dataset.tables.fixtures.numRows).toBe(380);
    expect(dataset.tables.teams.numRows).toBe(20);
    expect(rowsOf(dataset.tables.leagues, 'leagues')).toEqual([
      { league_id: 364, name: 'Premier League', country: 'England', tier: 1, kind: 'league' },
    ]);
    expect(rowsOf(dataset.tables.seasons, 'seasons')[0]).toMatchObject({
      name: '2017/18',
      start_date: '2017-08-11',
      end_date: '2018-05-13',
    });
  });

  it('sums every team-match to 11 × 90 minutes minus the minutes lost to sendings-off', () => {
    const minutes = teamMinutes(dataset);
    expect(minutes.size).toBe(760);
    let reds = 0;
    for (const [key, total] of minutes) {
      const f = facts.get(key)!;
      if (f.lost > 0) reds++;
      expect(total, key).toBeCloseTo(11 * f.length - f.lost, 6);
    }
    expect(reds).toBeGreaterThan(20);
  });

  it('matches goals from events to the scoreboard except the one known difference, which it reports', () => {
    const differences = [...facts.entries()]
      .filter(([, f]) => f.eventGoals !== f.scoreboard)
      .map(([key, f]) => [key, f.eventGoals, f.scoreboard]);
    // Chelsea 0-1 Manchester City (2018-03-04): the goal is tagged only on Courtois' save attempt, on no City shot.
    expect(differences).toEqual([['2499781:1625', 0, 1]]);
    expect(report.goalDifferences.map((d) => [`${d.fixture_id}:${d.team_id}`, d.events, d.scoreboard])).toEqual(
      differences,
    );
    expect(dataset.meta.coverage!['reconciliation.2499781.1625']).toMatch(
      /Manchester City 0 goals from events, 1 on the scoreboard/,
    );
  });

  it('gives the same final table from the fixtures table as from the match file scores', () => {
    const table = (rows: { home: number; away: number; hg: number; ag: number }[]) => {
      const t = new Map<number, { pts: number; gd: number; gf: number }>();
      const add = (team: number, gf: number, ga: number) => {
        const r = t.get(team) ?? { pts: 0, gd: 0, gf: 0 };
        r.pts += gf > ga ? 3 : gf === ga ? 1 : 0;
        r.gd += gf - ga;
        r.gf += gf;
        t.set(team, r);
      };
      for (const m of rows) {
        add(m.home, m.hg, m.ag);
        add(m.away, m.ag, m.hg);
      }
      return [...t.entries()].sort(
        (a, b) => b[1].pts - a[1].pts || b[1].gd - a[1].gd || b[1].gf - a[1].gf || a[0] - b[0],
      );
    };
    const ours = table(
      rowsOf(dataset.tables.fixtures, 'fixtures').map((f) => ({
        home: f.home_team_id,
        away: f.away_team_id,
        hg: f.home_goals!,
        ag: f.away_goals!,
      })),
    );
    const raw = table(
      rawMatches('England').map((m) => {
        const [h, a] = ['home', 'away'].map((side) => Object.values(m.teamsData).find((t) => t.side === side)!);
        return { home: h.teamId, away: a.teamId, hg: h.score, ag: a.score };
      }),
    );
    expect(ours).toEqual(raw);
    const names = new Map(rowsOf(dataset.tables.teams, 'teams').map((t) => [t.team_id, t.name]));
    expect(ours.slice(0, 4).map(([id, r]) => [names.get(id), r.pts])).toEqual([
      ['Manchester City', 100],
      ['Manchester United', 81],
      ['Tottenham Hotspur', 77],
      ['Liverpool', 75],
    ]);
  });

  it('counts the season totals a fan knows: Salah 32 league goals, Kane 29 (30 officially), Agüero 21', () => {
    expect(seasonOf('Mohamed Salah')).toMatchObject({ goals: 32, appearances: 36 });
    expect(seasonOf('Harry Kane').goals).toBe(29);
    expect(seasonOf('Sergio Agüero').goals).toBe(21);
    const goals = seasons.reduce((s, r) => s + r.goals!, 0);
    const ownGoals = [...facts.values()].reduce((s, f) => s + f.eventGoals, 0) - goals;
    expect(goals + ownGoals).toBe(1018 - 1); // 1,018 league goals on the scoreboard, one missing from the events
  });

  it('decodes the doubly escaped names and keeps the short name as known_as', () => {
    expect(byKnownAs('Sergio Agüero').name).toBe('Sergio Leonel Agüero del Castillo');
    expect(byKnownAs('Mohamed Salah').name).toBe('Mohamed Salah Ghaly');
    // Nationality is the national team's country when players.json names one (Agüero's passport is Spanish).
    expect([
      byKnownAs('Sergio Agüero').nationality,
      byKnownAs('Mohamed Salah').nationality,
      byKnownAs('Harry Kane').nationality,
    ]).toEqual(['Argentina', 'Egypt', 'England']);
    expect(players.some((p) => /\\u[0-9a-f]{4}/i.test(p.name) || /\\u[0-9a-f]{4}/i.test(p.known_as ?? ''))).toBe(false);
    expect(players.every((p) => !p.name.includes('\uFFFD') && !p.name.includes('\u00ad'))).toBe(true);
  });

  it('infers the detailed positions of players whose roles are unambiguous', () => {
    const positions = Object.fromEntries(
      [
        'Andrew Robertson',
        'Kyle Walker',
        'Trent Alexander-Arnold',
        'Nicolás Otamendi',
        'Virgil van Dijk',
        'Harry Kane',
        'Mohamed Salah',
        'David de Gea',
        'Riyad Mahrez',
        'Kevin De Bruyne',
        'Fernandinho',
        'Anthony Martial',
      ].map((k) => [k, byKnownAs(k).position]),
    );
    expect(positions).toEqual({
      'Andrew Robertson': 'LB',
      'Kyle Walker': 'RB',
      'Trent Alexander-Arnold': 'RB',
      'Nicolás Otamendi': 'CB',
      'Virgil van Dijk': 'CB',
      'Harry Kane': 'ST',
      'Mohamed Salah': 'RW',
      'David de Gea': 'GK',
      'Riyad Mahrez': 'RM',
      // One of the two eights of City's midfield three (with Silva, behind Fernandinho).
      'Kevin De Bruyne': 'CM',
      Fernandinho: 'DM',
      'Anthony Martial': 'LW',
    });
  });

  it('fills every counting column with plausible league totals', () => {
    const sum = (c: keyof RowOf<'player_seasons'>) => seasons.reduce((s, r) => s + (r[c] as number), 0);
    expect(sum('passes') / 760).toBeGreaterThan(350); // ≈ 400 passes per team-match
    expect(sum('passes_completed') / sum('passes')).toBeGreaterThan(0.75);
    expect(sum('shots') / 760).toBeGreaterThan(10);
    expect(sum('saves')).toBeGreaterThan(1500);
    for (const c of [
      'assists',
      'key_passes',
      'long_balls',
      'crosses',
      'dribbles',
      'tackles',
      'interceptions',
      'clearances',
      'shots_blocked',
      'aerials_won',
      'duels_won',
      'ball_recoveries',
      'punches',
      'clean_sheets',
      'big_chances',
    ] as const) {
      expect(sum(c), c).toBeGreaterThan(100);
    }
    expect(seasons.every((s) => s.rating === null)).toBe(true);
    expect(players.every((p) => p.market_value_eur === null)).toBe(true);
  });
});

describe.skipIf(!present)('Wyscout World Cup 2018 (64 real matches)', () => {
  let dataset: Dataset;
  let report: ReturnType<typeof wyscoutIngest>['report'];
  beforeAll(() => {
    ({ dataset, report } = wyscoutIngest(REAL, { competition: '28' }));
  });

  it('is an international competition of 32 national teams with group and knockout rounds', () => {
    expect(rowsOf(dataset.tables.leagues, 'leagues')).toEqual([
      { league_id: 28, name: 'FIFA World Cup', country: null, tier: 1, kind: 'international' },
    ]);
    expect(rowsOf(dataset.tables.seasons, 'seasons')[0].name).toBe('2018');
    expect(dataset.tables.teams.numRows).toBe(32);
    const rounds = rowsOf(dataset.tables.fixtures, 'fixtures').map((f) => f.round);
    const count = (r: string) => rounds.filter((x) => x === r).length;
    expect([
      count('Group A, matchday 1'),
      count('Round of 16'),
      count('Quarter-finals'),
      count('Semi-finals'),
      count('Third place play-off'),
      count('Final'),
    ]).toEqual([2, 8, 4, 2, 1, 1]);
  });

  it('stores results after extra time (Croatia 2-1 England) and draws decided on penalties (Russia 2-2 Croatia)', () => {
    const names = new Map(rowsOf(dataset.tables.teams, 'teams').map((t) => [t.team_id, t.name]));
    const score = (home: string, away: string) => {
      const f = rowsOf(dataset.tables.fixtures, 'fixtures').find(
        (x) => names.get(x.home_team_id) === home && names.get(x.away_team_id) === away,
      )!;
      return [f.home_goals, f.away_goals];
    };
    expect(score('Croatia', 'England')).toEqual([2, 1]);
    expect(score('Russia', 'Croatia')).toEqual([2, 2]);
    expect(score('France', 'Croatia')).toEqual([4, 2]);
  });

  it('sums every team-match to 11 × 90 or 11 × 120 minus sendings-off, and every goal to the scoreboard', () => {
    const facts = rawFacts('World_Cup', 'world_cup');
    const minutes = teamMinutes(dataset);
    expect(minutes.size).toBe(128);
    const lengths = new Set<number>();
    for (const [key, total] of minutes) {
      const f = facts.get(key)!;
      lengths.add(f.length);
      expect(total, key).toBeCloseTo(11 * f.length - f.lost, 6);
      expect(f.eventGoals, key).toBe(f.scoreboard);
    }
    expect([...lengths].sort()).toEqual([120, 90]);
    expect(report.goalDifferences).toEqual([]);
  });
});
