/**
 * A table's rows as plain objects, each read on first use and kept: what the engine holds for
 * `players`, whose 4,424 demo rows a question about one player never all needs
 * (docs/methodology/stats.md#implementation-and-performance).
 */
import type { Table, Vector } from 'apache-arrow';
import { rowsOf, type RowOf, type TableName } from './schema.js';

/** Rows of one table, read one at a time ({@link LazyRows.at}) or all at once ({@link LazyRows.all}); the same object either way. */
export class LazyRows<T extends TableName> {
  private readonly table: Table;
  private readonly name: T;
  private readonly rows: (RowOf<T> | undefined)[];
  private whole: RowOf<T>[] | null = null;

  constructor(table: Table, name: T) {
    this.table = table;
    this.name = name;
    this.rows = new Array(table.numRows);
  }

  /** Row `i` as rowsOf reads it. */
  at(i: number): RowOf<T> {
    if (this.whole) return this.whole[i];
    let row = this.rows[i];
    if (row === undefined) this.rows[i] = row = rowsOf(this.table, this.name, i, i + 1)[0];
    return row;
  }

  /** Every row in table order (rows already read are the same objects). */
  all(): readonly RowOf<T>[] {
    if (this.whole) return this.whole;
    const fresh = rowsOf(this.table, this.name);
    this.whole = fresh.map((row, i) => this.rows[i] ?? row);
    return this.whole;
  }
}

/**
 * The values of one column as `vector.get` gives them, bigints as numbers and missing as null.
 * @example columnValuesOf(vectorFromArray([1, null])) // => [1, null]
 */
export function columnValuesOf(vector: Vector): unknown[] {
  const out: unknown[] = new Array(vector.length);
  for (let i = 0; i < vector.length; i++) {
    const v = vector.get(i);
    out[i] = typeof v === 'bigint' ? Number(v) : (v ?? null);
  }
  return out;
}
