/**
 * Table files by format (docs/scoring.md#formats): Arrow IPC, CSV, Parquet and JSON lines,
 * chosen from the file's extension unless given.
 */
import { readFileSync, writeSync } from 'node:fs';
import { extname } from 'node:path';
import { type Table, tableToIPC } from 'apache-arrow';
import { ownTable } from '../model/arrow.js';
import { tableFromParquet, tableToParquetFile } from './parquet.js';
import { tableToCsvFile, tableToJsonlFile, type TableWriteOptions } from './csv/table-csv.js';
import { writeViaTemp } from './temp-file.js';
import { arrowTableOf } from './load.js';
import { isOneOf } from '../validation.js';

/** Formats a table can be written in. */
export const TABLE_FORMATS = ['arrow', 'csv', 'parquet', 'jsonl'] as const;

/** One of {@link TABLE_FORMATS}. */
export type TableFormat = (typeof TABLE_FORMATS)[number];

/**
 * The format a file name's extension names (`.arrow` `.csv` `.parquet` `.jsonl`, any case), or null.
 * @example tableFormatOf('out/scores.PARQUET') // => 'parquet'
 */
export function tableFormatOf(path: string): TableFormat | null {
  const ext = extname(path).slice(1).toLowerCase();
  return isOneOf(TABLE_FORMATS, ext) ? ext : null;
}

/** Writes `table` as an Arrow IPC file through a temp file renamed into place. */
function tableToArrowFile(table: Table, path: string, options: TableWriteOptions): void {
  const own = ownTable(table);
  writeViaTemp(path, (fd) => void writeSync(fd, tableToIPC(own, 'file')));
  options.onProgress?.(table.numRows, table.numRows);
}

/**
 * Writes `table` to `path` in `format` (Arrow IPC file, CSV, Parquet or JSON lines), always
 * through a temporary sibling file renamed into place, so a failed write leaves no partial file.
 * @example await tableToFile(scoreTableOf(dataset), 'scores.parquet', 'parquet') // => writes scores.parquet
 */
export async function tableToFile(
  table: Table,
  path: string,
  format: TableFormat,
  options: TableWriteOptions = {},
): Promise<void> {
  if (format === 'arrow') tableToArrowFile(table, path, options);
  else if (format === 'csv') tableToCsvFile(table, path, options);
  else if (format === 'jsonl') tableToJsonlFile(table, path, options);
  else await tableToParquetFile(table, path, options);
}

/**
 * Reads an Arrow IPC or Parquet file written by {@link tableToFile} (or any other tool) back into
 * a table; CSV and JSON lines carry no types, so they are read by the season and dataset readers.
 * @example tableFromFile('scores.parquet').numRows // => 1000
 */
export function tableFromFile(path: string): Table {
  const bytes = readFileSync(path);
  return tableFormatOf(path) === 'parquet' ? tableFromParquet(bytes, path) : arrowTableOf(bytes, path);
}
