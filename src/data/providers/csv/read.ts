/**
 * Reads a CSV dataset folder (docs/csv.md) into Arrow tables and validates it like an Arrow
 * dataset. Every error is a {@link DatasetError} naming the CSV file, the column, the zero-based
 * data row and, in its message, the 1-based line of the file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Table, type Vector } from 'apache-arrow';
import { vectorOfKind } from '../../column-vector.js';
import { DatasetError } from '../../dataset-error.js';
import { DatasetMeta, SCHEMA, TABLE_NAMES, type ColumnSpec, type Dataset, type TableName, type TableSpec } from '../../schema.js';
import { tableFileOf } from '../../save.js';
import { validateDataset } from '../../validate.js';
import { csvFileOf } from './layout.js';
import { parseCsv } from './parse.js';
import { valueOfCsv } from './values.js';

function metaOf(dir: string): DatasetMeta {
  const file = join(dir, 'dataset.json');
  if (!existsSync(file)) throw new DatasetError('dataset.json', null, null, `missing in ${dir}`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new DatasetError('dataset.json', null, null, `not valid JSON (${(e as Error).message})`);
  }
  const meta = DatasetMeta.safeParse(raw);
  if (!meta.success) {
    const issue = meta.error.issues[0];
    throw new DatasetError('dataset.json', issue.path.join('.') || null, null, issue.message);
  }
  return meta.data;
}

/** A parsed table and the 1-based line where each of its rows starts. */
interface CsvTable {
  table: Table;
  lines: number[];
}

/**
 * Parses the text of one `<table>.csv` into an Arrow table with exactly the schema's columns,
 * in schema order. Columns may come in any order; a nullable column may be left out (all null).
 * Throws {@link DatasetError} for an unknown, repeated or missing required column, a record with
 * the wrong number of fields, or a value that does not parse as its column's kind.
 * @example tableFromCsv('leagues', 'league_id,name,tier,kind\n1,Premier,1,league\n').table.numRows // => 1
 */
export function tableFromCsv(name: TableName, text: string): CsvTable {
  const spec: TableSpec = SCHEMA[name];
  const file = csvFileOf(name);
  const columns = Object.entries(spec.columns) as [string, ColumnSpec][];
  let header: string[] | null = null;
  let slots: number[] = [];
  const values: (number | string | boolean | null)[][] = columns.map(() => []);
  const lines: number[] = [];
  parseCsv(text, file, (fields, line) => {
    if (!header) {
      header = fields.map((f) => f ?? '');
      const seen = new Set<string>();
      for (const h of header) {
        if (!(h in spec.columns)) throw new DatasetError(file, h, null, `line ${line}: unknown column ${JSON.stringify(h)} (the ${name} columns are ${Object.keys(spec.columns).join(', ')})`);
        if (seen.has(h)) throw new DatasetError(file, h, null, `line ${line}: column appears twice in the header`);
        seen.add(h);
      }
      for (const [col, c] of columns) {
        if (!c.nullable && !seen.has(col)) throw new DatasetError(file, col, null, `line ${line}: required column missing from the header`);
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
  });
  if (!header) throw new DatasetError(file, null, null, 'line 1: no header row (the file is empty)');
  const vectors: Record<string, Vector> = {};
  columns.forEach(([col, c], j) => {
    vectors[col] = vectorOfKind(c.kind, values[j]);
  });
  return { table: new Table(vectors), lines };
}

/**
 * Reads and validates a CSV dataset folder: `dataset.json` plus one `<table>.csv` per table
 * (optional tables may be absent), laid out as docs/csv.md describes. Throws
 * {@link DatasetError} naming the CSV file, column and zero-based row, with the 1-based line in
 * the message, on the first problem; a bad folder returns nothing. Files other than the schema's
 * tables ending in `.csv` are rejected, so a misspelt table name cannot go unnoticed.
 * @example datasetFromCsvDir('my-league-csv').tables.players.numRows // => 4000
 */
export function datasetFromCsvDir(dir: string): Dataset {
  const meta = metaOf(dir);
  const known = new Set(TABLE_NAMES.map(csvFileOf));
  for (const entry of readdirSync(dir)) {
    if (entry.endsWith('.csv') && !known.has(entry)) {
      throw new DatasetError(entry, null, null, `not a table of the schema (tables: ${TABLE_NAMES.join(', ')})`);
    }
  }
  const tables: Partial<Record<TableName, Table>> = {};
  const lines: Partial<Record<TableName, number[]>> = {};
  for (const name of TABLE_NAMES) {
    const file = join(dir, csvFileOf(name));
    if (!existsSync(file)) {
      if (SCHEMA[name].optional) continue;
      throw new DatasetError(csvFileOf(name), null, null, `required table "${name}" is missing`);
    }
    const parsed = tableFromCsv(name, readFileSync(file, 'utf8'));
    tables[name] = parsed.table;
    lines[name] = parsed.lines;
  }
  const dataset = { meta, tables } as Dataset;
  try {
    validateDataset(dataset);
  } catch (e) {
    throw e instanceof DatasetError ? inCsvTerms(e, lines) : e;
  }
  return dataset;
}

/** Restates a validation error about `<table>.arrow` in terms of the CSV file and its line. */
function inCsvTerms(e: DatasetError, lines: Partial<Record<TableName, number[]>>): DatasetError {
  const name = TABLE_NAMES.find((t) => tableFileOf(t) === e.file);
  if (!name) return e;
  const problem = e.message.slice(e.message.indexOf(': ') + 2);
  const line = e.row !== null ? lines[name]?.[e.row] : undefined;
  return new DatasetError(csvFileOf(name), e.column, e.row, line !== undefined ? `line ${line}: ${problem}` : problem);
}
