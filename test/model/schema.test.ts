import { describe, expect, expectTypeOf, it } from 'vitest';
import { positionGroupOf, positionLabelOf, rowsOf, tableFromRows, SCHEMA } from '../../src/model/schema.js';

describe('schema', () => {
  it('builds tables with exactly the schema columns and types, nulls for missing fields', () => {
    const t = tableFromRows('leagues', [
      { league_id: 1, name: 'Premier', country: 'Albion', tier: 1, kind: 'league' },
      { league_id: 2, name: 'Second', tier: 2, kind: 'league' },
    ]);
    expect(t.schema.fields.map((f) => f.name)).toEqual(Object.keys(SCHEMA.leagues.columns));
    expect(String(t.schema.fields[0].type)).toBe('Int32');
    const rows = rowsOf(t, 'leagues');
    expect(rows[1]).toEqual({ league_id: 2, name: 'Second', country: null, tier: 2, kind: 'league' });
  });

  it('reads timestamps back as epoch milliseconds', () => {
    const kickoff = Date.UTC(2025, 7, 16, 14, 0);
    const t = tableFromRows('fixtures', [
      { fixture_id: 1, season_id: 1, league_id: 1, kickoff, home_team_id: 1, away_team_id: 2, status: 'scheduled' },
    ]);
    expect(rowsOf(t, 'fixtures')[0].kickoff).toBe(kickoff);
  });

  it('maps detailed positions to groups and card labels', () => {
    expect(positionGroupOf('LWB')).toBe('defender');
    expect(positionGroupOf('AM')).toBe('midfielder');
    expect(positionLabelOf('CF')).toBe('Attacker');
    expect(positionLabelOf('GK')).toBe('Goalkeeper');
  });
});

describe('RowOf types', () => {
  it('types non-nullable columns without null and nullable ones with null', () => {
    const row = rowsOf(tableFromRows('players', [{ player_id: 7, name: 'A', position: 'ST' }]), 'players')[0];
    expectTypeOf(row.player_id).toEqualTypeOf<number>();
    expectTypeOf(row.market_value_eur).toEqualTypeOf<number | null>();
    expect(row.known_as).toBeNull();
  });
});
