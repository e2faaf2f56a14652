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

/** Widest id range tested with a lookup array (one byte per id, 16 MB) instead of a Set. */
const LOOKUP_MAX_SPAN = 2 ** 24;
/** Largest key space checked with a bitset (bits; 16 MB) before falling back to a Set. */
const BITSET_MAX_BITS = 2 ** 27;
/**
 * A bitset pays for its whole key space (allocation and page faults) but only `rows` bits are
 * touched; beyond this many bits per row a Set of the keys is cheaper.
 */
const BITSET_BITS_PER_ROW = 64;

/**
 * The composite-key check for tables stored in runs of their first key column (appearances
 * grouped by fixture, player_seasons by player): within each run, a small stamp array over the
 * other columns' key space finds repeats while staying in cache. Returns false when the first
 * column turns out not to be in runs or the other columns' space is too wide; the caller then
 * checks every row another way.
 */
function uniqueWithinRuns(
  cols: Int32Array[],
  ranges: { lo: number; hi: number }[],
  spans: number[],
  rows: number,
  fail: (i: number) => never,
): boolean {
  const restSpace = spans.slice(1).reduce((a, b) => a * b, 1);
  if (restSpace > LOOKUP_MAX_SPAN || spans[0] > LOOKUP_MAX_SPAN) return false;
  const [a, b, c] = cols;
  const closed = new Uint8Array(spans[0]);
  const stamp = new Int32Array(restSpace).fill(-1);
  const la = ranges[0].lo;
  const lb = ranges[1].lo;
  const lc = c ? ranges[2].lo : 0;
  const sc = c ? spans[2] : 1;
  let run = 0;
  for (let i = 0; i < rows; i++) {
    if (i > 0 && a[i] !== a[i - 1]) {
      // A value of the first column seen again after its run ended: not stored in runs. Every
      // repeat before this row lay within one run and would have been found already.
      closed[a[i - 1] - la] = 1;
      if (closed[a[i] - la]) return false;
      run++;
    }
    const k = (b[i] - lb) * sc + (c ? c[i] - lc : 0);
    if (stamp[k] === run) fail(i);
    stamp[k] = run;
  }
  return true;
}
/**
 * Throws on the first row whose key columns repeat an earlier row. Each row's key is one exact
 * number (mixed radix over each column's range); a bitset over that key space marks what was seen,
 * so the pass allocates no per-row objects. Key spaces too wide or too sparse for the bitset use a Set.
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
  const space = spans.reduce((a, b) => a * b, 1);
  const keyOf = (i: number): number => {
    let k = 0;
    for (let c = 0; c < cols.length; c++) k = k * spans[c] + (cols[c][i] - ranges[c].lo);
    return k;
  };
  const fail = (i: number): never => {
    const key = keyOf(i);
    let first = 0;
    while (keyOf(first) !== key) first++;
    const label = names.length === 1 ? names[0] : `(${names.join(', ')})`;
    const value = names.length === 1 ? String(cols[0][i]) : `(${cols.map((c) => c[i]).join(', ')})`;
    throw new DatasetError(file, names.join(','), i, `duplicate ${label} ${value}, first at row ${first}`);
  };
  if ((cols.length === 2 || cols.length === 3) && uniqueWithinRuns(cols, ranges, spans, rows, fail)) return;
  if (cols.length <= 3 && space <= BITSET_MAX_BITS && space <= BITSET_BITS_PER_ROW * rows + 65536) {
    const seen = new Uint8Array(Math.ceil(space / 8));
    // One, two or three key columns (checked above); written out so the loop stays monomorphic.
    const [a, b, c] = cols;
    const [la, lb, lc] = ranges.map((r) => r.lo);
    const [, sb, sc] = spans;
    for (let i = 0; i < rows; i++) {
      let k = a[i] - la;
      if (b) k = k * sb + (b[i] - lb);
      if (c) k = k * sc + (c[i] - lc);
      const bit = 1 << (k & 7);
      if (seen[k >>> 3] & bit) fail(i);
      seen[k >>> 3] |= bit;
    }
    return;
  }
  const exact = space <= Number.MAX_SAFE_INTEGER;
  const seen = new Set<number | string>();
  for (let i = 0; i < rows; i++) {
    const key = exact ? keyOf(i) : cols.map((col) => col[i]).join(',');
    if (seen.has(key)) fail(i);
    seen.add(key);
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
      const { lo, hi } = rangeOf(ids);
      if (hi - lo < LOOKUP_MAX_SPAN) {
        const present = new Uint8Array(Math.max(0, hi - lo + 1));
        for (let i = 0; i < ids.length; i++) present[ids[i] - lo] = 1;
        for (let i = 0; i < entry.rows; i++) {
          const x = xs[i];
          if ((x < lo || x > hi || present[x - lo] === 0) && (!valid || valid[i])) dangling(i);
        }
      } else {
        const set = new Set(ids);
        for (let i = 0; i < entry.rows; i++) if (!set.has(xs[i]) && (!valid || valid[i])) dangling(i);
      }
    }
  }
}
