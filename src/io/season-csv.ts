/**
 * The single-file input of `halfspace score` (docs/scoring.md#players-csv): one CSV row per
 * player-season in the `player_seasons` layout plus the player's own columns and the team, league
 * and season by name. It becomes an in-memory dataset (ids assigned by first appearance) so the
 * engine's derivations apply unchanged. Every error names the file, column, data row and line.
 */
import type { Dataset } from '../model/schema.js';
import type { CsvDelimiter } from './csv/delimiter.js';
import { recordsOfParquetFile } from './parquet.js';
import { parseCsv } from './csv/parse.js';
import { seasonRows, type SeasonCsvOptions } from './season-rows.js';
import { readCsvFile, type CsvFileInfo, type CsvFileOptions } from './csv/stream.js';

export { SEASON_CSV_OPTIONAL, SEASON_CSV_REQUIRED } from './season-layout.js';
export { seasonRows, type HeaderMap, type SeasonCsvOptions, type SeasonRows } from './season-rows.js';

/**
 * Reads a season-table CSV (header row, then one row per player-season) into a validated dataset
 * (docs/scoring.md#players-csv); a bad row raises {@link DatasetError} with the 0-based data row
 * and the 1-based line.
 * @example datasetFromSeasonCsv('name,position,team,league,season,appearances,minutes\nA,ST,X,L,2025/26,10,900\n', { asOf: '2026-03-01' }).tables.player_seasons.numRows // => 1
 */
export function datasetFromSeasonCsv(text: string, options: SeasonCsvOptions & { delimiter?: CsvDelimiter }): Dataset {
  const reader = seasonRows(options);
  parseCsv(text, options.file ?? 'players.csv', reader.add, { delimiter: options.delimiter });
  return reader.dataset();
}

/** Options of {@link datasetFromSeasonFile}: a CSV's encoding and delimiter as {@link readCsvFile} takes them. */
export interface SeasonFileOptions extends SeasonCsvOptions, Pick<CsvFileOptions, 'encoding' | 'delimiter'> {
  /** Called while the file is read with work done and in all: bytes of a CSV, rows of a Parquet file (`unit` says which); default none. */
  onProgress?: (done: number, total: number, unit: 'bytes' | 'rows') => void;
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
 * checks apply; decoded a slice of row groups at a time, see {@link recordsOfParquetFile}) into
 * a validated dataset, as {@link datasetFromSeasonCsv} describes.
 * @example datasetFromSeasonFile('players.csv', { asOf: '2026-03-01' }).csv?.delimiter // => ','
 */
export function datasetFromSeasonFile(path: string, options: SeasonFileOptions): SeasonFile {
  const file = options.file ?? path;
  const reader = seasonRows({ ...options, file });
  if (/\.parquet$/i.test(path)) {
    const onRows = options.onProgress;
    recordsOfParquetFile(path, file, reader.add, onRows && ((done, total) => onRows(done, total, 'rows')));
    return { dataset: reader.dataset(), format: 'parquet', csv: null };
  }
  const csv = readCsvFile(path, reader.add, {
    file,
    encoding: options.encoding,
    delimiter: options.delimiter,
    onProgress: options.onProgress && ((done, total) => options.onProgress?.(done, total, 'bytes')),
  });
  return { dataset: reader.dataset(), format: 'csv', csv };
}
