/*
 * The hand-written fixture test/files/statsbomb/ (competition 9, season 99): two matches between
 * Alpha FC (101, players 1–13) and Beta United (102, players 21–34).
 *
 * Match 1001 (2020-10-03, Alpha 2–1 Beta). Half ends: 46:30 (1st), 93:00 (2nd) — stoppage 1:30 and
 * 3:00, not counted in nominal minutes.
 *   10:00 Alpha 11 goal (xG 0.35, big chance), assisted by 9 (goal_assist pass).
 *   20:00 Beta 31 shot "Saved to Post" (on target, xG 0.1); Alpha GK 1 "Shot Saved to Post" (save).
 *   30:15 Beta 24 red card (Foul Committed) → 24 plays 30.25 min.
 *   40:00 Beta 30 shot blocked by Alpha 3 (Block related to a Shot → shots_blocked).
 *   44:00 Alpha GK 1 punch.
 *   45:00 (2nd half) substitution Alpha 10 → 12 (Left Wing).
 *   55:00 own goal by Beta 26 (Own Goal Against, Beta) → Alpha 2–0; 26 gets no goal.
 *   60:00–61:30 Alpha 7 Player Off / Player On (treatment): ignored, 7 plays 90.
 *   67:30 substitution Alpha 11 → 13 (Center Forward).
 *   75:00 Beta 31 penalty goal (xG 0.76) → 2–1.
 *   85:00 Beta 30 shot "Saved Off Target" (not on target); Alpha GK 1 "Shot Saved Off Target" (not a save).
 * Minutes: Alpha 1–9 90 each; 10: 45 (0–45, stoppage to 46:30 not counted); 12: 45 (45–90);
 *   11: 45 + 22.5 = 67.5; 13: 90 − 67.5 = 22.5. Sum 9·90 + 45 + 45 + 67.5 + 22.5 = 990.
 *   Beta: 10·90 + 30.25 = 930.25 (a man sent off).
 * Goals conceded while on the pitch: Beta at 10:00 all eleven (+1), at 55:00 all but 24 (+1):
 *   Beta 24 → 1, other Beta starters → 2. Alpha at 75:00: 1–9, 12, 13 on the pitch → 1 each; 10 and 11 → 0.
 *
 * Match 1002 (2021-01-16, Beta 0–0 Alpha after extra time; a period-5 shoot-out goal that counts
 * for nothing). Half ends: 45:00, 92:00, 106:00, 121:30. Beta 32 starts at Left Center Back.
 *   50:00 Beta 34 (on the bench) red card: changes nothing, 34 never appears.
 *   80:00 substitution Alpha 9 → 12 (Right Wing).
 *   95:00 (ET 1st half) Beta 25 second yellow → 25 plays 45 + 45 + 5 = 95.
 *   99:00 tactical shift: Alpha 12 Right Wing → Right Midfield.
 *   109:50 Alpha 7 shot-assist pass; 110:00 Alpha 11 shot saved (xG 0.2) by Beta GK 21; 115:00 21 punches.
 *   120:30 (stoppage) substitution Beta 31 → 33: 31 plays the full 120, 33 plays 0 nominal minutes.
 *   period 5: Alpha 11 "Goal" in the shoot-out — ignored.
 * Minutes: Alpha 1–8, 10, 11: 120 each; 9: 80; 12: 10 + 15 + 15 = 40 (RW 10 + 9 = 19, RM 6 + 15 = 21).
 *   Sum 10·120 + 80 + 40 = 1320 = 11 × 120. Beta: 9·120 + 95 + 120 + 0 = 1295 (25 minutes short of 1320).
 *   No goals in periods 1–4: every player with ≥ 60 minutes keeps a clean sheet.
 */
import { mkdtempSync, cpSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatasetError } from '../../../src/model/dataset-error.js';
import { datasetFromStatsBomb } from '../../../src/providers/statsbomb/dataset.js';
import { matchSummaryOf } from '../../../src/providers/statsbomb/match-summary.js';
import { readEvents } from '../../../src/providers/statsbomb/read.js';
import { datasetFromDir } from '../../../src/io/load.js';
import { datasetToDir } from '../../../src/io/save.js';
import { rowsOf, type Dataset, type RowOf } from '../../../src/model/schema.js';

const FIXTURE = fileURLToPath(new URL('../../files/statsbomb/', import.meta.url));

