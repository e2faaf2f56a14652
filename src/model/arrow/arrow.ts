/**
 * The one door to apache-arrow's run-time values (docs/design.md#arrow-loading): no other module
 * imports a value from 'apache-arrow' (types only), so `import 'halfspace'` loads none of its
 * ~260 modules.
 *  - {@link lean}: the package's single-file build, ~10 ms to load. It reads and checks tables of
 *    any copy (type checks go by type id, `instanceof Table` by a `Symbol.for` brand) and it
 *    decodes the bundled demo for the engine.
 *  - {@link shared}: the package's ESM build, loaded on first use: the very module a user's
 *    `import … from 'apache-arrow'` gets (Node shares it between `require` and `import`), so every
 *    table a public function builds or returns is one of the user's own.
 * Objects of two copies never mix (apache-arrow's type objects are not branded across copies):
 * build beside a table with the copy {@link adopt} gives for it, or copy it over with
 * {@link sharedTableOf}. A table of a third copy is adopted by the shared copy first.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as Arrow from 'apache-arrow';
import type { Table } from 'apache-arrow';
import { adoptTable } from './adopt.js';

/** apache-arrow's run-time API (the single-file build has every member the library uses). */
export type ArrowModule = typeof Arrow;

const require = createRequire(import.meta.url);

/** The single-file build ("./*" of the package's exports maps this to Arrow.esnext.min.js). */
export const lean: ArrowModule = require('apache-arrow/Arrow.esnext.min');

let sharedModule: ArrowModule | undefined;

/**
 * The package's ESM entry, the user's copy, loaded on first use (~110 ms when nothing loaded it
 * before; nothing when the user imported apache-arrow). A Node that cannot `require` an ES module
 * (before 20.19, or 22.0 to 22.11): there it is the CommonJS build, whose tables work with the library but are not the user's.
 */
export function shared(): ArrowModule {
  sharedModule ??= sharedModuleOf();
  return sharedModule;
}

function sharedModuleOf(): ArrowModule {
  const commonJsEntry = require.resolve('apache-arrow');
  try {
    return require(join(dirname(commonJsEntry), 'Arrow.node.mjs'));
  } catch (e) {
    if (e instanceof Error && 'code' in e && e.code === 'ERR_REQUIRE_ESM') return require(commonJsEntry);
    throw e;
  }
}

/** True for a table built by the {@link lean} copy. */
export function isLeanTable(table: Table): boolean {
  return Object.getPrototypeOf(table) === lean.Table.prototype;
}

/** True for a table built by the {@link shared} copy. */
function isSharedTable(table: Table): boolean {
  return Object.prototype.isPrototypeOf.call(shared().Table.prototype, table);
}

/** A copy of apache-arrow to build with, and a table of it. */
export interface ArrowTable {
  arrow: ArrowModule;
  table: Table;
}

/**
 * The copy to build beside `table` with (added columns, IPC writing), and `table` as a table of
 * that copy: itself when the lean or the shared copy built it, else (a third copy: the tsx loader,
 * another installed version) adopted by the shared copy over the same buffers, or a TypeError for
 * a column type that cannot be taken over (src/model/arrow/adopt.ts).
 * @example adopt(table).arrow.tableToIPC(adopt(table).table, 'file') // => the table's IPC file bytes
 */
export function adopt(table: Table): ArrowTable {
  if (isLeanTable(table)) return { arrow: lean, table };
  const arrow = shared();
  return { arrow, table: isSharedTable(table) ? table : adoptTable(arrow, table) };
}

/**
 * `table` as a table of the {@link shared} copy: itself, a copy through Arrow IPC bytes for one
 * the engine decoded with the {@link lean} copy, or the adoption of a third copy's table.
 */
export function sharedTableOf(table: Table): Table {
  if (isLeanTable(table)) return shared().tableFromIPC(lean.tableToIPC(table, 'stream'));
  return adopt(table).table;
}
