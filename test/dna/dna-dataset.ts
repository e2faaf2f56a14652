/**
 * A small hand-built universe for the DNA operations: two leagues (tiers 1 and 2) in the same
 * season name, attackers with distinct styles, a cheaper younger twin and an expensive clone of
 * one striker, a few midfielders and keepers, and a striker with 60 minutes (no DNA vector).
 */
import { COUNTING_COLUMNS, tableFromRows, type Dataset, type RowOf } from '../../src/model/schema.js';

type Totals = Partial<Record<(typeof COUNTING_COLUMNS)[number], number>>;

export interface UniversePlayer {
  player_id: number;
  name: string;
  position: string;
  team_id: number;
  birth_date: string;
  market_value_eur: number | null;
  minutes?: number;
  totals: Totals;
}

/** Attacker style presets (totals over 900 minutes, so per-90 = total / 10). */
const poacher: Totals = {
  goals: 9,
  shots: 30,
  shots_on_target: 15,
  big_chances: 2,
  key_passes: 4,
  dribbles: 5,
  crosses: 2,
  crosses_completed: 1,
  aerials_won: 10,
  duels_won: 30,
  assists: 1,
};
const winger: Totals = {
  goals: 3,
  shots: 18,
  shots_on_target: 7,
  big_chances: 6,
  key_passes: 20,
  dribbles: 30,
  crosses: 40,
  crosses_completed: 12,
  aerials_won: 3,
  duels_won: 40,
  assists: 5,
};
const target: Totals = {
  goals: 5,
  shots: 22,
  shots_on_target: 9,
  big_chances: 3,
  key_passes: 8,
  dribbles: 4,
  crosses: 3,
  crosses_completed: 1,
  aerials_won: 60,
  duels_won: 70,
  assists: 2,
};
const mid: Totals = {
  key_passes: 15,
  passes: 500,
  passes_completed: 430,
  long_balls: 30,
  tackles: 20,
  interceptions: 12,
  ball_recoveries: 50,
  duels_won: 40,
  dribbles: 10,
  assists: 3,
  goals: 2,
  shots: 12,
  big_chances: 4,
};
const keeper: Totals = {
  saves: 30,
  clean_sheets: 3,
  goals_conceded: 12,
  punches: 5,
  long_balls: 40,
  passes: 250,
  passes_completed: 180,
};

const scale = (t: Totals, f: number): Totals =>
  Object.fromEntries(Object.entries(t).map(([k, v]) => [k, Math.round((v ?? 0) * f)]));

/** The default cast. Player 1 is the source striker (T4, 30); 2 is his cheaper younger twin (T1, 21); 3 his expensive clone (T4, 30). */
export const CAST: UniversePlayer[] = [
  {
    player_id: 1,
    name: 'Arno Vale',
    position: 'ST',
    team_id: 10,
    birth_date: '1995-06-01',
    market_value_eur: 70_000_000,
    totals: poacher,
  },
  {
    player_id: 2,
    name: 'Bruno Vale',
    position: 'ST',
    team_id: 20,
    birth_date: '2004-06-01',
    market_value_eur: 5_000_000,
    totals: poacher,
  },
  {
    player_id: 3,
    name: 'Carlo Vale',
    position: 'ST',
    team_id: 11,
    birth_date: '1995-06-01',
    market_value_eur: 80_000_000,
    totals: poacher,
  },
  {
    player_id: 4,
    name: 'Dario Wing',
    position: 'LW',
    team_id: 10,
    birth_date: '2001-01-01',
    market_value_eur: 25_000_000,
    totals: winger,
  },
  {
    player_id: 5,
    name: 'Emil Wing',
    position: 'RW',
    team_id: 20,
    birth_date: '2003-01-01',
    market_value_eur: 12_000_000,
    totals: scale(winger, 0.8),
  },
  {
    player_id: 6,
    name: 'Fritz Tall',
    position: 'ST',
    team_id: 11,
    birth_date: '1993-01-01',
    market_value_eur: 15_000_000,
    totals: target,
  },
  {
    player_id: 7,
    name: 'Gert Tall',
    position: 'CF',
    team_id: 21,
    birth_date: '1999-01-01',
    market_value_eur: 45_000_000,
    totals: scale(target, 1.2),
  },
  {
    player_id: 8,
    name: 'Hugo Mixt',
    position: 'CF',
    team_id: 21,
    birth_date: '2000-01-01',
    market_value_eur: 35_000_000,
    totals: { ...scale(poacher, 0.7), key_passes: 14, dribbles: 15 },
  },
  {
    player_id: 9,
    name: 'Ivo Short',
    position: 'ST',
    team_id: 10,
    birth_date: '2005-01-01',
    market_value_eur: 3_000_000,
    minutes: 60,
    totals: { goals: 1, shots: 2 },
  },
  {
    player_id: 10,
    name: 'Jan Ersatz',
    position: 'ST',
    team_id: 11,
    birth_date: '2002-01-01',
    market_value_eur: 8_000_000,
    minutes: 200,
    totals: { goals: 0, shots: 3 },
  },
  {
    player_id: 11,
    name: 'Kai Sechs',
    position: 'CM',
    team_id: 10,
    birth_date: '1998-01-01',
    market_value_eur: 20_000_000,
    totals: mid,
  },
  {
    player_id: 12,
    name: 'Lars Acht',
    position: 'DM',
    team_id: 20,
    birth_date: '1997-01-01',
    market_value_eur: 9_000_000,
    totals: { ...mid, tackles: 35, interceptions: 20, key_passes: 6 },
  },
  {
    player_id: 13,
    name: 'Mats Zehn',
    position: 'AM',
    team_id: 11,
    birth_date: '2002-01-01',
    market_value_eur: 40_000_000,
    totals: { ...mid, key_passes: 30, big_chances: 10, tackles: 8 },
  },
  {
    player_id: 14,
    name: 'Nils Tor',
    position: 'GK',
    team_id: 10,
    birth_date: '1994-01-01',
    market_value_eur: 6_000_000,
    totals: keeper,
  },
  {
    player_id: 15,
    name: 'Olaf Tor',
    position: 'GK',
    team_id: 20,
    birth_date: '1999-01-01',
    market_value_eur: null,
    totals: { ...keeper, saves: 45, punches: 12 },
  },
  {
    player_id: 16,
    name: 'Paul Tor',
    position: 'GK',
    team_id: 11,
    birth_date: '1990-01-01',
    market_value_eur: 1_500_000,
    totals: { ...keeper, passes: 400, passes_completed: 360 },
  },
];

