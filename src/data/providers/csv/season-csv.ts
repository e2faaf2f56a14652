/**
 * The single-file input of `halfspace score` (docs/scoring.md#players-csv): one CSV row per
 * player-season in the `player_seasons` layout plus the player's own columns and the team, league
 * and season by name. It becomes an in-memory dataset (ids assigned by first appearance) so the
 * engine's derivations apply unchanged. Every error names the file, column, data row and line.
 */
import { Table, type Vector } from 'apache-arrow';
import {
  float64VectorOf,
  int32VectorOf,
  pushUtf8,
  utf8Buffer,
  utf8VectorOf,
  utf8VectorOfBuffer,
  type Utf8Buffer,
} from '../../arrow/index.js';
import { DatasetError } from '../../dataset-error.js';
import type { CsvDelimiter } from './delimiter.js';
import type { TextEncoding } from './encoding.js';
import { tableFromParquetFile, recordsOfTable } from './parquet.js';
import { parseCsv } from './parse.js';
import { readCsvFile, type CsvFileInfo } from './stream.js';
import { valueOfCsv } from './values.js';
import {
  COUNTING_COLUMNS,
  POSITION_CODES,
  SCHEMA,
  tableFromRows,
  type ColumnKind,
  type Dataset,
} from '../../schema.js';
import { validateDataset } from '../../validate.js';

/** Integers that fit int32 without a range check (at most 9 digits). */
const PLAIN_INT = /^-?\d{1,9}$/;
/** Decimals in plain notation (no exponent), always finite. */
const PLAIN_DECIMAL = /^-?\d{1,15}(\.\d{1,15})?$/;

/** Columns every row must fill. */
export const SEASON_CSV_REQUIRED = ['name', 'position', 'team', 'league', 'season', 'appearances', 'minutes'] as const;

/** Columns a row may leave empty or the file may leave out (then null for every row). */
export const SEASON_CSV_OPTIONAL = [
  'player_id',
  'known_as',
  'birth_date',
  'nationality',
  'market_value_eur',
  'preferred_foot',
  'height_cm',
  'wc2026_nation',
  'starts',
  'rating',
  ...COUNTING_COLUMNS,
] as const;

type SeasonCsvColumn = (typeof SEASON_CSV_REQUIRED)[number] | (typeof SEASON_CSV_OPTIONAL)[number];

/** Column kinds of the layout: the schema's kind where the column is a schema column, text otherwise. */
const KIND_OF: Record<SeasonCsvColumn, ColumnKind> = Object.fromEntries(
  [...SEASON_CSV_REQUIRED, ...SEASON_CSV_OPTIONAL].map((c) => {
    const spec =
      (SCHEMA.players.columns as Record<string, { kind: ColumnKind }>)[c] ??
      (SCHEMA.player_seasons.columns as Record<string, { kind: ColumnKind }>)[c];
    return [c, spec ? spec.kind : 'utf8'];
  }),
) as Record<SeasonCsvColumn, ColumnKind>;

/**
 * The seam for analysts' column maps: receives the source header (after decoding and
 * tokenizing, cells trimmed) and returns, per source column, the layout column it holds or null
 * to ignore that column. The default keeps every name as it is.
 */
export type HeaderMap = (sourceHeader: readonly string[], file: string) => readonly (string | null)[];

