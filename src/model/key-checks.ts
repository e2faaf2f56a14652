/**
 * The key checks of dataset validation (docs/methodology/dataset-validation.md#keys): unique
 * primary and composite keys, and every foreign key pointing at a row. Each row's key is one
 * number, so the passes allocate no per-row objects.
 */
import { valuesAs } from './arrow.js';
import { DatasetError } from './dataset-error.js';
import { isTableName, SCHEMA, TABLE_NAMES, type TableName, type TableSpec } from './schema.js';
import { assert } from '../errors.js';
import type { ColumnData } from './column-checks.js';
import { withArticle } from '../prose.js';

/** Checked columns of every table, kept for the key and foreign-key passes. */
export type Checked = Partial<Record<TableName, { rows: number; columns: Map<string, ColumnData> }>>;

/**
 * Throws on the first row whose key columns repeat an earlier row. Each row's key is one exact
 * number (mixed radix over each column's range) when the key space fits a safe integer, else the
 * columns' values joined, so the pass allocates one Set entry per row and no per-row objects.
 */
export function checkUnique(
  file: string,
  names: readonly string[],
  columns: Map<string, ColumnData>,
  rows: number,
): void {
  const cols = names.map((n) => valuesAs(columns.get(n)!.values, Int32Array, n));
  // Ranges taken with 0 included: wider than needed for positive ids, but never empty.
  const lows = cols.map((xs) => xs.reduce((lo, x) => Math.min(lo, x), 0));
  const spans = cols.map((xs, c) => xs.reduce((hi, x) => Math.max(hi, x), 0) - lows[c] + 1);
  const exact = spans.reduce((a, b) => a * b, 1) <= Number.MAX_SAFE_INTEGER;
  const keyOf = (i: number): number | string => {
    if (!exact) return cols.map((col) => col[i]).join(',');
    let k = 0;
    for (let c = 0; c < cols.length; c++) k = k * spans[c] + (cols[c][i] - lows[c]);
    return k;
  };
  const seen = new Map<number | string, number>();
  for (let i = 0; i < rows; i++) {
    const key = keyOf(i);
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, i);
      continue;
    }
    const label = names.length === 1 ? names[0] : `(${names.join(', ')})`;
    const value = names.length === 1 ? String(cols[0][i]) : `(${cols.map((c) => c[i]).join(', ')})`;
    throw new DatasetError(file, names.join(','), i, `duplicate ${label} ${value}, first at row ${first}`);
  }
}

/** Throws on the first foreign key that points at no row of its table; `where` names a table for messages. */
export function checkForeignKeys(checked: Checked, where: (name: TableName) => string): void {
  for (const name of TABLE_NAMES) {
    const entry = checked[name];
    if (!entry) continue;
    const spec: TableSpec = SCHEMA[name];
    for (const fk of spec.foreignKeys) {
      const target = fk.table;
      assert(isTableName(target), `foreign key to ${target}, not a table of the schema`);
      const targetSpec: TableSpec = SCHEMA[target];
      const targetColumn = fk.references ?? targetSpec.key!;
      const ids = valuesAs(checked[target]!.columns.get(targetColumn)!.values, Int32Array, targetColumn);
      const { values, valid } = entry.columns.get(fk.column)!;
      const xs = valuesAs(values, Int32Array, fk.column);
      const dangling = (i: number): never => {
        throw new DatasetError(
          where(name),
          fk.column,
          i,
          `${fk.column} ${xs[i]} is not ${withArticle(targetColumn)} in ${target}`,
        );
      };
      const present = new Set(ids);
      for (let i = 0; i < entry.rows; i++) if (!present.has(xs[i]) && (!valid || valid[i])) dangling(i);
    }
  }
}
