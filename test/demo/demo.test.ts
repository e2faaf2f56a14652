import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEED, generateDemo } from '../../src/demo/index.js';
import { datasetFromDir } from '../../src/io/load.js';
import { demoDatasetDir } from '../../src/io/paths.js';
import { datasetToDir } from '../../src/io/save.js';
import {
  POSITION_CODES,
  positionGroupOf,
  rowsOf,
  type Dataset,
  type PositionCode,
  type RowOf,
} from '../../src/model/schema.js';

/**
 * METHOD.md Table B (StatsBomb PL 2015/16, 318 matches, players with ≥ 180 minutes), transcribed
 * by hand for this test: [p10, p50, p90] per group; GK cross accuracy has n = 0 there.
 */
const TABLE_B: Record<string, Record<string, [number, number, number] | null>> = {
  goalkeeper: {
    goals: [0, 0, 0],
    assists: [0, 0, 0],
    shots: [0, 0, 0],
    shots_on_target: [0, 0, 0],
    key_passes: [0, 0, 0.08],
    big_chances: [0, 0, 0],
    passes: [25.5, 29.9, 33.1],
    pass_accuracy_pct: [47.1, 57.3, 67.2],
    long_balls: [17.0, 22.4, 26.9],
    crosses: [0, 0, 0],
    cross_accuracy_pct: null,
    dribbles: [0, 0, 0.04],
    tackles: [0, 0, 0],
    interceptions: [0, 0, 0],
    clearances: [0, 0, 0.16],
    shots_blocked: [0, 0, 0],
    aerials_won: [0, 0, 0],
    duels_won: [0, 0, 0.04],
    ball_recoveries: [3.76, 4.92, 5.85],
    saves: [2.17, 2.93, 4.24],
    punches: [0.27, 0.6, 0.95],
    goals_conceded: [0.98, 1.38, 2.13],
    clean_sheets: [0, 0.28, 0.4],
  },
  defender: {
    goals: [0, 0, 0.12],
    assists: [0, 0, 0.14],
    shots: [0.15, 0.49, 0.91],
    shots_on_target: [0, 0.12, 0.32],
    key_passes: [0, 0.36, 1.01],
    big_chances: [0, 0, 0.07],
    passes: [29.5, 41.3, 55.3],
    pass_accuracy_pct: [68.3, 76.9, 85.5],
    long_balls: [5.54, 8.6, 12.3],
    crosses: [0, 0.87, 2.84],
    cross_accuracy_pct: [16.7, 25.3, 40.6],
    dribbles: [0.06, 0.36, 1.24],
    tackles: [1.2, 2.06, 3.52],
    interceptions: [0.75, 1.26, 2.14],
    clearances: [2.36, 4.73, 7.86],
    shots_blocked: [0.13, 0.52, 1.2],
    aerials_won: [0.86, 2.41, 4.32],
    duels_won: [2.99, 4.41, 5.88],
    ball_recoveries: [2.44, 3.71, 5.19],
    saves: [0, 0, 0],
    punches: [0, 0, 0],
    goals_conceded: [0.81, 1.37, 1.94],
    clean_sheets: [0, 0.27, 0.5],
  },
  midfielder: {
    goals: [0, 0.06, 0.25],
    assists: [0, 0.05, 0.28],
    shots: [0.49, 1.22, 2.58],
    shots_on_target: [0, 0.34, 0.81],
    key_passes: [0.31, 1.04, 2.09],
    big_chances: [0, 0, 0.22],
    passes: [35.3, 48.7, 66.2],
    pass_accuracy_pct: [70.2, 80.5, 87.4],
    long_balls: [3.9, 8.25, 12.7],
    crosses: [0.15, 0.68, 2.71],
    cross_accuracy_pct: [12.7, 29.0, 44.0],
    dribbles: [0.4, 1.13, 2.42],
    tackles: [1.23, 2.49, 3.78],
    interceptions: [0.5, 1.05, 2.3],
    clearances: [0.4, 1.32, 2.88],
    shots_blocked: [0, 0.25, 0.58],
    aerials_won: [0.41, 1.22, 3.01],
    duels_won: [2.66, 4.16, 6.27],
    ball_recoveries: [4.05, 5.58, 7.25],
    saves: [0, 0, 0],
    punches: [0, 0, 0],
    goals_conceded: [0.81, 1.34, 2.05],
    clean_sheets: [0, 0.29, 0.5],
  },
  attacker: {
    goals: [0, 0.29, 0.57],
    assists: [0, 0.1, 0.33],
    shots: [1.19, 2.42, 3.77],
    shots_on_target: [0.38, 0.85, 1.5],
    key_passes: [0.59, 1.1, 2.19],
    big_chances: [0, 0.17, 0.45],
    passes: [20.2, 29.9, 50.0],
    pass_accuracy_pct: [63.1, 73.2, 80.7],
    long_balls: [1.06, 2.45, 8.69],
    crosses: [0.36, 1.13, 3.47],
    cross_accuracy_pct: [15.0, 26.4, 40.0],
    dribbles: [0.59, 1.43, 3.06],
    tackles: [0.48, 1.13, 2.55],
    interceptions: [0.15, 0.49, 1.07],
    clearances: [0.19, 0.67, 1.51],
    shots_blocked: [0, 0.06, 0.29],
    aerials_won: [0.34, 1.53, 6.14],
    duels_won: [2.7, 4.55, 7.32],
    ball_recoveries: [2.25, 3.89, 5.68],
    saves: [0, 0, 0],
    punches: [0, 0, 0],
    goals_conceded: [0.82, 1.34, 2.12],
    clean_sheets: [0, 0.28, 0.48],
  },
};
/** ±25 % of each target (the tolerance); an exact 0 target needs an exact 0. */
const TOLERANCE = 0.25;

