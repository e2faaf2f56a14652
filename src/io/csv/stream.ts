/**
 * Streaming CSV reading from a file (docs/csv.md#encodings): the file is read in blocks, each
 * block decoded strictly and cut at the last record boundary, so memory holds one block of text,
 * never the whole file.
 */
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { DatasetError } from '../../model/dataset-error.js';
import { delimiterNameOf, delimiterOfHeader, type CsvDelimiter } from './delimiter.js';
import { blockDecoder, bomOf, decodeErrorOf, encodingOf, type TextEncoding } from './encoding.js';
import { CSV_RECORD_MAX_CHARS, parseCsv, type CsvField } from './parse.js';

/** Bytes read and decoded at a time: large enough to amortise the calls, small next to the file. */
const BLOCK_BYTES = 4 * 1024 * 1024;

/** Options of {@link readCsvFile}. */
export interface CsvFileOptions {
  /** Encoding when the file has no byte-order mark; default strict UTF-8. */
  encoding?: TextEncoding;
  /** Field delimiter; default detected from the header line. */
  delimiter?: CsvDelimiter;
  /** Name of the file in error messages; default the path. */
  file?: string;
  /** Called after each block with bytes read and bytes in all; default none. */
  onProgress?: (bytesDone: number, bytesTotal: number) => void;
  /** Bytes read at a time; default 4 MiB (tests use tiny blocks to cut records and characters). */
  blockBytes?: number;
}

/** What {@link readCsvFile} found out about the file. */
export interface CsvFileInfo {
  /** The encoding the file was decoded with. */
  encoding: TextEncoding;
  /** True when the file started with a byte-order mark. */
  bom: boolean;
  /** The delimiter used (detected or forced). */
  delimiter: CsvDelimiter;
  /** How the delimiter was chosen. */
  delimiterSource: 'detected' | 'forced';
  /** Size of the file in bytes. */
  bytes: number;
}

/**
 * End (exclusive) of the last complete record of `text`: just after the last line feed that is
 * outside double quotes, or 0 when there is none.
 */
function lastRecordEnd(text: string): number {
  let end = 0;
  let i = 0;
  const n = text.length;
  for (;;) {
    const q = text.indexOf('"', i);
    const stop = q < 0 ? n : q;
    const lf = text.lastIndexOf('\n', stop - 1);
    if (lf >= i) end = lf + 1;
    if (q < 0) return end;
    // Skip the quoted section; a doubled quote inside it reopens and closes at once.
    const close = text.indexOf('"', q + 1);
    if (close < 0) return end;
    i = close + 1;
  }
}

/** The delimiter of the header line (the first line of `text`); throws when it is ambiguous. */
function detectedDelimiter(text: string, file: string): CsvDelimiter {
  const nl = text.indexOf('\n');
  const header = (nl < 0 ? text : text.slice(0, nl)).replace(/\r$/, '');
  const found = delimiterOfHeader(header);
  if (!found)
    throw new DatasetError(
      file,
      null,
      null,
      'line 1: the header has as many of two delimiters (`,` `;` tab); give --delimiter',
    );
  return found;
}

/** The error for a record still open after {@link CSV_RECORD_MAX_CHARS} characters. */
function recordTooLong(file: string, line: number): DatasetError {
  return new DatasetError(
    file,
    null,
    null,
    `line ${line}: a record longer than ${CSV_RECORD_MAX_CHARS} characters (the limit for one CSV line); is this a CSV file?`,
  );
}

/**
 * Reads the CSV file at `path` record by record: the first record (the header) and every data
 * record go to `onRecord` with the 1-based line they start on. Decoding is strict (an invalid
 * byte throws {@link DatasetError} with its line and byte offset before any record past the
 * block holding it is seen; callers write nothing until this returns). The delimiter is detected
 * from the header line unless given; an ambiguous header (as many `;` as `,`) throws.
 * Cost: one pass over the file; memory of one block of text plus the caller's records.
 * @example readCsvFile('players.csv', (fields, line) => {}).delimiter // => ','
 */
export function readCsvFile(
  path: string,
  onRecord: (fields: CsvField[], line: number) => void,
  options: CsvFileOptions = {},
): CsvFileInfo {
  const file = options.file ?? path;
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const buffer = new Uint8Array(Math.min(options.blockBytes ?? BLOCK_BYTES, Math.max(size, 4)));
    let done = 0;
    const readBlock = (): Uint8Array => {
      const got = readSync(fd, buffer, 0, buffer.length, done);
      done += got;
      return buffer.subarray(0, got);
    };
    let block = readBlock();
    const encoding = encodingOf(block, options.encoding, file);
    const bom = bomOf(block);
    const skip = bom && bom.encoding === encoding ? bom.bytes : 0;
    const decoder = blockDecoder(encoding);
    let delimiter = options.delimiter;
    let carry = '';
    let line = 1;
    // Each block is cut at its last record boundary and the rest carried to the next.
    for (let first = true; ; first = false) {
      const last = done >= size || block.length === 0;
      let text: string;
      try {
        text = carry + decoder.decode(first ? block.subarray(skip) : block, last);
      } catch {
        throw decodeErrorOf(readFileSync(path), file, encoding);
      }
      const end = last ? text.length : lastRecordEnd(text);
      if (delimiter === undefined && (end > 0 || last)) delimiter = detectedDelimiter(text, file);
      if (end > 0)
        line = parseCsv(end === text.length ? text : text.slice(0, end), file, onRecord, {
          delimiter,
          firstLine: line,
        });
      carry = end === text.length ? '' : text.slice(end);
      // One record that never ends (a 100 MB header line) is refused at the cap, not held whole.
      if (carry.length > CSV_RECORD_MAX_CHARS) throw recordTooLong(file, line);
      options.onProgress?.(done, size);
      if (last) break;
      block = readBlock();
    }
    return {
      encoding,
      bom: skip > 0,
      delimiter: delimiter ?? ',',
      delimiterSource: options.delimiter ? 'forced' : 'detected',
      bytes: size,
    };
  } finally {
    closeSync(fd);
  }
}

/** The `--json` description of how a file was read. @example csvFileSummaryOf(info) // => { encoding: 'utf-8', bom: false, delimiter: ',' , delimiter_source: 'detected' } */
export function csvFileSummaryOf(info: CsvFileInfo): {
  encoding: TextEncoding;
  bom: boolean;
  delimiter: string;
  delimiter_source: 'detected' | 'forced';
} {
  return {
    encoding: info.encoding,
    bom: info.bom,
    delimiter: delimiterNameOf(info.delimiter),
    delimiter_source: info.delimiterSource,
  };
}