/** Builds the dataset; `values` overrides market values by player_id (for the masking property). */
export function dnaUniverse(values: Record<number, number | null> = {}, cast: UniversePlayer[] = CAST): Dataset {
  const leagueOfTeam: Record<number, number> = { 10: 1, 11: 1, 20: 2, 21: 2 };
  const players: Partial<RowOf<'players'>>[] = cast.map((p) => ({
    player_id: p.player_id,
    name: p.name,
    known_as: null,
    birth_date: p.birth_date,
    nationality: 'Testland',
    position: p.position,
    team_id: p.team_id,
    market_value_eur: p.player_id in values ? values[p.player_id] : p.market_value_eur,
    preferred_foot: 'right',
    height_cm: 180,
    wc2026_nation: null,
  }));
  const zeros = Object.fromEntries(COUNTING_COLUMNS.map((c) => [c, 0]));
  const seasons = cast.map((p) => ({
    ...zeros,
    ...p.totals,
    player_id: p.player_id,
    season_id: leagueOfTeam[p.team_id] === 1 ? 100 : 200,
    team_id: p.team_id,
    league_id: leagueOfTeam[p.team_id],
    appearances: 10,
    starts: 10,
    minutes: p.minutes ?? 900,
    rating: 7,
  }));
  return {
    meta: { name: 'dna-universe', as_of: '2026-03-01', source: 'hand-built test fixture', synthetic: true },
    tables: {
      leagues: tableFromRows('leagues', [
        { league_id: 1, name: 'Erste Liga', country: 'Testland', tier: 1, kind: 'league' },
        { league_id: 2, name: 'Zweite Liga', country: 'Testland', tier: 2, kind: 'league' },
      ]),
      seasons: tableFromRows('seasons', [
        { season_id: 100, league_id: 1, name: '2025/26', start_date: '2025-08-01', end_date: '2026-05-31' },
        { season_id: 200, league_id: 2, name: '2025/26', start_date: '2025-08-01', end_date: '2026-05-31' },
      ]),
      teams: tableFromRows('teams', [
        {
          team_id: 10,
          name: 'FC Nordhafen',
          short_name: 'Nordhafen',
          league_id: 1,
          city: 'Nordhafen',
          region: 'North',
        },
        { team_id: 11, name: 'Sporting Lindau', short_name: 'Lindau', league_id: 1, city: 'Lindau', region: 'South' },
        { team_id: 20, name: 'SV Ostmark', short_name: 'Ostmark', league_id: 2, city: 'Ostmark', region: 'East' },
        { team_id: 21, name: 'TuS Westfeld', short_name: 'Westfeld', league_id: 2, city: 'Westfeld', region: 'West' },
      ]),
      rivalries: undefined,
      players: tableFromRows('players', players),
      player_seasons: tableFromRows('player_seasons', seasons),
      fixtures: tableFromRows('fixtures', [
        {
          fixture_id: 1000,
          season_id: 100,
          league_id: 1,
          round: '1',
          kickoff: Date.UTC(2025, 7, 10, 15),
          home_team_id: 10,
          away_team_id: 11,
          home_goals: 2,
          away_goals: 1,
          status: 'finished',
          venue: 'Hafenstadion',
        },
      ]),
      appearances: undefined,
    },
  };
}
