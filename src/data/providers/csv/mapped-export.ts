/**
 * Analysts' exports through a column map (docs/scoring.md#column-maps): one or more CSV tables of
 * one export (FBref's standard, shooting, passing and defensive tables; a Wyscout search export)
 * become our season-table layout, provider metrics and a report of every conversion, rounding,
 * default and skipped row. Pure functions over the source header names and cells.
 */
import { basename, extname } from 'node:path';
import { DatasetError } from '../../dataset-error.js';
import { withProviderMetrics, type ProviderMetricColumn } from '../../provider-metrics.js';
import { COUNTING_COLUMNS, type Dataset } from '../../schema.js';
import { datasetFromSeasonCsv, SEASON_CSV_REQUIRED } from './season-csv.js';
import {
  ColumnMap,
  mergeColumnMaps,
  planOf,
  positionCodeOf,
  type ColumnAction,
  type ColumnMapInput,
} from './column-map.js';
import { parseCsv, type CsvField } from './parse.js';
import { csvQuoted } from './quote.js';
import { FBREF_MAP } from './presets/fbref.js';
import { WYSCOUT_SEARCH_MAP } from './presets/wyscout-search.js';

/** The presets `--map` accepts by name (docs/scoring.md#presets). */
export const COLUMN_MAP_PRESETS: Readonly<Record<string, ColumnMapInput>> = {
  fbref: FBREF_MAP,
  'wyscout-search': WYSCOUT_SEARCH_MAP,
};

/** One export file: its name (for errors) and its text. */
export interface ExportFile {
  file: string;
  text: string;
  /** Field separator of the file: `,` (default), `;` or a tab. */
  delimiter?: string;
}

/** What mapping an export did, for the summary (docs/scoring.md#the-summary): nothing is hidden. */
export interface MapReport {
  map: string;
  files: string[];
  rows: number;
  /** Data rows that repeated the header and were skipped (`skip_repeated_header`). */
  repeated_headers_skipped: number;
  /** Source columns the map ignores on purpose. */
  ignored_columns: string[];
  /** Per-90 or percentage columns not used because the export also gives the total. */
  unused_columns: string[];
  /** Our totals computed from per-90 or percentage columns: target → source column. */
  converted: Record<string, string>;
  /** Converted integer totals that were not whole numbers: target → rows rounded and the largest change. */
  rounded: Record<string, { rows: number; max_difference: number }>;
  /** Required columns the export lacks, filled with the file's base name. */
  defaults: Record<string, string>;
  /** Cells of `zero_means_unknown` columns that held 0 and were read as unknown (empty): source column → rows. */
  zeros_as_unknown: Record<string, number>;
  /** Distinct position strings and the code each became. */
  positions: Record<string, string>;
  provider_metrics: string[];
  /** Rows of the first file that no later file matched (their later columns are empty), per file. */
  rows_without_match: Record<string, number>;
}

/** An export mapped into our season-table layout. */
export interface MappedExport {
  /** CSV text in the season-table layout (docs/scoring.md#players-csv). */
  text: string;
  /** Source file and 1-based line of each output row. */
  origins: { file: string; line: number }[];
  /** Our column → the source column it came from. */
  sources: Record<string, string>;
  metrics: ProviderMetricColumn[];
  report: MapReport;
}

/** A source table: qualified header names and data records with their lines. */
interface SourceTable {
  /** The files joined into this table; the first gives the rows. */
  files: string[];
  header: string[];
  /** Index into `files` of the file each column comes from. */
  columnFile: number[];
  /** Cells, and per file the 1-based line and 0-based data row they come from (-1 where a later file has no match). */
  rows: { fields: CsvField[]; at: { line: number; row: number }[] }[];
  skipped: number;
}

const DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Resolves `--map`: a preset name or a JSON file's text, validated and merged onto the preset it
 * `extends`. Throws {@link DatasetError} naming the map file and the key of the first problem.
 * @example columnMapOf('fbref').name // => 'fbref'
 */