/** Options of {@link datasetFromSeasonCsv} and {@link datasetFromSeasonFile}. */
export interface SeasonCsvOptions {
  /** File name used in error messages; default "players.csv". */
  file?: string;
  /** Date the data describes (ages are taken on it), `YYYY-MM-DD`. Required. */
  asOf: string;
  /** Source header → layout columns (see {@link HeaderMap}); default the names as they are. */
  mapHeader?: HeaderMap;
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
 * Values of one column while rows arrive: numbers in a growing Float64Array (NaN = null); text
 * that names something repeated (team, league, season, position) as shared strings, any other
 * text straight as UTF-8 bytes, so a million names never live as a million strings (each of
 * which would also keep its whole decoded block alive).
 */
interface ColumnBuffer {
  numbers: Float64Array | null;
  texts: (string | null)[] | null;
  utf8: Utf8Buffer | null;
}

/** Text columns kept as shared strings: their values become ids or are checked against a list. */
const SHARED_TEXT = new Set<string>(['team', 'league', 'season', 'position']);

/** Doubles `xs` into a larger array when full. */
function grown(xs: Float64Array, need: number): Float64Array {
  if (need <= xs.length) return xs;
  const next = new Float64Array(Math.max(need, xs.length * 2));
  next.set(xs);
  return next;
}

/** A season-table reader fed record by record (the header first): {@link SeasonRows.add}, then {@link SeasonRows.dataset}. */
export interface SeasonRows {
  /** Takes one record (header or data) with the 1-based line it starts on. */
  add(fields: readonly (string | null)[], line: number): void;
  /** Data rows taken so far. */
  readonly rows: number;
  /** The validated dataset of every row taken. */
  dataset(): Dataset;
}

/**
 * A record-by-record season-table reader, the part {@link datasetFromSeasonCsv} and
 * {@link datasetFromSeasonFile} share: the header goes through `mapHeader`, is checked (unknown,
 * repeated or missing required columns), then every row's cells are parsed as their column's
 * kind into typed buffers. Errors are {@link DatasetError}s naming the file, column, data row
 * and line.
 * @example const r = seasonRows({ asOf: '2026-03-01' }); r.add(['name'], 1) // => throws: required column "position" is missing
 */
export function seasonRows(options: SeasonCsvOptions): SeasonRows {
  const file = options.file ?? 'players.csv';
  let header: SeasonCsvColumn[] | null = null;
  const known = new Set<string>([...SEASON_CSV_REQUIRED, ...SEASON_CSV_OPTIONAL]);
  const cells: Partial<Record<SeasonCsvColumn, ColumnBuffer>> = {};
  let rows = 0;

  // Per-column flags, set once from the header, keep the per-field loop free of lookups.
  let slots: number[] = [];
  let kinds: ColumnKind[] = [];
  let required: boolean[] = [];
  let isPosition: boolean[] = [];
  let store: ColumnBuffer[] = [];
  let shared: Map<string, string>[] = [];
  let width = 0;
  const positions = new Set<string>(POSITION_CODES);
  const takeHeader = (fields: readonly (string | null)[], line: number): void => {
    const source = fields.map((f) => (f ?? '').trim());
    const mapped = options.mapHeader ? options.mapHeader(source, file) : source;
    const used: number[] = [];
    const names: string[] = [];
    mapped.forEach((n, j) => {
      if (n === null) return;
      used.push(j);
      names.push(n);
    });
    for (const n of names) {
      if (!known.has(n))
        throw new DatasetError(
          file,
          n || null,
          null,
          `line ${line}: unknown column "${n}" (docs/scoring.md#players-csv lists the accepted columns)`,
        );
    }
    const dup = names.find((n, i) => names.indexOf(n) !== i);
    if (dup) throw new DatasetError(file, dup, null, `line ${line}: column "${dup}" appears twice`);
    for (const r of SEASON_CSV_REQUIRED)
      if (!names.includes(r)) throw new DatasetError(file, r, null, `line ${line}: required column "${r}" is missing`);
    header = names as SeasonCsvColumn[];
    width = fields.length;
    slots = used;
    for (const c of header) {
      cells[c] =
        KIND_OF[c] !== 'utf8'
          ? { numbers: new Float64Array(1024), texts: null, utf8: null }
          : SHARED_TEXT.has(c)
            ? { numbers: null, texts: [], utf8: null }
            : { numbers: null, texts: null, utf8: utf8Buffer(1024, 16 * 1024) };
    }
    shared = header.map(() => new Map<string, string>());
    kinds = header.map((c) => KIND_OF[c]);
    required = header.map((c) => (SEASON_CSV_REQUIRED as readonly string[]).includes(c));
    isPosition = header.map((c) => c === 'position');
    store = header.map((c) => cells[c]!);
  };
  const add = (fields: readonly (string | null)[], line: number): void => {
    if (!header) {
      takeHeader(fields, line);
      return;
    }
    if (fields.length !== width) {
      throw new DatasetError(file, null, rows, `line ${line}: ${fields.length} fields, the header has ${width}`);
    }
    for (let j = 0; j < store.length; j++) {
      const raw = fields[slots[j]];
      const buffer = store[j];
      if (buffer.numbers && buffer.numbers.length <= rows) buffer.numbers = grown(buffer.numbers, rows + 1);
      if (raw === null || raw === '') {
        if (required[j])
          throw new DatasetError(file, header[j], rows, `line ${line}: empty, but every row needs a ${header[j]}`);
        if (buffer.numbers) buffer.numbers[rows] = NaN;
        else if (buffer.utf8) pushUtf8(buffer.utf8, rows, null);
        else buffer.texts!.push(null);
        continue;
      }
      const kind = kinds[j];
      // Plain integers and decimals take a fast path; anything else gets the CSV provider's
      // strict parse, which also words the error.
      if ((kind === 'int32' && PLAIN_INT.test(raw)) || (kind === 'float64' && PLAIN_DECIMAL.test(raw))) {
        buffer.numbers![rows] = Number(raw);
        continue;
      }
      if (kind === 'utf8' && !isPosition[j]) {
        if (buffer.utf8) pushUtf8(buffer.utf8, rows, raw);
        else {
          // One string per distinct value, so rows share it (and no row keeps its block of text alive).
          let one = shared[j].get(raw);
          if (one === undefined)
            shared[j].set(raw, (one = raw.length < 13 ? raw : Buffer.from(raw, 'utf8').toString('utf8')));
          buffer.texts!.push(one);
        }
        continue;
      }
      const v = valueOfCsv(kind, raw);
      if (!v.ok) throw new DatasetError(file, header[j], rows, `line ${line}: ${v.problem}`);
      if (isPosition[j] && !positions.has(v.value as string)) {
        throw new DatasetError(
          file,
          header[j],
          rows,
          `line ${line}: "${raw}" is not one of ${POSITION_CODES.join(', ')}`,
        );
      }
      if (buffer.numbers) buffer.numbers[rows] = v.value as number;
      else if (buffer.utf8) pushUtf8(buffer.utf8, rows, v.value as string);
      else buffer.texts!.push(POSITION_CODES[POSITION_CODES.indexOf(v.value as (typeof POSITION_CODES)[number])]);
    }
    rows++;
  };
  return {
    add,
    get rows() {
      return rows;
    },
    dataset() {
      if (!header) throw new DatasetError(file, null, null, 'empty file (no header row)');
      return seasonDatasetOf(cells, rows, file, options.asOf);
    },
  };
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
export function datasetFromSeasonCsv(text: string, options: SeasonCsvOptions & { delimiter?: CsvDelimiter }): Dataset {
  const reader = seasonRows(options);
  parseCsv(text, options.file ?? 'players.csv', reader.add, { delimiter: options.delimiter });
  return reader.dataset();
}

/** Options of {@link datasetFromSeasonFile}. */
export interface SeasonFileOptions extends SeasonCsvOptions {
  /** Encoding of a CSV without a byte-order mark; default strict UTF-8. */
  encoding?: TextEncoding;
  /** CSV delimiter; default detected from the header line. */
  delimiter?: CsvDelimiter;
  /** Called while a CSV is read, with bytes read and bytes in all; default none. */
  onProgress?: (bytesDone: number, bytesTotal: number) => void;
}

/** A season table read from a file, and how it was read. */
export interface SeasonFile {
  dataset: Dataset;
  /** `csv` or `parquet`, from the file's extension. */
  format: 'csv' | 'parquet';
  /** How a CSV was decoded and split; null for Parquet. */
  csv: CsvFileInfo | null;
}

/**
 * Reads a season table from a `.csv` (streamed in blocks, strict decoding, delimiter detected;
 * see {@link readCsvFile}) or a `.parquet` file (columns read as their CSV text, so the same
 * checks apply) into a validated dataset, as {@link datasetFromSeasonCsv} describes.
 * @example datasetFromSeasonFile('players.csv', { asOf: '2026-03-01' }).csv?.delimiter // => ','
 */
export function datasetFromSeasonFile(path: string, options: SeasonFileOptions): SeasonFile {
  const file = options.file ?? path;
  const reader = seasonRows({ ...options, file });
  if (/\.parquet$/i.test(path)) {
    recordsOfTable(tableFromParquetFile(path, file), file, reader.add);
    return { dataset: reader.dataset(), format: 'parquet', csv: null };
  }
  const csv = readCsvFile(path, reader.add, {
    file,
    encoding: options.encoding,
    delimiter: options.delimiter,
    onProgress: options.onProgress,
  });
  return { dataset: reader.dataset(), format: 'csv', csv };
}

/** The dataset of a season table's parsed columns (ids, players, seasons; then validation). */
function seasonDatasetOf(
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
          if (!Number.isNaN(x)) {
            xs[i] = x;
            valid[i] = 1;
          }
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
    const given = idNumbers === null || Number.isNaN(idNumbers[i]) ? null : idNumbers[i];
    if (given !== null) withId++;
    const key = given === null ? -(i + 1) : given;
    let p = playerIds.get(key);
    if (p === undefined) {
      playerIds.set(key, (p = given === null ? i + 1 : given));
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
    else playerColumns[c] = vectorOf(spec.kind, c as SeasonCsvColumn, playerFirstRow);
  }
  const seasonColumns: Record<string, Vector> = {};
  for (const [c, spec] of Object.entries(SCHEMA.player_seasons.columns)) {
    if (c === 'player_id') seasonColumns[c] = int32VectorOf(playerOf);
    else if (c === 'season_id') seasonColumns[c] = int32VectorOf(seasonOf);
    else if (c === 'team_id') seasonColumns[c] = int32VectorOf(teamOf);
    else if (c === 'league_id') seasonColumns[c] = int32VectorOf(leagueOf);
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
