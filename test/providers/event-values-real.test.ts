/*
 * Event values on real data (docs/methodology/event-values.md), checked against facts from outside
 * the rules: Opta's published possession of the Premier League 2017/18 (Manchester City first at
 * 65.9 %, FanSided, 15 April 2018), the goals actually scored from the shots, public xG for Kane
 * (about 26), FBref's per-90 levels of progressive passes and shot-creating actions, and the arithmetic that must hold
 * (shares sum to 100, the shots table adds up to the season columns). Reads ../shared/real and
 * skips, saying why, when it is absent.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { datasetFromStatsBomb } from '../../src/providers/statsbomb/dataset.js';
import { wyscoutIngest } from '../../src/providers/wyscout/dataset.js';
import { rowsOf, type Dataset, type RowOf } from '../../src/model/schema.js';
import { realDataPresent, realPath } from '../helpers/real-data.js';

const WYSCOUT = realPath('wyscout');
const STATSBOMB = realPath('statsbomb', 'premier-league-2015-16');
const wyscoutPresent = realDataPresent('Event-value real-data tests', join(WYSCOUT, 'matches', 'matches_England.json'));
const statsBombPresent = realDataPresent('StatsBomb event-value real-data tests', join(STATSBOMB, 'competitions.json'));

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** Every finished fixture's shares sum to 100, and each appearance carries its side's share. */
function expectPossessionConsistent(dataset: Dataset): void {
  const fixtures = rowsOf(dataset.tables.fixtures, 'fixtures').filter((f) => f.status === 'finished');
  const byFixture = new Map(fixtures.map((f) => [f.fixture_id, f]));
  for (const f of fixtures) {
    expect(f.home_possession! + f.away_possession!, `fixture ${f.fixture_id}`).toBeCloseTo(100, 9);
    expect(f.home_possession!).toBeGreaterThan(15);
    expect(f.home_possession!).toBeLessThan(85);
  }
  for (const a of rowsOf(dataset.tables.appearances!, 'appearances')) {
    const f = byFixture.get(a.fixture_id)!;
    expect(a.team_possession).toBe(a.team_id === f.home_team_id ? f.home_possession : f.away_possession);
  }
}

/** The season xG of each player equals the sum of his rows in the shots table. */
function expectShotsAddUp(dataset: Dataset): void {
  const xgOf = new Map<number, number>();
  for (const s of rowsOf(dataset.tables.shots!, 'shots')) xgOf.set(s.player_id, (xgOf.get(s.player_id) ?? 0) + s.xg);
  const seasonXg = new Map<number, number>();
  for (const r of rowsOf(dataset.tables.player_seasons, 'player_seasons'))
    seasonXg.set(r.player_id, (seasonXg.get(r.player_id) ?? 0) + (r.xg ?? 0));
  for (const [player, xg] of seasonXg) expect(xg, `player ${player}`).toBeCloseTo(xgOf.get(player) ?? 0, 9);
}

