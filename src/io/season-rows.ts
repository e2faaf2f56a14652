/**
 * The season-table layout (docs/scoring.md#players-csv) and its record-by-record reader: the
 * header is mapped and checked, then every row's cells are parsed as their column's kind into
 * typed column buffers, with errors naming the file, column, data row and line.
 */
import { DatasetError } from '../model/dataset-error.js';
import { POSITION_CODES, SCHEMA, type ColumnKind, type Dataset, type TableSpec } from '../model/schema.js';
import { recordOf } from '../model/record-of.js';
import { isOneOf } from '../validation.js';
import { SEASON_CSV_OPTIONAL, SEASON_CSV_REQUIRED, type ColumnBuffer, type SeasonCsvColumn } from './season-layout.js';
import { seasonTableDatasetOf } from './season-table-dataset.js';

import { valueOfCsv } from './csv/values.js';
import { withArticle } from '../prose.js';

/** Integers that fit int32 without a range check (at most 9 digits). */
const PLAIN_INT = /^-?\d{1,9}$/;
/** Decimals in plain notation (no exponent), always finite. */
const PLAIN_DECIMAL = /^-?\d{1,15}(\.\d{1,15})?$/;

/** Column kinds of the layout: the schema's kind where the column is a schema column, text otherwise. */
const KIND_OF: Record<SeasonCsvColumn, ColumnKind> = recordOf(
  [...SEASON_CSV_REQUIRED, ...SEASON_CSV_OPTIONAL],
  (c): ColumnKind => {
    const players: TableSpec = SCHEMA.players;
    const seasons: TableSpec = SCHEMA.player_seasons;
    const spec = players.columns[c] ?? seasons.columns[c];
    return spec ? spec.kind : 'utf8';
  },
);

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

/** The reader's state: the checked header and, per kept column, flags set once so the per-field loop needs no lookups. */
interface RowsState {
  readonly file: string;
  readonly options: SeasonCsvOptions;
  header: SeasonCsvColumn[] | null;
  readonly cells: Partial<Record<SeasonCsvColumn, ColumnBuffer>>;
  rows: number;
  slots: number[];
  kinds: ColumnKind[];
  required: boolean[];
  isPosition: boolean[];
  store: ColumnBuffer[];
  shared: (Map<string, string> | null)[];
  width: number;
}

const KNOWN = new Set<string>([...SEASON_CSV_REQUIRED, ...SEASON_CSV_OPTIONAL]);
const POSITIONS = new Set<string>(POSITION_CODES);

/** The mapped header's names (and the source columns they come from), checked against the layout. */
function checkedHeader(
  state: RowsState,
  fields: readonly (string | null)[],
  line: number,
): { used: number[]; names: SeasonCsvColumn[] } {
  const { file, options } = state;
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
    if (!KNOWN.has(n))
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
  // cast: every name was checked against the layout's columns above.
  return { used, names: names as SeasonCsvColumn[] };
}

/** Checks the header record and sets up one typed buffer per kept column. */
function takeHeader(state: RowsState, fields: readonly (string | null)[], line: number): void {
  const { used, names: header } = checkedHeader(state, fields, line);
  const cells = state.cells;
  state.header = header;
  state.width = fields.length;
  state.slots = used;
  for (const c of header) {
    cells[c] = KIND_OF[c] !== 'utf8' ? { numbers: new Float64Array(1024), texts: null } : { numbers: null, texts: [] };
  }
  state.shared = header.map((c) => (SHARED_TEXT.has(c) ? new Map<string, string>() : null));
  state.kinds = header.map((c) => KIND_OF[c]);
  state.required = header.map((c) => isOneOf(SEASON_CSV_REQUIRED, c));
  state.isPosition = header.map((c) => c === 'position');
  state.store = header.map((c) => cells[c]!);
}

/** Stores an empty cell of column `j` (a missing value), refusing it in a required column. */
function takeEmpty(state: RowsState, header: SeasonCsvColumn[], j: number, line: number): void {
  const { rows } = state;
  const buffer = state.store[j];
  if (state.required[j])
    throw new DatasetError(
      state.file,
      header[j],
      rows,
      `line ${line}: empty, but every row needs ${withArticle(header[j])}`,
    );
  if (buffer.numbers) buffer.numbers[rows] = NaN;
  else buffer.texts!.push(null);
}

