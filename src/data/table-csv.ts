/**
 * Writing any Arrow table of Int32, Float64, Float32, Utf8 and Bool columns as CSV (RFC 4180,
 * LF line ends, header row of the column names, empty field for null) or as JSON lines, streamed
 * in blocks of rows so a million-row table never becomes one string.
 */
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { DataType, Precision, type Table, type Vector } from 'apache-arrow';
import { validityMaskOf } from './arrow-columns.js';
import { float32Text } from './number-text.js';

/** Rows per written block: large enough to amortise the syscall, small enough to stay well under V8's string limit. */
const BLOCK_ROWS = 20_000;

/** Characters that force a text field into quotes (RFC 4180 §2.6). */
const NEEDS_QUOTES = /[",\r\n]/;

/** The CSV text of a string value: quoted only when needed, `""` for the empty string. */
function textField(s: string): string {
  return s === '' || NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Options of {@link tableToCsvFile} and {@link tableToJsonlFile}. */
export interface TableWriteOptions {
  /** Called after each block with rows written and rows in all; default none. */
  onProgress?: (done: number, total: number) => void;
}

// Arrow's own string decoding drops a leading U+FEFF from a value; the writers must keep every character.
const exactUtf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** Every value of a Utf8 column, decoded from its exact bytes (null stays null). */
function textsOf(vector: Vector): (string | null)[] {
  const out: (string | null)[] = new Array(vector.length);
  let row = 0;
  for (const chunk of vector.data) {
    const values = chunk.values as Uint8Array;
    const offsets = chunk.valueOffsets as Int32Array;
    for (let i = 0; i < chunk.length; i++, row++) out[row] = chunk.getValid(i) ? exactUtf8.decode(values.subarray(offsets[i], offsets[i + 1])) : null;
  }
  return out;
}

/** How one column's value at row `i` is written, or null for a null value. */
type ValueText = (i: number) => string | null;

/** One column as per-row value producers: numbers as text, strings raw (the format quotes them). */
function valuesOf(table: Table, index: number): { text: ValueText; quoted: boolean } {
  const vector = table.getChildAt(index)!;
  const valid = validityMaskOf(vector);
  const type = vector.type;
  if (DataType.isUtf8(type)) {
    const xs = textsOf(vector);
    return { text: (i) => xs[i], quoted: true };
  }
  if (DataType.isBool(type)) {
    return { text: (i) => { const v = vector.get(i) as boolean | null; return v === null ? null : v ? 'true' : 'false'; }, quoted: false };
  }
  const xs = vector.toArray() as ArrayLike<number>;
  if (DataType.isFloat(type) && type.precision !== Precision.DOUBLE) {
    // A single-precision value widened to a double prints ~17 digits of noise; 9 significant
    // digits always read back to the same float32.
    return { text: valid ? (i) => (valid[i] ? float32Text(xs[i]) : null) : (i) => float32Text(xs[i]), quoted: false };
  }
  return { text: valid ? (i) => (valid[i] ? String(xs[i]) : null) : (i) => String(xs[i]), quoted: false };
}

/** Writes `head` then `blockOf(from, to)` for every block of rows into `path` via a temp file renamed into place. */
function writeBlocks(path: string, head: string, rows: number, blockOf: (from: number, to: number) => string, options: TableWriteOptions): void {
  const tmp = `${path}.tmp-${process.pid}`;
  const fd = openSync(tmp, 'w');
  let open = true;
  try {
    if (head) writeSync(fd, head);
    for (let from = 0; from < rows; from += BLOCK_ROWS) {
      const to = Math.min(rows, from + BLOCK_ROWS);
      writeSync(fd, blockOf(from, to));
      options.onProgress?.(to, rows);
    }
    closeSync(fd);
    open = false;
    renameSync(tmp, path);
  } catch (e) {
    if (open) closeSync(fd);
    rmSync(tmp, { force: true });
    throw e;
  }
}

/**
 * Writes `table` to `path` as CSV, through a temporary sibling file renamed into place so a failed
 * write leaves no partial file. Doubles are written in JavaScript's shortest round-trip form,
 * single-precision floats with 9 significant digits (enough to read back the same float32).
 * Cost: one pass; dominated by number formatting (bench/results/score.md).
 * @example tableToCsvFile(scoreTableOf(dataset), 'scores.csv') // => writes scores.csv
 */
export function tableToCsvFile(table: Table, path: string, options: TableWriteOptions = {}): void {
  const names = table.schema.fields.map((f) => f.name);
  const columns = names.map((_, j) => valuesOf(table, j));
  const fields = columns.map(({ text, quoted }): ((i: number) => string) => (quoted ? (i) => { const s = text(i); return s === null ? '' : textField(s); } : (i) => text(i) ?? ''));
  const width = fields.length;
  writeBlocks(path, `${names.map(textField).join(',')}\n`, table.numRows, (from, to) => {
    const lines: string[] = new Array(to - from);
    for (let i = from; i < to; i++) {
      let line = fields[0](i);
      for (let j = 1; j < width; j++) line += `,${fields[j](i)}`;
      lines[i - from] = line;
    }
    return `${lines.join('\n')}\n`;
  }, options);
}

/**
 * Writes `table` to `path` as JSON lines: one object per row, keys in column order, null for
 * null, numbers as {@link tableToCsvFile} writes them; written through a temp file renamed into
 * place.
 * @example tableToJsonlFile(scoreTableOf(dataset), 'scores.jsonl') // => writes {"player_id":1,…} per line
 */
export function tableToJsonlFile(table: Table, path: string, options: TableWriteOptions = {}): void {
  const names = table.schema.fields.map((f) => f.name);
  const keys = names.map((n, j) => `${j === 0 ? '{' : ','}${JSON.stringify(n)}:`);
  const columns = names.map((_, j) => valuesOf(table, j));
  const values = columns.map(({ text, quoted }): ((i: number) => string) => (quoted ? (i) => { const s = text(i); return s === null ? 'null' : JSON.stringify(s); } : (i) => text(i) ?? 'null'));
  writeBlocks(path, '', table.numRows, (from, to) => {
    const lines: string[] = new Array(to - from);
    for (let i = from; i < to; i++) {
      let line = '';
      for (let j = 0; j < values.length; j++) line += keys[j] + values[j](i);
      lines[i - from] = `${line}}`;
    }
    return `${lines.join('\n')}\n`;
  }, options);
}
