import { describe, expect, it } from 'vitest';
import { tableFromRows } from '../../src/model/schema.js';
import { lastPlayedOf } from '../../src/stats/last-played.js';

const fixture = (fixture_id: number, season_id: number, kickoff: string) => ({
  fixture_id,
  season_id,
  league_id: 1,
  kickoff: Date.parse(kickoff),
  home_team_id: 1,
  away_team_id: 2,
  status: 'finished' as const,
});
const appearance = (fixture_id: number, player_id: number, team_id: number) => ({
  fixture_id,
  player_id,
  team_id,
  started: true,
  minutes: 90,
});

describe('lastPlayedOf (his last match for a club in a season)', () => {
  // Player 7 plays for team 1 on 1 Sept and 1 Dec, moves to team 2 and plays on 1 Feb; fixture 4 is
  // another season.
  const fixtures = tableFromRows('fixtures', [
    fixture(1, 10, '2017-09-01T15:00:00Z'),
    fixture(2, 10, '2017-12-01T15:00:00Z'),
    fixture(3, 10, '2018-02-01T15:00:00Z'),
    fixture(4, 11, '2018-06-20T15:00:00Z'),
  ]);
  const appearances = tableFromRows('appearances', [
    appearance(2, 7, 1),
    appearance(1, 7, 1),
    appearance(3, 7, 2),
    appearance(4, 7, 2),
  ]);

  it('gives the latest kickoff of his matches for that club in that season', () => {
    const last = lastPlayedOf({ fixtures, appearances });
    expect(last(7, 1, 10)).toBe(Date.parse('2017-12-01T15:00:00Z'));
    expect(last(7, 2, 10)).toBe(Date.parse('2018-02-01T15:00:00Z'));
    expect(last(7, 2, 11)).toBe(Date.parse('2018-06-20T15:00:00Z'));
  });

  it('knows no date for a club he did not play for, a player without matches, or a dataset without appearances', () => {
    expect(lastPlayedOf({ fixtures, appearances })(7, 1, 11)).toBeUndefined();
    expect(lastPlayedOf({ fixtures, appearances })(8, 1, 10)).toBeUndefined();
    expect(lastPlayedOf({ fixtures, appearances: null })(7, 1, 10)).toBeUndefined();
  });
});
