/**
 * RFC 4180 record parsing for the CSV provider: fields separated by a comma (or a chosen
 * delimiter: `;` or tab), double-quoted fields may
 * hold commas, quotes (doubled) and line breaks; records end with LF or CRLF.
 */
import { DatasetError } from '../../model/dataset-error.js';

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const BOM = 0xfeff;

/**
 * One field: its text, or null for an empty unquoted field (a quoted empty field `""` is the empty
 * string, which keeps the two apart).
 */
export type CsvField = string | null;

/** Options of {@link parseCsv}. */
export interface ParseCsvOptions {
  /** Field separator, one character: `,`, `;` or a tab; default `,`. */
  delimiter?: string;
  /** Line number of the text's first line, for texts that continue a file; default 1. */
  firstLine?: number;
}

/**
 * Calls `onRecord` for every record of a CSV text, with its fields and the 1-based line on which
 * it starts. A leading byte-order mark is skipped; blank lines are skipped. Throws
 * {@link DatasetError} (naming `file` and the line) on an unterminated quoted field or text after
 * a closing quote. Returns the line number after the text's last line.
 * Cost: one pass over the text.
 * @example parseCsv('a,b\n1,"x,""y"""\n', 'f.csv', (fields, line) => console.log(line, fields)) // => logs 1 ['a','b'] then 2 ['1','x,"y"']
 */
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

export function parseCsv(
  text: string,
  file: string,
  onRecord: (fields: CsvField[], line: number) => void,
  options: ParseCsvOptions = {},
): number {
  const COMMA = (options.delimiter ?? ',').charCodeAt(0);
  const n = text.length;
  let line = options.firstLine ?? 1;
  let i = n > 0 && line === 1 && text.charCodeAt(0) === BOM ? 1 : 0;
  while (i < n) {
    const startLine = line;
    const fields: CsvField[] = [];
    let c = 0;
    for (;;) {
      if (text.charCodeAt(i) === QUOTE) {
        let value = '';
        let from = i + 1;
        for (;;) {
          const q = text.indexOf('"', from);
          if (q < 0) throw new DatasetError(file, null, null, `line ${startLine}: quoted field never closed`);
          value += text.slice(from, q);
          if (text.charCodeAt(q + 1) === QUOTE) {
            value += '"';
            from = q + 2;
            continue;
          }
          i = q + 1;
          break;
        }
        for (let k = value.indexOf('\n'); k >= 0; k = value.indexOf('\n', k + 1)) line++;
        if (value.length > CSV_FIELD_MAX_CHARS) throw fieldTooLong(file, startLine, fields.length + 1);
        fields.push(value);
        c = i < n ? text.charCodeAt(i) : LF;
        if (c !== COMMA && c !== LF && c !== CR) {
          throw new DatasetError(
            file,
            null,
            null,
            `line ${line}: text after the closing quote of field ${fields.length}`,
          );
        }
      } else {
        let j = i;
        c = LF;
        while (j < n) {
          const d = text.charCodeAt(j);
          if (d === COMMA || d === LF || d === CR) {
            c = d;
            break;
          }
          if (d === QUOTE)
            throw new DatasetError(
              file,
              null,
              null,
              `line ${line}: a quote inside unquoted field ${fields.length + 1} (quote the whole field and double the quote)`,
            );
          j++;
        }
        if (j - i > CSV_FIELD_MAX_CHARS) throw fieldTooLong(file, line, fields.length + 1);
        fields.push(j === i ? null : text.slice(i, j));
        i = j;
      }
      if (c === COMMA) {
        i++;
        continue;
      }
      break;
    }
    if (i < n && text.charCodeAt(i) === CR) i++;
    if (i < n && text.charCodeAt(i) === LF) i++;
    line++;
    if (fields.length === 1 && fields[0] === null) continue;
    onRecord(fields, startLine);
  }
  return line;
}
