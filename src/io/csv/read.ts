/**
 * Reads a CSV dataset folder (docs/csv.md) into Arrow tables and validates it like an Arrow
 * dataset. Every error is a {@link DatasetError} naming the CSV file, the column, the zero-based
 * data row and, in its message, the 1-based line of the file.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Table, vectorFromArray, type Vector } from 'apache-arrow';
import { shownValueOf, DatasetError } from '../../model/dataset-error.js';
import { datasetMetaOf } from '../load.js';
import {
  arrowTypeOf,
  SCHEMA,
  TABLE_NAMES,
  tableFileOf,
  type Dataset,
  type TableName,
  type TableSpec,
} from '../../model/schema.js';
import { validateDataset } from '../../model/validate.js';
import { csvFileOf } from './layout.js';
import type { CsvDelimiter } from './delimiter.js';
import { recordsOfParquetFile } from '../parquet.js';
import { parseCsv, type CsvField } from './parse.js';
import { readCsvFile, type CsvFileInfo, type CsvFileOptions } from './stream.js';
import { valueOfCsv } from './values.js';

/** A parsed table and the 1-based line where each of its rows starts. */
interface CsvTable {
  table: Table;
  lines: number[];
}

/**
 * The record-by-record reader of one table that {@link tableFromCsv} and {@link datasetFromCsvDir}
 * share: `add` takes the header, then every record; it checks the header against the schema and
 * parses each field as its column's kind; `done` gives the table.
 */
function tableRecords(name: TableName, file: string) {
  const spec: TableSpec = SCHEMA[name];
  const columns = Object.entries(spec.columns);
  let header: string[] | null = null;
  let slots: number[] = [];
  const values: (number | string | boolean | null)[][] = columns.map(() => []);
  const lines: number[] = [];
  const add = (fields: readonly CsvField[], line: number): void => {
    if (!header) {
      header = fields.map((f) => f ?? '');
      const seen = new Set<string>();
      for (const h of header) {
        if (!(h in spec.columns))
          throw new DatasetError(
            file,
            h,
            null,
            `line ${line}: unknown column ${shownValueOf(h)} (the ${name} columns are ${Object.keys(spec.columns).join(', ')})`,
          );
        if (seen.has(h)) throw new DatasetError(file, h, null, `line ${line}: column appears twice in the header`);
        seen.add(h);
      }
      for (const [col, c] of columns) {
        if (!c.nullable && !seen.has(col))
          throw new DatasetError(file, col, null, `line ${line}: required column missing from the header`);
      }
      // slots[j] = header position of schema column j, or -1 when the file leaves it out.
      slots = columns.map(([col]) => header!.indexOf(col));
      return;
    }
    const row = lines.length;
    if (fields.length !== header.length) {
      throw new DatasetError(file, null, row, `line ${line}: ${fields.length} fields, the header has ${header.length}`);
    }
    for (let j = 0; j < columns.length; j++) {
      const slot = slots[j];
      const text = slot < 0 ? null : fields[slot];
      if (text === null) {
        values[j].push(null);
        continue;
      }
      const parsed = valueOfCsv(columns[j][1].kind, text);
      if (!parsed.ok) throw new DatasetError(file, columns[j][0], row, `line ${line}: ${parsed.problem}`);
      values[j].push(parsed.value);
    }
    lines.push(line);
  };
  return {
    add,
    done(): CsvTable {
      if (!header) throw new DatasetError(file, null, null, 'line 1: no header row (the file is empty)');
      const vectors: Record<string, Vector> = {};
      columns.forEach(([col, c], j) => {
        vectors[col] = vectorFromArray(values[j], arrowTypeOf(c.kind));
      });
      return { table: new Table(vectors), lines };
    },
  };
}

/**
 * Parses the text of one `<table>.csv` into an Arrow table with exactly the schema's columns,
 * in schema order. Columns may come in any order; a nullable column may be left out (all null).
 * Throws {@link DatasetError} for an unknown, repeated or missing required column, a record with
 * the wrong number of fields, or a value that does not parse as its column's kind.
 * @example tableFromCsv('leagues', 'league_id,name,tier,kind\n1,Premier,1,league\n').table.numRows // => 1
 */