let dataset: Dataset;
let seasons: Map<number, RowOf<'player_seasons'>>;
let players: Map<number, RowOf<'players'>>;
let apps: RowOf<'appearances'>[];
beforeAll(() => {
  dataset = datasetFromStatsBomb(FIXTURE, { competitionId: 9, seasonId: 99 });
  seasons = new Map(rowsOf(dataset.tables.player_seasons, 'player_seasons').map((r) => [r.player_id, r]));
  players = new Map(rowsOf(dataset.tables.players, 'players').map((r) => [r.player_id, r]));
  apps = rowsOf(dataset.tables.appearances!, 'appearances');
});

const appOf = (fixture: number, player: number) => apps.find((a) => a.fixture_id === fixture && a.player_id === player);
const teamMinutes = (fixture: number, team: number) =>
  apps.filter((a) => a.fixture_id === fixture && a.team_id === team).reduce((s, a) => s + a.minutes, 0);

describe('matchSummaryOf on the fixture', () => {
  it('counts goals per team with own goals for the side that benefits and no shoot-out goals', () => {
    const m1 = matchSummaryOf(readEvents(FIXTURE, 1001));
    expect(Object.fromEntries(m1.goals)).toEqual({ 101: 2, 102: 1 });
    const m2 = matchSummaryOf(readEvents(FIXTURE, 1002));
    expect(Object.fromEntries(m2.goals)).toEqual({ 101: 0, 102: 0 });
  });

  it('marks sendings-off, and ignores a card to a player on the bench', () => {
    const m1 = matchSummaryOf(readEvents(FIXTURE, 1001));
    expect(m1.lines.filter((l) => l.sent_off).map((l) => l.player_id)).toEqual([24]);
    const m2 = matchSummaryOf(readEvents(FIXTURE, 1002));
    expect(m2.lines.filter((l) => l.sent_off).map((l) => l.player_id)).toEqual([25]);
    expect(m2.lines.some((l) => l.player_id === 34 && l.appeared)).toBe(false);
  });

  it('counts clock minutes with stoppage time and nominal minutes without', () => {
    const m1 = matchSummaryOf(readEvents(FIXTURE, 1001));
    const gk = m1.lines.find((l) => l.player_id === 1)!;
    // Clock: 0–46:30 + 45:00–93:00 = 46.5 + 48 = 94.5 min; nominal 90.
    expect(gk.clock_seconds).toBe(94.5 * 60);
    expect(gk.nominal_seconds).toBe(90 * 60);
  });
});

