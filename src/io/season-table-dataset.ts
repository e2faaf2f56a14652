/**
 * A season table's parsed columns as an in-memory dataset: leagues, seasons, teams and players get
 * ids (in order of first appearance, or the rows' own player_id), then the dataset is validated.
 */
import { Table, type Vector } from 'apache-arrow';
import { float64VectorOf, int32VectorOf, utf8VectorOf, utf8VectorOfBuffer } from '../model/arrow/index.js';
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

/**
 * The validated dataset of a season table's parsed columns (ids, players, seasons); throws
 * {@link DatasetError} naming `file` when `player_id` is set on some rows only or validation fails.
 */
export function seasonTableDatasetOf(
  cells: Partial<Record<SeasonCsvColumn, ColumnBuffer>>,
  rows: number,
  file: string,
  asOf: string,
): Dataset {
  const options = { asOf };
  const texts = (c: SeasonCsvColumn): (string | null)[] => cells[c]!.texts!;
  const idNumbers = cells.player_id?.numbers ?? null;
  /** Column `c` as a vector of `kind`, over every row or the rows `at`; all null when the file leaves it out. */
  const vectorOf = (kind: ColumnKind, c: SeasonCsvColumn, at?: number[]): Vector => {
    const n = at ? at.length : rows;
    const buffer = cells[c];
    const row = (i: number): number => (at ? at[i] : i);
    if (kind === 'utf8') {
      if (!buffer) return utf8VectorOf(new Array(n).fill(null));
      if (buffer.utf8) return utf8VectorOfBuffer(buffer.utf8, rows, at);
      const xs = buffer.texts!;
      return utf8VectorOf(at ? at.map((i) => xs[i]) : xs);
    }
    const numbers = buffer?.numbers ?? null;
    if (kind === 'int32') {
      const xs = new Int32Array(n);
      const valid = new Uint8Array(n);
      if (numbers)
        for (let i = 0; i < n; i++) {
          const x = numbers[row(i)];
          if (Number.isNaN(x)) continue;
          xs[i] = x;
          valid[i] = 1;
        }
      return int32VectorOf(xs, valid);
    }
    const xs = new Float64Array(n).fill(NaN);
    if (numbers) for (let i = 0; i < n; i++) xs[i] = numbers[row(i)];
    return float64VectorOf(xs);
  };

  const leagueIds = new Map<string, number>();
  const seasonIds = new Map<number, Map<string, number>>();
  let seasonCount = 0;
  const seasonRows: { season_id: number; league_id: number; name: string; start_date: string; end_date: string }[] = [];
  const teamIds = new Map<string, number>();
  const teamRows: { team_id: number; name: string; league_id: number }[] = [];
  const playerIds = new Map<number, number>();
  const playerFirstRow: number[] = [];
  const leagueOf = new Int32Array(rows);
  const seasonOf = new Int32Array(rows);
  const teamOf = new Int32Array(rows);
  const playerOf = new Int32Array(rows);
  const [leagueCol, seasonCol, teamCol] = [texts('league'), texts('season'), texts('team')];
  let withId = 0;
  for (let i = 0; i < rows; i++) {
    const league = leagueCol[i] as string; // cast: league, season and team are required text: never null
    let l = leagueIds.get(league);
    if (l === undefined) {
      l = leagueIds.size + 1;
      leagueIds.set(league, l);
    }
    const seasonName = seasonCol[i] as string; // cast: required text
    let ofLeague = seasonIds.get(l);
    if (!ofLeague) {
      ofLeague = new Map();
      seasonIds.set(l, ofLeague);
    }
    let s = ofLeague.get(seasonName);
    if (s === undefined) {
      s = ++seasonCount;
      ofLeague.set(seasonName, s);
      seasonRows.push({ season_id: s, league_id: l, name: seasonName, ...seasonDatesOf(seasonName, options.asOf) });
    }
    const teamName = teamCol[i] as string; // cast: required text
    let t = teamIds.get(teamName);
    if (t === undefined) {
      t = teamIds.size + 1;
      teamIds.set(teamName, t);
      teamRows.push({ team_id: t, name: teamName, league_id: l });
    }
    const given = idNumbers === null || Number.isNaN(idNumbers[i]) ? null : idNumbers[i];
    if (given !== null) withId++;
    const key = given === null ? -(i + 1) : given;
    let p = playerIds.get(key);
    if (p === undefined) {
      p = given === null ? i + 1 : given;
      playerIds.set(key, p);
      playerFirstRow.push(i);
    }
    leagueOf[i] = l;
    seasonOf[i] = s;
    teamOf[i] = t;
    playerOf[i] = p;
  }
  if (withId > 0 && withId < rows) {
    throw new DatasetError(
      file,
      'player_id',
      idNumbers!.findIndex((x) => Number.isNaN(x)),
      'player_id is empty on some rows and set on others (fill it on every row or leave the column out)',
    );
  }

  const playerColumns: Record<string, Vector> = {};
  for (const [c, spec] of Object.entries(SCHEMA.players.columns)) {
    if (c === 'player_id') playerColumns[c] = int32VectorOf(Int32Array.from(playerFirstRow, (i) => playerOf[i]));
    else if (c === 'team_id') playerColumns[c] = int32VectorOf(Int32Array.from(playerFirstRow, (i) => teamOf[i]));
    // cast: the players columns other than the ids are columns of the season-table layout.
    else playerColumns[c] = vectorOf(spec.kind, c as SeasonCsvColumn, playerFirstRow);
  }
  const seasonColumns: Record<string, Vector> = {};
  for (const [c, spec] of Object.entries(SCHEMA.player_seasons.columns)) {
    if (c === 'player_id') seasonColumns[c] = int32VectorOf(playerOf);
    else if (c === 'season_id') seasonColumns[c] = int32VectorOf(seasonOf);
    else if (c === 'team_id') seasonColumns[c] = int32VectorOf(teamOf);
    else if (c === 'league_id') seasonColumns[c] = int32VectorOf(leagueOf);
    // cast: the player_seasons columns other than the ids are columns of the season-table layout.
    else seasonColumns[c] = vectorOf(spec.kind, c as SeasonCsvColumn);
  }

  const dataset: Dataset = {
    meta: { name: file, as_of: options.asOf, source: `season table ${file}`, synthetic: false },
    tables: {
      leagues: tableFromRows(
        'leagues',
        [...leagueIds].map(([name, league_id]) => ({ league_id, name, tier: 1, kind: 'league' as const })),
      ),
      seasons: tableFromRows('seasons', seasonRows),
      teams: tableFromRows('teams', teamRows),
      rivalries: undefined,
      players: new Table(playerColumns),
      player_seasons: new Table(seasonColumns),
      fixtures: tableFromRows('fixtures', []),
      appearances: undefined,
    },
  };
  validateDataset(dataset);
  return dataset;
}
