/**
 * The report of mapping an export through a column map (docs/scoring.md#the-summary): every
 * conversion, rounding, default and skipped row, so nothing the mapping did is hidden.
 */
import type { ExportFile, SourceTable } from './source-table.js';

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

/** Converted integer totals that were not whole numbers: target → rows rounded and the largest change. */
export type Roundings = Map<string, { rows: number; max_difference: number }>;

/**
 * `x` rounded to a whole total; a change above float noise is counted for the report.
 * @example roundedTotal(new Map(), 'goals', 4.5) // => 5 (one row rounded, by 0.5)
 */
export function roundedTotal(roundings: Roundings, target: string, x: number): number {
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
}

/**
 * An empty report of mapping `files` with the map `mapName`.
 * @example emptyReport([{ file: 'standard.csv', text: '' }], 'fbref').rows // => 0
 */
export function emptyReport(files: readonly ExportFile[], mapName: string): MapReport {
  return {
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
}

/**
 * The report with the row counts and the roundings, rounded to 6 decimals.
 * @example finishedReport(report, table, new Map()).rows // => table.rows.length
 */
export function finishedReport(report: MapReport, table: SourceTable, roundings: Roundings): MapReport {
  report.rows = table.rows.length;
  report.repeated_headers_skipped = table.skipped;
  report.rounded = Object.fromEntries(
    [...roundings].map(([k, v]) => [k, { rows: v.rows, max_difference: Math.round(v.max_difference * 1e6) / 1e6 }]),
  );
  return report;
}
