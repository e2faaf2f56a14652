import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tableFromIPC, type Table } from 'apache-arrow';
import { DatasetError } from './dataset-error.js';
import { DatasetMeta, SCHEMA, TABLE_NAMES, type Dataset } from './schema.js';
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

/**
 * True when `bytes` start as Arrow IPC: the file format's `ARROW1` magic, or a stream message's
 * 0xFFFFFFFF continuation marker.
 * @example isArrowIpc(new Uint8Array()) // => false
 */
export function isArrowIpc(bytes: Uint8Array): boolean {
  const magic = bytes.length >= 6 && String.fromCharCode(...bytes.subarray(0, 6)) === 'ARROW1';
  const stream = bytes.length >= 8 && bytes[0] === 0xff && bytes[1] === 0xff && bytes[2] === 0xff && bytes[3] === 0xff;
  return magic || stream;
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
    const file = join(dir, tableFileOf(name));
    if (!existsSync(file)) {
      if (SCHEMA[name].optional) continue;
      throw new DatasetError(tableFileOf(name), null, null, `required table "${name}" is missing`);
    }
    const bytes = readFileSync(file);
    // An empty or foreign file parses as a table of no columns; say what it is, not which column is missing.
    if (!isArrowIpc(bytes))
      throw new DatasetError(
        tableFileOf(name),
        null,
        null,
        `not a readable Arrow IPC file (${bytes.length === 0 ? 'empty' : 'no Arrow IPC header'})`,
      );
    try {
      tables[name] = tableFromIPC(bytes);
    } catch (e) {
      throw new DatasetError(tableFileOf(name), null, null, `not a readable Arrow IPC file (${(e as Error).message})`);
    }
  }
  const dataset = { meta, tables } as Dataset;
  validateDataset(dataset);
  return dataset;
}