export function tableFromCsv(name: TableName, text: string, options: { delimiter?: CsvDelimiter } = {}): CsvTable {
  const file = csvFileOf(name);
  const reader = tableRecords(name, file);
  parseCsv(text, file, reader.add, { delimiter: options.delimiter });
  return reader.done();
}

/** Options of {@link datasetFromCsvDir}: the encoding and delimiter of every CSV file as {@link readCsvFile} takes them. */
export interface CsvDirOptions extends Pick<CsvFileOptions, 'encoding' | 'delimiter'> {
  /** Called after each table file is read, with how a CSV was decoded (null for Parquet); default none. */
  onFile?: (file: string, csv: CsvFileInfo | null) => void;
}

/** File name of a table stored as Parquet inside a CSV dataset folder. */
const parquetFileOf = (table: string): string => `${table}.parquet`;

/**
 * Reads and validates a CSV dataset folder laid out as docs/csv.md describes: `dataset.json` plus
 * one `<table>.csv` or `<table>.parquet` per table. Throws {@link DatasetError} naming the file,
 * column and zero-based row, with the 1-based line in the message, on the first problem; files
 * other than the schema's tables ending in `.csv` or `.parquet` are rejected, so a misspelt table
 * name cannot go unnoticed.
 * @example datasetFromCsvDir('my-league-csv').tables.players.numRows // => 4000
 */
export function datasetFromCsvDir(dir: string, options: CsvDirOptions = {}): Dataset {
  const meta = datasetMetaOf(dir);
  const known = new Set(TABLE_NAMES.flatMap((t) => [csvFileOf(t), parquetFileOf(t)]));
  for (const entry of readdirSync(dir)) {
    if ((entry.endsWith('.csv') || entry.endsWith('.parquet')) && !known.has(entry)) {
      throw new DatasetError(entry, null, null, `not a table of the schema (tables: ${TABLE_NAMES.join(', ')})`);
    }
  }
  const tables: Partial<Record<TableName, Table>> = {};
  const lines: Partial<Record<TableName, number[]>> = {};
  const files: Partial<Record<TableName, string>> = {};
  for (const name of TABLE_NAMES) {
    const csv = join(dir, csvFileOf(name));
    const parquet = join(dir, parquetFileOf(name));
    const hasCsv = existsSync(csv);
    const hasParquet = existsSync(parquet);
    if (hasCsv && hasParquet)
      throw new DatasetError(
        parquetFileOf(name),
        null,
        null,
        `both ${csvFileOf(name)} and ${parquetFileOf(name)} exist; keep one`,
      );
    if (!hasCsv && !hasParquet) {
      if (SCHEMA[name].optional) continue;
      throw new DatasetError(csvFileOf(name), null, null, `required table "${name}" is missing`);
    }
    const file = hasCsv ? csvFileOf(name) : parquetFileOf(name);
    files[name] = file;
    const reader = tableRecords(name, file);
    if (hasCsv) {
      const info = readCsvFile(csv, reader.add, { file, encoding: options.encoding, delimiter: options.delimiter });
      options.onFile?.(file, info);
    } else {
      recordsOfParquetFile(parquet, file, reader.add);
      options.onFile?.(file, null);
    }
    const parsed = reader.done();
    tables[name] = parsed.table;
    lines[name] = parsed.lines;
  }
  // cast: the tables read are checked against the schema by validateDataset just below.
  const dataset = { meta, tables } as Dataset;
  try {
    validateDataset(dataset);
  } catch (e) {
    throw e instanceof DatasetError ? inCsvTerms(e, lines, files) : e;
  }
  return dataset;
}

/** Restates a validation error about `<table>.arrow` in terms of the CSV file and its line. */
function inCsvTerms(
  e: DatasetError,
  lines: Partial<Record<TableName, number[]>>,
  files: Partial<Record<TableName, string>>,
): DatasetError {
  const name = TABLE_NAMES.find((t) => tableFileOf(t) === e.file);
  if (!name) return e;
  const problem = e.message.slice(e.message.indexOf(': ') + 2);
  const line = e.row !== null ? lines[name]?.[e.row] : undefined;
  return new DatasetError(
    files[name] ?? csvFileOf(name),
    e.column,
    e.row,
    line !== undefined ? `line ${line}: ${problem}` : problem,
  );
}
