import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { datasetFromPath, type PathFormat } from '../../io/dataset-from-path.js';
import { CSV_DELIMITERS, delimiterFromName } from '../../io/csv/delimiter.js';
import { TEXT_ENCODINGS } from '../../io/csv/encoding.js';
import { csvFileSummaryOf, type CsvFileInfo } from '../../io/csv/stream.js';
import type { Vector } from 'apache-arrow';
import type { Dataset } from '../../model/schema.js';
import { TABLE_FORMATS, tableFormatOf, tableToFile, type TableFormat } from '../../io/table-file.js';
import { scoreTableOf } from '../../scoring/score-table.js';
import { datasetFromMapOption, MAP_OPTION, mapReportText, type MapOptionResult } from '../map-option.js';
import { progressBar, type ProgressBar } from '../progress.js';
import { ratingGapsOf, ratingGapsText } from '../rating-gaps.js';
import { UsageError, defineCommand, type CliIo, type OptionValues } from '../run.js';
import { isOneOf } from '../../validation.js';
import { assertFileTarget } from '../shared.js';
import { jsonOut } from '../json-out.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Collects garbage now, between scoring and writing: the input dataset and the scoring
 * intermediates (hundreds of MB for a million rows) are garbage by then, but V8 collects lazily and
 * the Parquet writer's WebAssembly memory grows outside its view, so without this both would sit
 * on top of each other at peak.
 *
 * Why the flag is set at run time: `gc` exists only under `--expose-gc`, and the `halfspace` binary
 * is a `#!/usr/bin/env node` script, which cannot pass node a flag portably (`env -S` is not
 * POSIX, and re-spawning node would double start-up for every command). Setting the flag, then
 * reading `gc` from a fresh context (the only place V8 installs it after start-up), is the one
 * in-process way; it runs once per `score`, after the input is released. A library caller never
 * reaches it: it lives in this command, not in the scoring.
 */
function releaseMemory(): void {
  const exposed: unknown = Reflect.get(globalThis, 'gc');
  if (typeof exposed === 'function') {
    exposed();
    return;
  }
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  if (typeof gc === 'function') gc();
}

/** `--encoding` and `--delimiter` of `score` and `ingest csv`, read by {@link textOptionsOf}. */
export const TEXT_OPTIONS = { encoding: { type: 'string' }, delimiter: { type: 'string' } } as const;

/** Text-reading options of `score` and `ingest csv`: `--encoding` and `--delimiter`, checked. */
export function textOptionsOf(values: { encoding?: string; delimiter?: string }) {
  const encoding = values.encoding;
  const lowered = encoding
    ?.toLowerCase()
    .replace(/^utf8$/, 'utf-8')
    .replace(/^cp1252$/, 'windows-1252')
    .replace(/^(iso-8859-1|latin-1)$/, 'latin1');
  if (lowered !== undefined && !isOneOf(TEXT_ENCODINGS, lowered))
    throw new UsageError(`--encoding must be one of ${TEXT_ENCODINGS.join(', ')}, got "${encoding}"`);
  const rawDelimiter = values.delimiter;
  const delimiter = rawDelimiter === undefined ? undefined : delimiterFromName(rawDelimiter);
  if (delimiter === null)
    throw new UsageError(
      `--delimiter must be one of ${CSV_DELIMITERS.map((d) => (d === '\t' ? 'tab' : `"${d}"`)).join(', ')}, got "${rawDelimiter}"`,
    );
  return { encoding: lowered, delimiter };
}

/** The flags of `score`. */
const SCORE_OPTIONS = {
  out: { type: 'string' },
  format: { type: 'string' },
  ...TEXT_OPTIONS,
  'minutes-min': { type: 'string' },
  'as-of': { type: 'string' },
  json: { type: 'boolean', default: false },
  ...MAP_OPTION,
} as const;

/** One `score` run's inputs and flags, checked. */
type ScoreArgs = ReturnType<typeof scoreArgsOf>;

