/**
 * One dataset from a path, whatever form it takes (docs/scoring.md#formats): an Arrow dataset folder,
 * a CSV dataset folder (docs/csv.md), or one season table as CSV or Parquet
 * (docs/scoring.md#players-csv). `halfspace score`, `--dataset` of every command and `Engine.open`
 * read a path through this one function, so they accept the same inputs.
 */
import { existsSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { DatasetError } from '../model/dataset-error.js';
import { datasetFromDir } from './load.js';
import { datasetFromCsvDir } from './csv/read.js';
import { datasetFromSeasonFile, type SeasonFileOptions } from './season-csv.js';
import type { CsvFileInfo } from './csv/stream.js';
import type { Dataset } from '../model/schema.js';

/** Extensions read as a season-table CSV (the delimiter is detected, so `.tsv` works too). */
const SEASON_CSV_EXTENSIONS = ['.csv', '.tsv', '.txt'] as const;

/** How {@link datasetFromPath} read its input. */
export type PathFormat = 'arrow-dir' | 'csv-dir' | 'csv' | 'parquet';

/**
 * Options of {@link datasetFromPath}; each applies only to the inputs it names: the encoding and
 * delimiter to CSV text, the progress to a season table (as {@link datasetFromSeasonFile} takes them).
 */
export type PathOptions = Pick<SeasonFileOptions, 'encoding' | 'delimiter' | 'onProgress'> & {
  /** As-of date (YYYY-MM-DD) of a season table, which has none of its own; default today (UTC). */
  asOf?: string;
};

/** A dataset read from a path, and how it was read. */
export interface PathDataset {
  dataset: Dataset;
  format: PathFormat;
  /** How a season-table CSV was decoded and split; null for every other input. */
  csv: CsvFileInfo | null;
}

/** Today's date in UTC, `YYYY-MM-DD`: the default as-of date of a season table. */
const todayUtc = (): string => new Date().toISOString().slice(0, 10);

/**
 * Reads a dataset folder (Arrow, or CSV when it has `players.csv` or `players.parquet` where an
 * Arrow folder has `players.arrow`) or a season table (`.csv`, `.tsv`, `.txt`, `.parquet`) into a
 * validated dataset. Throws {@link DatasetError} naming the path when it is none of these.
 * @example datasetFromPath('data/demo').format // => 'arrow-dir'
 */
export function datasetFromPath(path: string, options: PathOptions = {}): PathDataset {
  if (!existsSync(path)) throw new DatasetError(path, null, null, 'does not exist');
  const text = { encoding: options.encoding, delimiter: options.delimiter };
  if (statSync(path).isDirectory()) {
    if (!existsSync(join(path, 'dataset.json')))
      throw new DatasetError(path, null, null, 'not a dataset folder (no dataset.json)');
    const csvDir =
      !existsSync(join(path, 'players.arrow')) &&
      (existsSync(join(path, 'players.csv')) || existsSync(join(path, 'players.parquet')));
    if (csvDir) return { dataset: datasetFromCsvDir(path, text), format: 'csv-dir', csv: null };
    return { dataset: datasetFromDir(path), format: 'arrow-dir', csv: null };
  }
  const ext = extname(path).toLowerCase();
  if (ext !== '.parquet' && !SEASON_CSV_EXTENSIONS.some((e) => e === ext))
    throw new DatasetError(path, null, null, 'give a dataset folder, a .csv or a .parquet season table');
  const asOf = options.asOf ?? todayUtc();
  const read = datasetFromSeasonFile(path, { file: path, asOf, ...text, onProgress: options.onProgress });
  return { dataset: read.dataset, format: read.format, csv: read.csv };
}
