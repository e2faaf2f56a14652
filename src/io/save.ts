import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Table, tableToIPC } from 'apache-arrow';
import { ownTable } from '../model/arrow.js';
import { TABLE_NAMES, tableFileOf, type Dataset, type TableName } from '../model/schema.js';

/**
 * Writes `dataset.json` plus one file per table present, named by `fileOf` and encoded by
 * `encode`, into a sibling temp folder that is then renamed into place, so a failed write never
 * leaves a half-written dataset behind. Replaces whatever `dir` held.
 */
export function writeDatasetFolder(
  dataset: Dataset,
  dir: string,
  fileOf: (table: TableName) => string,
  encode: (table: TableName, data: Table) => string | Uint8Array,
): void {
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  try {
    writeFileSync(join(tmp, 'dataset.json'), `${JSON.stringify(dataset.meta, null, 2)}\n`);
    for (const name of TABLE_NAMES) {
      const table = dataset.tables[name];
      if (table) writeFileSync(join(tmp, fileOf(name)), encode(name, table));
    }
  } catch (error) {
    // A full disk or a failing encoder: the half-written temp folder goes too, `dir` stays untouched.
    rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
}

/**
 * Writes a dataset as a folder of Arrow IPC files plus `dataset.json`. The same dataset always
 * gives byte-identical files; the write is atomic (see {@link writeDatasetFolder}).
 */
export function datasetToDir(dataset: Dataset, dir: string): void {
  writeDatasetFolder(dataset, dir, tableFileOf, (_name, table) => {
    return tableToIPC(ownTable(table), 'file');
  });
}