/** Checks the command line before any work, so a typo does not cost a whole computation. */
function scoreArgsOf(values: OptionValues<typeof SCORE_OPTIONS>, paths: string[]) {
  // --map reads one or more tables of one analyst's export (docs/scoring.md#column-maps).
  const mapArg = values.map;
  if (paths.length !== 1 && !(mapArg && paths.length > 1))
    throw new UsageError(`give exactly one dataset folder or season table (got ${paths.length})`);
  const out = values.out;
  if (!out) throw new UsageError('give --out <file.arrow | file.csv | file.parquet | file.jsonl>');
  const forced = values.format;
  if (forced !== undefined && !isOneOf(TABLE_FORMATS, forced))
    throw new UsageError(`--format must be one of ${TABLE_FORMATS.join(', ')}, got "${forced}"`);
  const format: TableFormat | null = forced ?? tableFormatOf(out);
  if (!format) throw new UsageError(`--out ${out} must end in .arrow, .csv, .parquet or .jsonl (or give --format)`);
  if (paths.some((p) => resolve(out) === resolve(p))) throw new UsageError('--out must differ from the input');
  assertFileTarget(out);
  const rawMin = values['minutes-min'];
  const minutesMin = rawMin === undefined ? undefined : Number(rawMin);
  if (minutesMin !== undefined && !(Number.isFinite(minutesMin) && minutesMin >= 0))
    throw new UsageError(`--minutes-min must be a number ≥ 0, got "${rawMin}"`);
  const asOf = values['as-of'];
  if (asOf !== undefined && (!ISO_DATE.test(asOf) || Number.isNaN(Date.parse(asOf))))
    throw new UsageError(`--as-of must be a date YYYY-MM-DD, got "${asOf}"`);
  return { paths, mapArg, out, format, minutesMin, asOf, text: textOptionsOf(values) };
}

/** Milliseconds of each stage, for the summary. */
type StageMs = Record<'read' | 'derive' | 'dna_tags' | 'write', number>;

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** Reads the input: export files through `--map`, or a path, with a progress bar on a terminal. */
function readInput(
  args: ScoreArgs,
  io: CliIo,
): {
  read: { dataset: Dataset; format: PathFormat | 'export'; csv: CsvFileInfo | null };
  mapped: MapOptionResult | null;
} {
  if (args.mapArg !== undefined) {
    const asOf = args.asOf ?? new Date().toISOString().slice(0, 10);
    const mapped = datasetFromMapOption(args.paths, args.mapArg, asOf, args.text);
    return { read: { dataset: mapped.dataset, format: 'export', csv: null }, mapped };
  }
  const progress: { bar: ProgressBar | null; note: string } = { bar: null, note: '' };
  const read = datasetFromPath(args.paths[0], {
    asOf: args.asOf,
    ...args.text,
    onProgress: (done, total, unit) => {
      progress.bar ??= progressBar({ label: 'read ', total, write: io.stderr });
      progress.note = unit === 'bytes' ? mb(done) : 'rows';
      progress.bar.update(done, progress.note);
    },
  });
  progress.bar?.finish(progress.note);
  return { read, mapped: null };
}

/**
 * Reads and scores the input, recording the read and derive times in `ms`. What it returns is what
 * the write and the summary need: not the input dataset, so that can be collected.
 */
function scoreInput(args: ScoreArgs, io: CliIo, ms: StageMs) {
  const readStarted = performance.now();
  const { read, mapped } = readInput(args, io);
  ms.read = performance.now() - readStarted;
  const scoreStartedMs = performance.now();
  const rows = read.dataset.tables.player_seasons.numRows;
  const bar = progressBar({ label: 'score', total: rows, write: io.stderr });
  const table = scoreTableOf(read.dataset, {
    minutesMin: args.minutesMin,
    asOf: args.asOf,
    onDerived: (d) => (ms.derive = d),
    onProgress: (done) => bar.update(done, 'player-seasons'),
  });
  bar.finish('player-seasons');
  return {
    table,
    rows,
    inputFormat: read.format,
    csv: read.csv,
    attribution: read.dataset.meta.attribution ?? null,
    map: mapped ? { report: mapped.report, inputs: mapped.inputs } : null,
    /** When scoring began (performance.now()). */
    scoreStartedMs,
  };
}

type Scored = ReturnType<typeof scoreInput>;

