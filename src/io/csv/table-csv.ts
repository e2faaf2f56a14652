/**
 * Writing Arrow tables as CSV (RFC 4180, LF line ends, header row of the column names, empty field
 * for null) or as JSON lines, and datasets as CSV folders (docs/csv.md). Fields are written as
 * bytes into one reused buffer flushed when full: text is copied from Arrow's UTF-8 buffers as it
 * is (no decoding, so every character survives), integers are written digit by digit, and a
 * million-row table never becomes a string.
 */
import { writeSync } from 'node:fs';
import { DataType, Precision, type Table, type Vector } from 'apache-arrow';
import { utf8BuffersOf, validityOf } from '../../model/arrow.js';
import { SCHEMA, type Dataset, type TableName } from '../../model/schema.js';
import { float32Text } from '../number-text.js';
import { writeDatasetFolder } from '../save.js';
import { COMMA, CR, csvQuoted, forcesQuotes, LF, QUOTE } from './quote.js';
import { csvFileOf } from './layout.js';
import { writeViaTemp } from '../temp-file.js';

/** Bytes buffered before a write: large enough to amortise the call, small next to the table. */
const BUFFER_BYTES = 1 << 22;

/** Rows between two progress reports. */
const PROGRESS_ROWS = 20_000;

/** Options of {@link tableToCsvFile} and {@link tableToJsonlFile}. */
export interface TableWriteOptions {
  /** Called every 20,000 rows and at the end with rows written and rows in all; default none. */
  onProgress?: (done: number, total: number) => void;
}

const BACKSLASH = 0x5c;
const HEX = '0123456789abcdef';