describe.skipIf(!wyscoutPresent)('event values: Wyscout Premier League 2017/18', () => {
  let dataset: Dataset;
  let seasons: RowOf<'player_seasons'>[];
  let nameOf: (playerId: number) => string | null;
  beforeAll(() => {
    ({ dataset } = wyscoutIngest(WYSCOUT, { competition: 'England' }));
    seasons = rowsOf(dataset.tables.player_seasons, 'player_seasons');
    const players = new Map(rowsOf(dataset.tables.players, 'players').map((p) => [p.player_id, p]));
    nameOf = (id) => players.get(id)?.name ?? null;
  }, 600_000);

  it('gives every match shares that sum to 100, and every appearance its side’s share', () => {
    expectPossessionConsistent(dataset);
  });

  it('puts Manchester City first in possession, near Opta’s published 65.9 %', () => {
    const teams = new Map(rowsOf(dataset.tables.teams, 'teams').map((t) => [t.team_id, t.name]));
    const shares = new Map<string, number[]>();
    for (const f of rowsOf(dataset.tables.fixtures, 'fixtures')) {
      shares.set(teams.get(f.home_team_id)!, [...(shares.get(teams.get(f.home_team_id)!) ?? []), f.home_possession!]);
      shares.set(teams.get(f.away_team_id)!, [...(shares.get(teams.get(f.away_team_id)!) ?? []), f.away_possession!]);
    }
    const mean = [...shares].map(([team, xs]) => [team, xs.reduce((a, b) => a + b, 0) / xs.length] as const);
    mean.sort((a, b) => b[1] - a[1]);
    expect(mean[0]![0]).toBe('Manchester City');
    expect(mean[0]![1]).toBeGreaterThan(63);
    expect(mean[0]![1]).toBeLessThan(69);
  });

  it('scales defending by possession: City’s PAdj tackles above their raw ones, the league’s below for sides without the ball', () => {
    const teams = new Map(rowsOf(dataset.tables.teams, 'teams').map((t) => [t.name, t.team_id]));
    const sum = (team: string, c: 'tackles' | 'tackles_padj') =>
      seasons.filter((r) => r.team_id === teams.get(team)).reduce((a, r) => a + (r[c] ?? 0), 0);
    expect(sum('Manchester City', 'tackles_padj')).toBeGreaterThan(1.3 * sum('Manchester City', 'tackles'));
    expect(sum('Stoke City', 'tackles_padj')).toBeLessThan(0.95 * sum('Stoke City', 'tackles'));
  });

  it('has a calibrated xG: the shots’ xG within 5 % of the goals they produced, Kane near his public 26', () => {
    const shots = rowsOf(dataset.tables.shots!, 'shots');
    const goals = shots.filter((s) => s.outcome === 'goal').length;
    const xg = shots.reduce((a, s) => a + s.xg, 0);
    expect(Math.abs(xg - goals) / goals).toBeLessThan(0.05);
    expect(shots.every((s) => s.xg_source === 'model')).toBe(true);
    const kane = seasons.find((r) => nameOf(r.player_id) === 'Harry Kane')!;
    expect(kane.xg!).toBeGreaterThan(22);
    expect(kane.xg!).toBeLessThan(31);
    expect(kane.npxg!).toBeLessThan(kane.xg!);
    expectShotsAddUp(dataset);
  });

  it('keeps progression at FBref’s per-90 levels, and leaves carries null', () => {
    const players = new Map(rowsOf(dataset.tables.players, 'players').map((p) => [p.player_id, p.position]));
    const regulars = seasons.filter((r) => r.minutes >= 1350);
    const per90 = (pos: string) =>
      median(
        regulars.filter((r) => players.get(r.player_id) === pos).map((r) => (r.progressive_passes! * 90) / r.minutes),
      );
    // FBref's Premier League medians: central midfielders about 5–7 progressive passes per 90, strikers 1–2.
    expect(per90('CM')).toBeGreaterThan(4);
    expect(per90('CM')).toBeLessThan(8);
    expect(per90('ST')).toBeLessThan(3);
    expect(seasons.every((r) => r.progressive_carries === null)).toBe(true);
    expect(dataset.meta.coverage?.['player_seasons.progressive_carries']).toMatch(/no carry/);
    expect(dataset.meta.coverage?.['player_seasons.interceptions']).toMatch(/1401/);
  });

  it('counts shot-creating actions near FBref’s levels: 1.3–2 per shot, attacking midfielders 3–5 per 90, goalkeepers near 0', () => {
    const players = new Map(rowsOf(dataset.tables.players, 'players').map((p) => [p.player_id, p.position]));
    const shots = seasons.reduce((a, r) => a + (r.shots ?? 0), 0);
    const sca = seasons.reduce((a, r) => a + r.sca!, 0);
    // At most two actions per shot by definition; FBref's own SCA runs about 1.7–1.8 per shot.
    expect(sca / shots).toBeGreaterThan(1.3);
    expect(sca / shots).toBeLessThanOrEqual(2);
    const regulars = seasons.filter((r) => r.minutes >= 1350);
    const per90 = (pos: string) =>
      median(regulars.filter((r) => players.get(r.player_id) === pos).map((r) => (r.sca! * 90) / r.minutes));
    expect(per90('AM')).toBeGreaterThan(3);
    expect(per90('AM')).toBeLessThan(5);
    expect(per90('CM')).toBeGreaterThan(per90('CB'));
    expect(per90('GK')).toBeLessThan(0.3);
    expect(dataset.meta.coverage?.['player_seasons.sca']).toMatch(/about a tenth below StatsBomb/);
  });
});

describe.skipIf(!statsBombPresent)('event values: StatsBomb Premier League 2015/16 sample', () => {
  let dataset: Dataset;
  beforeAll(() => {
    dataset = datasetFromStatsBomb(STATSBOMB, { competitionId: 2, seasonId: 27 });
  }, 600_000);

  it('gives every match shares that sum to 100, and every appearance its side’s share', () => {
    expectPossessionConsistent(dataset);
  });

  it('uses StatsBomb’s own xG, and its shots add up to the season columns', () => {
    const shots = rowsOf(dataset.tables.shots!, 'shots');
    expect(shots.length).toBeGreaterThan(1000);
    expect(shots.every((s) => s.xg_source === 'provider')).toBe(true);
    expectShotsAddUp(dataset);
    const seasons = rowsOf(dataset.tables.player_seasons, 'player_seasons');
    expect(seasons.some((r) => (r.progressive_carries ?? 0) > 0)).toBe(true);
    expect(seasons.some((r) => (r.xa ?? 0) > 0)).toBe(true);
  });

  it('counts 1.5–2 shot-creating actions per shot, FBref’s level under the same rules', () => {
    const seasons = rowsOf(dataset.tables.player_seasons, 'player_seasons');
    const shots = seasons.reduce((a, r) => a + (r.shots ?? 0), 0);
    const sca = seasons.reduce((a, r) => a + r.sca!, 0);
    expect(sca / shots).toBeGreaterThan(1.5);
    expect(sca / shots).toBeLessThanOrEqual(2);
  });
});
