/**
 * A table's rows as plain objects, each read on first use and kept: what the engine holds for
 * `players`, whose 4,424 demo rows a question about one player never all needs
 * (docs/methodology/stats.md#implementation-and-performance).
 */
import { DataType, type Table, type Vector } from 'apache-arrow';
import { utf8BuffersOf, valuesAs } from './arrow.js';
import { validityOf } from './arrow.js';
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
 * Rows of a table by an integer id column, each read when first asked for: the engine's clubs,
 * leagues and seasons, of which an answer about one player reads a few (docs/design.md#opening-a-dataset).
 * With a repeated id the last row holds it, as a Map built from the rows would.
 */
export class RowsById<T extends TableName> {
  private readonly table: () => Table;
  private readonly name: T;
  private readonly idColumn: string;
  private lazyRows: LazyRows<T> | undefined;
  private rowOfId: Map<number, number> | undefined;

  /** `table` is called once, on the first question (a bundled table is decoded then). */
  constructor(table: () => Table, name: T, idColumn: string) {
    this.table = table;
    this.name = name;
    this.idColumn = idColumn;
  }

  private get rows(): LazyRows<T> {
    this.lazyRows ??= new LazyRows(this.table(), this.name);
    return this.lazyRows;
  }

  private ids(): unknown[] {
    const vector = this.table().getChild(this.idColumn);
    return vector ? columnValuesOf(vector) : [];
  }

  /** The row whose id is `id`, or undefined. */
  get(id: number): RowOf<T> | undefined {
    if (!this.rowOfId) {
      this.rowOfId = new Map();
      for (const [row, value] of this.ids().entries()) if (typeof value === 'number') this.rowOfId.set(value, row);
    }
    const row = this.rowOfId.get(id);
    return row === undefined ? undefined : this.rows.at(row);
  }

  /** Every row in table order. */
  all(): readonly RowOf<T>[] {
    return this.rows.all();
  }
}

/**
 * The values of one column as `vector.get` gives them, bigints as numbers and missing as null.
 * Text and Int32 columns are read straight from their buffers (the identity index reads five
 * columns of every player at open, bench/results/package.md); other types go through `get`.
 * @example columnValuesOf(vectorFromArray([1, null])) // => [1, null]
 */
export function columnValuesOf(vector: Vector): unknown[] {
  const direct = vector.data.every((d) => d.offset === 0);
  if (direct && DataType.isUtf8(vector.type)) return textValuesOf(vector);
  if (direct && DataType.isInt(vector.type) && vector.type.bitWidth === 32 && vector.type.isSigned)
    return int32ValuesOf(vector);
  const out: unknown[] = new Array(vector.length);
  for (let i = 0; i < vector.length; i++) {
    const v = vector.get(i);
    out[i] = typeof v === 'bigint' ? Number(v) : (v ?? null);
  }
  return out;
}

const decoder = new TextDecoder();
/** A byte outside ASCII, in a string read one char per byte. */
const NON_ASCII_RE = /[\x80-\xff]/;

/**
 * A text column's strings (null where missing), from its UTF-8 buffers chunk by chunk. Each chunk
 * is read once as Latin-1 (one char per byte, so byte offsets are string offsets): an ASCII value
 * is its slice, the same string UTF-8 gives, and only the others are decoded one by one (a third of
 * the cost of decoding the 4,424 demo names each, docs/design.md#opening-a-dataset).
 */
function textValuesOf(vector: Vector): (string | null)[] {
  const valid = validityOf(vector);
  const out: (string | null)[] = new Array(vector.length).fill(null);
  let at = 0;
  for (const d of vector.data) {
    const { offsets, bytes } = utf8BuffersOf(d);
    const chars = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    for (let i = 0; i < d.length; i++, at++) {
      if (valid && !valid[at]) continue;
      const text = chars.slice(offsets[i], offsets[i + 1]);
      out[at] = NON_ASCII_RE.test(text) ? decoder.decode(bytes.subarray(offsets[i], offsets[i + 1])) : text;
    }
  }
  return out;
}

/** An Int32 column's numbers (null where missing). */
function int32ValuesOf(vector: Vector): (number | null)[] {
  const valid = validityOf(vector);
  const out: (number | null)[] = new Array(vector.length);
  let at = 0;
  for (const d of vector.data) {
    const xs = valuesAs(d.values, Int32Array, 'int32 values');
    for (let i = 0; i < d.length; i++, at++) out[at] = !valid || valid[at] ? xs[i] : null;
  }
  return out;
}
