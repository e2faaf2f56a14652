/**
 * The source side of an analyst's export (docs/scoring.md#column-maps): each CSV file read into
 * qualified header names (group row, repeated names numbered) and records with their lines, and
 * several tables of one export joined on the map's `join_on`.
 */
import { shownValueOf, DatasetError } from '../../model/dataset-error.js';
import type { ColumnMap } from './column-map.js';
import { parseCsv, type CsvField } from '../../io/csv/parse.js';

/** One export file: its name (for errors) and its text. */
export interface ExportFile {
  file: string;
  text: string;
  /** Field separator of the file: `,` (default), `;` or a tab. */
  delimiter?: string;
}

/** A source table: qualified header names and data records with their lines. */
export interface SourceTable {
  /** The files joined into this table; the first gives the rows. */
  files: string[];
  header: string[];
  /** Index into `files` of the file each column comes from. */
  columnFile: number[];
  /** Cells, and per file the 1-based line and 0-based data row they come from (-1 where a later file has no match). */
  rows: { fields: CsvField[]; at: { line: number; row: number }[] }[];
  skipped: number;
}

/**
 * The group of every column from a group row. FBref's export repeats a group's name over each of
 * its columns (blank where a column has no group); some copies name each group once, over its
 * first column. A row where no name repeats next to itself but some name has a blank after it is
 * read the second way: a name covers the columns up to the next name (docs/scoring.md#fbref).
 */
function groupsOf(row: string[]): string[] {
  const repeats = row.some((g, j) => g !== '' && row[j + 1] === g);
  const sparse = !repeats && row.some((g, j) => g !== '' && j + 1 < row.length && row[j + 1] === '');
  if (!sparse) return row;
  let current = '';
  return row.map((g) => (current = g === '' ? current : g));
}

/** Reads one export file's records: group row, qualified names, repeated headers skipped. */
export function sourceTableOf(f: ExportFile, map: ColumnMap): SourceTable {
  const records: { fields: CsvField[]; line: number }[] = [];
  parseCsv(f.text, f.file, (fields, line) => records.push({ fields, line }), { delimiter: f.delimiter });
  if (records.length === 0) throw new DatasetError(f.file, null, null, 'empty file (no header row)');
  const mode = map.header_rows ?? 1;
  const grouped = mode === 2 || (mode === 'auto' && (records[0].fields[0] ?? '') === '');
  if (grouped && records.length < 2)
    throw new DatasetError(f.file, null, null, `line ${records[0].line}: a group row but no header row under it`);
  const names = (grouped ? records[1] : records[0]).fields.map((x) => x ?? '');
  const groups = grouped ? groupsOf(records[0].fields.map((x) => x ?? '')) : [];
  const seen = new Map<string, number>();
  const header = names.map((n, j) => {
    const q = groups[j] ? `${groups[j]}/${n}` : n;
    const k = (seen.get(q) ?? 0) + 1;
    seen.set(q, k);
    // A repeated name gets `#2`, `#3` … so the map can tell the copies apart (docs/scoring.md#column-maps).
    return k === 1 ? q : `${q}#${k}`;
  });
  const namesLine = names.join('\u0000');
  let skipped = 0;
  const rows: SourceTable['rows'] = [];
  for (const r of records.slice(grouped ? 2 : 1)) {
    if (map.skip_repeated_header && r.fields.map((x) => x ?? '').join('\u0000') === namesLine) {
      skipped++;
      continue;
    }
    if (r.fields.length !== header.length)
      throw new DatasetError(
        f.file,
        null,
        rows.length,
        `line ${r.line}: ${r.fields.length} fields, the header has ${header.length}`,
      );
    rows.push({ fields: r.fields, at: [{ line: r.line, row: rows.length }] });
  }
  return { files: [f.file], header, columnFile: header.map(() => 0), rows, skipped };
}

/** The join key of a record of `t`: its `on` cells as JSON; throws when `t` lacks a join column. */
function keyOf(t: SourceTable, on: readonly string[], mapName: string): (fields: CsvField[]) => string {
  const at = on.map((c) => {
    const j = t.header.indexOf(c);
    if (j < 0) throw new DatasetError(t.files[0], c, null, `join column "${c}" is missing (join_on of map ${mapName})`);
    return j;
  });
  return (fields) => JSON.stringify(at.map((j) => fields[j]));
}

/** Join key → row of the first table; throws when a key repeats. */
function baseIndexOf(base: SourceTable, on: readonly string[], mapName: string): Map<string, number> {
  const baseKey = keyOf(base, on, mapName);
  const index = new Map<string, number>();
  base.rows.forEach((r, i) => {
    const k = baseKey(r.fields);
    if (index.has(k))
      throw new DatasetError(
        base.files[0],
        null,
        i,
        `line ${r.at[0].line}: ${on.join(' + ')} ${k} repeats row ${index.get(k)}, so later tables cannot be joined`,
      );
    index.set(k, i);
  });
  return index;
}

