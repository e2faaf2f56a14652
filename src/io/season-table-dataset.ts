/**
 * A season table's parsed columns as an in-memory dataset: leagues, seasons, teams and players get
 * ids (in order of first appearance, or the rows' own player_id), then the dataset is validated.
 */
import { Int32, Table, type Vector } from 'apache-arrow';
import { float64VectorOf, utf8VectorOf, vectorOf } from '../model/arrow.js';
import { DatasetError } from '../model/dataset-error.js';
import { SCHEMA, tableFromRows, type ColumnKind, type Dataset, type RowOf } from '../model/schema.js';
import { validateDataset } from '../model/validate.js';
import type { ColumnBuffer, SeasonCsvColumn } from './season-layout.js';

/**
 * Season dates from a season name, for the in-memory dataset only: "2025/26" → 1 July to
 * 30 June, "2026" → the calendar year, anything else → `asOf` for both.
 */
function seasonDatesOf(name: string, asOf: string): { start_date: string; end_date: string } {
  const split = /^(\d{4})\/(\d{2}|\d{4})$/.exec(name);
  if (split) return { start_date: `${split[1]}-07-01`, end_date: `${Number(split[1]) + 1}-06-30` };
  if (/^\d{4}$/.test(name)) return { start_date: `${name}-01-01`, end_date: `${name}-12-31` };
  return { start_date: asOf, end_date: asOf };
}

type Cells = Partial<Record<SeasonCsvColumn, ColumnBuffer>>;

/** Column `c` as a vector of `kind`, over every row or the rows `at`; all null when the file leaves it out. */
function columnOf(cells: Cells, rows: number, kind: ColumnKind, c: SeasonCsvColumn, at?: number[]): Vector {
  const n = at ? at.length : rows;
  const buffer = cells[c];
  if (kind === 'utf8') {
    if (!buffer) return utf8VectorOf(new Array(n).fill(null));
    const xs = buffer.texts!;
    return utf8VectorOf(at ? at.map((i) => xs[i]) : xs);
  }
  const numbers = buffer?.numbers ?? null;
  if (kind === 'int32') {
    const xs = new Int32Array(n);
    const valid = new Uint8Array(n);
    if (numbers)
      for (let i = 0; i < n; i++) {
        const x = numbers[at ? at[i] : i];
        if (Number.isNaN(x)) continue;
        xs[i] = x;
        valid[i] = 1;
      }
    return vectorOf(new Int32(), xs, valid);
  }
  const xs = new Float64Array(n).fill(NaN);
  if (numbers) for (let i = 0; i < n; i++) xs[i] = numbers[at ? at[i] : i];
  return float64VectorOf(xs);
}

/** The id of `key`, numbered from 1 in order of first appearance; `onNew` hears each new one. */
function firstSeenId<K>(ids: Map<K, number>, key: K, onNew?: (id: number) => void): number {
  let id = ids.get(key);
  if (id === undefined) {
    id = ids.size + 1;
    ids.set(key, id);
    onNew?.(id);
  }
  return id;
}

