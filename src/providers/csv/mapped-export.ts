/**
 * Analysts' exports through a column map (docs/scoring.md#column-maps): one or more CSV tables of
 * one export (FBref's standard, shooting, passing and defensive tables; a Wyscout search export)
 * become our season-table layout, provider metrics and a report of every conversion, rounding,
 * default and skipped row. Pure functions over the source header names and cells.
 */
import { shownValueOf, DatasetError } from '../../model/dataset-error.js';
import type { ProviderMetricColumn } from '../../model/provider-metrics.js';
import { COUNTING_COLUMNS } from '../../model/schema.js';
import { SEASON_CSV_REQUIRED } from '../../io/season-csv.js';
import { planOf, positionCodeOf, type ColumnMap } from './column-map.js';
import type { CsvField } from '../../io/csv/parse.js';
import { csvQuoted } from '../../io/csv/quote.js';
import { joinTables, sourceTableOf, type ExportFile } from './source-table.js';

// The files mappedExportOf takes: their type is named here too, for callers that import only the mapping.
export type { ExportFile } from './source-table.js';

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
  /** Required columns the export lacks and the value every row got (the season from the as-of date, the league a placeholder). */
  defaults: Record<string, string>;
  /** Cells whose country-code prefix was cut (`eng Premier League` → `Premier League`): source column → rows. */
  prefixes_stripped: Record<string, number>;
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

const DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)$/;

/** Quotes a CSV field when it must be (docs/csv.md#files); null is the empty unquoted field. */
function csvField(x: string | null): string {
  if (x === null) return '';
  return csvQuoted(x);
}

/** The league of every row of an export that names none: a placeholder, never a file name (docs/scoring.md#column-maps). */
export const UNNAMED_LEAGUE = 'Unnamed league';

/** A lowercase country code and a space before a name, as FBref's Big-5 `Comp` column writes it ("eng Premier League"). */
const COUNTRY_PREFIX = /^[a-z]{2,3} (?=\S)/;

/**
 * The European season in progress on `asOf` (`YYYY-MM-DD`): July starts a new one.
 * @example seasonOnDate('2025-06-01') // => '2024/25'
 */
export function seasonOnDate(asOf: string): string {
  const year = Number(asOf.slice(0, 4));
  const start = Number(asOf.slice(5, 7)) >= 7 ? year : year - 1;
  return `${start}/${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * Maps the tables of one export into our season-table layout (docs/scoring.md#column-maps).
 * Per-90 totals = per90 × minutes / 90 and percentage totals = pct × attempted / 100 are rounded
 * to the nearest integer (our counting totals are integers); every rounded row is counted in the
 * report. Provider metrics stay unrounded floats. Throws {@link DatasetError} naming the export
 * file, source column, row and line.
 * @example mappedExportOf([{ file: 'std.csv', text }], columnMapOf('fbref').map, 'fbref').report.provider_metrics // => ['xg', …]
 */
export function mappedExportOf(
  files: readonly ExportFile[],
  map: ColumnMap,
  mapName: string,
  options: { asOf?: string } = {},
): MappedExport {
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
    prefixes_stripped: {},
    zeros_as_unknown: {},
    positions: {},
    provider_metrics: [],
    rows_without_match: {},
  };
  const table = joinTables(
    files.map((f) => sourceTableOf(f, map)),
    map,
    mapName,
    report.rows_without_match,
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
        `line ${at[table.columnFile[j]].line}: ${shownValueOf(raw)} is not a number`,
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
      // One league and season per run then, so only the label is assumed (docs/scoring.md#column-maps):
      // the season in progress on the as-of date, and a league that says it was not named.
      const value =
        c === 'season' && options.asOf
          ? seasonOnDate(options.asOf)
          : c === 'season'
            ? 'Unnamed season'
            : UNNAMED_LEAGUE;
      constants.push([c, value]);
      report.defaults[c] = value;
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
  const prefixed = new Set(map.strip_country_code);
  const directCells = [...direct.entries()].map(([target, j]) => ({
    target,
    j,
    numeric: numeric.has(target),
    zeroUnknown: zeroUnknown.has(header[j]),
    stripPrefix: prefixed.has(header[j]),
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
    for (const { target, j, numeric: isNumber, zeroUnknown: zeroIsUnknown, stripPrefix } of directCells) {
      const raw = fields[j];
      if (stripPrefix && raw !== null && COUNTRY_PREFIX.test(raw)) {
        report.prefixes_stripped[header[j]] = (report.prefixes_stripped[header[j]] ?? 0) + 1;
        out.set(target, raw.replace(COUNTRY_PREFIX, ''));
        continue;
      }
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
            `line ${line}: no position rule maps ${shownValueOf(raw)} (its first position ${JSON.stringify(p.token)} is not in the map's positions, the built-in words or our codes; docs/scoring.md#positions)`,
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
    return {
      spec: { key: a.key, label: a.label, ...(a.lowerIsBetter ? { lower_is_better: true } : {}) },
      totals: metricTotals[k],
    };
  });
  const sources: Record<string, string> = { ...report.converted };
  for (const [target, j] of direct) sources[target] = header[j];
  return { text: `${lines.join('\n')}\n`, origins, sources, metrics: metricColumns, report };
}
