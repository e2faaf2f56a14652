/**
 * One competition season folded from event data into a halfspace dataset, the part every event
 * provider shares (docs/methodology/statsbomb.md, docs/methodology/wyscout.md): per-player season
 * lines summed over match lines, their `player_seasons` rows, and the validated dataset of one
 * league and one season.
 */
import { tableFromRows, type CountingColumn, type Dataset, type DatasetMeta, type RowOf } from '../model/schema.js';
import { validateDataset } from '../model/validate.js';
import { emptyTotals, providedTotalsOf, type CountingTotals, type ProviderColumn } from './counting-totals.js';
import { addZoneCounts, emptyZoneCounts, ZONE_COLUMNS, type ZoneCounts } from '../model/location-profile.js';
import type { MatchLineBase } from './match-lines.js';

/** One player's season at one club, summed over his match lines. */
export interface SeasonLine {
  player_id: number;
  team_id: number;
  appearances: number;
  starts: number;
  /** Nominal seconds on the pitch (stoppage time not counted). */
  seconds: number;
  /** His counting totals, summed column by column in match order. */
  totals: CountingTotals;
  /** Zone counts summed over his matches (docs/methodology/dna.md#location-features); null when the provider gives none. */
  zones: ZoneCounts | null;
}

/**
 * What a provider's match line gives the season: who, for whom, whether he appeared or started, his
 * totals, and his zone counts in the match when the provider locates events.
 */
type MatchLineTotals = Pick<MatchLineBase, 'player_id' | 'team_id' | 'appeared' | 'started' | 'totals'> & {
  zones?: ArrayLike<number>;
};

/**
 * Fixture rows with `home_possession` and `away_possession` filled from each match's possession
 * by team (docs/methodology/event-values.md#possession); null for a fixture without it.
 */
export function withPossession(
  fixtures: readonly Partial<RowOf<'fixtures'>>[],
  possessionByFixture: ReadonlyMap<number, ReadonlyMap<number, number>>,
): Partial<RowOf<'fixtures'>>[] {
  return fixtures.map((f) => {
    const p = f.fixture_id === undefined ? undefined : possessionByFixture.get(f.fixture_id);
    const share = (team: number | undefined) => (team === undefined ? null : (p?.get(team) ?? null));
    return { ...f, home_possession: share(f.home_team_id), away_possession: share(f.away_team_id) };
  });
}

/** Minutes from seconds, exact to the second. */
export const minutesOf = (seconds: number): number => seconds / 60;

/**
 * Adds each value of `from` to the same key of `into`, except the keys `leftOut` names. A match
 * line holds mostly zeros, and a zero changes no sum; for…in walks the object's own keys through
 * the engine's cached key list, where a loop over a list of column names looks each name up again.
 */
function addNonZero<K extends string>(
  into: Record<K, number>,
  from: Readonly<Record<K, number>>,
  leftOut: ReadonlySet<string> | undefined,
): void {
  for (const k in from) {
    const v = from[k];
    if (v !== 0 && (leftOut === undefined || !leftOut.has(k))) into[k] += v;
  }
}

/**
 * Adds one match line, with its nominal `seconds`, to the season line of its (player, team) in
 * `lines` (keyed `player:team`), creating it on his first match for that club. The columns
 * `leftOut` names (those a partial match cannot support) are not added.
 */
export function addToSeasonLine(
  lines: Map<string, SeasonLine>,
  line: MatchLineTotals,
  seconds: number,
  leftOut?: ReadonlySet<CountingColumn>,
): void {
  const key = `${line.player_id}:${line.team_id}`;
  const s = lines.get(key) ?? {
    player_id: line.player_id,
    team_id: line.team_id,
    appearances: 0,
    starts: 0,
    seconds: 0,
    totals: emptyTotals(),
    zones: null,
  };
  if (line.appeared) s.appearances += 1;
  if (line.started) s.starts += 1;
  s.seconds += seconds;
  addNonZero(s.totals, line.totals, leftOut);
  if (line.zones) addZoneCounts((s.zones ??= emptyZoneCounts()), line.zones);
  lines.set(key, s);
}

