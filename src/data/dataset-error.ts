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