/** Stores a text cell of column `j` (not the position column). */
function takeText(state: RowsState, j: number, raw: string): void {
  const buffer = state.store[j];
  const shared = state.shared[j];
  if (!shared) {
    buffer.texts!.push(raw);
    return;
  }
  // One string per distinct value, so rows share it (and no row keeps its block of text alive).
  let one = shared.get(raw);
  if (one === undefined) {
    one = raw.length < 13 ? raw : Buffer.from(raw, 'utf8').toString('utf8');
    shared.set(raw, one);
  }
  buffer.texts!.push(one);
}

/** Stores a cell of column `j` through the CSV provider's strict parse, which also words the error. */
function takeParsed(state: RowsState, header: SeasonCsvColumn[], j: number, raw: string, line: number): void {
  const { file, rows } = state;
  const buffer = state.store[j];
  const v = valueOfCsv(state.kinds[j], raw);
  if (!v.ok) throw new DatasetError(file, header[j], rows, `line ${line}: ${v.problem}`);
  // cast: valueOfCsv parsed the field as its column's kind, so text columns hold strings and numeric ones numbers.
  if (state.isPosition[j] && !POSITIONS.has(v.value as string)) {
    throw new DatasetError(file, header[j], rows, `line ${line}: "${raw}" is not one of ${POSITION_CODES.join(', ')}`);
  }
  if (buffer.numbers)
    buffer.numbers[rows] = v.value as number; // cast: a numeric kind's value
  // cast: only the position column comes here as text, and its value was checked against the codes above.
  else buffer.texts!.push(POSITION_CODES[POSITION_CODES.indexOf(v.value as (typeof POSITION_CODES)[number])]);
}

/** Takes one data record: every kept cell parsed as its column's kind into its buffer. */
function addRow(state: RowsState, header: SeasonCsvColumn[], fields: readonly (string | null)[], line: number): void {
  const { rows, store, slots, kinds, isPosition } = state;
  if (fields.length !== state.width) {
    throw new DatasetError(
      state.file,
      null,
      rows,
      `line ${line}: ${fields.length} fields, the header has ${state.width}`,
    );
  }
  for (let j = 0; j < store.length; j++) {
    const raw = fields[slots[j]];
    const buffer = store[j];
    if (buffer.numbers && buffer.numbers.length <= rows) buffer.numbers = grown(buffer.numbers, rows + 1);
    if (raw === null || raw === '') {
      takeEmpty(state, header, j, line);
      continue;
    }
    const kind = kinds[j];
    // Plain integers and decimals take a fast path; anything else gets the CSV provider's
    // strict parse, which also words the error.
    if ((kind === 'int32' && PLAIN_INT.test(raw)) || (kind === 'float64' && PLAIN_DECIMAL.test(raw))) {
      buffer.numbers![rows] = Number(raw);
      continue;
    }
    if (kind === 'utf8' && !isPosition[j]) takeText(state, j, raw);
    else takeParsed(state, header, j, raw, line);
  }
  state.rows = rows + 1;
}

/**
 * A record-by-record season-table reader, the part {@link datasetFromSeasonCsv} and
 * {@link datasetFromSeasonFile} share. Errors are {@link DatasetError}s naming the file, column,
 * data row and line.
 * @example const r = seasonRows({ asOf: '2026-03-01' }); r.add(['name'], 1) // => throws: required column "position" is missing
 */
export function seasonRows(options: SeasonCsvOptions): SeasonRows {
  const state: RowsState = {
    file: options.file ?? 'players.csv',
    options,
    header: null,
    cells: {},
    rows: 0,
    slots: [],
    kinds: [],
    required: [],
    isPosition: [],
    store: [],
    shared: [],
    width: 0,
  };
  return {
    add(fields, line) {
      if (state.header) addRow(state, state.header, fields, line);
      else takeHeader(state, fields, line);
    },
    get rows() {
      return state.rows;
    },
    dataset() {
      if (!state.header) throw new DatasetError(state.file, null, null, 'empty file (no header row)');
      return seasonTableDatasetOf(state.cells, state.rows, state.file, options.asOf);
    },
  };
}
