/*
 * The StatsBomb adapter on real data: ../shared/real/statsbomb/premier-league-2015-16/ (60 whole
 * matches of PL 2015/16, matchweeks 3–8). Skipped, saying why, when the folder is absent.
 *
 * The checks use facts from outside the adapter: the scores in matches/2/27.json, the cards in the
 * raw event JSON, and the numbers METHOD.md's Table A publishes for the same definitions
 * (players with ≥ 180 minutes: GK 24, DF 99, MF 85, FW 61; p10/p50/p90 per 90 by group, numpy
 * "type 7" interpolation).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine.js';
import { datasetFromDir } from '../../../src/io/load.js';
import { datasetFromStatsBomb } from '../../../src/providers/statsbomb/dataset.js';
import { matchSummaryOf } from '../../../src/providers/statsbomb/match-summary.js';
import { readEvents, readMatches } from '../../../src/providers/statsbomb/read.js';
import { datasetToDir } from '../../../src/io/save.js';
import {
  COUNTING_COLUMNS,
  positionGroupOf,
  rowsOf,
  type Dataset,
  type PositionCode,
  type PositionGroup,
} from '../../../src/model/schema.js';
import { realDataPresent, realPath } from '../../helpers/real-data.js';

const REAL = realPath('statsbomb', 'premier-league-2015-16');
const present = realDataPresent('StatsBomb real-data tests', join(REAL, 'competitions.json'));

/** numpy's default ("type 7") quantile: linear interpolation between order statistics. */
function quantile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  const h = (s.length - 1) * p;
  const lo = Math.floor(h);
  return s[lo] + (h - lo) * ((s[Math.min(lo + 1, s.length - 1)] ?? s[lo]) - s[lo]);
}

