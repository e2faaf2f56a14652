/**
 * A small, hand-checkable dataset: one league and season, two clubs, six attackers and a
 * goalkeeper, with round numbers so expected per-90 values and percentiles can be worked by hand.
 */
import { emptyTotals } from '../../src/providers/counting-totals.js';
import { tableFromRows, type Dataset, type RowOf } from '../../src/model/schema.js';

type SeasonRowInput = Partial<RowOf<'player_seasons'>> & { player_id: number; minutes: number };

/** Builds the tiny dataset; `extra` overrides or adds player_seasons fields per player_id. */
export function tinyDataset(extra: Record<number, Partial<RowOf<'player_seasons'>>> = {}): Dataset {
  const players: Partial<RowOf<'players'>>[] = [
    {
      player_id: 1,
      name: 'Jörg Müller-Weiß',
      known_as: null,
      birth_date: '2000-05-10',
      nationality: 'Germany',
      position: 'ST',
      team_id: 10,
      market_value_eur: 45_000_000,
      preferred_foot: 'right',
      height_cm: 184,
    },
    {
      player_id: 2,
      name: 'Anton Berg',
      birth_date: '1994-01-01',
      nationality: 'Germany',
      position: 'ST',
      team_id: 10,
      market_value_eur: 9_999_999,
    },
    {
      player_id: 3,
      name: 'Luca Ferrante',
      birth_date: '1998-03-03',
      nationality: 'Italy',
      position: 'CF',
      team_id: 11,
      market_value_eur: 100_000_001,
    },
    {
      player_id: 4,
      name: 'Marco Ferrante',
      birth_date: '1999-04-04',
      nationality: 'Italy',
      position: 'LW',
      team_id: 11,
      market_value_eur: 20_000_000,
    },
    {
      player_id: 5,
      name: 'Tomás Ruiz',
      known_as: 'Tomi',
      birth_date: '2003-06-06',
      nationality: 'Spain',
      position: 'RW',
      team_id: 10,
      market_value_eur: null,
    },
    {
      player_id: 6,
      name: 'Kwame Mensah',
      birth_date: '2001-07-07',
      nationality: 'Ghana',
      position: 'ST',
      team_id: 11,
      market_value_eur: 5_000_000,
    },
    {
      player_id: 7,
      name: 'Piet de Vries',
      birth_date: '1990-08-08',
      nationality: 'Netherlands',
      position: 'GK',
      team_id: 10,
      market_value_eur: 2_000_000,
    },
  ];
  // goals chosen so goals_per90 over 900 minutes = goals / 10.
  const seasons: SeasonRowInput[] = [
    { player_id: 1, minutes: 900, appearances: 10, starts: 10, goals: 9, assists: 2, shots: 30, rating: 7.4 },
    { player_id: 2, minutes: 900, appearances: 10, starts: 10, goals: 3, assists: 1, shots: 20, rating: 6.8 },
    { player_id: 3, minutes: 900, appearances: 10, starts: 10, goals: 6, assists: 4, shots: 25, rating: 7.1 },
    { player_id: 4, minutes: 900, appearances: 12, starts: 9, goals: 3, assists: 5, shots: 18, rating: 7.0 },
    { player_id: 5, minutes: 180, appearances: 4, starts: 1, goals: 2, assists: 0, shots: 5, rating: 6.9 },
    { player_id: 6, minutes: 900, appearances: 10, starts: 10, goals: 0, assists: 1, shots: 10, rating: 6.2 },
    {
      player_id: 7,
      minutes: 900,
      appearances: 10,
      starts: 10,
      goals: 0,
      saves: 30,
      goals_conceded: 10,
      clean_sheets: 3,
      rating: 6.9,
    },
  ];
  const psRows = seasons.map((s) => {
    const base = {
      season_id: 100,
      league_id: 1,
      team_id: players.find((p) => p.player_id === s.player_id)!.team_id!,
      ...emptyTotals(),
    };
    return { ...base, ...s, ...extra[s.player_id] };
  });
  return {
    meta: { name: 'tiny', as_of: '2026-03-01', source: 'hand-built test fixture', synthetic: true },
    tables: {
      leagues: tableFromRows('leagues', [
        { league_id: 1, name: 'Erste Liga', country: 'Germany', tier: 1, kind: 'league' },
      ]),
      seasons: tableFromRows('seasons', [
        { season_id: 100, league_id: 1, name: '2025/26', start_date: '2025-08-01', end_date: '2026-05-31' },
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
      ]),
      rivalries: undefined,
      players: tableFromRows('players', players),
      player_seasons: tableFromRows('player_seasons', psRows),
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
