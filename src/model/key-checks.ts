/**
 * The key checks of dataset validation (docs/methodology/dataset-validation.md#keys): unique
 * primary and composite keys, and every foreign key pointing at a row.
 */
import { valuesAs } from './arrow.js';
import { DatasetError } from './dataset-error.js';
import { isTableName, SCHEMA, TABLE_NAMES, type TableName, type TableSpec } from './schema.js';
import { assert } from '../errors.js';
import type { ColumnData } from './column-checks.js';
import { withArticle } from '../prose.js';

/** Checked columns of every table, kept for the key and foreign-key passes. */
export type Checked = Partial<Record<TableName, { rows: number; columns: Map<string, ColumnData> }>>;

/** Smallest and largest value of an id column (`lo` > `hi` when empty). */
function rangeOf(xs: Int32Array): { lo: number; hi: number } {
  let lo = 2147483647;
  let hi = -2147483648;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i];
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  return { lo, hi };
}

/**
 * Throws on the first row whose key columns repeat an earlier row. Each row's key is one exact
 * number (mixed radix over each column's range) where the key space allows, else its values joined.
 */
export function checkUnique(
  file: string,
  names: readonly string[],
  columns: Map<string, ColumnData>,
  rows: number,
): void {
  if (rows === 0) return;
  const cols = names.map((n) => valuesAs(columns.get(n)!.values, Int32Array, n));
  const ranges = cols.map(rangeOf);
  const spans = ranges.map((r) => r.hi - r.lo + 1);
  const exact = spans.reduce((a, b) => a * b, 1) <= Number.MAX_SAFE_INTEGER;
  const keyOf = (i: number): number | string => {
    if (!exact) return cols.map((col) => col[i]).join(',');
    let k = 0;
    for (let c = 0; c < cols.length; c++) k = k * spans[c] + (cols[c][i] - ranges[c].lo);
    return k;
  };
  const seen = new Set<number | string>();
  for (let i = 0; i < rows; i++) {
    const key = keyOf(i);
    if (!seen.has(key)) {
      seen.add(key);
      continue;
    }
    let first = 0;
    while (keyOf(first) !== key) first++;
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
      const ids = new Set(valuesAs(checked[target]!.columns.get(targetColumn)!.values, Int32Array, targetColumn));
      const { values, valid } = entry.columns.get(fk.column)!;
      const xs = valuesAs(values, Int32Array, fk.column);
      for (let i = 0; i < entry.rows; i++)
        if (!ids.has(xs[i]) && (!valid || valid[i]))
          throw new DatasetError(
            where(name),
            fk.column,
            i,
            `${fk.column} ${xs[i]} is not ${withArticle(targetColumn)} in ${target}`,
          );
    }
  }
}
