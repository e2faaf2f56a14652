/**
 * The single-file input of `halfspace score` (docs/scoring.md#players-csv): one CSV row per
 * player-season in the `player_seasons` layout plus the player's own columns and the team, league
 * and season by name. It becomes an in-memory dataset (ids assigned by first appearance) so the
 * engine's derivations apply unchanged. Every error names the file, column, data row and line.
 */
import { Table, type Vector } from 'apache-arrow';
import { float64VectorOf, int32VectorOf, utf8VectorOf } from './arrow-columns.js';
import { DatasetError } from './dataset-error.js';
import { parseCsv } from './providers/csv/parse.js';
import { valueOfCsv } from './providers/csv/values.js';
import { COUNTING_COLUMNS, POSITION_CODES, SCHEMA, tableFromRows, type ColumnKind, type Dataset } from './schema.js';
import { validateDataset } from './validate.js';

/** Integers that fit int32 without a range check (at most 9 digits). */
const PLAIN_INT = /^-?\d{1,9}$/;
/** Decimals in plain notation (no exponent), always finite. */
const PLAIN_DECIMAL = /^-?\d{1,15}(\.\d{1,15})?$/;

/** Columns every row must fill. */
export const SEASON_CSV_REQUIRED = ['name', 'position', 'team', 'league', 'season', 'appearances', 'minutes'] as const;

/** Columns a row may leave empty or the file may leave out (then null for every row). */
export const SEASON_CSV_OPTIONAL = [
  'player_id', 'known_as', 'birth_date', 'nationality', 'market_value_eur', 'preferred_foot', 'height_cm', 'wc2026_nation',
  'starts', 'rating', ...COUNTING_COLUMNS,
] as const;

type SeasonCsvColumn = (typeof SEASON_CSV_REQUIRED)[number] | (typeof SEASON_CSV_OPTIONAL)[number];

/** Column kinds of the layout: the schema's kind where the column is a schema column, text otherwise. */
const KIND_OF: Record<SeasonCsvColumn, ColumnKind> = Object.fromEntries(
  [...SEASON_CSV_REQUIRED, ...SEASON_CSV_OPTIONAL].map((c) => {
    const spec = (SCHEMA.players.columns as Record<string, { kind: ColumnKind }>)[c] ?? (SCHEMA.player_seasons.columns as Record<string, { kind: ColumnKind }>)[c];
    return [c, spec ? spec.kind : 'utf8'];
  }),
) as Record<SeasonCsvColumn, ColumnKind>;

