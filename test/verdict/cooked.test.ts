/*
 * Cooked compares with an earlier season only (docs/methodology/verdict.md#cooked), on the tiny
 * dataset grown into a career. Anton Berg (ST, born 1994-01-01, 32 on the as-of date 2026-03-01)
 * plays 2025/26 for FC Nordhafen with 3 goals in 900 minutes (his main row). Around it:
 * - 2024/25 (ended 2025-05-31, before 2025/26 began): the same cohort of attackers, Berg with 9
 *   goals in 900 minutes and top of every striker metric, a real earlier season;
 * - 2025/26 at Sporting Lindau (a January move): 500 minutes with 9 goals, the same season;
 * - the 2026 World Cup (a national-team tournament, after the club season): 450 minutes, 6 goals.
 * Only the first may be compared with.
 */
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { rowsOf, tableFromRows, type Dataset, type RowOf } from '../../src/model/schema.js';
import { emptyTotals } from '../../src/providers/counting-totals.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

type Extra = { seasons: RowOf<'seasons'>[]; leagues: RowOf<'leagues'>[]; rows: RowOf<'player_seasons'>[] };

/** The tiny dataset with more seasons, leagues and player_seasons rows. */
function withCareer(extra: Extra): Dataset {
  const data = tinyDataset();
  const t = data.tables;
  return {
    ...data,
    tables: {
      ...t,
      leagues: tableFromRows('leagues', [...rowsOf(t.leagues, 'leagues'), ...extra.leagues]),
      seasons: tableFromRows('seasons', [...rowsOf(t.seasons, 'seasons'), ...extra.seasons]),
      player_seasons: tableFromRows('player_seasons', [...rowsOf(t.player_seasons, 'player_seasons'), ...extra.rows]),
    },
  };
}

const row = (
  player_id: number,
  season_id: number,
  league_id: number,
  team_id: number,
  minutes: number,
  goals: number,
  shots: number,
  more: Partial<RowOf<'player_seasons'>> = {},
): RowOf<'player_seasons'> => ({
  ...emptyTotals(),
  player_id,
  season_id,
  league_id,
  team_id,
  minutes,
  appearances: Math.round(minutes / 90),
  starts: Math.round(minutes / 90),
  goals,
  assists: 0,
  shots,
  rating: null,
  ...more,
});

const earlier: RowOf<'seasons'> = {
  season_id: 99,
  league_id: 1,
  name: '2024/25',
  start_date: '2024-08-01',
  end_date: '2025-05-31',
};
/** Season 2024/25 for the five attackers with 900 minutes, Berg (2) top of them at every striker metric. */
const earlierRows = [
  row(1, 99, 1, 10, 900, 2, 10),
  row(2, 99, 1, 10, 900, 9, 30, {
    shots_on_target: 15,
    big_chances: 8,
    assists: 4,
    key_passes: 20,
    dribbles: 15,
    aerials_won: 30,
    duels_won: 60,
  }),
  row(3, 99, 1, 11, 900, 2, 10),
  row(4, 99, 1, 11, 900, 1, 10),
  row(6, 99, 1, 11, 900, 0, 5),
];
const worldCup: RowOf<'leagues'> = { league_id: 2, name: 'World Cup', country: null, tier: 1, kind: 'international' };
const worldCupSeason: RowOf<'seasons'> = {
  season_id: 101,
  league_id: 2,
  name: '2026',
  start_date: '2026-06-11',
  end_date: '2026-07-19',
};
/** The 2026 World Cup: Berg and four others with 450 minutes, Berg top scorer. */
const worldCupRows = [
  row(2, 101, 2, 10, 450, 6, 15),
  row(1, 101, 2, 10, 450, 0, 3),
  row(3, 101, 2, 11, 450, 1, 4),
  row(4, 101, 2, 11, 450, 0, 2),
  row(6, 101, 2, 11, 450, 0, 2),
];
/** Berg at Sporting Lindau in 2025/26 too: 9 goals in 500 minutes. */
const sameSeasonRow = row(2, 100, 1, 11, 500, 9, 20);

describe('cooked compares with earlier seasons only', () => {
  it('compares with the season that ended before this one began, and says which', () => {
    const engine = Engine.open({ dataset: withCareer({ seasons: [earlier], leagues: [], rows: earlierRows }) });
    const r = engine.verdict({ player_id: 2 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.rule.previous_season).toMatchObject({
      season: '2024/25',
      team: 'FC Nordhafen',
      league: 'Erste Liga',
    });
    expect(r.value.rule.previous_output_score).toBe(r.value.rule.previous_season!.output_score);
    // Top scorer of 2024/25, a third of that in 2025/26 at 32: cooked, and the text names the season.
    expect(r.value.verdict_code).toBe('cooked');
    expect(r.value.headline).toContain('since 2024/25 (FC Nordhafen, Erste Liga)');
    expect(r.value.narrative).toContain('Compared with 2024/25 (FC Nordhafen, Erste Liga)');
  });

  it('never compares with his other club of the same season nor a later tournament', () => {
    const engine = Engine.open({
      dataset: withCareer({ seasons: [worldCupSeason], leagues: [worldCup], rows: [...worldCupRows, sameSeasonRow] }),
    });
    const r = engine.verdict({ player_id: 2 });
    if (!r.ok) throw new Error(r.error.message);
    // Both other rows are better than his main one, so either would have made him cooked.
    expect(r.value.season).toBe('2025/26');
    expect(r.value.rule.previous_season).toBeNull();
    expect(r.value.rule.previous_output_score).toBeNull();
    expect(r.value.verdict_code).not.toBe('cooked');
    expect(r.value.rule.unchecked).toContain('cooked: no earlier season to compare with');
  });

  it('with all three, picks the earlier club season', () => {
    const engine = Engine.open({
      dataset: withCareer({
        seasons: [earlier, worldCupSeason],
        leagues: [worldCup],
        rows: [...earlierRows, ...worldCupRows, sameSeasonRow],
      }),
    });
    const r = engine.verdict({ player_id: 2 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.rule.previous_season?.season).toBe('2024/25');
  });
});
