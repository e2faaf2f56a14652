/**
 * Parquet tables in and out (docs/csv.md#parquet), through parquet-wasm (the Rust `parquet`
 * crate compiled to WebAssembly): Arrow in, Arrow out, so column types and nulls cross without a
 * per-value conversion in JavaScript. Writing streams row groups; reading yields Arrow tables.
 */
import { messageOf } from '../errors.js';
import { readFileSync, writeSync } from 'node:fs';
import { DataType, type Table, tableFromIPC, tableToIPC } from 'apache-arrow';
import { ownTable } from '../model/arrow.js';
import { createRequire } from 'node:module';
import type { RecordBatch as WasmBatch } from 'parquet-wasm/node';
import { DatasetError } from '../model/dataset-error.js';
import type { CsvField } from './csv/parse.js';
import { parquetMetadata } from 'hyparquet/src/metadata.js';
import { writeViaTemp } from './temp-file.js';

/** parquet-wasm, loaded on first use: compiling its WebAssembly is a cost that CSV-only runs should not pay. */
let wasm: typeof import('parquet-wasm/node') | null = null;
const parquetWasm = (): typeof import('parquet-wasm/node') =>
  // cast: require returns any; the module is the one its own declarations describe.
  (wasm ??= createRequire(import.meta.url)('parquet-wasm/node') as typeof import('parquet-wasm/node'));

/**
 * Rows in each row group of the Parquet file `bytes`, in file order, read from its footer by
 * hyparquet's metadata reader without decoding any data (parquet-wasm's synchronous API does not
 * expose them); null when the bytes do not end in a readable footer (the caller's full read then
 * reports why). The reader checks every length against the bytes it has, so a footer that lies
 * about its sizes costs at most one pass over the footer.
 * @example parquetRowGroupRowsOf(readFileSync('scores.parquet')) // => [32768, 32768, 1234]
 */
export function parquetRowGroupRowsOf(bytes: Uint8Array): number[] | null {
  try {
    const rows = parquetMetadata(bytes).row_groups.map((g) => Number(g.num_rows));
    return rows.every((n) => Number.isSafeInteger(n) && n >= 0) ? rows : null;
  } catch {
    // Untrusted bytes: whatever the footer reader cannot read is left to the full read to word.
    return null;
  }
}

/** Rows per written row group: large enough for column statistics and compression to pay, small enough to keep the writer's buffers small. */
export const PARQUET_ROW_GROUP_ROWS = 32_768;

/** Rows handed to the writer at a time: a quarter row group, the unit of memory while writing. */
const BATCH_ROWS = PARQUET_ROW_GROUP_ROWS / 4;

/**
 * Reads a Parquet file (or only the row groups `rowGroups`, by index) into an Arrow table. Throws
 * {@link DatasetError} naming `file` when the bytes are not a Parquet file parquet-wasm can read.
 * @example tableFromParquet(readFileSync('scores.parquet')).numRows // => 1000
 */
export function tableFromParquet(bytes: Uint8Array, file = 'input.parquet', rowGroups?: number[]): Table {
  try {
    return tableFromIPC(
      parquetWasm()
        .readParquet(bytes, rowGroups ? { rowGroups } : undefined)
        .intoIPCStream(),
    );
  } catch (e) {
    throw new DatasetError(file, null, null, `not a readable Parquet file (${messageOf(e)})`);
  }
}

/** Reads the Parquet file at `path` (see {@link tableFromParquet}). @example tableFromParquetFile('s.parquet').numCols // => 110 */
export function tableFromParquetFile(path: string, file = path): Table {
  return tableFromParquet(readFileSync(path), file);
}

/** Options of {@link tableToParquetFile}. */
export interface ParquetWriteOptions {
  /** Called after each row group with rows written and rows in all; default none. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Writes `table` to `path` as Parquet (Snappy-compressed, dictionary-encoded text, row groups of
 * {@link PARQUET_ROW_GROUP_ROWS}), one row group at a time, through a temporary sibling file
 * renamed into place so a failed write leaves no partial file.
 * Cost: one pass; memory of one row group in WebAssembly besides the table.
 * @example await tableToParquetFile(scoreTableOf(dataset), 'scores.parquet') // => writes scores.parquet
 */
export async function tableToParquetFile(table: Table, path: string, options: ParquetWriteOptions = {}): Promise<void> {
  const { Compression, Table: WasmTable, transformParquetStream, WriterPropertiesBuilder } = parquetWasm();
  // Dictionary encoding pays off for repeated text (teams, leagues, positions) but multiplies the
  // write time on numeric columns for little size (bench:score), so text only.
  let builder = new WriterPropertiesBuilder()
    .setCompression(Compression.SNAPPY)
    .setMaxRowGroupSize(PARQUET_ROW_GROUP_ROWS)
    .setDictionaryEnabled(false);
  for (const f of table.schema.fields)
    if (DataType.isUtf8(f.type)) builder = builder.setColumnDictionaryEnabled(f.name, true);
  const properties = builder.build();
  const own = ownTable(table);
  const total = table.numRows;
  let from = 0;
  const batches = new ReadableStream<WasmBatch>({
    pull(controller) {
      if (from >= total && total > 0) {
        controller.close();
        return;
      }
      const to = Math.min(total, from + BATCH_ROWS);
      const wasm = WasmTable.fromIPCStream(tableToIPC(own.slice(from, to), 'stream'));
      for (const batch of wasm.recordBatches()) controller.enqueue(batch);
      // The batches share the table's buffers; freeing the table now (rather than whenever the
      // wrapper is garbage-collected) keeps WebAssembly memory, which never shrinks, at a few batches.
      wasm.free();
      from = to;
      options.onProgress?.(from, total);
      if (total === 0) controller.close();
    },
  });
  await writeViaTemp(path, async (fd) => {
    const bytes = await transformParquetStream(batches, properties);
    // cast: parquet-wasm declares the stream it returns without an element type; it yields byte chunks.
    const reader = (bytes as ReadableStream<Uint8Array>).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      writeSync(fd, value);
    }
  });
}