/** For each row of the first table, the row of `t` that joins it (-1: none); throws on an unmatched or repeated row of `t`. */
function matchesOf(
  t: SourceTable,
  base: SourceTable,
  index: ReadonlyMap<string, number>,
  on: readonly string[],
  mapName: string,
): Int32Array {
  const file = t.files[0];
  const key = keyOf(t, on, mapName);
  const match = new Int32Array(base.rows.length).fill(-1);
  t.rows.forEach((r, i) => {
    const b = index.get(key(r.fields));
    if (b === undefined)
      throw new DatasetError(
        file,
        null,
        i,
        `line ${r.at[0].line}: no row of ${base.files[0]} has ${on.join(' + ')} ${key(r.fields)}`,
      );
    if (match[b] >= 0)
      throw new DatasetError(
        file,
        null,
        i,
        `line ${r.at[0].line}: ${on.join(' + ')} ${key(r.fields)} repeats row ${match[b]}`,
      );
    match[b] = i;
  });
  return match;
}

/** The growing joined table: header, the file of each column and the rows, and the tables joined. */
type Joined = Pick<SourceTable, 'header' | 'columnFile' | 'rows'> & { tables: readonly SourceTable[] };

/** Throws when the matched rows of a later table disagree with a column the joined table already has. */
function checkSameColumn(joined: Joined, t: SourceTable, match: Int32Array, j: number, at: number): void {
  const { rows, columnFile, tables } = joined;
  for (let b = 0; b < rows.length; b++) {
    if (match[b] < 0) continue;
    const later = t.rows[match[b]];
    if ((later.fields[j] ?? null) !== (rows[b].fields[at] ?? null)) {
      const there = rows[b].at[columnFile[at]];
      throw new DatasetError(
        t.files[0],
        t.header[j],
        match[b],
        `line ${later.at[0].line}: ${shownValueOf(later.fields[j] ?? '')} differs from ${shownValueOf(rows[b].fields[at] ?? '')} in ${tables[columnFile[at]]?.files[0] ?? tables[0].files[0]} line ${there.line}`,
      );
    }
  }
}

/** Adds later table number `k` (from 1) to the joined table: its lines, and its columns the table lacks. */
function joinOne(joined: Joined, t: SourceTable, k: number, match: Int32Array, map: ColumnMap): void {
  const { header, columnFile, rows } = joined;
  rows.forEach((r, b) => {
    r.at.push(match[b] < 0 ? { line: -1, row: -1 } : t.rows[match[b]].at[0]);
  });
  t.header.forEach((h, j) => {
    const at = header.indexOf(h);
    if (at >= 0) {
      if (!map.ignore.includes(h)) checkSameColumn(joined, t, match, j, at);
      return;
    }
    header.push(h);
    columnFile.push(k);
    for (let b = 0; b < rows.length; b++) rows[b].fields.push(match[b] < 0 ? null : t.rows[match[b]].fields[j]);
  });
}

/**
 * Joins several tables of one export on `join_on` into the first: a column the first table
 * already has is compared row by row (unless ignored) and dropped; a row of a later table that
 * matches no row of the first is an error, never dropped.
 * `rowsWithoutMatch` receives, per later file, how many rows of the first it matched none of.
 */
export function joinTables(
  tables: SourceTable[],
  map: ColumnMap,
  mapName: string,
  rowsWithoutMatch: Record<string, number>,
): SourceTable {
  if (tables.length === 1) return tables[0];
  const on = map.join_on;
  if (!on)
    throw new DatasetError(
      tables[1].files[0],
      null,
      null,
      `the column map ${mapName} has no join_on, so it reads one file only`,
    );
  const base = tables[0];
  const index = baseIndexOf(base, on, mapName);
  const joined: Joined = {
    tables,
    header: [...base.header],
    columnFile: [...base.columnFile],
    rows: base.rows.map((r) => ({ fields: [...r.fields], at: [...r.at] })),
  };
  tables.slice(1).forEach((t, k) => {
    const match = matchesOf(t, base, index, on, mapName);
    const unmatched = match.reduce((s, m) => s + (m < 0 ? 1 : 0), 0);
    if (unmatched > 0) rowsWithoutMatch[t.files[0]] = unmatched;
    joinOne(joined, t, k + 1, match, map);
  });
  return {
    files: tables.map((t) => t.files[0]),
    header: joined.header,
    columnFile: joined.columnFile,
    rows: joined.rows,
    skipped: tables.reduce((s, t) => s + t.skipped, 0),
  };
}