/** League, season, team and player ids of every row; throws when player_id is set on some rows only. */
function rowIdsOf(cells: Cells, rows: number, file: string, asOf: string) {
  const leagueIds = new Map<string, number>();
  // Keyed by league id and season name.
  const seasonIds = new Map<string, number>();
  const teamIds = new Map<string, number>();
  const playerKeys = new Set<number>();
  const seasonRows: RowOf<'seasons'>[] = [];
  const teamRows: Partial<RowOf<'teams'>>[] = [];
  const playerFirstRow: number[] = [];
  const [leagueOf, seasonOf, teamOf, playerOf] = [0, 0, 0, 0].map(() => new Int32Array(rows));
  const texts = (c: SeasonCsvColumn): (string | null)[] => cells[c]!.texts!;
  const idNumbers = cells.player_id?.numbers ?? null;
  const [leagueCol, seasonCol, teamCol] = [texts('league'), texts('season'), texts('team')];
  let withId = 0;
  for (let i = 0; i < rows; i++) {
    const league = leagueCol[i] as string; // cast: league, season and team are required text: never null
    const season = seasonCol[i] as string; // cast: required text
    const team = teamCol[i] as string; // cast: required text
    const l = firstSeenId(leagueIds, league);
    leagueOf[i] = l;
    seasonOf[i] = firstSeenId(seasonIds, `${l}\u0000${season}`, (season_id) =>
      seasonRows.push({ season_id, league_id: l, name: season, ...seasonDatesOf(season, asOf) }),
    );
    teamOf[i] = firstSeenId(teamIds, team, (team_id) => teamRows.push({ team_id, name: team, league_id: l }));
    // A row's player is its own player_id when given, else the row number.
    const given = idNumbers === null || Number.isNaN(idNumbers[i]) ? null : idNumbers[i];
    if (given !== null) withId++;
    const key = given ?? -(i + 1);
    if (!playerKeys.has(key)) {
      playerKeys.add(key);
      playerFirstRow.push(i);
    }
    playerOf[i] = given ?? i + 1;
  }
  if (withId > 0 && withId < rows) {
    throw new DatasetError(
      file,
      'player_id',
      idNumbers!.findIndex((x) => Number.isNaN(x)),
      'player_id is empty on some rows and set on others (fill it on every row or leave the column out)',
    );
  }
  return { leagueIds, seasonRows, teamRows, playerFirstRow, leagueOf, seasonOf, teamOf, playerOf };
}

/** The ids given to a season table's rows, and the league, season and team rows they name. */
type RowIds = ReturnType<typeof rowIdsOf>;

/**
 * The columns of `table` (players: one row per player, from his first row; player_seasons: one row
 * per row of the file): the ids given, every other column as the file holds it.
 */
function columnsOf(
  cells: Cells,
  rows: number,
  ids: RowIds,
  table: 'players' | 'player_seasons',
): Record<string, Vector> {
  const at = table === 'players' ? ids.playerFirstRow : undefined;
  const given: Record<string, Int32Array> = {
    player_id: ids.playerOf,
    team_id: ids.teamOf,
    ...(table === 'player_seasons' ? { season_id: ids.seasonOf, league_id: ids.leagueOf } : {}),
  };
  const columns: Record<string, Vector> = {};
  for (const [c, spec] of Object.entries(SCHEMA[table].columns)) {
    const id = given[c];
    columns[c] = id
      ? vectorOf(new Int32(), at ? Int32Array.from(at, (i) => id[i]) : id)
      : // cast: the columns other than the ids are columns of the season-table layout.
        columnOf(cells, rows, spec.kind, c as SeasonCsvColumn, at);
  }
  return columns;
}

/**
 * The validated dataset of a season table's parsed columns (ids, players, seasons); throws
 * {@link DatasetError} naming `file` when `player_id` is set on some rows only or validation fails.
 */
export function seasonTableDatasetOf(cells: Cells, rows: number, file: string, asOf: string): Dataset {
  const ids = rowIdsOf(cells, rows, file, asOf);
  const dataset: Dataset = {
    meta: { name: file, as_of: asOf, source: `season table ${file}`, synthetic: false },
    tables: {
      leagues: tableFromRows(
        'leagues',
        [...ids.leagueIds].map(([name, league_id]) => ({ league_id, name, tier: 1, kind: 'league' as const })),
      ),
      seasons: tableFromRows('seasons', ids.seasonRows),
      teams: tableFromRows('teams', ids.teamRows),
      rivalries: undefined,
      players: new Table(columnsOf(cells, rows, ids, 'players')),
      player_seasons: new Table(columnsOf(cells, rows, ids, 'player_seasons')),
      fixtures: tableFromRows('fixtures', []),
      appearances: undefined,
    },
  };
  validateDataset(dataset);
  return dataset;
}
