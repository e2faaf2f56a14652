import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tableFromIPC, type Table } from 'apache-arrow';
import { DatasetError } from './dataset-error.js';
import { DatasetMeta, SCHEMA, TABLE_NAMES, type Dataset, type TableName } from './schema.js';
import { tableFileOf } from './save.js';
import { validateDataset } from './validate.js';

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
    throw new DatasetError('dataset.json', null, null, `not valid JSON (${(e as Error).message})`);
  }
  const meta = DatasetMeta.safeParse(raw);
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
  try {
    return tableFromIPC(readFileSync(file));
  } catch (e) {
    throw new DatasetError(tableFileOf(name), null, null, `not a readable Arrow IPC file (${(e as Error).message})`);
  }
}

/**
 * Reads and validates a dataset folder written by {@link datasetToDir}.
 * Throws {@link DatasetError} naming file, column and row on the first problem; nothing is
 * returned from a bad dataset.
 */
export function datasetFromDir(dir: string): Dataset {
  const meta = datasetMetaOf(dir);
  const tables: Partial<Record<string, Table>> = {};
  for (const name of TABLE_NAMES) {
    const table = tableOf(dir, name);
    if (table) tables[name] = table;
  }
  const dataset = { meta, tables } as Dataset;
  validateDataset(dataset);
  return dataset;
}

/**
 * Opens the bundled demo folder without validating it, each table decoded on its first read: the
 * demo ships with the package, is validated when generated and by test/data/generate/demo.test.ts,
 * and most questions never read its 6 MB of appearances (bench/results/package.md: validation and
 * eager decoding were half of the first answer). Never use it for a folder a user names.
 * @example bundledDatasetFromDir(demoDatasetDir()).tables.players.numRows > 0 // => true
 */
export function bundledDatasetFromDir(dir: string): Dataset {
  const meta = datasetMetaOf(dir);
  const tables: Partial<Record<string, Table>> = {};
  for (const name of TABLE_NAMES) {
    if (SCHEMA[name].optional && !existsSync(join(dir, tableFileOf(name)))) continue;
    let cached: Table | undefined;
    Object.defineProperty(tables, name, { enumerable: true, get: () => (cached ??= tableOf(dir, name)) });
  }
  // The getters above define every required table, which is what the Dataset type states.
  return { meta, tables } as Dataset;
}
