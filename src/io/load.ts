import { messageOf } from '../errors.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeVector, Table, tableFromIPC, vectorFromArray, type Vector } from 'apache-arrow';
import { ownTable } from '../model/arrow.js';
import { DatasetError } from '../model/dataset-error.js';
import {
  ADDED_COLUMNS,
  arrowTypeOf,
  DatasetMeta,
  SCHEMA,
  TABLE_NAMES,
  type Dataset,
  type TableName,
  tableFileOf,
} from '../model/schema.js';
import { validateDataset } from '../model/validate.js';

/**
 * The `dataset.json` of a dataset folder (Arrow or CSV), parsed and checked against
 * {@link DatasetMeta}: the one reader of that file. Throws {@link DatasetError} when it is
 * missing, not JSON, or not a valid meta.
 * @example datasetMetaOf('data/demo').name // => 'halfspace demo universe'
 */
export function datasetMetaOf(dir: string): DatasetMeta {
  const file = join(dir, 'dataset.json');
  if (!existsSync(file)) throw new DatasetError('dataset.json', null, null, `missing in ${dir}`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new DatasetError('dataset.json', null, null, `not valid JSON (${messageOf(e)})`);
  }
  // Parsed once per open: without zod's generated fast path, whose compilation costs more than
  // it saves on one object (docs/design.md#opening-a-dataset).
  const meta = DatasetMeta.safeParse(raw, { jitless: true });
  if (!meta.success) {
    const issue = meta.error.issues[0];
    throw new DatasetError('dataset.json', issue.path.join('.') || null, null, issue.message);
  }
  return meta.data;
}

/** Decodes one table file of a dataset folder; undefined for an absent optional table. */
function tableOf(dir: string, name: TableName): Table | undefined {
  const file = join(dir, tableFileOf(name));
  if (!existsSync(file)) {
    if (SCHEMA[name].optional) return undefined;
    throw new DatasetError(tableFileOf(name), null, null, `required table "${name}" is missing`);
  }
  // An empty or foreign file parses as a table of no columns; arrowTableOf says what it is, not
  // which column is missing.
  const bytes = readFileSync(file);
  return withAddedColumns(name, arrowTableOf(bytes, tableFileOf(name)));
}

/**
 * Decodes Arrow IPC `bytes` of `file`, or a DatasetError saying what is wrong with the file: the
 * decoder's own error (a TypeError on a null field, a BigInt conversion) describes its internals,
 * not the file, so it is never passed on.
 * @example arrowTableOf(readFileSync('teams.arrow'), 'teams.arrow').numRows // => 20
 */
export function arrowTableOf(bytes: Uint8Array, file: string): Table {
  // The file format starts with the magic `ARROW1`, a stream with a message's 0xFFFFFFFF continuation marker.
  const fileFormat = bytes.length >= 6 && String.fromCharCode(...bytes.subarray(0, 6)) === 'ARROW1';
  const stream = bytes.length >= 8 && bytes[0] === 0xff && bytes[1] === 0xff && bytes[2] === 0xff && bytes[3] === 0xff;
  if (!fileFormat && !stream)
    throw new DatasetError(
      file,
      null,
      null,
      `not a readable Arrow IPC file (${bytes.length === 0 ? 'empty' : 'no Arrow IPC header'})`,
    );
  try {
    return tableFromIPC(bytes);
  } catch {
    const ends = bytes.length >= 12 && String.fromCharCode(...bytes.subarray(bytes.length - 6)) === 'ARROW1';
    throw new DatasetError(
      file,
      null,
      null,
      fileFormat && !ends
        ? `not a readable Arrow IPC file (truncated: ${bytes.length} bytes and no Arrow footer at the end)`
        : `not a readable Arrow IPC file (damaged: its metadata or record batches do not decode)`,
    );
  }
}

/**
 * Reads and validates a dataset folder written by {@link datasetToDir}.
 * Throws {@link DatasetError} naming file, column and row on the first problem; nothing is
 * returned from a bad dataset.
 */
export function datasetFromDir(dir: string): Dataset {
  const meta = datasetMetaOf(dir);
  const tables: Partial<Record<TableName, Table>> = {};
  for (const name of TABLE_NAMES) {
    const table = tableOf(dir, name);
    if (table) tables[name] = table;
  }
  const dataset = datasetOf(dir, meta, tables);
  validateDataset(dataset);
  return dataset;
}

/**
 * Opens the bundled demo folder without validating it, each table decoded on its first read: the
 * demo ships with the package, is validated when generated and by test/demo/demo.test.ts,
 * and most questions never read its largest tables. Never use it for a folder a user names.
 * @example bundledDatasetFromDir(demoDatasetDir()).tables.players.numRows > 0 // => true
 */
export function bundledDatasetFromDir(dir: string): Dataset {
  const meta = datasetMetaOf(dir);
  const tables: Partial<Record<TableName, Table>> = {};
  for (const name of TABLE_NAMES) {
    if (SCHEMA[name].optional && !existsSync(join(dir, tableFileOf(name)))) continue;
    let cached: Table | undefined;
    Object.defineProperty(tables, name, { enumerable: true, get: () => (cached ??= tableOf(dir, name)) });
  }
  return datasetOf(dir, meta, tables);
}

/** The dataset of a folder whose every required table is defined (`in`, so a lazy getter is not run). */
function datasetOf(dir: string, meta: DatasetMeta, tables: Partial<Record<TableName, Table>>): Dataset {
  if (!hasRequiredTables(tables)) throw new DatasetError(dir, null, null, 'a required table is missing');
  return { meta, tables };
}

function hasRequiredTables(tables: Partial<Record<TableName, Table>>): tables is Dataset['tables'] {
  return TABLE_NAMES.every((name) => SCHEMA[name].optional || name in tables);
}

/**
 * The stored table with every column of {@link ADDED_COLUMNS} it lacks added as all null: a
 * dataset written before the event-value columns existed loads with them "not provided".
 * @example withAddedColumns('fixtures', oldFixtures).getChild('home_possession')?.nullCount // => oldFixtures.numRows
 */
export function withAddedColumns(name: TableName, table: Table): Table {
  const missing = (ADDED_COLUMNS[name] ?? []).filter((c) => !table.getChild(c));
  if (missing.length === 0) return table;
  const own = ownTable(table);
  const columns: Record<string, Vector> = {};
  for (const field of own.schema.fields) columns[field.name] = own.getChild(field.name)!;
  const spec: Record<string, { kind: Parameters<typeof arrowTypeOf>[0] }> = SCHEMA[name].columns;
  for (const c of missing) {
    const type = arrowTypeOf(spec[c].kind);
    columns[c] =
      table.numRows === 0
        ? vectorFromArray([], type)
        : makeVector({
            type,
            length: table.numRows,
            nullCount: table.numRows,
            nullBitmap: new Uint8Array(Math.ceil(table.numRows / 8)),
          });
  }
  return new Table(columns);
}
