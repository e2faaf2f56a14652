import { existsSync, readdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { datasetFromCsvDir } from '../../data/providers/csv/read.js';
import { datasetToDir, tableFileOf } from '../../data/save.js';
import { TABLE_NAMES, type TableName } from '../../data/schema.js';
import { csvFileSummaryOf } from '../../data/providers/csv/stream.js';
import { UsageError, type Command } from '../run.js';
import { textOptionsOf } from './score.js';
import { assertReplaceable, jsonOut } from '../shared.js';

/**
 * `halfspace ingest csv <dir> --out <dir>`: reads and validates a CSV dataset folder (docs/csv.md;
 * each table as `.csv` or `.parquet`), writes it as Arrow.
 */
export const ingestCsvCommand: Command = {
  name: 'ingest csv',
  summary: 'Read a CSV dataset folder (docs/csv.md; tables as .csv or .parquet), validate it and write an Arrow dataset folder',
  usage: 'ingest csv <csv-dir> --out <dataset-dir> [--encoding utf-8|utf-16le|latin1|windows-1252] [--delimiter ,|;|tab] [--json]',
  options: { out: { type: 'string' }, encoding: { type: 'string' }, delimiter: { type: 'string' }, json: { type: 'boolean', default: false } },
  positionals: true,
  run({ values, positionals, io }) {
    if (positionals.length !== 1) throw new UsageError(`give exactly one CSV folder (got ${positionals.length})`);
    const from = positionals[0];
    const out = values.out as string | undefined;
    if (!out) throw new UsageError('give --out <dataset-dir>');
    if (!existsSync(from) || !statSync(from).isDirectory()) throw new UsageError(`${from} is not a folder`);
    if (resolve(from) === resolve(out)) throw new UsageError('--out must differ from the CSV folder');
    assertReplaceable(out);
    const text = textOptionsOf(values);
    const files: Record<string, unknown> = {};
    const dataset = datasetFromCsvDir(from, { ...text, onFile: (file, csv) => (files[file] = csv ? { format: 'csv', ...csvFileSummaryOf(csv) } : { format: 'parquet' }) });
    datasetToDir(dataset, out);
    const tables: Partial<Record<TableName, number>> = {};
    for (const name of TABLE_NAMES) {
      const table = dataset.tables[name];
      if (table) tables[name] = table.numRows;
    }
    if (values.json) {
      io.stdout(jsonOut({ tables, files }));
      return;
    }
    const counts = Object.entries(tables).map(([name, rows]) => `${name} ${rows.toLocaleString('en-US')}`);
    io.stdout(`wrote ${out}: ${counts.join(', ')} rows\n`);
  },
};