/**
 * The `player_seasons` rows of the season lines, by player then team; no provider gives a rating,
 * so it is null, and a column the provider does not count is null, never 0.
 */
function playerSeasonRowsOf(
  lines: ReadonlyMap<string, SeasonLine>,
  columns: ProviderColumns,
  seasonId: number,
  leagueId: number,
): Partial<RowOf<'player_seasons'>>[] {
  return [...lines.values()]
    .sort((a, b) => a.player_id - b.player_id || a.team_id - b.team_id)
    .map((s) => ({
      player_id: s.player_id,
      season_id: seasonId,
      team_id: s.team_id,
      league_id: leagueId,
      appearances: s.appearances,
      starts: s.starts,
      minutes: minutesOf(s.seconds),
      rating: null,
      ...providedTotalsOf(s.totals, columns),
    }));
}

/**
 * The `player_zones` rows of the season lines that carry zone counts, in `player_seasons` order
 * (docs/methodology/dna.md#location-features).
 */
function playerZoneRowsOf(lines: ReadonlyMap<string, SeasonLine>, seasonId: number): Record<string, number>[] {
  return [...lines.values()]
    .filter((s) => s.zones !== null)
    .sort((a, b) => a.player_id - b.player_id || a.team_id - b.team_id)
    .map((s) => {
      const row: Record<string, number> = { player_id: s.player_id, season_id: seasonId, team_id: s.team_id };
      ZONE_COLUMNS.forEach((c, i) => {
        row[c] = s.zones?.[i] ?? 0;
      });
      return row;
    });
}

/** How a provider fills each counting column. */
type ProviderColumns = Readonly<Record<CountingColumn, ProviderColumn>>;

/** The rows of one competition season beyond its league and season, with the season lines for `player_seasons`. */
export interface SeasonRows {
  teams: Partial<RowOf<'teams'>>[];
  players: Partial<RowOf<'players'>>[];
  seasonLines: ReadonlyMap<string, SeasonLine>;
  /** How the provider fills each counting column (counted, or not provided → null). */
  columns: ProviderColumns;
  fixtures: Partial<RowOf<'fixtures'>>[];
  appearances: Partial<RowOf<'appearances'>>[];
  /** One row per shot (docs/methodology/event-values.md#shots); the table is left out when absent. */
  shots?: Partial<RowOf<'shots'>>[];
}

/**
 * The dataset of one competition season: its league (tier 1 unless `league.tier` says otherwise), the season, the rows and
 * the `player_seasons` of the season lines, no rivalries. Validated: throws `DatasetError` when a
 * row breaks the schema.
 */
export function seasonDatasetOf(
  meta: DatasetMeta,
  league: Pick<RowOf<'leagues'>, 'league_id' | 'name' | 'country' | 'kind'> & { tier?: number },
  season: Pick<RowOf<'seasons'>, 'season_id' | 'name' | 'start_date' | 'end_date'>,
  rows: SeasonRows,
): Dataset {
  const zoneRows = playerZoneRowsOf(rows.seasonLines, season.season_id);
  const dataset: Dataset = {
    meta,
    tables: {
      leagues: tableFromRows('leagues', [
        {
          league_id: league.league_id,
          name: league.name,
          country: league.country,
          tier: league.tier ?? 1,
          kind: league.kind,
        },
      ]),
      seasons: tableFromRows('seasons', [{ ...season, league_id: league.league_id }]),
      teams: tableFromRows('teams', rows.teams),
      rivalries: undefined,
      players: tableFromRows('players', rows.players),
      player_seasons: tableFromRows(
        'player_seasons',
        playerSeasonRowsOf(rows.seasonLines, rows.columns, season.season_id, league.league_id),
      ),
      fixtures: tableFromRows('fixtures', rows.fixtures),
      player_zones: zoneRows.length > 0 ? tableFromRows('player_zones', zoneRows) : undefined,
      appearances: tableFromRows('appearances', rows.appearances),
      shots: rows.shots ? tableFromRows('shots', rows.shots) : undefined,
    },
  };
  validateDataset(dataset);
  return dataset;
}
