/** Raised when a dataset on disk or in memory breaks the schema; names the file, column and row. */
export class DatasetError extends Error {
  /** The file (`players.arrow`, `dataset.json`), or for an in-memory dataset the table (`players table`, `dataset.meta`). */
  readonly file: string;
  readonly column: string | null;
  /** Zero-based row index, or null when the problem is not a single row. */
  readonly row: number | null;
  constructor(file: string, column: string | null, row: number | null, problem: string) {
    const where = [file, column && `column ${column}`, row !== null && `row ${row}`].filter(Boolean).join(', ');
    super(`${where}: ${problem}`);
    this.name = 'DatasetError';
    this.file = file;
    this.column = column;
    this.row = row;
  }
}

/** Longest value an error message quotes whole (docs/csv.md#limits). */
export const SHOWN_VALUE_MAX_CHARS = 80;

/**
 * `value` quoted for an error message, cut to {@link SHOWN_VALUE_MAX_CHARS} characters (with its
 * length) so a huge cell never becomes a huge message.
 * @example shownValueOf('x'.repeat(100)) // => '"xxxx…x…" (100 characters)'
 */
export function shownValueOf(value: string): string {
  if (value.length <= SHOWN_VALUE_MAX_CHARS) return JSON.stringify(value);
  return `${JSON.stringify(`${value.slice(0, SHOWN_VALUE_MAX_CHARS)}…`)} (${value.length} characters)`;
}