/** Type-7 quantile (numpy default), written here independently of the generator. */
function q7(values: number[], p: number): number {
  const s = values.slice().sort((a, b) => a - b);
  const h = (s.length - 1) * p;
  const lo = Math.floor(h);
  return s[lo] + (h - lo) * (s[Math.min(lo + 1, s.length - 1)] - s[lo]);
}

const sha = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');
function hashesOf(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((f) => [f, sha(join(dir, f))]),
  );
}

let dataset: Dataset;
let dirA: string;
let tmp: string;
let players: RowOf<'players'>[];
let seasons: RowOf<'player_seasons'>[];
let fixtures: RowOf<'fixtures'>[];
let apps: RowOf<'appearances'>[];
let teams: RowOf<'teams'>[];
let leagues: RowOf<'leagues'>[];
let playerById: Map<number, RowOf<'players'>>;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'halfspace-demo-'));
  dataset = generateDemo();
  dirA = join(tmp, 'a');
  datasetToDir(dataset, dirA);
  players = rowsOf(dataset.tables.players, 'players');
  seasons = rowsOf(dataset.tables.player_seasons, 'player_seasons');
  fixtures = rowsOf(dataset.tables.fixtures, 'fixtures');
  apps = rowsOf(dataset.tables.appearances!, 'appearances');
  teams = rowsOf(dataset.tables.teams, 'teams');
  leagues = rowsOf(dataset.tables.leagues, 'leagues');
  playerById = new Map(players.map((p) => [p.player_id, p]));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('determinism', () => {
  it('same seed, byte-identical files: a fresh generation equals data/demo, written by `npm run data:demo` in another process', () => {
    // This is also the guard that the committed files never drift from the generator.
    const committed = demoDatasetDir();
    expect(existsSync(committed)).toBe(true);
    expect(hashesOf(committed)).toEqual(hashesOf(dirA));
  });

  it('the committed data/demo loads and validates, and stays under 20 MB', () => {
    const loaded = datasetFromDir(demoDatasetDir());
    expect(loaded.tables.players.numRows).toBe(players.length);
    const bytes = readdirSync(demoDatasetDir()).reduce((s, f) => s + statSync(join(demoDatasetDir(), f)).size, 0);
    expect(bytes).toBeLessThan(20 * 1024 * 1024);
  });
});

