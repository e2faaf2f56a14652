/** `--map FILE.json | fbref | wyscout-search` of `score` and `ingest csv` (docs/scoring.md#column-maps). */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname } from 'node:path';
import { datasetFromExport, columnMapOf, type MapReport } from '../data/providers/csv/mapped-export.js';
import { DatasetError } from '../data/dataset-error.js';
import type { ColumnMapInput } from '../data/providers/csv/column-map.js';
import type { Dataset } from '../data/schema.js';
import { UsageError } from './run.js';

/**
 * A file's text, decoded strictly as UTF-8 (a leading byte-order mark is dropped): invalid bytes
 * are an error, never a silent U+FFFD.
 */
function utf8TextOf(file: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(file));
  } catch {
    throw new DatasetError(file, null, null, 'not valid UTF-8 (save the export as "CSV UTF-8")');
  }
}

/** The option definition both commands add. */
export const MAP_OPTION = { map: { type: 'string' } } as const;

/**
 * Reads the export files named on the command line through the `--map` column map into a dataset
 * with the map's report. Throws a usage error for a missing or non-CSV file, and the map's own
 * errors (naming the map file and key, or the export file, column, row and line).
 */
export function datasetFromMapOption(paths: readonly string[], mapArg: string, asOf: string): { dataset: Dataset; report: MapReport } {
  for (const p of paths) {
    if (!existsSync(p)) throw new UsageError(`${p} does not exist`);
    if (statSync(p).isDirectory() || extname(p).toLowerCase() !== '.csv') throw new UsageError(`${p}: --map reads .csv export files`);
  }
  const { map, name } = columnMapOf(mapArg, (file) => {
    if (!existsSync(file)) throw new UsageError(`--map ${file}: neither a preset (fbref, wyscout-search) nor an existing JSON file`);
    return utf8TextOf(file);
  });
  return datasetFromExport(paths.map((file) => ({ file, text: utf8TextOf(file) })), { asOf, map: map as ColumnMapInput, mapName: name });
}

/** Summary lines of a map report for a terminal: conversions, roundings, defaults, skipped rows. */
export function mapReportText(r: MapReport): string {
  const lines = [`  column map ${r.map}: ${r.rows} rows from ${r.files.length} file(s); provider metrics: ${r.provider_metrics.join(', ') || 'none'}`];
  const conv = Object.entries(r.converted).map(([t, s]) => `${t} ← "${s}"`);
  if (conv.length > 0) lines.push(`  converted to totals: ${conv.join(', ')}`);
  const rounded = Object.entries(r.rounded).map(([t, x]) => `${t} ${x.rows} rows (max ${x.max_difference})`);
  if (rounded.length > 0) lines.push(`  rounded to whole numbers: ${rounded.join(', ')}`);
  for (const [c, v] of Object.entries(r.defaults)) lines.push(`  no ${c} column: every row gets ${c} "${v}" (the file name)`);
  if (r.repeated_headers_skipped > 0) lines.push(`  skipped ${r.repeated_headers_skipped} rows repeating the header`);
  for (const [f, n] of Object.entries(r.rows_without_match)) lines.push(`  ${n} rows have no match in ${f} (its columns are empty there)`);
  return `${lines.join('\n')}\n`;
}
