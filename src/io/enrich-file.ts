/**
 * Reading the file `halfspace enrich` joins (docs/enrich.md): a `.csv` (UTF-8, `,` `;` or tab) or
 * `.parquet` file, its columns named by the targets directly or renamed by a map
 * (`target=Column,…` or a JSON file `{ "target": "Column" }`).
 */
import { messageOf } from '../errors.js';
import { existsSync, readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { DatasetError } from '../model/dataset-error.js';
import type { EnrichRecord } from '../identity/enrich.js';
import { delimiterOfHeader } from './csv/delimiter.js';
import { parseCsv, type CsvField } from './csv/parse.js';
import { recordsOfParquetFile } from './parquet.js';

/**
 * A `--map` value: a JSON file of `{ target: column }`, or inline `target=Column` pairs separated
 * by commas. Throws {@link DatasetError} when it is neither or names a target not in `targets`.
 * @example mapOf('market_value_eur=Value', ['market_value_eur']) // => { market_value_eur: 'Value' }
 */
export function mapOf<T extends string>(text: string, targets: readonly T[]): Partial<Record<T, string>> {
  let raw: Record<string, unknown>;
  if (text.trim().toLowerCase().endsWith('.json')) {
    if (!existsSync(text)) throw new DatasetError(text, null, null, 'missing (the --map file)');
    try {
      raw = JSON.parse(readFileSync(text, 'utf8'));
    } catch (e) {
      throw new DatasetError(text, null, null, `not valid JSON (${messageOf(e)})`);
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw new DatasetError(text, null, null, 'expected an object { "target": "Column" }');
  } else {
    raw = {};
    for (const pair of text.split(',').filter((p) => p.trim() !== '')) {
      const at = pair.indexOf('=');
      if (at < 0) throw new DatasetError('--map', null, null, `"${pair}" is not target=Column`);
      raw[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
    }
  }
  const map: Partial<Record<T, string>> = {};
  for (const [target, column] of Object.entries(raw)) {
    const known = targets.find((t) => t === target);
    if (!known) throw new DatasetError('--map', target, null, `unknown target (one of ${targets.join(', ')})`);
    if (typeof column !== 'string' || column === '')
      throw new DatasetError('--map', target, null, 'expected a column name');
    map[known] = column;
  }
  return map;
}

/** Header and records of a CSV or Parquet file. */
function recordsOf(path: string): { header: string[]; rows: { fields: CsvField[]; line: number }[] } {
  if (!existsSync(path)) throw new DatasetError(path, null, null, 'missing');
  const all: { fields: CsvField[]; line: number }[] = [];
  const ext = extname(path).toLowerCase();
  if (ext === '.parquet') recordsOfParquetFile(path, path, (fields, line) => all.push({ fields, line }));
  else if (ext === '.csv') {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(path));
    } catch {
      throw new DatasetError(path, null, null, 'not valid UTF-8 (save the file as UTF-8)');
    }
    const firstLine = text.split('\n', 1)[0];
    const delimiter = delimiterOfHeader(firstLine) ?? ',';
    parseCsv(text, path, (fields, line) => all.push({ fields, line }), { delimiter });
  } else throw new DatasetError(path, null, null, 'give a .csv or .parquet file');
  if (all.length === 0) throw new DatasetError(path, null, null, 'empty file (no header row)');
  return { header: all[0].fields.map((f) => (f ?? '').trim()), rows: all.slice(1) };
}

/**
 * The records of the file at `path` by target column: each target read from the column the map
 * names, else from the column named like the target. Throws {@link DatasetError} when a mapped
 * column is missing, a row has the wrong number of fields, or none of `required` can be read.
 * @example enrichRecordsOf('values.csv', VALUE_TARGETS, {}, [['player_id'], ['name', 'birth_date']]).length // => rows
 */
export function enrichRecordsOf<T extends string>(
  path: string,
  targets: readonly T[],
  map: Partial<Record<T, string>>,
  keys: readonly (readonly T[])[],
  values: readonly T[],
): EnrichRecord<T>[] {
  const { header, rows } = recordsOf(path);
  const columnOf = new Map<T, number>();
  for (const target of targets) {
    const column = map[target] ?? target;
    const at = header.indexOf(column);
    if (at >= 0) columnOf.set(target, at);
    else if (map[target] !== undefined)
      throw new DatasetError(
        path,
        column,
        null,
        `the --map column for ${target} is not in the header (${header.join(', ')})`,
      );
  }
  if (!keys.some((set) => set.every((t) => columnOf.has(t))))
    throw new DatasetError(
      path,
      null,
      null,
      `no column to join on: give ${keys.map((s) => s.join(' + ')).join(', or ')} (map them with --map)`,
    );
  if (!values.some((t) => columnOf.has(t)))
    throw new DatasetError(
      path,
      null,
      null,
      `no value to join: give one of ${values.join(', ')} (map them with --map)`,
    );
  return rows.map(({ fields, line }) => {
    if (fields.length !== header.length)
      throw new DatasetError(
        path,
        null,
        null,
        `line ${line}: ${fields.length} fields, the header has ${header.length}`,
      );
    const cells: Partial<Record<T, string>> = {};
    for (const [target, at] of columnOf) cells[target] = fields[at] ?? '';
    return { line, cells };
  });
}