/** A byte buffer: fields are appended, full buffers handed to `out` (which must copy what it keeps). */
class ByteSink {
  buf = Buffer.allocUnsafe(BUFFER_BYTES);
  pos = 0;
  constructor(readonly out: (bytes: Uint8Array) => void) {}
  /** Makes room for `n` more bytes: flushes when full, grows the buffer for a field larger than it. */
  room(n: number): void {
    if (this.pos + n > this.buf.length) this.flush();
    if (n > this.buf.length) this.buf = Buffer.allocUnsafe(n);
  }
  flush(): void {
    if (this.pos > 0) this.out(this.buf.subarray(0, this.pos));
    this.pos = 0;
  }
  bytes(b: Uint8Array): void {
    this.room(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }
  byte(b: number): void {
    if (this.pos >= this.buf.length) this.flush();
    this.buf[this.pos++] = b;
  }
  /** An ASCII string (numbers, keywords, JSON keys). */
  ascii(s: string): void {
    this.room(s.length);
    const buf = this.buf;
    let p = this.pos;
    for (let k = 0; k < s.length; k++) buf[p++] = s.charCodeAt(k);
    this.pos = p;
  }
  /** A 32-bit integer, digit by digit. */
  int(n: number): void {
    this.room(11);
    const buf = this.buf;
    if (n < 0) {
      buf[this.pos++] = 0x2d;
      n = -n;
    }
    if (n < 10) {
      buf[this.pos++] = 0x30 + n;
      return;
    }
    let digits = 0;
    for (let m = n; m > 0; m = Math.floor(m / 10)) digits++;
    let p = this.pos + digits;
    this.pos = p;
    while (n > 0) {
      const q = Math.floor(n / 10);
      buf[--p] = 0x30 + (n - q * 10);
      n = q;
    }
  }
  /** A double in JavaScript's shortest round-trip form; whole numbers take the integer path. */
  double(x: number): void {
    if (Number.isInteger(x) && x > -2147483648 && x < 2147483648) this.int(x);
    else this.ascii(String(x));
  }
}

/** Writes one field of a column at row `i`; returns false for null (nothing written). */
type FieldWriter = (sink: ByteSink, i: number) => boolean;

/**
 * How values are spelled: `csv` and `json` as the table writers document them; `dataset` is CSV as
 * a dataset folder holds it (docs/csv.md#values), with -0 kept and timestamps as `toISOString()`,
 * so the folder reads back to equal tables.
 */
type TextStyle = 'csv' | 'json' | 'dataset';

/** Copies UTF-8 bytes `values[from, to)` as one CSV field, quoted by the one rule of quote.ts. */
function csvText(sink: ByteSink, values: Uint8Array, from: number, to: number): void {
  let quote = from === to;
  for (let k = from; k < to && !quote; k++) quote = forcesQuotes(values[k]);
  sink.room(quote ? 2 * (to - from) + 2 : to - from);
  const buf = sink.buf;
  let p = sink.pos;
  if (quote) buf[p++] = QUOTE;
  for (let k = from; k < to; k++) {
    const b = values[k];
    buf[p++] = b;
    if (b === QUOTE) buf[p++] = QUOTE;
  }
  if (quote) buf[p++] = QUOTE;
  sink.pos = p;
}

/** Copies UTF-8 bytes `values[from, to)` as a JSON string (quotes, backslashes and control characters escaped). */
function jsonText(sink: ByteSink, values: Uint8Array, from: number, to: number): void {
  sink.room(6 * (to - from) + 2);
  const buf = sink.buf;
  let p = sink.pos;
  buf[p++] = QUOTE;
  for (let k = from; k < to; k++) {
    const b = values[k];
    if (b === QUOTE || b === BACKSLASH) {
      buf[p++] = BACKSLASH;
      buf[p++] = b;
    } else if (b < 0x20) {
      const short = b === LF ? 0x6e : b === CR ? 0x72 : b === 0x09 ? 0x74 : 0;
      buf[p++] = BACKSLASH;
      if (short) buf[p++] = short;
      else {
        buf[p++] = 0x75;
        buf[p++] = 0x30;
        buf[p++] = 0x30;
        buf[p++] = HEX.charCodeAt(b >> 4);
        buf[p++] = HEX.charCodeAt(b & 15);
      }
    } else buf[p++] = b;
  }
  buf[p++] = QUOTE;
  sink.pos = p;
}

/**
 * The field writer of one column, null on every row when the column is absent; rows must be asked
 * for in increasing order (text walks the chunks).
 */
function fieldWriterOf(vector: Vector | null, style: TextStyle): FieldWriter {
  if (!vector) return () => false;
  const valid = validityOf(vector);
  const type = vector.type;
  if (DataType.isUtf8(type)) {
    const chunks = vector.data;
    const buffers = chunks.map(utf8BuffersOf);
    let c = 0;
    let base = 0;
    const write = style === 'json' ? jsonText : csvText;
    return (sink, i) => {
      if (valid && !valid[i]) return false;
      while (i >= base + chunks[c].length) base += chunks[c++].length;
      const { offsets, bytes } = buffers[c];
      const k = i - base;
      write(sink, bytes, offsets[k], offsets[k + 1]);
      return true;
    };
  }
  const isTimestamp = style === 'dataset' && DataType.isTimestamp(type);
  if (DataType.isBool(type) || isTimestamp) {
    return (sink, i) => {
      const v: unknown = vector.get(i);
      if (v === null) return false;
      sink.ascii(isTimestamp ? new Date(Number(v)).toISOString() : v ? 'true' : 'false');
      return true;
    };
  }
  // Arrow-js types a column read by position as any; a numeric column's toArray is a typed array.
  const xs: ArrayLike<number> = vector.toArray();
  const put: (sink: ByteSink, x: number) => void =
    DataType.isInt(type) && type.bitWidth <= 32
      ? (sink, x) => sink.int(x)
      : DataType.isFloat(type) && type.precision !== Precision.DOUBLE
        ? // A single-precision value widened to a double prints ~17 digits of noise; 9 significant
          // digits always read back to the same float32.
          (sink, x) => sink.ascii(float32Text(x))
        : DataType.isFloat(type) && style === 'dataset'
          ? (sink, x) => (Object.is(x, -0) ? sink.ascii('-0') : sink.double(x))
          : DataType.isFloat(type)
            ? (sink, x) => sink.double(x)
            : (sink, x) => sink.ascii(String(x));
  return (sink, i) => {
    if (valid && !valid[i]) return false;
    put(sink, xs[i]);
    return true;
  };
}

/** Fills a temp sibling of `path` through a {@link ByteSink} and renames it into place (temp-file.ts). */
function writeSinkViaTemp(path: string, write: (sink: ByteSink) => void): void {
  writeViaTemp(path, (fd) => {
    const sink = new ByteSink((bytes) => void writeSync(fd, bytes));
    write(sink);
    sink.flush();
  });
}

/** Writes a header row of `names`, then one LF-terminated record per row of `fields`. */
function csvRecords(
  sink: ByteSink,
  names: readonly string[],
  fields: FieldWriter[],
  rows: number,
  options: TableWriteOptions,
): void {
  sink.bytes(Buffer.from(`${names.map(csvQuoted).join(',')}\n`, 'utf8'));
  for (let i = 0; i < rows; i++) {
    fields[0](sink, i);
    for (let j = 1; j < fields.length; j++) {
      sink.byte(COMMA);
      fields[j](sink, i);
    }
    sink.byte(LF);
    if ((i + 1) % PROGRESS_ROWS === 0) options.onProgress?.(i + 1, rows);
  }
}

/**
 * Writes `table` to `path` as CSV, through a temporary sibling file renamed into place so a failed
 * write leaves no partial file. Text is written from its exact UTF-8 bytes, quoted only when
 * RFC 4180 needs it (`""` for the empty string); doubles in JavaScript's shortest round-trip
 * form, single-precision floats with 9 significant digits (enough to read back the same float32).
 * Cost: one pass; dominated by double formatting.
 * @example tableToCsvFile(scoreTableOf(dataset), 'scores.csv') // => writes scores.csv
 */
export function tableToCsvFile(table: Table, path: string, options: TableWriteOptions = {}): void {
  const names = table.schema.fields.map((f) => f.name);
  const fields = names.map((_, j) => fieldWriterOf(table.getChildAt(j), 'csv'));
  writeSinkViaTemp(path, (sink) => csvRecords(sink, names, fields, table.numRows, options));
  options.onProgress?.(table.numRows, table.numRows);
}

/**
 * Writes `table` to `path` as JSON lines: one object per row, keys in column order, null for
 * null, numbers as {@link tableToCsvFile} writes them; written through a temp file renamed into
 * place.
 * @example tableToJsonlFile(scoreTableOf(dataset), 'scores.jsonl') // => writes {"player_id":1,…} per line
 */
export function tableToJsonlFile(table: Table, path: string, options: TableWriteOptions = {}): void {
  const names = table.schema.fields.map((f) => f.name);
  const keys = names.map((n, j) => Buffer.from(`${j === 0 ? '{' : ','}${JSON.stringify(n)}:`, 'utf8'));
  const fields = names.map((_, j) => fieldWriterOf(table.getChildAt(j), 'json'));
  const rows = table.numRows;
  writeSinkViaTemp(path, (sink) => {
    for (let i = 0; i < rows; i++) {
      for (let j = 0; j < fields.length; j++) {
        sink.bytes(keys[j]);
        if (!fields[j](sink, i)) sink.ascii('null');
      }
      sink.ascii('}\n');
      if ((i + 1) % PROGRESS_ROWS === 0) options.onProgress?.(i + 1, rows);
    }
  });
  options.onProgress?.(rows, rows);
}

/**
 * The CSV text of one table: a header row of the schema's column names in schema order, then one
 * LF-terminated record per row, values as docs/csv.md#values spells them (-0 kept, timestamps as
 * `toISOString()`, so they read back exactly). A column the table lacks is written empty (null).
 * @example tableToCsv('leagues', tableFromRows('leagues', [{ league_id: 1, name: 'A, B', tier: 1, kind: 'league' }])) // => 'league_id,name,country,tier,kind\n1,"A, B",,1,league\n'
 */
export function tableToCsv(name: TableName, table: Table): string {
  const names = Object.keys(SCHEMA[name].columns);
  const chunks: Buffer[] = [];
  const sink = new ByteSink((bytes) => chunks.push(Buffer.from(bytes)));
  csvRecords(
    sink,
    names,
    names.map((col) => fieldWriterOf(table.getChild(col), 'dataset')),
    table.numRows,
    {},
  );
  sink.flush();
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Writes a dataset as a CSV folder: `dataset.json` and one `<table>.csv` per table present
 * (absent optional tables write no file), which {@link datasetFromCsvDir} reads back to equal
 * tables. Like `datasetToDir`, it writes into a sibling temp folder and renames it into place,
 * replacing whatever `dir` held.
 * @example datasetToCsvDir(engine.dataset, 'demo-csv') // => writes demo-csv/players.csv, …
 */
export function datasetToCsvDir(dataset: Dataset, dir: string): void {
  writeDatasetFolder(dataset, dir, csvFileOf, tableToCsv);
}
