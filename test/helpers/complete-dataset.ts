/**
 * A small dataset with every table of the schema, optional ones included, for tests that break
 * one thing at a time (validation) or round-trip every table (CSV, Arrow).
 */
import { emptyTotals } from '../../src/providers/counting-totals.js';
import { ZONE_COLUMNS } from '../../src/model/location-profile.js';
import { tableFromRows, TABLE_NAMES, type Dataset, type RowOf, type TableName } from '../../src/model/schema.js';

/** Plain rows of every table; tests edit these, then build a dataset with {@link datasetOfRows}. */
export type DatasetRows = { [T in TableName]: { -readonly [C in keyof RowOf<T>]?: RowOf<T>[C] }[] };

const ZERO_TOTALS = emptyTotals();

/** Fresh rows of a valid dataset: 2 leagues, 2 seasons, 3 teams, 4 players, 2 fixtures, 5 appearances. */
export function completeRows(): DatasetRows {
  return {
    leagues: [
      { league_id: 1, name: 'Erste Liga', country: 'Germany', tier: 1, kind: 'league' },
      { league_id: 2, name: 'Pokal', country: 'Germany', tier: 1, kind: 'cup' },
    ],
    seasons: [
      { season_id: 100, league_id: 1, name: '2025/26', start_date: '2025-08-01', end_date: '2026-05-31' },
      { season_id: 200, league_id: 2, name: '2025/26', start_date: '2025-08-15', end_date: '2026-05-20' },
    ],
    teams: [
      {
        team_id: 10,
        name: 'FC Nordhafen',
        short_name: 'Nordhafen',
        league_id: 1,
        city: 'Nordhafen',
        region: 'North',
        primary_color: '#003366',
        secondary_color: '#ffffff',
      },
      { team_id: 11, name: 'Sporting Lindau', short_name: 'Lindau', league_id: 1, city: 'Lindau', region: 'South' },
      { team_id: 12, name: 'Rot-Weiß Auen', league_id: null },
    ],
    rivalries: [{ team_a: 10, team_b: 11, kind: 'historic' }],
    players: [
      {
        player_id: 1,
        name: 'Jörg Müller-Weiß',
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
        name: 'Anton "Toni" Berg',
        known_as: 'Toni',
        birth_date: '1994-01-01',
        position: 'CM',
        team_id: 11,
        market_value_eur: 9_999_999.5,
      },
      { player_id: 3, name: 'Piet de Vries', position: 'GK', team_id: 10, wc2026_nation: 'NED' },
      { player_id: 4, name: 'Free Agent', position: 'CB', team_id: null },
    ],
    player_seasons: [
      {
        ...ZERO_TOTALS,
        player_id: 1,
        season_id: 100,
        team_id: 10,
        league_id: 1,
        appearances: 10,
        starts: 9,
        minutes: 850,
        rating: 7.25,
        goals: 6,
        shots: 30,
      },
      {
        ...ZERO_TOTALS,
        player_id: 2,
        season_id: 100,
        team_id: 11,
        league_id: 1,
        appearances: 12,
        starts: 12,
        minutes: 1080,
        rating: null,
        passes: 700,
        passes_completed: 610,
      },
      {
        ...ZERO_TOTALS,
        player_id: 2,
        season_id: 100,
        team_id: 10,
        league_id: 1,
        appearances: 2,
        starts: 0,
        minutes: 31.5,
      },
      {
        ...ZERO_TOTALS,
        player_id: 3,
        season_id: 200,
        team_id: 10,
        league_id: 2,
        appearances: 1,
        starts: 1,
        minutes: 120,
        saves: 4,
        punches: null,
      },
    ],
    fixtures: [
      {
        fixture_id: 1000,
        season_id: 100,
        league_id: 1,
        round: '1',
        kickoff: Date.UTC(2025, 7, 10, 15, 30),
        home_team_id: 10,
        away_team_id: 11,
        home_goals: 2,
        away_goals: 1,
        status: 'finished',
        venue: 'Hafenstadion',
      },
      {
        fixture_id: 1001,
        season_id: 100,
        league_id: 1,
        round: '2',
        kickoff: Date.UTC(2026, 3, 4, 18),
        home_team_id: 11,
        away_team_id: 10,
        home_goals: null,
        away_goals: null,
        status: 'scheduled',
      },
    ],
    // Zone counts of one event-data player-season (docs/methodology/dna.md#location-features).
    player_zones: [
      {
        player_id: 1,
        season_id: 100,
        team_id: 10,
        ...Object.fromEntries(ZONE_COLUMNS.map((c, i) => [c, i % 7])),
      },
    ],
    appearances: [
      { fixture_id: 1000, player_id: 1, team_id: 10, started: true, minutes: 90, position: 'ST' },
      { fixture_id: 1000, player_id: 3, team_id: 10, started: true, minutes: 90, position: 'GK' },
      { fixture_id: 1000, player_id: 2, team_id: 11, started: false, minutes: 12.5, position: null },
      { fixture_id: 1001, player_id: 1, team_id: 10, started: false, minutes: 0 },
      { fixture_id: 1001, player_id: 2, team_id: 11, started: true, minutes: 90, position: 'CM' },
    ],
    shots: [
      {
        fixture_id: 1000,
        player_id: 1,
        team_id: 10,
        minute: 23,
        x: 0.9,
        y: 0.48,
        body_part: 'foot',
        situation: 'open_play',
        xg: 0.31,
        xg_source: 'model',
        outcome: 'goal',
      },
    ],
  };
}

/** Builds a dataset from rows (every table present, exact schema columns and types). */
export function datasetOfRows(rows: DatasetRows): Dataset {
  const tables = Object.fromEntries(TABLE_NAMES.map((name) => [name, tableFromRows(name, rows[name] as never)]));
  return {
    meta: { name: 'complete', as_of: '2026-03-01', source: 'hand-built test fixture', synthetic: true },
    tables: tables as Dataset['tables'],
  };
}

/** The valid dataset of {@link completeRows}. */
export const completeDataset = (): Dataset => datasetOfRows(completeRows());