describe.skipIf(!present)('StatsBomb PL 2015/16 (60 real matches)', () => {
  let dataset: Dataset;
  let tmp: string;
  beforeAll(() => {
    dataset = datasetFromStatsBomb(REAL, { competitionId: 2, seasonId: 27 });
    tmp = mkdtempSync(join(tmpdir(), 'halfspace-pl-'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('has the 60 matches, 20 teams and 405 players who appeared (README)', () => {
    expect(dataset.tables.fixtures.numRows).toBe(60);
    expect(dataset.tables.teams.numRows).toBe(20);
    expect(dataset.tables.players.numRows).toBe(405);
  });

  it('sums every team-match to 990 minutes unless the team had a man sent off', () => {
    const minutes = new Map<string, number>();
    for (const a of rowsOf(dataset.tables.appearances!, 'appearances')) {
      const key = `${a.fixture_id}:${a.team_id}`;
      minutes.set(key, (minutes.get(key) ?? 0) + a.minutes);
    }
    // Teams with a red card or second yellow, read from the raw event JSON (not through the adapter).
    const sentOff = new Set<string>();
    for (const m of readMatches(REAL, 2, 27)) {
      const raw = JSON.parse(readFileSync(join(REAL, 'events', `${m.match_id}.json`), 'utf8')) as {
        team: { id: number };
        foul_committed?: { card?: { name: string } };
        bad_behaviour?: { card?: { name: string } };
      }[];
      for (const e of raw) {
        const card = e.foul_committed?.card?.name ?? e.bad_behaviour?.card?.name;
        if (card === 'Red Card' || card === 'Second Yellow') sentOff.add(`${m.match_id}:${e.team.id}`);
      }
    }
    expect(minutes.size).toBe(120);
    let exact = 0;
    for (const [key, total] of minutes) {
      if (sentOff.has(key)) {
        expect(total, key).toBeLessThanOrEqual(990 + 1e-9);
      } else {
        expect(total, key).toBeCloseTo(990, 9);
        exact++;
      }
    }
    // 14 sending-off cards over 12 team-matches (two teams lost two men), so 108 teams kept eleven.
    expect(sentOff.size).toBe(12);
    expect(exact).toBe(108);
  });

  it('counts goals per team equal to the match scores for all 60 matches', () => {
    for (const m of readMatches(REAL, 2, 27)) {
      const { goals } = matchSummaryOf(readEvents(REAL, m.match_id));
      expect([goals.get(m.home_team.home_team_id), goals.get(m.away_team.away_team_id)], String(m.match_id)).toEqual([
        m.home_score,
        m.away_score,
      ]);
    }
  });

  it('credits player goals plus the 5 own goals with every goal scored', () => {
    const fixtures = rowsOf(dataset.tables.fixtures, 'fixtures');
    const scored = fixtures.reduce((s, f) => s + f.home_goals! + f.away_goals!, 0);
    const playerGoals = rowsOf(dataset.tables.player_seasons, 'player_seasons').reduce((s, r) => s + r.goals!, 0);
    // README: 5 "Own Goal For" events in the sample.
    expect(playerGoals + 5).toBe(scored);
  });

  it('reproduces METHOD.md Table A: players with ≥ 180 minutes per group and per-90 percentiles', () => {
    const position = new Map(rowsOf(dataset.tables.players, 'players').map((p) => [p.player_id, p.position]));
    // Three players moved club inside the sample; METHOD.md counts a player once.
    const byPlayer = new Map<number, Record<string, number>>();
    for (const r of rowsOf(dataset.tables.player_seasons, 'player_seasons')) {
      const acc =
        byPlayer.get(r.player_id) ?? Object.fromEntries([['minutes', 0], ...COUNTING_COLUMNS.map((c) => [c, 0])]);
      acc.minutes += r.minutes;
      for (const c of COUNTING_COLUMNS) acc[c] += r[c]!;
      byPlayer.set(r.player_id, acc);
    }
    const groups: Record<PositionGroup, Record<string, number>[]> = {
      goalkeeper: [],
      defender: [],
      midfielder: [],
      attacker: [],
    };
    for (const [id, acc] of byPlayer)
      if (acc.minutes >= 180) groups[positionGroupOf(position.get(id)! as PositionCode)].push(acc);
    expect(Object.fromEntries(Object.entries(groups).map(([g, xs]) => [g, xs.length]))).toEqual({
      goalkeeper: 24,
      defender: 99,
      midfielder: 85,
      attacker: 61,
    });

    const cell = (g: PositionGroup, c: string) => {
      const v = groups[g].map((a) => (a[c] * 90) / a.minutes);
      // Table A prints values below 10 with two decimals and larger ones with three significant figures.
      return [quantile(v, 0.1), quantile(v, 0.5), quantile(v, 0.9)].map((x) =>
        Number(x >= 10 ? x.toPrecision(3) : x.toFixed(2)),
      );
    };
    expect(cell('attacker', 'goals')).toEqual([0, 0.29, 0.76]);
    expect(cell('attacker', 'shots')).toEqual([1.51, 2.38, 4.41]);
    expect(cell('defender', 'passes')).toEqual([29.0, 42.7, 58.4]);
    expect(cell('goalkeeper', 'long_balls')).toEqual([15.5, 22.0, 27.9]);
    expect(cell('goalkeeper', 'saves')).toEqual([1.53, 3.5, 4.95]);
    expect(cell('midfielder', 'tackles')).toEqual([1.05, 2.17, 4.1]);
    expect(cell('defender', 'aerials_won')).toEqual([1.0, 2.5, 5.16]);
    expect(cell('defender', 'shots_blocked')).toEqual([0.13, 0.5, 1.5]);
    expect(cell('midfielder', 'ball_recoveries')).toEqual([3.42, 5.64, 7.17]);
    expect(cell('attacker', 'duels_won')).toEqual([2.01, 4.53, 7.48]);
    expect(cell('goalkeeper', 'goals_conceded')).toEqual([0.67, 1.33, 2.0]);
    expect(cell('goalkeeper', 'clean_sheets')).toEqual([0, 0.21, 0.65]);
    expect(cell('midfielder', 'key_passes')).toEqual([0.25, 1.23, 2.64]);
  });

  it('gives Jamie Vardy his 540 minutes and 6 goals in six starts (MW 3–8)', () => {
    const vardy = rowsOf(dataset.tables.players, 'players').find((p) => p.name === 'Jamie Vardy')!;
    expect(vardy.position).toBe('ST');
    const row = rowsOf(dataset.tables.player_seasons, 'player_seasons').find((r) => r.player_id === vardy.player_id)!;
    // Six full regulation matches: 6 × 90 = 540. Goals: v Bournemouth, Aston Villa, Stoke, Arsenal 2, Norwich.
    expect(row).toMatchObject({ appearances: 6, starts: 6, minutes: 540, goals: 6 });
  });

  it("fixes N''Golo Kanté's doubled apostrophe", () => {
    const kante = rowsOf(dataset.tables.players, 'players').find((p) => p.player_id === 3961)!;
    expect(kante).toMatchObject({ name: "N'Golo Kanté", known_as: "N'Golo Kanté" });
  });

  it('validates on disk and serves a scouting report through the engine', () => {
    const dir = join(tmp, 'pl-2015');
    datasetToDir(dataset, dir);
    expect(datasetFromDir(dir).tables.player_seasons.numRows).toBe(dataset.tables.player_seasons.numRows);
    const engine = Engine.open({ dataset: dir });
    const r = engine.scouting({ name: 'Jamie Vardy' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.data.sample).toMatchObject({ minutes: 540, appearances: 6 });
    // 6 goals in 540 minutes = 6 × 90 / 540 = 1.0 per 90.
    expect(r.value.data.per90_stats.goals_per90).toBe(1);
    expect(r.value.meta.attribution).toBe('Data: StatsBomb open data (Premier League 2015/16)');
  });
});
