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
import { planOf, positionCodeOf, type ColumnAction, type ColumnMap } from './column-map.js';
import type { CsvField } from '../../io/csv/parse.js';
import { csvQuoted } from '../../io/csv/quote.js';
import { joinTables, sourceTableOf, type ExportFile, type SourceTable } from './source-table.js';
import { emptyReport, finishedReport, roundedTotal, type MapReport, type Roundings } from './map-report.js';

export type { MapReport } from './map-report.js';
export type { ExportFile } from './source-table.js';

type SourceRow = SourceTable['rows'][number];

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
const csvField = (x: string | null): string => (x === null ? '' : csvQuoted(x));

/** The league of every row of an export that names none: a placeholder, never a file name (docs/scoring.md#column-maps). */
const UNNAMED_LEAGUE = 'Unnamed league';

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
 * The number reader of a joined table: the number in column `j` of a row (NaN when empty), under
 * the map's thousands separator; a bad number is named in the file, data row and line it came
 * from (a joined table's own).
 */
function numberReaderOf(table: SourceTable, sep: string | undefined) {
  const grouping = sep
    ? new RegExp(`^-?\\d{1,3}(${sep.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\d{3})+(\\.\\d+)?$`)
    : null;
  return (fields: CsvField[], j: number, at: SourceRow['at']): number => {
    const raw = fields[j];
    if (raw === null || raw === '') return NaN;
    let t = raw;
    const bad = () =>
      new DatasetError(
        table.files[table.columnFile[j]],
        table.header[j],
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
}

type MetricAction = Extract<ColumnAction, { kind: 'metric' }>;
type PctAction = Extract<ColumnAction, { kind: 'pct' }>;

/** The plan's source columns by what they become; the report learns the ignored, unused, converted and metric ones. */
function columnsByKindOf(plan: readonly ColumnAction[], header: readonly string[], report: MapReport) {
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
  const metrics = plan.flatMap((a, j): { j: number; a: MetricAction }[] => (a.kind === 'metric' ? [{ j, a }] : []));
  return { direct, per90s, pcts, metrics };
}

/** League, season and team values every row gets: given by the map, or (league, season) a default the report names. */
function constantsOf(
  direct: ReadonlyMap<string, number>,
  map: ColumnMap,
  asOf: string | undefined,
  report: MapReport,
): [string, string][] {
  const constants: [string, string][] = [];
  for (const c of ['league', 'season', 'team'] as const) {
    if (direct.has(c)) continue;
    const given = map.values[c];
    if (given !== undefined) constants.push([c, given]);
    else if (c !== 'team') {
      // One league and season per run then, so only the label is assumed (docs/scoring.md#column-maps):
      // the season in progress on the as-of date, and a league that says it was not named.
      const value = c === 'season' && asOf ? seasonOnDate(asOf) : c === 'season' ? 'Unnamed season' : UNNAMED_LEAGUE;
      constants.push([c, value]);
      report.defaults[c] = value;
    }
  }
  return constants;
}

/** Throws when a required season-table column is given by no source column and no value. */
function checkRequired(outColumns: readonly string[], file: string, mapName: string): void {
  for (const r of SEASON_CSV_REQUIRED) {
    if (!outColumns.includes(r))
      throw new DatasetError(
        file,
        r,
        null,
        `required column ${r}: no column of the export gives it under the column map ${mapName} (map one in "columns" or set "values")`,
      );
  }
}

/** Our columns whose cells are numbers (read through numberAt); every other renamed column is copied as text. */
const NUMERIC_TARGETS: ReadonlySet<string> = new Set<string>([
  'appearances',
  'starts',
  'minutes',
  'rating',
  'market_value_eur',
  'height_cm',
  'player_id',
  ...COUNTING_COLUMNS,
]);

/** How each renamed column's cells are read. */
function directCellsOf(direct: ReadonlyMap<string, number>, header: readonly string[], map: ColumnMap) {
  const zeroUnknown = new Set(map.zero_means_unknown);
  const prefixed = new Set(map.strip_country_code);
  return [...direct.entries()].map(([target, j]) => ({
    target,
    j,
    numeric: NUMERIC_TARGETS.has(target),
    zeroUnknown: zeroUnknown.has(header[j]),
    stripPrefix: prefixed.has(header[j]),
  }));
}

/** Everything mapping one row needs: the table, the plan by kind, the map and what the report collects. */
type RowMapper = ReturnType<typeof columnsByKindOf> & {
  numberAt: ReturnType<typeof numberReaderOf>;
  header: readonly string[];
  file: string;
  map: ColumnMap;
  report: MapReport;
  directCells: ReturnType<typeof directCellsOf>;
  positionAt: number | undefined;
  minutesAt: number | undefined;
  metricTotals: Float64Array[];
  roundings: Roundings;
};

/** The renamed columns of a row: prefixes cut, numbers normalised, zeros read as unknown where the map says so. */
function directValues(m: RowMapper, fields: CsvField[], at: SourceRow['at'], out: Map<string, string | null>): void {
  const header = m.header;
  for (const { target, j, numeric: isNumber, zeroUnknown: zeroIsUnknown, stripPrefix } of m.directCells) {
    const raw = fields[j];
    if (stripPrefix && raw !== null && COUNTRY_PREFIX.test(raw)) {
      m.report.prefixes_stripped[header[j]] = (m.report.prefixes_stripped[header[j]] ?? 0) + 1;
      out.set(target, raw.replace(COUNTRY_PREFIX, ''));
      continue;
    }
    if (target === 'position' || !isNumber || raw === null || raw === '') {
      out.set(target, raw);
      continue;
    }
    const x = m.numberAt(fields, j, at);
    if (x === 0 && zeroIsUnknown) {
      m.report.zeros_as_unknown[header[j]] = (m.report.zeros_as_unknown[header[j]] ?? 0) + 1;
      out.set(target, null);
      continue;
    }
    out.set(target, String(x));
  }
}

/** The row's position as one of our codes, through the map's rules (throws naming the line when none maps it). */
function positionValue(m: RowMapper, fields: CsvField[], row: number, line: number, out: Map<string, string | null>) {
  if (m.positionAt === undefined) return;
  const raw = fields[m.positionAt];
  if (raw === null || raw === '') return;
  const p = positionCodeOf(raw, m.map.positions);
  if (!p.ok)
    throw new DatasetError(
      m.file,
      m.header[m.positionAt],
      row,
      `line ${line}: no position rule maps ${shownValueOf(raw)} (its first position ${JSON.stringify(p.token)} is not in the map's positions, the built-in words or our codes; docs/scoring.md#positions)`,
    );
  out.set('position', p.code);
  m.report.positions[raw] = p.code;
}

/** The attempts behind a percentage column of a row: one of our totals, or a source total or per-90 column. */
function attemptsOf(
  m: RowMapper,
  attempted: PctAction['attempted'],
  fields: CsvField[],
  at: SourceRow['at'],
  minutes: number,
  totals: ReadonlyMap<string, number>,
): number {
  const header = m.header;
  if (typeof attempted === 'string') {
    const d = m.direct.get(attempted);
    return d !== undefined ? m.numberAt(fields, d, at) : (totals.get(attempted) ?? NaN);
  }
  if ('total' in attempted) return m.numberAt(fields, header.indexOf(attempted.total), at);
  return (m.numberAt(fields, header.indexOf(attempted.per90), at) * minutes) / 90;
}

/** The totals a row's per-90 and percentage columns convert to, and its provider metric totals. */
function convertedValues(
  m: RowMapper,
  fields: CsvField[],
  at: SourceRow['at'],
  row: number,
  out: Map<string, string | null>,
): void {
  const minutes = m.minutesAt === undefined ? NaN : m.numberAt(fields, m.minutesAt, at);
  const totals = new Map<string, number>();
  for (const { j, target } of m.per90s) {
    const v = m.numberAt(fields, j, at);
    const total =
      Number.isNaN(v) || Number.isNaN(minutes) ? NaN : roundedTotal(m.roundings, target, (v * minutes) / 90);
    totals.set(target, total);
    out.set(target, Number.isNaN(total) ? null : String(total));
  }
  for (const { j, target, attempted } of m.pcts) {
    const pct = m.numberAt(fields, j, at);
    const tries = attemptsOf(m, attempted, fields, at, minutes, totals);
    const total =
      Number.isNaN(pct) || Number.isNaN(tries) ? NaN : roundedTotal(m.roundings, target, (pct * tries) / 100);
    out.set(target, Number.isNaN(total) ? null : String(total));
  }
  m.metrics.forEach(({ j, a }, k) => {
    const v = m.numberAt(fields, j, at);
    m.metricTotals[k][row] = a.as === 'per90' ? (v * minutes) / 90 : v;
  });
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
  const report = emptyReport(files, mapName);
  const sources = files.map((f) => sourceTableOf(f, map));
  const table = joinTables(sources, map, mapName, report.rows_without_match);
  const file = table.files[0];
  const header = table.header;
  const columns = columnsByKindOf(planOf(header, map, file, mapName), header, report);
  const { direct, per90s, pcts } = columns;
  const constants = constantsOf(direct, map, options.asOf, report);
  const outColumns = [
    ...direct.keys(),
    ...per90s.map((p) => p.target),
    ...pcts.map((p) => p.target),
    ...constants.map(([c]) => c),
  ];
  checkRequired(outColumns, file, mapName);
  const m: RowMapper = {
    ...columns,
    numberAt: numberReaderOf(table, map.thousands_separator),
    header,
    file,
    map,
    report,
    directCells: directCellsOf(direct, header, map),
    positionAt: direct.get('position'),
    minutesAt: direct.get('minutes'),
    metricTotals: columns.metrics.map(() => new Float64Array(table.rows.length)),
    roundings: new Map(),
  };
  const lines: string[] = [outColumns.map(csvField).join(',')];
  const origins: MappedExport['origins'] = [];
  table.rows.forEach(({ fields, at }, row) => {
    const out = new Map<string, string | null>();
    directValues(m, fields, at, out);
    positionValue(m, fields, row, at[0].line, out);
    convertedValues(m, fields, at, row, out);
    for (const [c, v] of constants) out.set(c, v);
    lines.push(outColumns.map((c) => csvField(out.get(c) ?? null)).join(','));
    origins.push({ file, line: at[0].line });
  });
  return {
    text: `${lines.join('\n')}\n`,
    origins,
    sources: sourcesOf(report, direct, header),
    metrics: metricColumnsOf(m),
    report: finishedReport(report, table, m.roundings),
  };
}

/** The provider metric columns: each metric's spec and its totals per row. */
function metricColumnsOf(m: RowMapper): ProviderMetricColumn[] {
  return m.metrics.map(({ a }, k) => ({
    spec: { key: a.key, label: a.label, ...(a.lowerIsBetter ? { lower_is_better: true } : {}) },
    totals: m.metricTotals[k],
  }));
}

/** Our column → the source column it came from: the converted ones, then the renamed ones. */
function sourcesOf(report: MapReport, direct: ReadonlyMap<string, number>, header: readonly string[]) {
  const sources: Record<string, string> = { ...report.converted };
  for (const [target, j] of direct) sources[target] = header[j];
  return sources;
}