export function columnMapOf(nameOrFile: string, readText?: (path: string) => string): { map: ColumnMap; name: string } {
  const preset = COLUMN_MAP_PRESETS[nameOrFile];
  if (preset) return { map: ColumnMap.parse(preset), name: nameOrFile };
  if (!readText)
    throw new DatasetError(
      nameOrFile,
      null,
      null,
      `not a preset (presets: ${Object.keys(COLUMN_MAP_PRESETS).join(', ')})`,
    );
  let raw: unknown;
  try {
    raw = JSON.parse(readText(nameOrFile));
  } catch (e) {
    throw new DatasetError(
      nameOrFile,
      null,
      null,
      `not a column map: ${(e as Error).message.split('\n')[0]} (give a JSON file or a preset: ${Object.keys(COLUMN_MAP_PRESETS).join(', ')})`,
    );
  }
  return { map: columnMapFromJson(raw, nameOrFile), name: nameOrFile };
}

/**
 * Validates a column map object (as parsed from JSON) and merges it onto its `extends` preset.
 * Throws {@link DatasetError} naming `file` and the dot path of the first bad key.
 * @example columnMapFromJson({ extends: 'fbref', values: { season: '2024/25' } }, 'm.json').values.season // => '2024/25'
 */
export function columnMapFromJson(raw: unknown, file: string): ColumnMap {
  const parsed = ColumnMap.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue.path.map(String).join('.');
    throw new DatasetError(file, null, null, `${key ? `key ${key}: ` : ''}${issue.message.split('\n')[0]}`);
  }
  const map = parsed.data;
  if (map.extends === undefined) return map;
  const base = COLUMN_MAP_PRESETS[map.extends];
  if (!base)
    throw new DatasetError(
      file,
      null,
      null,
      `key extends: "${map.extends}" is not a preset (presets: ${Object.keys(COLUMN_MAP_PRESETS).join(', ')})`,
    );
  const merged = mergeColumnMaps(ColumnMap.parse(base), map);
  const again = ColumnMap.safeParse(merged);
  if (!again.success) {
    const issue = again.error.issues[0];
    throw new DatasetError(
      file,
      null,
      null,
      `key ${issue.path.map(String).join('.')}: ${issue.message} (after merging onto ${map.extends})`,
    );
  }
  return again.data;
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
function sourceTableOf(f: ExportFile, map: ColumnMap): SourceTable {
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
    // A repeated name gets #2, #3 … so the map can tell the copies apart (docs/scoring.md#column-maps).
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

/**
 * Joins several tables of one export on `join_on` into the first: a column the first table
 * already has is compared row by row (unless ignored) and dropped; a row of a later table that
 * matches no row of the first is an error, never dropped.
 */
function joinTables(tables: SourceTable[], map: ColumnMap, mapName: string, report: MapReport): SourceTable {
  if (tables.length === 1) return tables[0];
  const on = map.join_on;
  if (!on)
    throw new DatasetError(
      tables[1].files[0],
      null,
      null,
      `the column map ${mapName} has no join_on, so it reads one file only`,
    );
  const keyOf = (t: SourceTable): ((fields: CsvField[]) => string) => {
    const at = on.map((c) => {
      const j = t.header.indexOf(c);
      if (j < 0)
        throw new DatasetError(t.files[0], c, null, `join column "${c}" is missing (join_on of map ${mapName})`);
      return j;
    });
    return (fields) => JSON.stringify(at.map((j) => fields[j]));
  };
  const base = tables[0];
  const baseFile = base.files[0];
  const baseKey = keyOf(base);
  const index = new Map<string, number>();
  base.rows.forEach((r, i) => {
    const k = baseKey(r.fields);
    if (index.has(k))
      throw new DatasetError(
        baseFile,
        null,
        i,
        `line ${r.at[0].line}: ${on.join(' + ')} ${k} repeats row ${index.get(k)}, so later tables cannot be joined`,
      );
    index.set(k, i);
  });
  const header = [...base.header];
  const columnFile = [...base.columnFile];
  const rows: SourceTable['rows'] = base.rows.map((r) => ({ fields: [...r.fields], at: [...r.at] }));
  tables.slice(1).forEach((t, k) => {
    const file = t.files[0];
    const key = keyOf(t);
    const match = new Int32Array(base.rows.length).fill(-1);
    t.rows.forEach((r, i) => {
      const b = index.get(key(r.fields));
      if (b === undefined)
        throw new DatasetError(
          file,
          null,
          i,
          `line ${r.at[0].line}: no row of ${baseFile} has ${on.join(' + ')} ${key(r.fields)}`,
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
    const unmatched = match.reduce((s, m) => s + (m < 0 ? 1 : 0), 0);
    if (unmatched > 0) report.rows_without_match[file] = unmatched;
    rows.forEach((r, b) => {
      r.at.push(match[b] < 0 ? { line: -1, row: -1 } : t.rows[match[b]].at[0]);
    });
    t.header.forEach((h, j) => {
      const at = header.indexOf(h);
      if (at >= 0) {
        if (map.ignore.includes(h)) return;
        for (let b = 0; b < rows.length; b++) {
          if (match[b] < 0) continue;
          const later = t.rows[match[b]];
          if ((later.fields[j] ?? null) !== (rows[b].fields[at] ?? null)) {
            const there = rows[b].at[columnFile[at]];
            throw new DatasetError(
              file,
              h,
              match[b],
              `line ${later.at[0].line}: ${JSON.stringify(later.fields[j] ?? '')} differs from ${JSON.stringify(rows[b].fields[at] ?? '')} in ${tables[columnFile[at]]?.files[0] ?? baseFile} line ${there.line}`,
            );
          }
        }
        return;
      }
      header.push(h);
      columnFile.push(k + 1);
      for (let b = 0; b < rows.length; b++) rows[b].fields.push(match[b] < 0 ? null : t.rows[match[b]].fields[j]);
    });
  });
  return {
    files: tables.map((t) => t.files[0]),
    header,
    columnFile,
    rows,
    skipped: tables.reduce((s, t) => s + t.skipped, 0),
  };
}

/** Quotes a CSV field when it must be (docs/csv.md#files); null is the empty unquoted field. */
function csvField(x: string | null): string {
  if (x === null) return '';
  return csvQuoted(x);
}

/**
 * Maps the tables of one export into our season-table layout (docs/scoring.md#column-maps).
 * Per-90 totals = per90 × minutes / 90 and percentage totals = pct × attempted / 100 are rounded
 * to the nearest integer (our counting totals are integers); every rounded row is counted in the
 * report. Provider metrics stay unrounded floats. Throws {@link DatasetError} naming the export
 * file, source column, row and line.
 * @example mappedExportOf([{ file: 'std.csv', text }], columnMapOf('fbref').map, 'fbref').report.provider_metrics // => ['xg', …]
 */
export function mappedExportOf(files: readonly ExportFile[], map: ColumnMap, mapName: string): MappedExport {
  if (files.length === 0) throw new DatasetError(mapName, null, null, 'no export file given');
  const report: MapReport = {
    map: mapName,
    files: files.map((f) => f.file),
    rows: 0,
    repeated_headers_skipped: 0,
    ignored_columns: [],
    unused_columns: [],
    converted: {},
    rounded: {},
    defaults: {},
    zeros_as_unknown: {},
    positions: {},
    provider_metrics: [],
    rows_without_match: {},
  };
  const table = joinTables(
    files.map((f) => sourceTableOf(f, map)),
    map,
    mapName,
    report,
  );
  const file = table.files[0];
  const plan = planOf(table.header, map, file, mapName);
  const header = table.header;
  const sep = map.thousands_separator;
  const grouping = sep
    ? new RegExp(`^-?\\d{1,3}(${sep.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\d{3})+(\\.\\d+)?$`)
    : null;
  // A bad number is named in the file, data row and line it came from (a joined table's own).
  const numberAt = (fields: CsvField[], j: number, at: { line: number; row: number }[]): number => {
    const raw = fields[j];
    if (raw === null || raw === '') return NaN;
    let t = raw;
    const bad = () =>
      new DatasetError(
        table.files[table.columnFile[j]],
        header[j],
        at[table.columnFile[j]].row,
        `line ${at[table.columnFile[j]].line}: ${JSON.stringify(raw)} is not a number`,
      );
    if (grouping && sep && t.includes(sep)) {
      if (!grouping.test(t)) throw bad();
      t = t.split(sep).join('');
    }
    if (!DECIMAL.test(t)) throw bad();
    return Number(t);
  };

  const direct = new Map<string, number>();
  plan.forEach((a, j) => {
    if (a.kind === 'column') direct.set(a.target, j);
    if (a.kind === 'ignore') report.ignored_columns.push(header[j]);
    if (a.kind === 'unused') report.unused_columns.push(header[j]);
    if (a.kind === 'per90' || a.kind === 'pct') report.converted[a.target] = header[j];
    if (a.kind === 'metric') report.provider_metrics.push(a.key);
  });
  const per90s = plan.flatMap((a, j) => (a.kind === 'per90' ? [{ j, target: a.target }] : []));
  const pcts = plan.flatMap((a, j) => (a.kind === 'pct' ? [{ j, target: a.target, attempted: a.attempted }] : []));
  const metrics = plan.flatMap((a, j) => (a.kind === 'metric' ? [{ j, a }] : []));
  const constants: [string, string][] = [];
  for (const c of ['league', 'season', 'team'] as const) {
    if (direct.has(c)) continue;
    const given = map.values[c];
    if (given !== undefined) constants.push([c, given]);
    else if (c !== 'team') {
      // The file's base name labels the cohort; only one league and season per run then (docs/scoring.md#column-maps).
      const name = basename(file, extname(file));
      constants.push([c, name]);
      report.defaults[c] = name;
    }
  }
  const outColumns = [
    ...direct.keys(),
    ...per90s.map((p) => p.target),
    ...pcts.map((p) => p.target),
    ...constants.map(([c]) => c),
  ];
  for (const r of SEASON_CSV_REQUIRED) {
    if (!outColumns.includes(r))
      throw new DatasetError(
        file,
        r,
        null,
        `required column ${r}: no column of the export gives it under the column map ${mapName} (map one in "columns" or set "values")`,
      );
  }
  const minutesAt = direct.get('minutes');
  const positionAt = direct.get('position');
  const numeric = new Set<string>([
    'appearances',
    'starts',
    'minutes',
    'rating',
    'market_value_eur',
    'height_cm',
    'player_id',
    ...COUNTING_COLUMNS,
  ]);
  const zeroUnknown = new Set(map.zero_means_unknown);
  const directCells = [...direct.entries()].map(([target, j]) => ({
    target,
    j,
    numeric: numeric.has(target),
    zeroUnknown: zeroUnknown.has(header[j]),
  }));
  const metricTotals = metrics.map(() => new Float64Array(table.rows.length));
  const roundings = new Map<string, { rows: number; max_difference: number }>();
  const rounded = (target: string, x: number): number => {
    const r = Math.round(x);
    const d = Math.abs(x - r);
    // Products like 0.1 × 900 / 90 carry float noise; below 1e-9 the total was whole.
    if (d > 1e-9) {
      const s = roundings.get(target) ?? { rows: 0, max_difference: 0 };
      s.rows++;
      s.max_difference = Math.max(s.max_difference, d);
      roundings.set(target, s);
    }
    return r;
  };

  const lines: string[] = [outColumns.map(csvField).join(',')];
  const origins: MappedExport['origins'] = [];
  table.rows.forEach(({ fields, at }, row) => {
    const line = at[0].line;
    const out = new Map<string, string | null>();
    for (const { target, j, numeric: isNumber, zeroUnknown: zeroIsUnknown } of directCells) {
      const raw = fields[j];
      if (target === 'position' || !isNumber || raw === null || raw === '') {
        out.set(target, raw);
        continue;
      }
      const x = numberAt(fields, j, at);
      if (x === 0 && zeroIsUnknown) {
        report.zeros_as_unknown[header[j]] = (report.zeros_as_unknown[header[j]] ?? 0) + 1;
        out.set(target, null);
        continue;
      }
      out.set(target, String(x));
    }
    if (positionAt !== undefined) {
      const raw = fields[positionAt];
      if (raw !== null && raw !== '') {
        const p = positionCodeOf(raw, map.positions);
        if (!p.ok)
          throw new DatasetError(
            file,
            header[positionAt],
            row,
            `line ${line}: no position rule maps ${JSON.stringify(raw)} (its first position ${JSON.stringify(p.token)} is not in the map's positions, the built-in words or our codes; docs/scoring.md#positions)`,
          );
        out.set('position', p.code);
        report.positions[raw] = p.code;
      }
    }
    const minutes = minutesAt === undefined ? NaN : numberAt(fields, minutesAt, at);
    const totals = new Map<string, number>();
    for (const { j, target } of per90s) {
      const v = numberAt(fields, j, at);
      const total = Number.isNaN(v) || Number.isNaN(minutes) ? NaN : rounded(target, (v * minutes) / 90);
      totals.set(target, total);
      out.set(target, Number.isNaN(total) ? null : String(total));
    }
    for (const { j, target, attempted } of pcts) {
      const pct = numberAt(fields, j, at);
      let tries: number;
      if (typeof attempted === 'string') {
        const d = direct.get(attempted);
        tries = d !== undefined ? numberAt(fields, d, at) : (totals.get(attempted) ?? NaN);
      } else if ('total' in attempted) {
        tries = numberAt(fields, header.indexOf(attempted.total), at);
      } else {
        tries = (numberAt(fields, header.indexOf(attempted.per90), at) * minutes) / 90;
      }
      const total = Number.isNaN(pct) || Number.isNaN(tries) ? NaN : rounded(target, (pct * tries) / 100);
      out.set(target, Number.isNaN(total) ? null : String(total));
    }
    metrics.forEach(({ j, a }, k) => {
      if (a.kind !== 'metric') return;
      const v = numberAt(fields, j, at);
      metricTotals[k][row] = a.as === 'per90' ? (v * minutes) / 90 : v;
    });
    for (const [c, v] of constants) out.set(c, v);
    lines.push(outColumns.map((c) => csvField(out.get(c) ?? null)).join(','));
    origins.push({ file, line });
  });
  report.rows = table.rows.length;
  report.repeated_headers_skipped = table.skipped;
  report.rounded = Object.fromEntries(
    [...roundings].map(([k, v]) => [k, { rows: v.rows, max_difference: Math.round(v.max_difference * 1e6) / 1e6 }]),
  );
  const metricColumns: ProviderMetricColumn[] = metrics.map(({ a }, k) => {
    const m = a as Extract<ColumnAction, { kind: 'metric' }>;
    return {
      spec: { key: m.key, label: m.label, ...(m.lowerIsBetter ? { lower_is_better: true } : {}) },
      totals: metricTotals[k],
    };
  });
  const sources: Record<string, string> = { ...report.converted };
  for (const [target, j] of direct) sources[target] = header[j];
  return { text: `${lines.join('\n')}\n`, origins, sources, metrics: metricColumns, report };
}

/** Options of {@link datasetFromExport}. */
export interface ExportOptions {
  /** Date the data describes (ages are taken on it), `YYYY-MM-DD`. Required. */
  asOf: string;
  /** A preset name (`fbref`, `wyscout-search`) or a column map object (docs/scoring.md#column-maps). */
  map: string | ColumnMapInput;
  /** Name used in errors and the report; default the preset name, the map's `name`, or "column map". */
  mapName?: string;
}

/**
 * Reads an analyst's export through a column map into a validated dataset with its provider
 * metrics, and the report of what mapping did. Errors from reading the mapped table are restated
 * with the export's file and line.
 * @example datasetFromExport([{ file: 'standard.csv', text }], { asOf: '2025-06-01', map: 'fbref' }).report.rows // => 2
 */
export function datasetFromExport(
  files: readonly ExportFile[],
  options: ExportOptions,
): { dataset: Dataset; report: MapReport } {
  const resolved =
    typeof options.map === 'string'
      ? columnMapOf(options.map)
      : {
          map: columnMapFromJson(options.map, options.mapName ?? 'column map'),
          name: options.mapName ?? options.map.name ?? 'column map',
        };
  const mapName = options.mapName ?? resolved.name;
  const mapped = mappedExportOf(files, resolved.map, mapName);
  const file = mapped.report.files[0];
  let dataset: Dataset;
  try {
    dataset = datasetFromSeasonCsv(mapped.text, { file, asOf: options.asOf });
  } catch (e) {
    if (!(e instanceof DatasetError)) throw e;
    const origin = e.row !== null ? mapped.origins[e.row] : undefined;
    const problem = e.message.slice(e.message.indexOf(': ') + 2).replace(/^line \d+: /, '');
    const source = e.column !== null ? mapped.sources[e.column] : undefined;
    const from = source !== undefined && source !== e.column ? ` from source column ${JSON.stringify(source)}` : '';
    throw new DatasetError(
      origin?.file ?? file,
      e.column,
      e.row,
      `${origin ? `line ${origin.line}: ` : ''}${problem} (${e.column ?? 'value'}${from}, after the column map ${mapName})`,
    );
  }
  dataset = withProviderMetrics(dataset, mapped.metrics);
  return { dataset, report: mapped.report };
}
