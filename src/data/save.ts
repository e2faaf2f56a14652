import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tableToIPC } from 'apache-arrow';
import { TABLE_NAMES, type Dataset } from './schema.js';

/** File name of a table inside a dataset folder. @example tableFileOf('players') // => 'players.arrow' */
export const tableFileOf = (table: string): string => `${table}.arrow`;

/**
 * Writes a dataset as a folder of Arrow IPC files plus `dataset.json`. The same dataset always
 * gives byte-identical files. Writes into a sibling temp folder and renames it into place, so a
 * failed write never leaves a half-written dataset behind.
 */
export function datasetToDir(dataset: Dataset, dir: string): void {
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  writeFileSync(join(tmp, 'dataset.json'), `${JSON.stringify(dataset.meta, null, 2)}\n`);
  for (const name of TABLE_NAMES) {
    const table = dataset.tables[name];
    if (table) writeFileSync(join(tmp, tableFileOf(name)), tableToIPC(table, 'file'));
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
}
