/**
 * A table's rows by an integer id column, read whole on the first question: the engine's clubs and
 * leagues, which an answer that needs none of them never decodes (docs/design.md#opening-a-dataset).
 */
import type { Table } from 'apache-arrow';
import { rowsOf, type RowOf, type TableName } from './schema.js';

/** Rows of a table by an id column; with a repeated id the last row holds it, as a Map built from the rows would. */
export class RowsById<T extends TableName> {
  private rows: RowOf<T>[] | undefined;
  private byId: Map<unknown, RowOf<T>> | undefined;

  /** `table` is called once, on the first question (a bundled table is decoded then). */
  constructor(
    private readonly table: () => Table,
    private readonly name: T,
    private readonly idColumn: keyof RowOf<T>,
  ) {}

  /** The row whose id is `id`, or undefined. */
  get(id: number): RowOf<T> | undefined {
    this.byId ??= new Map(this.all().map((row) => [row[this.idColumn], row]));
    return this.byId.get(id);
  }

  /** Every row in table order. */
  all(): readonly RowOf<T>[] {
    this.rows ??= rowsOf(this.table(), this.name);
    return this.rows;
  }
}