/** Options of {@link datasetFromSeasonCsv}. */
export interface SeasonCsvOptions {
  /** File name used in error messages; default "players.csv". */
  file?: string;
  /** Date the data describes (ages are taken on it), `YYYY-MM-DD`. Required. */
  asOf: string;
}

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
 * Reads a season-table CSV (header row, then one row per player-season) into a validated dataset:
 * leagues, seasons and teams get ids in order of first appearance (a team belongs to the league of
 * its first row); players are keyed by `player_id` when the column is present (rows sharing an id
 * are one player, his first row's profile wins) and by row otherwise. Unknown columns, missing
 * required columns, empty required fields, values of the wrong kind and unknown position codes
 * raise {@link DatasetError} with the 0-based data row and the 1-based line.
 * Cost: one pass over the text, then one validation pass.
 * @example datasetFromSeasonCsv('name,position,team,league,season,appearances,minutes\nA,ST,X,L,2025/26,10,900\n', { asOf: '2026-03-01' }).tables.player_seasons.numRows // => 1
 */
export function datasetFromSeasonCsv(text: string, options: SeasonCsvOptions): Dataset {
  const file = options.file ?? 'players.csv';
  let header: SeasonCsvColumn[] | null = null;
  const known = new Set<string>([...SEASON_CSV_REQUIRED, ...SEASON_CSV_OPTIONAL]);
  const cells: Partial<Record<SeasonCsvColumn, (number | string | null)[]>> = {};
  let rows = 0;

  // Per-column flags, set once from the header, keep the per-field loop free of lookups.
  let kinds: ColumnKind[] = [];
  let required: boolean[] = [];
  let isPosition: boolean[] = [];
  let store: (number | string | null)[][] = [];
  const positions = new Set<string>(POSITION_CODES);
  parseCsv(text, file, (fields, line) => {
    if (!header) {
      const names = fields.map((f) => (f ?? '').trim());
      for (const n of names) {
        if (!known.has(n)) throw new DatasetError(file, n || null, null, `line ${line}: unknown column "${n}" (docs/scoring.md#players-csv lists the accepted columns)`);
      }
      const dup = names.find((n, i) => names.indexOf(n) !== i);
      if (dup) throw new DatasetError(file, dup, null, `line ${line}: column "${dup}" appears twice`);
      for (const r of SEASON_CSV_REQUIRED) if (!names.includes(r)) throw new DatasetError(file, r, null, `line ${line}: required column "${r}" is missing`);
      header = names as SeasonCsvColumn[];
      for (const c of header) cells[c] = [];
      kinds = header.map((c) => KIND_OF[c]);
      required = header.map((c) => (SEASON_CSV_REQUIRED as readonly string[]).includes(c));
      isPosition = header.map((c) => c === 'position');
      store = header.map((c) => cells[c]!);
      return;
    }
    if (fields.length !== header.length) {
      throw new DatasetError(file, null, rows, `line ${line}: ${fields.length} fields, the header has ${header.length}`);
    }
    for (let j = 0; j < fields.length; j++) {
      const raw = fields[j];
      if (raw === null || raw === '') {
        if (required[j]) throw new DatasetError(file, header[j], rows, `line ${line}: empty, but every row needs a ${header[j]}`);
        store[j].push(null);
        continue;
      }
      const kind = kinds[j];
      // Plain integers and decimals take a fast path; anything else gets the CSV provider's
      // strict parse, which also words the error.
      if ((kind === 'int32' && PLAIN_INT.test(raw)) || (kind === 'float64' && PLAIN_DECIMAL.test(raw))) {
        store[j].push(Number(raw));
        continue;
      }
      if (kind === 'utf8' && !isPosition[j]) {
        store[j].push(raw);
        continue;
      }
      const v = valueOfCsv(kind, raw);
      if (!v.ok) throw new DatasetError(file, header[j], rows, `line ${line}: ${v.problem}`);
      if (isPosition[j] && !positions.has(v.value as string)) {
        throw new DatasetError(file, header[j], rows, `line ${line}: "${raw}" is not one of ${POSITION_CODES.join(', ')}`);
      }
      store[j].push(v.value as number | string);
    }
    rows++;
  });
  if (!header) throw new DatasetError(file, null, null, 'empty file (no header row)');
  const col = (c: SeasonCsvColumn): (number | string | null)[] => cells[c] ?? new Array(rows).fill(null);

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
  const [leagueCol, seasonCol, teamCol, idCol] = [col('league'), col('season'), col('team'), col('player_id')];
  for (let i = 0; i < rows; i++) {
    const league = leagueCol[i] as string;
    let l = leagueIds.get(league);
    if (l === undefined) leagueIds.set(league, (l = leagueIds.size + 1));
    const seasonName = seasonCol[i] as string;
    let ofLeague = seasonIds.get(l);
    if (!ofLeague) seasonIds.set(l, (ofLeague = new Map()));
    let s = ofLeague.get(seasonName);
    if (s === undefined) {
      ofLeague.set(seasonName, (s = ++seasonCount));
      seasonRows.push({ season_id: s, league_id: l, name: seasonName, ...seasonDatesOf(seasonName, options.asOf) });
    }
    const teamName = teamCol[i] as string;
    let t = teamIds.get(teamName);
    if (t === undefined) {
      teamIds.set(teamName, (t = teamIds.size + 1));
      teamRows.push({ team_id: t, name: teamName, league_id: l });
    }
    const given = idCol[i];
    const key = given === null ? -(i + 1) : (given as number);
    let p = playerIds.get(key);
    if (p === undefined) {
      playerIds.set(key, (p = given === null ? i + 1 : (given as number)));
      playerFirstRow.push(i);
    }
    leagueOf[i] = l;
    seasonOf[i] = s;
    teamOf[i] = t;
    playerOf[i] = p;
  }
  if (idCol.some((v) => v !== null) && idCol.some((v) => v === null)) {
    throw new DatasetError(file, 'player_id', idCol.indexOf(null), 'player_id is empty on some rows and set on others (fill it on every row or leave the column out)');
  }

  const pick = <T>(values: (number | string | null)[], at: number[]): T[] => at.map((i) => values[i] as T);
  const ints = (values: (number | string | null)[]): Vector => {
    const xs = new Int32Array(values.length);
    const valid = new Uint8Array(values.length);
    for (let i = 0; i < values.length; i++) if (values[i] !== null) (xs[i] = values[i] as number), (valid[i] = 1);
    return int32VectorOf(xs, valid);
  };
  const floats = (values: (number | string | null)[]): Vector => {
    const xs = new Float64Array(values.length);
    for (let i = 0; i < values.length; i++) xs[i] = values[i] === null ? NaN : (values[i] as number);
    return float64VectorOf(xs);
  };
  const texts = (values: (number | string | null)[]): Vector => utf8VectorOf(values as (string | null)[]);
  const vectorOf = (kind: ColumnKind, values: (number | string | null)[]): Vector => (kind === 'int32' ? ints(values) : kind === 'float64' ? floats(values) : texts(values));

  const playerColumns: Record<string, Vector> = {};
  for (const [c, spec] of Object.entries(SCHEMA.players.columns)) {
    if (c === 'player_id') playerColumns[c] = int32VectorOf(Int32Array.from(playerFirstRow, (i) => playerOf[i]));
    else if (c === 'team_id') playerColumns[c] = int32VectorOf(Int32Array.from(playerFirstRow, (i) => teamOf[i]));
    else playerColumns[c] = vectorOf(spec.kind, pick(col(c as SeasonCsvColumn), playerFirstRow));
  }
  const seasonColumns: Record<string, Vector> = {};
  for (const [c, spec] of Object.entries(SCHEMA.player_seasons.columns)) {
    if (c === 'player_id') seasonColumns[c] = int32VectorOf(playerOf);
    else if (c === 'season_id') seasonColumns[c] = int32VectorOf(seasonOf);
    else if (c === 'team_id') seasonColumns[c] = int32VectorOf(teamOf);
    else if (c === 'league_id') seasonColumns[c] = int32VectorOf(leagueOf);
    else seasonColumns[c] = vectorOf(spec.kind, col(c as SeasonCsvColumn));
  }

  const dataset: Dataset = {
    meta: { name: file, as_of: options.asOf, source: `season table ${file}`, synthetic: false },
    tables: {
      leagues: tableFromRows('leagues', [...leagueIds].map(([name, league_id]) => ({ league_id, name, tier: 1, kind: 'league' as const }))),
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
