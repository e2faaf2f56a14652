/**
 * A season table's parsed columns as an in-memory dataset: leagues, seasons, teams and players get
 * ids (in order of first appearance, or the rows' own player_id), then the dataset is validated.
 */
import { Int32, Table, type Vector } from 'apache-arrow';
import { float64VectorOf, utf8VectorOf, vectorOf } from '../model/arrow.js';
import { DatasetError } from '../model/dataset-error.js';
import { SCHEMA, tableFromRows, type ColumnKind, type Dataset } from '../model/schema.js';
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

/** The ids given to a season table's rows, and the league, season and team rows they name. */
interface RowIds {
  readonly leagueIds: Map<string, number>;
  /** Keyed by league id and season name. */
  readonly seasonIds: Map<string, number>;
  readonly seasonRows: { season_id: number; league_id: number; name: string; start_date: string; end_date: string }[];
  readonly teamIds: Map<string, number>;
  readonly teamRows: { team_id: number; name: string; league_id: number }[];
  readonly playerIds: Map<number, number>;
  readonly playerFirstRow: number[];
  readonly leagueOf: Int32Array;
  readonly seasonOf: Int32Array;
  readonly teamOf: Int32Array;
  readonly playerOf: Int32Array;
  withId: number;
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

/** The player id of row `i`: its own player_id when given, else the row number. */
function playerIdOf(ids: RowIds, idNumbers: Float64Array | null, i: number): number {
  const given = idNumbers === null || Number.isNaN(idNumbers[i]) ? null : idNumbers[i];
  if (given !== null) ids.withId++;
  const key = given === null ? -(i + 1) : given;
  let p = ids.playerIds.get(key);
  if (p === undefined) {
    p = given === null ? i + 1 : given;
    ids.playerIds.set(key, p);
    ids.playerFirstRow.push(i);
  }
  return p;
}

/** League, season, team and player ids of every row; throws when player_id is set on some rows only. */
function rowIdsOf(cells: Cells, rows: number, file: string, asOf: string): RowIds {
  const ids: RowIds = {
    leagueIds: new Map(),
    seasonIds: new Map(),
    seasonRows: [],
    teamIds: new Map(),
    teamRows: [],
    playerIds: new Map(),
    playerFirstRow: [],
    leagueOf: new Int32Array(rows),
    seasonOf: new Int32Array(rows),
    teamOf: new Int32Array(rows),
    playerOf: new Int32Array(rows),
    withId: 0,
  };
  const texts = (c: SeasonCsvColumn): (string | null)[] => cells[c]!.texts!;
  const idNumbers = cells.player_id?.numbers ?? null;
  const [leagueCol, seasonCol, teamCol] = [texts('league'), texts('season'), texts('team')];
  for (let i = 0; i < rows; i++) {
    const league = leagueCol[i] as string; // cast: league, season and team are required text: never null
    const season = seasonCol[i] as string; // cast: required text
    const team = teamCol[i] as string; // cast: required text
    const l = firstSeenId(ids.leagueIds, league);
    ids.leagueOf[i] = l;
    ids.seasonOf[i] = firstSeenId(ids.seasonIds, `${l}\u0000${season}`, (season_id) =>
      ids.seasonRows.push({ season_id, league_id: l, name: season, ...seasonDatesOf(season, asOf) }),
    );
    ids.teamOf[i] = firstSeenId(ids.teamIds, team, (team_id) =>
      ids.teamRows.push({ team_id, name: team, league_id: l }),
    );
    ids.playerOf[i] = playerIdOf(ids, idNumbers, i);
  }
  if (ids.withId > 0 && ids.withId < rows) {
    throw new DatasetError(
      file,
      'player_id',
      idNumbers!.findIndex((x) => Number.isNaN(x)),
      'player_id is empty on some rows and set on others (fill it on every row or leave the column out)',
    );
  }
  return ids;
}

/** The players table's columns: one row per player, from the player's first row. */
function playerColumnsOf(cells: Cells, rows: number, ids: RowIds): Record<string, Vector> {
  const { playerFirstRow, playerOf, teamOf } = ids;
  const playerColumns: Record<string, Vector> = {};
  for (const [c, spec] of Object.entries(SCHEMA.players.columns)) {
    if (c === 'player_id')
      playerColumns[c] = vectorOf(
        new Int32(),
        Int32Array.from(playerFirstRow, (i) => playerOf[i]),
      );
    else if (c === 'team_id')
      playerColumns[c] = vectorOf(
        new Int32(),
        Int32Array.from(playerFirstRow, (i) => teamOf[i]),
      );
    // cast: the players columns other than the ids are columns of the season-table layout.
    else playerColumns[c] = columnOf(cells, rows, spec.kind, c as SeasonCsvColumn, playerFirstRow);
  }
  return playerColumns;
}

/** The player_seasons table's columns: one row per row of the table. */
function seasonColumnsOf(cells: Cells, rows: number, ids: RowIds): Record<string, Vector> {
  const seasonColumns: Record<string, Vector> = {};
  for (const [c, spec] of Object.entries(SCHEMA.player_seasons.columns)) {
    if (c === 'player_id') seasonColumns[c] = vectorOf(new Int32(), ids.playerOf);
    else if (c === 'season_id') seasonColumns[c] = vectorOf(new Int32(), ids.seasonOf);
    else if (c === 'team_id') seasonColumns[c] = vectorOf(new Int32(), ids.teamOf);
    else if (c === 'league_id') seasonColumns[c] = vectorOf(new Int32(), ids.leagueOf);
    // cast: the player_seasons columns other than the ids are columns of the season-table layout.
    else seasonColumns[c] = columnOf(cells, rows, spec.kind, c as SeasonCsvColumn);
  }
  return seasonColumns;
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
      players: new Table(playerColumnsOf(cells, rows, ids)),
      player_seasons: new Table(seasonColumnsOf(cells, rows, ids)),
      fixtures: tableFromRows('fixtures', []),
      appearances: undefined,
    },
  };
  validateDataset(dataset);
  return dataset;
}
