/** `--map FILE.json | fbref | wyscout-search` of `score` and `ingest csv` (docs/scoring.md#column-maps). */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname } from 'node:path';
import { datasetFromExport } from '../providers/csv/export-dataset.js';
import { columnMapOf } from '../providers/csv/column-map-presets.js';
import type { MapReport } from '../providers/csv/mapped-export.js';
import { DatasetError } from '../model/dataset-error.js';
import type { ColumnMapInput } from '../providers/csv/column-map.js';
import type { Dataset } from '../model/schema.js';
import { blockDecoder, bomOf, decodeErrorOf, encodingOf, type TextEncoding } from '../io/csv/encoding.js';
import { delimiterNameOf, delimiterOfHeader, type CsvDelimiter } from '../io/csv/delimiter.js';
import { UsageError } from './run.js';

/** How one export file was read: its encoding, byte-order mark and delimiter (for the summary). */
interface ExportInput {
  file: string;
  encoding: TextEncoding;
  bom: boolean;
  delimiter: string;
  delimiter_source: 'detected' | 'forced';
}

/**
 * A file's text, decoded strictly in its encoding (a byte-order mark decides, else `--encoding`,
 * else UTF-8): an invalid byte is an error naming its line and byte offset, never a silent U+FFFD.
 */
function textOf(
  file: string,
  requested: TextEncoding | undefined,
): { text: string; encoding: TextEncoding; bom: boolean } {
  const bytes = readFileSync(file);
  const encoding = encodingOf(bytes.subarray(0, 4), requested, file);
  const bom = bomOf(bytes.subarray(0, 4));
  const skip = bom && bom.encoding === encoding ? bom.bytes : 0;
  try {
    return { text: blockDecoder(encoding).decode(bytes.subarray(skip), true), encoding, bom: skip > 0 };
  } catch {
    throw decodeErrorOf(bytes, file, encoding);
  }
}

/** What {@link datasetFromMapOption} read. */
export interface MapOptionResult {
  dataset: Dataset;
  report: MapReport;
  inputs: ExportInput[];
}

/** The option definition both commands add. */
export const MAP_OPTION = { map: { type: 'string' } } as const;

/**
 * Reads the export files named on the command line through the `--map` column map into a dataset
 * with the map's report. Throws a usage error for a missing or non-CSV file, and the map's own
 * errors (naming the map file and key, or the export file, column, row and line).
 */
export function datasetFromMapOption(
  paths: readonly string[],
  mapArg: string,
  asOf: string,
  text: { encoding?: TextEncoding; delimiter?: CsvDelimiter } = {},
): MapOptionResult {
  for (const p of paths) {
    if (!existsSync(p)) throw new UsageError(`${p} does not exist`);
    if (statSync(p).isDirectory() || extname(p).toLowerCase() !== '.csv')
      throw new UsageError(`${p}: --map reads .csv export files`);
  }
  const { map, name } = columnMapOf(mapArg, (file) => {
    if (!existsSync(file))
      throw new UsageError(`--map ${file}: neither a preset (fbref, wyscout-search) nor an existing JSON file`);
    return textOf(file, 'utf-8').text;
  });
  const inputs: ExportInput[] = [];
  const files = paths.map((file) => {
    const read = textOf(file, text.encoding);
    const firstLineEnd = read.text.indexOf('\n');
    const delimiter =
      text.delimiter ?? delimiterOfHeader(firstLineEnd < 0 ? read.text : read.text.slice(0, firstLineEnd));
    const tie = 'line 1: the header has as many of two delimiters; give --delimiter , ; or tab';
    if (delimiter === null) throw new DatasetError(file, null, null, tie);
    inputs.push({
      file,
      encoding: read.encoding,
      bom: read.bom,
      delimiter: delimiterNameOf(delimiter),
      delimiter_source: text.delimiter ? 'forced' : 'detected',
    });
    return { file, text: read.text, delimiter };
  });
  // A parsed map is the schema's output (providers/csv/column-map.ts), and datasetFromExport parses it again.
  // cast: its parameter is typed as the schema's input, which a parsed map is one of.
  return { ...datasetFromExport(files, { asOf, map: map as ColumnMapInput, mapName: name }), inputs };
}

/** Summary lines of a map report for a terminal: conversions, roundings, defaults, skipped rows. */
export function mapReportText(r: MapReport): string {
  const lines = [
    `  column map ${r.map}: ${r.rows} rows from ${r.files.length} file(s); provider metrics: ${r.provider_metrics.join(', ') || 'none'}`,
  ];
  const conv = Object.entries(r.converted).map(([t, s]) => `${t} ← "${s}"`);
  if (conv.length > 0) lines.push(`  converted to totals: ${conv.join(', ')}`);
  const rounded = Object.entries(r.rounded).map(([t, x]) => `${t} ${x.rows} rows (max ${x.max_difference})`);
  if (rounded.length > 0) lines.push(`  rounded to whole numbers: ${rounded.join(', ')}`);
  for (const [c, v] of Object.entries(r.defaults))
    lines.push(
      `  no ${c} column: every row gets ${c} "${v}" (${c === 'season' && v !== 'Unnamed season' ? 'the season in progress on the as-of date' : 'a placeholder'}; a map extending ${r.map} can set "values": { "${c}": … })`,
    );
  for (const [c, n] of Object.entries(r.prefixes_stripped))
    lines.push(
      `  ${c}: the country code before the name was cut in ${n} rows ("eng Premier League" → "Premier League")`,
    );
  if (r.repeated_headers_skipped > 0) lines.push(`  skipped ${r.repeated_headers_skipped} rows repeating the header`);
  for (const [f, n] of Object.entries(r.rows_without_match))
    lines.push(`  ${n} rows have no match in ${f} (its columns are empty there)`);
  return `${lines.join('\n')}\n`;
}