/** How many rows of a column hold each value (`null` counts the nulls). */
function countsOf(vector: Vector): Map<string | null, number> {
  const counts = new Map<string | null, number>();
  for (const v of vector) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

/** The `--json` summary of a run: rows, columns, stage times, rating sources and samples, attribution. */
function summaryOf(args: ScoreArgs, scored: Scored, ms: StageMs, seconds: number) {
  const { table, csv } = scored;
  const sources = countsOf(table.getChild('rating_source')!);
  const samples = countsOf(table.getChild('sample')!);
  const count = (counts: Map<string | null, number>, v: string | null) => counts.get(v) ?? 0;
  // Only a run with unrated rows reads the columns again, to say why each has none.
  const gaps =
    count(sources, null) > 0 ? ratingGapsOf(table) : { under_90_minutes: 0, no_cohort: 0, no_rated_stats: 0 };
  return {
    input: args.paths[0],
    input_format: scored.inputFormat,
    ...(csv ? csvFileSummaryOf(csv) : {}),
    out: args.out,
    format: args.format,
    rows: table.numRows,
    columns: table.numCols,
    seconds: Math.round(seconds * 1000) / 1000,
    stages_ms: Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, Math.round(v)])),
    rating_source: {
      provider: count(sources, 'provider'),
      model: count(sources, 'model'),
      none: count(sources, null),
      none_because: gaps,
    },
    sample: { ok: count(samples, 'ok'), low: count(samples, 'low'), none: count(samples, null) },
    attribution: scored.attribution,
    ...(scored.map ? { map: scored.map.report, map_inputs: scored.map.inputs } : {}),
  };
}

/** The summary for a terminal: what was written, how the input was read, ratings and samples. */
function summaryText(summary: ReturnType<typeof summaryOf>, scored: Scored, seconds: number): string {
  const { table, csv } = scored;
  const how = csv
    ? ` (read as ${csv.encoding}${csv.bom ? ' with BOM' : ''}, delimiter ${summary.delimiter === 'tab' ? 'tab' : `"${summary.delimiter}"`})`
    : '';
  const r = summary.rating_source;
  return (
    `scored ${table.numRows.toLocaleString('en-US')} player-seasons → ${summary.out} (${summary.format}, ${table.numCols} columns) in ${seconds.toFixed(1)} s${how}\n` +
    `  ratings: ${r.provider} provider, ${r.model} model, ${r.none} none${r.none > 0 ? ` (${ratingGapsText(r.none_because)})` : ''}; ` +
    `samples: ${summary.sample.ok} in cohort, ${summary.sample.low} low, ${summary.sample.none} without cohort\n` +
    (scored.attribution ? `  ${scored.attribution}\n` : '') +
    (scored.map ? mapReportText(scored.map.report) : '')
  );
}

/**
 * `halfspace score <dataset-dir | players.csv | players.parquet> --out <file>`: writes every
 * player-season with per-90 values, percentiles, cohort, rating, age, fee tier and style tags
 * (docs/scoring.md) as Arrow, CSV, Parquet or JSON lines. Progress bars on a terminal; `--json`
 * prints a summary for scripts.
 */
export const scoreCommand = defineCommand({
  usage:
    'score <dataset-dir | players.csv | players.parquet | export.csv… --map FILE.json|fbref|wyscout-search> --out <file.arrow | .csv | .parquet | .jsonl> [--format arrow|csv|parquet|jsonl] [--encoding utf-8|utf-16le|latin1|windows-1252] [--delimiter ,|;|tab] [--minutes-min N] [--as-of YYYY-MM-DD] [--json]',
  options: SCORE_OPTIONS,
  positionals: true,
  async run({ values, positionals, io }) {
    const args = scoreArgsOf(values, positionals);
    const started = performance.now();
    const ms: StageMs = { read: 0, derive: 0, dna_tags: 0, write: 0 };
    const scored = scoreInput(args, io, ms);
    // Nothing reaches the input dataset from here on; collecting it lowers peak memory while writing.
    releaseMemory();
    ms.dna_tags = performance.now() - scored.scoreStartedMs - ms.derive;
    const writeStarted = performance.now();
    const writeBar = progressBar({ label: 'write', total: scored.rows, write: io.stderr });
    await tableToFile(scored.table, args.out, args.format, { onProgress: (done) => writeBar.update(done, 'rows') });
    writeBar.finish(`rows → ${args.format}`);
    ms.write = performance.now() - writeStarted;
    const seconds = (performance.now() - started) / 1000;
    const summary = summaryOf(args, scored, ms, seconds);
    io.stdout(values.json ? jsonOut(summary) : summaryText(summary, scored, seconds));
  },
});