describe('content', () => {
  it('says plainly that it is synthetic', () => {
    expect(dataset.meta.name).toBe('halfspace demo universe');
    expect(dataset.meta.synthetic).toBe(true);
    expect(dataset.meta.source).toMatch(/synthetic/i);
    expect(dataset.meta.source).toMatch(/fictional/i);
    expect(dataset.meta.generator).toEqual({
      name: expect.any(String),
      version: expect.any(String),
      seed: DEFAULT_SEED,
    });
  });

  it('has 4 countries × 2 tiers of leagues, ≥ 150 clubs, ≥ 4,000 players, 3 seasons', () => {
    const countries = new Set(leagues.map((l) => l.country));
    expect(countries.size).toBe(4);
    for (const c of countries)
      expect(
        leagues
          .filter((l) => l.country === c)
          .map((l) => l.tier)
          .sort(),
      ).toEqual([1, 2]);
    expect(teams.length).toBeGreaterThanOrEqual(150);
    expect(players.length).toBeGreaterThanOrEqual(4000);
    const names = new Set(rowsOf(dataset.tables.seasons, 'seasons').map((s) => s.name));
    expect([...names].sort()).toEqual(['2023/24', '2024/25', '2025/26']);
    for (const t of teams) {
      expect(t.city).toBeTruthy();
      expect(t.region).toBeTruthy();
      expect(t.short_name).toBeTruthy();
      expect(t.primary_color).toMatch(/^#[0-9A-F]{6}$/);
      expect(t.secondary_color).toMatch(/^#[0-9A-F]{6}$/);
      expect(t.primary_color).not.toBe(t.secondary_color);
    }
    expect(new Set(teams.map((t) => t.name)).size).toBe(teams.length);
    expect(new Set(teams.map((t) => t.short_name)).size).toBe(teams.length);
  });

  it('has a city derby for every pair of clubs sharing a city, plus regional and historic rivalries', () => {
    const rivalries = rowsOf(dataset.tables.rivalries!, 'rivalries');
    const kinds = new Set(rivalries.map((r) => r.kind));
    expect([...kinds].sort()).toEqual(['city', 'historic', 'regional']);
    const city = new Set(rivalries.filter((r) => r.kind === 'city').map((r) => `${r.team_a}-${r.team_b}`));
    let shared = 0;
    for (const a of teams)
      for (const b of teams) {
        if (a.team_id < b.team_id && a.city === b.city) {
          shared++;
          expect(city.has(`${a.team_id}-${b.team_id}`)).toBe(true);
        }
      }
    expect(shared).toBeGreaterThan(0);
  });

  it('players: all 15 positions, 2–3 goalkeepers per squad, ages 17–38, names with work for resolution', () => {
    expect(new Set(players.map((p) => p.position))).toEqual(new Set(POSITION_CODES));
    for (const t of teams) {
      const keepers = players.filter((p) => p.team_id === t.team_id && p.position === 'GK').length;
      expect(keepers).toBeGreaterThanOrEqual(2);
      expect(keepers).toBeLessThanOrEqual(3);
    }
    const asOf = Date.parse(dataset.meta.as_of);
    for (const p of players) {
      const age = (asOf - Date.parse(p.birth_date!)) / (365.2425 * 86_400_000);
      expect(age).toBeGreaterThanOrEqual(17);
      expect(age).toBeLessThan(39);
      expect(['left', 'right', 'both']).toContain(p.preferred_foot);
      expect(p.height_cm).toBeGreaterThan(160);
    }
    expect(players.filter((p) => p.known_as).length).toBeGreaterThan(50);
    expect(players.some((p) => /[áéíóúñçãõüöäßøåčćšžğışİ]/i.test(p.name))).toBe(true);
    expect(players.filter((p) => p.name.split(' ').length >= 3).length).toBeGreaterThan(100);
    expect(new Set(players.map((p) => p.nationality)).size).toBeGreaterThanOrEqual(48);
  });

  it('market values cover all five fee tiers, with a small elite above 100M', () => {
    // T1 < 10M ≤ T2 < 30M ≤ T3 < 60M ≤ T4 ≤ 100M < T5 (docs/design.md#statistics).
    const tierOf = (v: number): string =>
      v < 10e6 ? 'T1' : v < 30e6 ? 'T2' : v < 60e6 ? 'T3' : v <= 100e6 ? 'T4' : 'T5';
    const counts: Record<string, number> = {};
    for (const p of players) counts[tierOf(p.market_value_eur!)] = (counts[tierOf(p.market_value_eur!)] ?? 0) + 1;
    expect(Object.keys(counts).sort()).toEqual(['T1', 'T2', 'T3', 'T4', 'T5']);
    expect(counts.T5).toBeGreaterThanOrEqual(3);
    expect(counts.T5).toBeLessThanOrEqual(40);
    expect(counts.T1).toBeGreaterThan(players.length / 2);
  });

  it('names 48 World Cup squads of 26, the four domestic nations among them', () => {
    const squads = new Map<string, RowOf<'players'>[]>();
    for (const p of players)
      if (p.wc2026_nation) squads.set(p.wc2026_nation, [...(squads.get(p.wc2026_nation) ?? []), p]);
    expect(squads.size).toBe(48);
    for (const [, squad] of squads) {
      expect(squad.length).toBe(26);
      expect(new Set(squad.map((p) => p.nationality)).size).toBe(1);
      expect(squad.filter((p) => p.position === 'GK').length).toBeGreaterThanOrEqual(2);
    }
    const domestic = new Set(leagues.map((l) => l.country));
    const squadNations = new Set([...squads.values()].map((s) => s[0].nationality));
    for (const c of domestic) expect(squadNations.has(c)).toBe(true);
  });

  it('has provider ratings in tier-1 leagues only', () => {
    const tierOf = new Map(leagues.map((l) => [l.league_id, l.tier]));
    for (const r of seasons) {
      if (tierOf.get(r.league_id) === 1) expect(r.rating).not.toBeNull();
      else expect(r.rating).toBeNull();
    }
  });
});

describe('consistency', () => {
  it('fixtures: a double round robin per league-season, finished on or before as_of, scheduled after', () => {
    const asOf = Date.parse(`${dataset.meta.as_of}T00:00:00Z`);
    const dayAfter = asOf + 86_400_000;
    const bySeason = new Map<number, RowOf<'fixtures'>[]>();
    for (const f of fixtures) bySeason.set(f.season_id, [...(bySeason.get(f.season_id) ?? []), f]);
    expect(bySeason.size).toBe(24);
    for (const list of bySeason.values()) {
      const clubs = new Set(list.flatMap((f) => [f.home_team_id, f.away_team_id]));
      expect(list.length).toBe(clubs.size * (clubs.size - 1));
      expect(new Set(list.map((f) => `${f.home_team_id}-${f.away_team_id}`)).size).toBe(list.length);
    }
    let scheduled = 0;
    for (const f of fixtures) {
      if (f.status === 'finished') {
        expect(f.kickoff).toBeLessThan(dayAfter);
        expect(f.home_goals).not.toBeNull();
        expect(f.away_goals).not.toBeNull();
      } else {
        scheduled++;
        expect(f.kickoff).toBeGreaterThanOrEqual(dayAfter);
        expect(f.home_goals).toBeNull();
      }
      expect(f.venue).toBeTruthy();
    }
    expect(scheduled).toBeGreaterThan(0);
  });

  it('appearances: every finished fixture has 11 starters with exactly one goalkeeper and 3–5 subs per side', () => {
    const byFixtureTeam = new Map<string, RowOf<'appearances'>[]>();
    for (const a of apps)
      byFixtureTeam.set(`${a.fixture_id}:${a.team_id}`, [
        ...(byFixtureTeam.get(`${a.fixture_id}:${a.team_id}`) ?? []),
        a,
      ]);
    const finished = fixtures.filter((f) => f.status === 'finished');
    expect(byFixtureTeam.size).toBe(finished.length * 2);
    for (const f of finished) {
      for (const team of [f.home_team_id, f.away_team_id]) {
        const rows = byFixtureTeam.get(`${f.fixture_id}:${team}`)!;
        const starters = rows.filter((a) => a.started);
        expect(starters.length).toBe(11);
        expect(starters.filter((a) => a.position === 'GK').length).toBe(1);
        expect(
          starters.filter((a) => playerById.get(a.player_id)!.position === 'GK' && a.position === 'GK').length,
        ).toBe(1);
        const subs = rows.length - 11;
        expect(subs).toBeGreaterThanOrEqual(3);
        expect(subs).toBeLessThanOrEqual(5);
        // Every minute of the match is covered by exactly 11 players: 11 × 90 minutes per side.
        expect(rows.reduce((s, a) => s + a.minutes, 0)).toBe(990);
      }
    }
  });

  it('player_seasons agree with appearances: appearances, starts and minutes', () => {
    const seasonOf = new Map(fixtures.map((f) => [f.fixture_id, f.season_id]));
    const agg = new Map<string, { n: number; starts: number; minutes: number }>();
    for (const a of apps) {
      const k = `${a.player_id}:${seasonOf.get(a.fixture_id)}:${a.team_id}`;
      const x = agg.get(k) ?? { n: 0, starts: 0, minutes: 0 };
      x.n++;
      if (a.started) x.starts++;
      x.minutes += a.minutes;
      agg.set(k, x);
    }
    expect(agg.size).toBe(seasons.length);
    for (const r of seasons) {
      const x = agg.get(`${r.player_id}:${r.season_id}:${r.team_id}`)!;
      expect(x).toBeDefined();
      expect(r.appearances).toBe(x.n);
      expect(r.starts).toBe(x.starts);
      expect(r.minutes).toBe(x.minutes);
      expect(r.minutes).toBeLessThanOrEqual(120 * r.appearances);
      expect(r.shots_on_target!).toBeGreaterThanOrEqual(r.goals!);
      expect(r.shots!).toBeGreaterThanOrEqual(r.shots_on_target!);
      expect(r.passes_completed!).toBeLessThanOrEqual(r.passes!);
      expect(r.crosses_completed!).toBeLessThanOrEqual(r.crosses!);
      expect(r.key_passes!).toBeGreaterThanOrEqual(r.assists!);
    }
  });

  it("a team's season goals in player_seasons are its fixture goals minus the opponents' own goals (≈ 3 %)", () => {
    const fixtureGoals = new Map<string, number>();
    for (const f of fixtures) {
      if (f.status !== 'finished') continue;
      fixtureGoals.set(
        `${f.home_team_id}:${f.season_id}`,
        (fixtureGoals.get(`${f.home_team_id}:${f.season_id}`) ?? 0) + f.home_goals!,
      );
      fixtureGoals.set(
        `${f.away_team_id}:${f.season_id}`,
        (fixtureGoals.get(`${f.away_team_id}:${f.season_id}`) ?? 0) + f.away_goals!,
      );
    }
    const playerGoals = new Map<string, number>();
    for (const r of seasons)
      playerGoals.set(`${r.team_id}:${r.season_id}`, (playerGoals.get(`${r.team_id}:${r.season_id}`) ?? 0) + r.goals!);
    let total = 0;
    let credited = 0;
    for (const [k, g] of fixtureGoals) {
      const p = playerGoals.get(k) ?? 0;
      expect(p).toBeLessThanOrEqual(g);
      total += g;
      credited += p;
    }
    // Own goals are 3 % of goals by construction; allow 1.5–5 %.
    expect(1 - credited / total).toBeGreaterThan(0.015);
    expect(1 - credited / total).toBeLessThan(0.05);
  });
});

describe('calibration against METHOD.md Table B (all three seasons pooled, players with ≥ 180 minutes)', () => {
  const groups = ['goalkeeper', 'defender', 'midfielder', 'attacker'] as const;
  for (const group of groups) {
    it(`${group}: every p10/p50/p90 within ±25 % (exact where the target is 0)`, () => {
      const rows = seasons.filter(
        (r) => positionGroupOf(playerById.get(r.player_id)!.position as PositionCode) === group && r.minutes >= 180,
      );
      expect(rows.length).toBeGreaterThan(100);
      const failures: string[] = [];
      for (const [metric, target] of Object.entries(TABLE_B[group])) {
        let values: number[];
        if (metric === 'pass_accuracy_pct')
          values = rows.filter((r) => r.passes! >= 1).map((r) => (100 * r.passes_completed!) / r.passes!);
        else if (metric === 'cross_accuracy_pct')
          values = rows.filter((r) => r.crosses! >= 5).map((r) => (100 * r.crosses_completed!) / r.crosses!);
        else values = rows.map((r) => ((r as unknown as Record<string, number>)[metric] * 90) / r.minutes);
        if (target === null) {
          expect(values.length).toBe(0);
          continue;
        }
        [0.1, 0.5, 0.9].forEach((p, k) => {
          const got = q7(values, p);
          const ok = target[k] === 0 ? got === 0 : Math.abs(got - target[k]) <= TOLERANCE * target[k];
          if (!ok) failures.push(`${metric} p${p * 100}: target ${target[k]}, got ${got.toFixed(3)}`);
        });
      }
      expect(failures).toEqual([]);
    });
  }
});