describe('datasetFromStatsBomb on the fixture', () => {
  it('builds one tier-1 league, its season and both teams', () => {
    expect(rowsOf(dataset.tables.leagues, 'leagues')).toEqual([
      { league_id: 9, name: 'Test League', country: 'Testland', tier: 1, kind: 'league' },
    ]);
    // Season dates span the two matches; "2020/2021" is shortened.
    expect(rowsOf(dataset.tables.seasons, 'seasons')).toEqual([
      { season_id: 99, league_id: 9, name: '2020/21', start_date: '2020-10-03', end_date: '2021-01-16' },
    ]);
    expect(rowsOf(dataset.tables.teams, 'teams').map((t) => [t.team_id, t.name, t.league_id])).toEqual([
      [101, 'Alpha FC', 9],
      [102, 'Beta United', 9],
    ]);
  });

  it('writes fixtures in kick-off order with UTC kick-offs, scores and status', () => {
    const f = rowsOf(dataset.tables.fixtures, 'fixtures');
    expect(f.map((x) => x.fixture_id)).toEqual([1001, 1002]);
    // 16:00 CEST = 14:00 UTC; 16:00 CET = 15:00 UTC.
    expect(f[0]).toMatchObject({
      kickoff: Date.UTC(2020, 9, 3, 14),
      home_team_id: 101,
      away_team_id: 102,
      home_goals: 2,
      away_goals: 1,
      status: 'finished',
      round: 'Matchweek 1',
      venue: 'Alpha Ground',
    });
    expect(f[1]).toMatchObject({
      kickoff: Date.UTC(2021, 0, 16, 15),
      home_team_id: 102,
      away_team_id: 101,
      home_goals: 0,
      away_goals: 0,
      status: 'finished',
    });
  });

  it('lists every player who appeared (26), not the unused red-carded substitute 34', () => {
    // Alpha 1–13 (13) + Beta 21–33 (13).
    expect(players.size).toBe(26);
    expect(players.has(34)).toBe(false);
    expect(seasons.size).toBe(26);
  });

  it('fixes doubled apostrophes and uses the nickname as known_as', () => {
    expect(players.get(8)).toMatchObject({
      name: "Kofi O'Brien Mensah",
      known_as: "Kofi O'Brien",
      nationality: 'Ghana',
    });
    expect(players.get(29)).toMatchObject({ name: "Jean N'Doye", known_as: null, nationality: 'Senegal' });
  });

  it('leaves what StatsBomb does not have null', () => {
    const p = players.get(11)!;
    expect([p.birth_date, p.market_value_eur, p.preferred_foot, p.height_cm, p.wc2026_nation]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect([...seasons.values()].every((s) => s.rating === null)).toBe(true);
    expect(dataset.meta.coverage?.['player_seasons.rating']).toMatch(/no player rating/);
    expect(dataset.meta.coverage?.['players.market_value_eur']).toMatch(/null/);
  });

  it('sums each team-match to 990 (or 1320 after extra time) unless a man was sent off', () => {
    expect(teamMinutes(1001, 101)).toBe(990);
    expect(teamMinutes(1001, 102)).toBe(930.25);
    expect(teamMinutes(1002, 101)).toBe(1320);
    expect(teamMinutes(1002, 102)).toBe(1295);
    // 1001: 13 Alpha + 11 Beta; 1002: 12 Alpha (13 did not play) + 12 Beta (24 absent, 32 and 33 in).
    expect(apps.length).toBe(48);
  });

  it('gives substitutes and sent-off players their nominal minutes', () => {
    expect(appOf(1001, 10)).toMatchObject({ started: true, minutes: 45, position: 'LW' });
    expect(appOf(1001, 12)).toMatchObject({ started: false, minutes: 45, position: 'LW' });
    expect(appOf(1001, 11)).toMatchObject({ started: true, minutes: 67.5, position: 'ST' });
    expect(appOf(1001, 13)).toMatchObject({ started: false, minutes: 22.5, position: 'ST' });
    expect(appOf(1001, 24)).toMatchObject({ started: true, minutes: 30.25, position: 'CB' });
    expect(appOf(1001, 7)).toMatchObject({ minutes: 90 });
    expect(appOf(1002, 25)).toMatchObject({ minutes: 95, position: 'LB' });
    expect(appOf(1002, 31)).toMatchObject({ minutes: 120 });
    expect(appOf(1002, 33)).toMatchObject({ started: false, minutes: 0, position: 'ST' });
    // 12 in 1002: RW 19 nominal minutes, RM 21 → RM for the match.
    expect(appOf(1002, 12)).toMatchObject({ minutes: 40, position: 'RM' });
  });

  it('gives each player the position where he spent most minutes over the season', () => {
    // 12: LW 45 (1001) vs RM 21 and RW 19 (1002) → LW.
    expect(players.get(12)!.position).toBe('LW');
    expect(players.get(28)!.position).toBe('RM');
    expect(players.get(30)!.position).toBe('AM');
    expect(players.get(1)!.position).toBe('GK');
  });

  it('totals appearances, starts and minutes per player-season', () => {
    // 11: 67.5 + 120 = 187.5; 12: 45 + 40 = 85; 25: 90 + 95 = 185; 33: 0 minutes but an appearance.
    expect(seasons.get(11)).toMatchObject({
      appearances: 2,
      starts: 2,
      minutes: 187.5,
      team_id: 101,
      season_id: 99,
      league_id: 9,
    });
    expect(seasons.get(12)).toMatchObject({ appearances: 2, starts: 0, minutes: 85 });
    expect(seasons.get(13)).toMatchObject({ appearances: 1, starts: 0, minutes: 22.5 });
    expect(seasons.get(24)).toMatchObject({ appearances: 1, starts: 1, minutes: 30.25 });
    expect(seasons.get(25)).toMatchObject({ appearances: 2, starts: 2, minutes: 185 });
    expect(seasons.get(32)).toMatchObject({ appearances: 1, starts: 1, minutes: 120 });
    expect(seasons.get(33)).toMatchObject({ appearances: 1, starts: 0, minutes: 0 });
  });

  it('counts attacking events as METHOD.md defines them', () => {
    // 11: goal (1001, xG 0.35) + saved shot (1002, xG 0.2); the shoot-out goal is ignored.
    expect(seasons.get(11)).toMatchObject({ goals: 1, shots: 2, shots_on_target: 2, big_chances: 1, assists: 0 });
    // 31: "Saved to Post" (on target, xG 0.1) + penalty goal (xG 0.76 ≥ 0.3).
    expect(seasons.get(31)).toMatchObject({ goals: 1, shots: 2, shots_on_target: 2, big_chances: 1 });
    // 30: blocked + "Saved Off Target": neither on target.
    expect(seasons.get(30)).toMatchObject({ goals: 0, shots: 2, shots_on_target: 0, big_chances: 0 });
    // The own goal is nobody's goal.
    expect(seasons.get(26)!.goals).toBe(0);
    expect(seasons.get(9)).toMatchObject({ assists: 1, key_passes: 1, passes: 1, passes_completed: 1 });
    expect(seasons.get(7)).toMatchObject({ assists: 0, key_passes: 1, passes: 1, passes_completed: 1 });
  });

  it('counts passes without throw-ins and injury clearances, long balls and crosses', () => {
    // 8: 35 m completed (long ball), 20 m incomplete cross; throw-in and injury clearance left out.
    expect(seasons.get(8)).toMatchObject({
      passes: 2,
      passes_completed: 1,
      long_balls: 1,
      crosses: 1,
      crosses_completed: 0,
    });
  });

  it('counts defensive events and duels won', () => {
    // 22: two tackles, one won → duels_won 1. 23: aerial won on a clearance → aerial and duel.
    expect(seasons.get(22)).toMatchObject({ tackles: 2, duels_won: 1 });
    expect(seasons.get(23)).toMatchObject({ clearances: 1, aerials_won: 1, duels_won: 1 });
    // 28: one complete dribble of two → dribbles 1, duels_won 1.
    expect(seasons.get(28)).toMatchObject({ dribbles: 1, duels_won: 1 });
    // 6: an interception; two recoveries, one failed.
    expect(seasons.get(6)).toMatchObject({ interceptions: 1, ball_recoveries: 1 });
    expect(seasons.get(3)).toMatchObject({ shots_blocked: 1 });
  });

  it('counts goalkeeping: saves, punches, goals conceded and clean sheets', () => {
    // Alpha GK 1: "Shot Saved to Post" is a save, "Shot Saved Off Target" is not; one punch.
    // Conceded the 75:00 penalty in 1001 (1); clean sheet in 1002 only.
    expect(seasons.get(1)).toMatchObject({ minutes: 210, saves: 1, punches: 1, goals_conceded: 1, clean_sheets: 1 });
    // Beta GK 21: saved 11's shot in 1002, one punch; conceded 2 in 1001; clean sheet in 1002.
    expect(seasons.get(21)).toMatchObject({ minutes: 210, saves: 1, punches: 1, goals_conceded: 2, clean_sheets: 1 });
  });

  it('counts goals conceded only while the player was on the pitch', () => {
    // 10 left at half-time, 11 at 67:30: both before the 75:00 penalty.
    expect(seasons.get(10)!.goals_conceded).toBe(0);
    expect(seasons.get(11)!.goals_conceded).toBe(0);
    expect(seasons.get(12)!.goals_conceded).toBe(1);
    expect(seasons.get(13)!.goals_conceded).toBe(1);
    // 24 was sent off at 30:15, before the 55:00 own goal.
    expect(seasons.get(24)!.goals_conceded).toBe(1);
    expect(seasons.get(26)!.goals_conceded).toBe(2);
  });

  it('awards clean sheets for ≥ 60 minutes without conceding', () => {
    // 11: 67.5 min in 1001 with nothing conceded + 1002 → 2. 10: 45 min in 1001 (too few) + 1002 → 1.
    expect(seasons.get(11)!.clean_sheets).toBe(2);
    expect(seasons.get(10)!.clean_sheets).toBe(1);
    // 12: conceded in 1001, 40 min in 1002 → 0. 33: 0 minutes → 0. 25: 95 min in 1002 → 1.
    expect(seasons.get(12)!.clean_sheets).toBe(0);
    expect(seasons.get(33)!.clean_sheets).toBe(0);
    expect(seasons.get(25)!.clean_sheets).toBe(1);
  });

  it('credits StatsBomb in dataset.json and marks the data real', () => {
    expect(dataset.meta.synthetic).toBe(false);
    expect(dataset.meta.attribution).toBe('Data: StatsBomb open data (Test League 2020/21)');
    expect(dataset.meta.as_of).toBe('2021-01-16');
    expect(dataset.meta.licence).toMatch(/StatsBomb/);
  });

  it('reports progress once per match', () => {
    const calls: [number, number, number][] = [];
    datasetFromStatsBomb(FIXTURE, { competitionId: 9, seasonId: 99, onProgress: (d, t, e) => calls.push([d, t, e]) });
    // 38 events in 1001, 21 in 1002.
    expect(calls).toEqual([
      [1, 2, 38],
      [2, 2, 59],
    ]);
  });
});

describe('datasetFromStatsBomb round trip and errors', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'halfspace-sb-'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('survives datasetToDir → datasetFromDir unchanged', () => {
    const dir = join(tmp, 'out');
    datasetToDir(dataset, dir);
    const back = datasetFromDir(dir);
    expect(back.meta).toEqual(dataset.meta);
    expect(rowsOf(back.tables.player_seasons)).toEqual(rowsOf(dataset.tables.player_seasons));
    expect(rowsOf(back.tables.appearances!)).toEqual(rowsOf(dataset.tables.appearances!));
  });

  it('names the missing competition season', () => {
    expect(() => datasetFromStatsBomb(FIXTURE, { competitionId: 9, seasonId: 1 })).toThrow(
      /competitions\.json.*competition_id 9 and season_id 1/,
    );
  });

  it('fails on a season listed in competitions.json without a match file', () => {
    expect(() => datasetFromStatsBomb(FIXTURE, { competitionId: 9, seasonId: 98 })).toThrow(DatasetError);
    expect(() => datasetFromStatsBomb(FIXTURE, { competitionId: 9, seasonId: 98 })).toThrow(
      /matches\/9\/98\.json: missing/,
    );
  });

  it('names file, field and event row of a malformed event', () => {
    const dir = join(tmp, 'broken');
    cpSync(FIXTURE, dir, { recursive: true });
    writeFileSync(
      join(dir, 'events/1002.json'),
      JSON.stringify([
        {
          id: 'x',
          index: 1,
          period: 1,
          minute: 'ten',
          second: 0,
          type: { id: 1, name: 'Pass' },
          team: { id: 101, name: 'Alpha FC' },
        },
      ]),
    );
    let err: unknown;
    try {
      datasetFromStatsBomb(dir, { competitionId: 9, seasonId: 99 });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DatasetError);
    expect((err as DatasetError).file).toBe('events/1002.json');
    expect((err as DatasetError).column).toBe('minute');
    expect((err as DatasetError).row).toBe(0);

    // A type-specific object is checked too: the path names it.
    const events = readEvents(FIXTURE, 1002) as unknown as Record<string, unknown>[];
    const passAt = events.findIndex((e) => e.pass);
    (events[passAt].pass as Record<string, unknown>).length = 'long';
    writeFileSync(join(dir, 'events/1002.json'), JSON.stringify(events));
    expect(() => datasetFromStatsBomb(dir, { competitionId: 9, seasonId: 99 })).toThrow(
      new RegExp(`events/1002\\.json, column pass\\.length, row ${passAt}:`),
    );
  });

  it('rejects an unknown position name and a file that is not JSON', () => {
    const dir = join(tmp, 'odd');
    cpSync(FIXTURE, dir, { recursive: true });
    const events = readEvents(FIXTURE, 1001);
    writeFileSync(join(dir, 'events/1001.json'), JSON.stringify(events).replace('"Right Back"', '"Libero"'));
    expect(() => datasetFromStatsBomb(dir, { competitionId: 9, seasonId: 99 })).toThrow(
      /events\/1001\.json.*unknown StatsBomb position "Libero"/,
    );
    writeFileSync(join(dir, 'events/1001.json'), '[{');
    expect(() => datasetFromStatsBomb(dir, { competitionId: 9, seasonId: 99 })).toThrow(
      /events\/1001\.json: not valid JSON/,
    );
  });
});
