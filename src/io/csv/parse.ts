/**
 * RFC 4180 record parsing for the CSV provider, by csv-parse: fields separated by a comma (or a
 * chosen delimiter: `;` or tab), double-quoted fields may hold commas, quotes (doubled) and line
 * breaks; records end with LF, CRLF or CR. csv-parse's errors are restated as {@link DatasetError}s
 * naming the file and line (docs/csv.md#files).
 */
import { CsvError, type CastingContext, type InfoRecord } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { DatasetError } from '../../model/dataset-error.js';

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
 * Most characters one CSV field may hold (docs/csv.md#limits): a name or a number is far shorter;
 * a longer field is a broken file, refused before it is held or echoed.
 */
export const CSV_FIELD_MAX_CHARS = 65_536;

/**
 * Most characters one CSV record (a line, or several when a quoted field spans lines) may hold
 * (docs/csv.md#limits): a few hundred columns of plain values fit many times over.
 */
export const CSV_RECORD_MAX_CHARS = 1_048_576;

/** Line feeds inside a record's fields: how many lines the record spans beyond its first. */
function breaksIn(fields: readonly CsvField[]): number {
  let n = 0;
  for (const f of fields) if (f) for (let k = f.indexOf('\n'); k >= 0; k = f.indexOf('\n', k + 1)) n++;
  return n;
}

/** csv-parse's error about `file` as a DatasetError worded with the line (offset from `base`). */
function restated(e: CsvError, file: string, base: number): DatasetError {
  const line = Number(e.lines) + base;
  const field = Number(e.column ?? 0) + 1;
  const problem: Record<string, string> = {
    CSV_QUOTE_NOT_CLOSED: 'quoted field never closed',
    CSV_INVALID_CLOSING_QUOTE: `text after the closing quote of field ${field}`,
    INVALID_OPENING_QUOTE: `a quote inside unquoted field ${field} (quote the whole field and double the quote)`,
  };
  return new DatasetError(file, null, null, `line ${line}: ${problem[e.code] ?? e.message}`);
}

/**
 * Calls `onRecord` for every record of a CSV text, with its fields and the 1-based line on which
 * it starts. A leading byte-order mark is skipped; blank lines are skipped. Throws
 * {@link DatasetError} (naming `file` and the line) on an unterminated quoted field, text after
 * a closing quote, a quote inside an unquoted field or a field over {@link CSV_FIELD_MAX_CHARS}.
 * Returns the line number after the text's last line.
 * Cost: one pass over the text.
 * @example parseCsv('a,b\n1,"x,""y"""\n', 'f.csv', (fields, line) => console.log(line, fields)) // => logs 1 ['a','b'] then 2 ['1','x,"y"']
 */
export function parseCsv(
  text: string,
  file: string,
  onRecord: (fields: CsvField[], line: number) => void,
  options: ParseCsvOptions = {},
): number {
  const base = (options.firstLine ?? 1) - 1;
  const cast = (value: string, context: CastingContext): CsvField => {
    if (value.length > CSV_FIELD_MAX_CHARS)
      throw new DatasetError(
        file,
        null,
        null,
        `line ${context.lines + base}: field ${context.index + 1} is longer than ${CSV_FIELD_MAX_CHARS} characters (the limit for one CSV field)`,
      );
    return value === '' && !context.quoting ? null : value;
  };
  // A record starts on the line after the previous one ends, past the blank lines skipped between.
  let end = base;
  let blank = 0;
  const take = (record: CsvField[], context: InfoRecord): undefined => {
    const line = end + 1 + context.empty_lines - blank;
    blank = context.empty_lines;
    end = line + breaksIn(record);
    onRecord(record, line);
    return undefined;
  };
  try {
    // Records go to `onRecord` as they are parsed (on_record keeps none), so a consumer that
    // refuses an early record stops the parse there.
    parse(text, {
      delimiter: options.delimiter ?? ',',
      bom: base === 0,
      cast,
      on_record: take,
      relax_column_count: true,
      skip_empty_lines: true,
      record_delimiter: ['\r\n', '\n', '\r'],
    });
  } catch (e) {
    if (e instanceof CsvError) throw restated(e, file, base);
    throw e;
  }
  let lines = 0;
  for (let k = text.indexOf('\n'); k >= 0; k = text.indexOf('\n', k + 1)) lines++;
  return base + 1 + lines + (text.length > 0 && !text.endsWith('\n') ? 1 : 0);
}