/**
 * Text of every cell of one Arrow column in the CSV value format (docs/csv.md#values), so a
 * Parquet table goes through exactly the checks a CSV file does; a refused column type is a
 * {@link DatasetError} naming `file` and the column.
 */
function cellTextsOf(table: Table, index: number, file: string): (row: number) => CsvField {
  const vector = table.getChildAt(index)!;
  const text = cellTextOf(vector.type, file, table.schema.fields[index].name);
  return (i) => {
    const v: unknown = vector.get(i);
    return v === null ? null : text(v);
  };
}

/** How a non-null value of an Arrow column of `type` is written as CSV text. */
function cellTextOf(type: DataType, file: string, column: string): (v: unknown) => CsvField {
  if (DataType.isDate(type))
    return (v) => new Date(v instanceof Date ? v.getTime() : Number(v)).toISOString().slice(0, 10);
  if (DataType.isTimestamp(type)) return (v) => new Date(Number(v instanceof Date ? v.getTime() : v)).toISOString();
  if (DataType.isUtf8(type) || DataType.isLargeUtf8(type)) return (v) => (typeof v === 'string' ? v : null);
  if (DataType.isBool(type)) return (v) => (v ? 'true' : 'false');
  if (DataType.isInt(type) || DataType.isFloat(type))
    return (v) => (typeof v === 'number' && Number.isNaN(v) ? null : String(v));
  if (DataType.isDictionary(type)) return String;
  // Arrow-js hands out a fixed-point decimal as its unscaled integer words; reading that as a number
  // would silently scale values by 10^scale, so such columns are refused instead.
  const fix = DataType.isDecimal(type)
    ? 'cast fixed-point decimals to DOUBLE, e.g. CAST(x AS DOUBLE)'
    : 'use text, integers, decimals, booleans, dates or timestamps';
  throw new DatasetError(file, column, null, `column type ${type} is not supported (${fix})`);
}

/** Feeds every row of `table` to `onRecord` as CSV cells, the first on line `firstLine`, after the header (its column names, line 1) when `header`. */
function rowsOfTable(
  table: Table,
  file: string,
  header: boolean,
  firstLine: number,
  onRecord: (fields: CsvField[], line: number) => void,
): void {
  const cells = table.schema.fields.map((_, j) => cellTextsOf(table, j, file));
  if (header)
    onRecord(
      table.schema.fields.map((f) => f.name),
      1,
    );
  const fields: CsvField[] = new Array(cells.length);
  for (let i = 0; i < table.numRows; i++) {
    for (let j = 0; j < cells.length; j++) fields[j] = cells[j](i);
    onRecord(fields.slice(), firstLine + i);
  }
}

/**
 * Feeds an Arrow table (read from Parquet) to a record consumer as if it were CSV: first the
 * header (the column names), then each row's cells as text, with line = row + 2 (the header is
 * line 1) so errors name a row the way they do for CSV.
 * @example recordsOfTable(tableFromParquetFile('s.parquet'), 's.parquet', (fields, line) => {})
 */
export function recordsOfTable(table: Table, file: string, onRecord: (fields: CsvField[], line: number) => void): void {
  rowsOfTable(table, file, true, 2, onRecord);
}

/** Rows decoded at a time by {@link recordsOfParquetFile}: whole row groups, at least this many. */
const SLICE_ROWS = 65_536;

/** About the most slices a file is decoded in: each slice copies the whole file into WebAssembly, so a huge file gets larger slices. */
const MAX_SLICES = 64;

/**
 * Feeds the Parquet file at `path` to a record consumer as {@link recordsOfTable} does, decoding
 * a slice of whole row groups at a time (at least {@link SLICE_ROWS} rows, and at least 1/
 * {@link MAX_SLICES} of the file), so memory holds one slice rather than the whole table and
 * `onProgress` hears rows done and rows in all after each. A file whose footer cannot be read is
 * decoded whole (and the decoder's error names the file).
 * @example recordsOfParquetFile('s.parquet', 's.parquet', (fields, line) => {}, (done, total) => {})
 */
export function recordsOfParquetFile(
  path: string,
  file: string,
  onRecord: (fields: CsvField[], line: number) => void,
  onProgress?: (rowsDone: number, rowsTotal: number) => void,
): void {
  const bytes = readFileSync(path);
  const groups = parquetRowGroupRowsOf(bytes);
  if (!groups || groups.length === 0) {
    const table = tableFromParquet(bytes, file);
    recordsOfTable(table, file, onRecord);
    onProgress?.(table.numRows, table.numRows);
    return;
  }
  const total = groups.reduce((s, n) => s + n, 0);
  const sliceRows = Math.max(SLICE_ROWS, Math.ceil(total / MAX_SLICES));
  onProgress?.(0, total);
  let done = 0;
  for (let g = 0; g < groups.length; ) {
    const slice: number[] = [];
    let rows = 0;
    while (g < groups.length && (rows < sliceRows || slice.length === 0)) {
      slice.push(g);
      rows += groups[g++];
    }
    const table = tableFromParquet(bytes, file, slice);
    rowsOfTable(table, file, slice[0] === 0, done + 2, onRecord);
    done += table.numRows;
    onProgress?.(done, total);
  }
}
