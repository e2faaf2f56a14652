/**
 * An analyst's export read through a column map into a validated dataset with its provider
 * metrics (docs/scoring.md#column-maps), errors restated with the export's own file and line.
 */
import { DatasetError } from '../../model/dataset-error.js';
import { withProviderMetrics } from '../../model/provider-metrics.js';
import type { Dataset } from '../../model/schema.js';
import { datasetFromSeasonCsv } from '../../io/season-csv.js';
import type { ColumnMapInput } from './column-map.js';
import { columnMapFromJson, columnMapOf } from './column-map-presets.js';
import { mappedExportOf, type MapReport } from './mapped-export.js';
import type { ExportFile } from './source-table.js';

/** Options of {@link datasetFromExport}. */
export interface ExportOptions {
  /** Date the data describes (ages are taken on it), `YYYY-MM-DD`. Required. */
  asOf: string;
  /** A preset name (`fbref`, `wyscout-search`) or a column map object (docs/scoring.md#column-maps). */
  map: string | ColumnMapInput;
  /** Name used in errors and the report; default the preset name, the map's `name`, or "column map". */
  mapName?: string;
}

/**
 * Reads an analyst's export through a column map into a validated dataset with its provider
 * metrics, and the report of what mapping did. Errors from reading the mapped table are restated
 * with the export's file and line.
 * @example datasetFromExport([{ file: 'standard.csv', text }], { asOf: '2025-06-01', map: 'fbref' }).report.rows // => 2
 */
export function datasetFromExport(
  files: readonly ExportFile[],
  options: ExportOptions,
): { dataset: Dataset; report: MapReport } {
  const resolved =
    typeof options.map === 'string'
      ? columnMapOf(options.map)
      : {
          map: columnMapFromJson(options.map, options.mapName ?? 'column map'),
          name: options.mapName ?? options.map.name ?? 'column map',
        };
  const mapName = options.mapName ?? resolved.name;
  const mapped = mappedExportOf(files, resolved.map, mapName, { asOf: options.asOf });
  const file = mapped.report.files[0];
  let dataset: Dataset;
  try {
    dataset = datasetFromSeasonCsv(mapped.text, { file, asOf: options.asOf });
  } catch (e) {
    if (!(e instanceof DatasetError)) throw e;
    const origin = e.row !== null ? mapped.origins[e.row] : undefined;
    const problem = e.message.slice(e.message.indexOf(': ') + 2).replace(/^line \d+: /, '');
    const source = e.column !== null ? mapped.sources[e.column] : undefined;
    const from = source !== undefined && source !== e.column ? ` from source column ${JSON.stringify(source)}` : '';
    throw new DatasetError(
      origin?.file ?? file,
      e.column,
      e.row,
      `${origin ? `line ${origin.line}: ` : ''}${problem} (${e.column ?? 'value'}${from}, after the column map ${mapName})`,
    );
  }
  dataset = withProviderMetrics(dataset, mapped.metrics);
  return { dataset, report: mapped.report };
}
