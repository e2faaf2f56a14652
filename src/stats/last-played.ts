/**
 * When a player last played for a club in a season, from the `appearances` and `fixtures` tables:
 * what puts the club he moved to mid-season after the one he left in his career order
 * (docs/methodology/stats.md#which-row-stands-for-a-player).
 */
import type { Table } from 'apache-arrow';
import { intColumn, numberColumn } from './columns.js';

/** The tables a last match is read from; `appearances` is absent from season-table datasets. */
export interface MatchTables {
  readonly fixtures: Table;
  readonly appearances?: Table | null;
}

/** Player → `team/season` → kickoff of his last match for that team in that season, epoch ms. */
type LastPlayedIndex = Map<number, Map<string, number>>;

/**
 * The kickoff (epoch ms) of player `playerId`'s last match for `teamId` in `seasonId`, or
 * undefined when the dataset has no appearances or he has none there. The index over all
 * appearances is built on the first call, which comes only from a player with two rows that
 * start on the same day (a mid-season move), so a question about anyone else never decodes them.
 * @example lastPlayedOf({ fixtures, appearances: null })(7, 1, 1) // => undefined
 */
export function lastPlayedOf(
  tables: MatchTables,
): (playerId: number, teamId: number, seasonId: number) => number | undefined {
  let index: LastPlayedIndex | undefined;
  return (playerId, teamId, seasonId) => {
    index ??= indexOf(tables);
    return index.get(playerId)?.get(`${teamId}/${seasonId}`);
  };
}

function indexOf({ fixtures, appearances }: MatchTables): LastPlayedIndex {
  const index: LastPlayedIndex = new Map();
  if (!appearances || appearances.numRows === 0) return index;
  const fixtureIds = intColumn(fixtures, 'fixture_id');
  const seasons = intColumn(fixtures, 'season_id');
  const kickoffs = numberColumn(fixtures, 'kickoff');
  const fixtureRow = new Map<number, number>();
  for (let i = 0; i < fixtureIds.length; i++) fixtureRow.set(fixtureIds[i], i);
  const fixture = intColumn(appearances, 'fixture_id');
  const player = intColumn(appearances, 'player_id');
  const team = intColumn(appearances, 'team_id');
  for (let i = 0; i < fixture.length; i++) {
    const f = fixtureRow.get(fixture[i]);
    if (f === undefined) continue;
    let clubs = index.get(player[i]);
    if (!clubs) index.set(player[i], (clubs = new Map()));
    const key = `${team[i]}/${seasons[f]}`;
    const last = clubs.get(key);
    if (last === undefined || kickoffs[f] > last) clubs.set(key, kickoffs[f]);
  }
  return index;
}
