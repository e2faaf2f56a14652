/**
 * A seeded dataset the size of the demo universe (4,000 players, 12,000 player-seasons,
 * 200,000 appearances) for benchmarks that must not wait for data/demo.
 */
import { tableFromRows, COUNTING_COLUMNS, type Dataset, type RowOf } from '../../src/model/schema.js';

/** Park–Miller generator: deterministic and dependency-free. */
function lcg(seed: number): () => number {
  let s = seed % 2147483647 || 1;
  return () => (s = (s * 48271) % 2147483647) / 2147483647;
}

/** Builds the demo-sized dataset; the same seed gives the same tables. */
export function demoSizedDataset(seed = 7): Dataset {
  const rnd = lcg(seed);
  const leagues = Array.from({ length: 8 }, (_, i) => ({
    league_id: i + 1,
    name: `League ${i + 1}`,
    country: `C${i >> 1}`,
    tier: (i % 2) + 1,
    kind: 'league' as const,
  }));
  const seasons = leagues.flatMap((l) =>
    [0, 1, 2].map((y) => ({
      season_id: l.league_id * 10 + y,
      league_id: l.league_id,
      name: `202${3 + y}/2${4 + y}`,
      start_date: `202${3 + y}-08-01`,
      end_date: `202${4 + y}-05-31`,
    })),
  );
  const teams = Array.from({ length: 160 }, (_, i) => ({
    team_id: 100 + i,
    name: `Club ${i}`,
    short_name: `C${i}`,
    league_id: (i % 8) + 1,
    city: `City ${i}`,
    region: `R${i % 5}`,
  }));
  const positions = ['GK', 'CB', 'LB', 'RB', 'DM', 'CM', 'AM', 'LW', 'RW', 'ST'] as const;
  const players = Array.from({ length: 4000 }, (_, i) => ({
    player_id: 1 + i,
    name: `Player ${i} Ñoño "the" Ö`,
    birth_date: `19${90 + (i % 10)}-0${1 + (i % 9)}-1${i % 10}`,
    nationality: 'X',
    position: positions[i % positions.length],
    team_id: 100 + (i % 160),
    market_value_eur: Math.round(rnd() * 1e8),
    preferred_foot: 'right' as const,
    height_cm: 170 + (i % 30),
  }));
  const playerSeasons: Partial<RowOf<'player_seasons'>>[] = [];
  for (const p of players) {
    for (let y = 0; y < 3; y++) {
      const league = ((p.team_id - 100) % 8) + 1;
      const apps = Math.floor(rnd() * 38);
      const row: Record<string, number | null> = {
        player_id: p.player_id,
        season_id: league * 10 + y,
        team_id: p.team_id,
        league_id: league,
        appearances: apps,
        starts: Math.floor(apps / 2),
        minutes: Math.floor(apps * 90 * rnd()),
        rating: 6 + rnd() * 2,
      };
      for (const c of COUNTING_COLUMNS) row[c] = Math.floor(rnd() * 40);
      playerSeasons.push(row as Partial<RowOf<'player_seasons'>>);
    }
  }
  const fixtures = Array.from({ length: 9000 }, (_, i) => ({
    fixture_id: 1 + i,
    season_id: ((i % 8) + 1) * 10 + (i % 3),
    league_id: (i % 8) + 1,
    round: String(i % 38),
    kickoff: Date.UTC(2024, 0, 1) + i * 3_600_000,
    home_team_id: 100 + (i % 160),
    away_team_id: 100 + ((i + 1) % 160),
    home_goals: i % 4,
    away_goals: i % 3,
    status: 'finished' as const,
  }));
  const appearances: Partial<RowOf<'appearances'>>[] = [];
  for (let i = 0; appearances.length < 200_000; i++) {
    const f = fixtures[i % fixtures.length];
    // 22 distinct players per fixture: players are taken in a stride that never repeats within one fixture.
    for (let k = 0; k < 22 && appearances.length < 200_000; k++) {
      appearances.push({
        fixture_id: f.fixture_id,
        player_id: 1 + ((i * 22 + k) % 4000),
        team_id: k < 11 ? f.home_team_id : f.away_team_id,
        started: k % 11 < 9,
        minutes: 90 * rnd(),
        position: positions[k % positions.length],
      });
    }
  }
  return {
    meta: { name: 'demo-sized', as_of: '2026-03-01', source: 'bench fixture', synthetic: true },
    tables: {
      leagues: tableFromRows('leagues', leagues),
      seasons: tableFromRows('seasons', seasons),
      teams: tableFromRows('teams', teams),
      rivalries: undefined,
      players: tableFromRows('players', players),
      player_seasons: tableFromRows('player_seasons', playerSeasons),
      fixtures: tableFromRows('fixtures', fixtures),
      appearances: tableFromRows('appearances', appearances),
    },
  };
}
