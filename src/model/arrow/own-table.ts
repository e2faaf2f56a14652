/**
 * @module The tables halfspace builds beside or writes must be of the apache-arrow it imports:
 * apache-arrow does not recognise its data types across copies, so a writer or a `new Table` of one
 * copy misreads the columns of another. Reading needs no such check (types are read by type id).
 */
import { Table } from 'apache-arrow';

/** True when `table` was built by the apache-arrow that halfspace imports. */
export function isOwnTable(table: Table): boolean {
  return Object.prototype.isPrototypeOf.call(Table.prototype, table);
}

/**
 * `table` itself when it was built by the apache-arrow that halfspace imports; else a TypeError
 * saying how to get one copy (a second installed version, or a bundler that inlines its own).
 * @example ownTable(tableFromArrays({ a: Int32Array.of(1) })) === table // => true
 */
export function ownTable(table: Table): Table {
  if (isOwnTable(table)) return table;
  throw new TypeError(
    'this Arrow table was built by another copy of apache-arrow than the one halfspace imports; ' +
      "install one version (`npm ls apache-arrow`, `npm dedupe`) or pass the table through tableToIPC and halfspace's tableFromFile",
  );
}
