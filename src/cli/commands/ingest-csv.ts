import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { datasetFromCsvDir } from '../../io/csv/read.js';
import { datasetToDir } from '../../io/save.js';
import { csvFileSummaryOf } from '../../io/csv/stream.js';
import { datasetFromMapOption, MAP_OPTION, mapReportText } from '../map-option.js';
import { UsageError, defineCommand } from '../run.js';
import { TEXT_OPTIONS, textOptionsOf } from './score.js';
import { assertReplaceable, rowCountsText, tableRowsOf } from '../shared.js';
import { jsonOut } from '../json-out.js';

/**
 * `halfspace ingest csv <dir> --out <dir>`: reads and validates a CSV dataset folder (docs/csv.md;
 * each table as `.csv` or `.parquet`), writes it as Arrow.
 */
export const ingestCsvCommand = defineCommand({
  usage:
    'ingest csv <csv-dir | export.csv… --map FILE.json|fbref|wyscout-search [--as-of YYYY-MM-DD]> --out <dataset-dir> [--encoding utf-8|utf-16le|latin1|windows-1252] [--delimiter ,|;|tab] [--json]',
  options: {
    out: { type: 'string' },
    ...TEXT_OPTIONS,
    json: { type: 'boolean', default: false },
    ...MAP_OPTION,
    'as-of': { type: 'string' },
  },
  positionals: true,
  run({ values, positionals, io }) {
    const out = values.out;
    // With --map the inputs are an analyst's export files, not a CSV folder (docs/scoring.md#column-maps).
    if (values.map !== undefined) {
      if (positionals.length === 0) throw new UsageError('give the export .csv file(s) to read with --map');
      if (!out) throw new UsageError('give --out <dataset-dir>');
      const asOf = values['as-of'] ?? new Date().toISOString().slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf) || Number.isNaN(Date.parse(asOf)))
        throw new UsageError(`--as-of must be a date YYYY-MM-DD, got "${asOf}"`);
      if (positionals.some((p) => resolve(p) === resolve(out)))
        throw new UsageError('--out must differ from the input');
      assertReplaceable(out);
      const { dataset, report, inputs } = datasetFromMapOption(positionals, values.map, asOf, textOptionsOf(values));
      datasetToDir(dataset, out);
      const rows = { players: dataset.tables.players.numRows, player_seasons: dataset.tables.player_seasons.numRows };
      if (values.json) io.stdout(jsonOut({ tables: rows, map: report, map_inputs: inputs }));
      else
        io.stdout(
          `wrote ${out}: players ${rows.players}, player_seasons ${rows.player_seasons} rows\n${mapReportText(report)}`,
        );
      return;
    }
    if (values['as-of'] !== undefined)
      throw new UsageError('--as-of goes with --map (a CSV folder has its own dataset.json)');
    if (positionals.length !== 1) throw new UsageError(`give exactly one CSV folder (got ${positionals.length})`);
    const from = positionals[0];
    if (!out) throw new UsageError('give --out <dataset-dir>');
    if (!existsSync(from) || !statSync(from).isDirectory()) throw new UsageError(`${from} is not a folder`);
    if (resolve(from) === resolve(out)) throw new UsageError('--out must differ from the CSV folder');
    assertReplaceable(out);
    const text = textOptionsOf(values);
    const files: Record<string, unknown> = {};
    const dataset = datasetFromCsvDir(from, {
      ...text,
      onFile: (file, csv) => (files[file] = csv ? { format: 'csv', ...csvFileSummaryOf(csv) } : { format: 'parquet' }),
    });
    datasetToDir(dataset, out);
    const tables = tableRowsOf(dataset);
    if (values.json) return void io.stdout(jsonOut({ tables, files }));
    io.stdout(`wrote ${out}: ${rowCountsText(dataset)} rows\n`);
  },
});
