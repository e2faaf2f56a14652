/**
 * RFC 4180 record parsing for the CSV provider: fields separated by a comma (or a chosen
 * delimiter: `;` or tab), double-quoted fields may
 * hold commas, quotes (doubled) and line breaks; records end with LF or CRLF.
 */
import { DatasetError } from '../../model/dataset-error.js';
import { CR, LF, QUOTE } from './quote.js';

const BOM = 0xfeff;

/**
 * One field: its text, or null for an empty unquoted field (a quoted empty field `""` is the empty
 * string, which keeps the two apart).
 */
export type CsvField = string | null;

/** Options of {@link parseCsv}. */
interface ParseCsvOptions {
  /** Field separator, one character: `,`, `;` or a tab; default `,`. */
  delimiter?: string;
  /** Line number of the text's first line, for texts that continue a file; default 1. */
  firstLine?: number;
}

/**
 * Most characters one CSV field may hold (docs/csv.md#limits): a name or a number is far shorter;
 * a longer field is a broken file, refused before it is held or echoed.
 */
export const CSV_FIELD_MAX_CHARS = 65_536;

/**
 * Most characters one CSV record (a line, or several when a quoted field spans lines) may hold
 * (docs/csv.md#limits): a few hundred columns of plain values fit many times over.
 */
export const CSV_RECORD_MAX_CHARS = 1_048_576;

function fieldTooLong(file: string, line: number, field: number): DatasetError {
  return new DatasetError(
    file,
    null,
    null,
    `line ${line}: field ${field} is longer than ${CSV_FIELD_MAX_CHARS} characters (the limit for one CSV field)`,
  );
}

/** Where {@link parseCsv} is in the text: the offset of the next character and the line it is on. */
interface Cursor {
  readonly text: string;
  readonly file: string;
  readonly n: number;
  /** The delimiter's char code. */
  readonly comma: number;
  i: number;
  line: number;
}

/** Reads the quoted field at the cursor into `fields`; returns the char code after it (LF at the end). */
function quotedField(cur: Cursor, fields: CsvField[], startLine: number): number {
  const { text, file } = cur;
  let value = '';
  let from = cur.i + 1;
  for (;;) {
    const q = text.indexOf('"', from);
    if (q < 0) throw new DatasetError(file, null, null, `line ${startLine}: quoted field never closed`);
    value += text.slice(from, q);
    if (text.charCodeAt(q + 1) === QUOTE) {
      value += '"';
      from = q + 2;
      continue;
    }
    cur.i = q + 1;
    break;
  }
  for (let k = value.indexOf('\n'); k >= 0; k = value.indexOf('\n', k + 1)) cur.line++;
  if (value.length > CSV_FIELD_MAX_CHARS) throw fieldTooLong(file, startLine, fields.length + 1);
  fields.push(value);
  const c = cur.i < cur.n ? text.charCodeAt(cur.i) : LF;
  if (c !== cur.comma && c !== LF && c !== CR) {
    throw new DatasetError(
      file,
      null,
      null,
      `line ${cur.line}: text after the closing quote of field ${fields.length}`,
    );
  }
  return c;
}

/** Reads the unquoted field at the cursor into `fields` (null when empty); returns the char code that ends it (LF at the end). */
function plainField(cur: Cursor, fields: CsvField[]): number {
  const { text, n, comma } = cur;
  const i = cur.i;
  let j = i;
  let c = LF;
  while (j < n) {
    const d = text.charCodeAt(j);
    if (d === comma || d === LF || d === CR) {
      c = d;
      break;
    }
    if (d === QUOTE)
      throw new DatasetError(
        cur.file,
        null,
        null,
        `line ${cur.line}: a quote inside unquoted field ${fields.length + 1} (quote the whole field and double the quote)`,
      );
    j++;
  }
  if (j - i > CSV_FIELD_MAX_CHARS) throw fieldTooLong(cur.file, cur.line, fields.length + 1);
  fields.push(j === i ? null : text.slice(i, j));
  cur.i = j;
  return c;
}

/** The fields of the record at the cursor, leaving the cursor on its line break (or the end). */
function recordAt(cur: Cursor, startLine: number): CsvField[] {
  const fields: CsvField[] = [];
  for (;;) {
    const c = cur.text.charCodeAt(cur.i) === QUOTE ? quotedField(cur, fields, startLine) : plainField(cur, fields);
    if (c !== cur.comma) return fields;
    cur.i++;
  }
}

/**
 * Calls `onRecord` for every record of a CSV text, with its fields and the 1-based line on which
 * it starts. A leading byte-order mark is skipped; blank lines are skipped. Throws
 * {@link DatasetError} (naming `file` and the line) on an unterminated quoted field or text after
 * a closing quote. Returns the line number after the text's last line.
 * Cost: one pass over the text.
 * @example parseCsv('a,b\n1,"x,""y"""\n', 'f.csv', (fields, line) => console.log(line, fields)) // => logs 1 ['a','b'] then 2 ['1','x,"y"']
 */
export function parseCsv(
  text: string,
  file: string,
  onRecord: (fields: CsvField[], line: number) => void,
  options: ParseCsvOptions = {},
): number {
  const n = text.length;
  const line = options.firstLine ?? 1;
  const i = n > 0 && line === 1 && text.charCodeAt(0) === BOM ? 1 : 0;
  const cur: Cursor = { text, file, n, comma: (options.delimiter ?? ',').charCodeAt(0), i, line };
  while (cur.i < n) {
    const startLine = cur.line;
    const fields = recordAt(cur, startLine);
    if (cur.i < n && text.charCodeAt(cur.i) === CR) cur.i++;
    if (cur.i < n && text.charCodeAt(cur.i) === LF) cur.i++;
    cur.line++;
    if (fields.length === 1 && fields[0] === null) continue;
    onRecord(fields, startLine);
  }
  return cur.line;
}
