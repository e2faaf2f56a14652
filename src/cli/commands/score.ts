import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { datasetFromPath, type PathFormat } from '../../io/dataset-from-path.js';
import { CSV_DELIMITERS, delimiterFromName, type CsvDelimiter } from '../../io/csv/delimiter.js';
import { TEXT_ENCODINGS, type TextEncoding } from '../../io/csv/encoding.js';
import { csvFileSummaryOf, type CsvFileInfo } from '../../io/csv/stream.js';
import type { Dataset } from '../../model/schema.js';
import { TABLE_FORMATS, tableFormatOf, tableToFile, type TableFormat } from '../../io/table-file.js';
import { utf8CountsOf } from '../../model/arrow/index.js';
import { scoreTableOf } from '../../dna/score-table.js';
import { datasetFromMapOption, MAP_OPTION, mapReportText, type MapOptionResult } from '../map-option.js';
import { progressBar } from '../progress.js';
import { ratingGapsOf, ratingGapsText } from '../rating-gaps.js';
import { UsageError, type Command } from '../run.js';
import { assertFileTarget, jsonOut } from '../shared.js';

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
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) {
    exposed();
    return;
  }
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** How the input was read, for the summary: a path (docs/scoring.md#formats) or an export read through `--map`. */
interface InputInfo {
  dataset: Dataset;
  format: PathFormat | 'export';
  csv: CsvFileInfo | null;
}

/** `--encoding` and `--delimiter` of `score` and `ingest csv`, read by {@link textOptionsOf}. */
export const TEXT_OPTIONS = { encoding: { type: 'string' }, delimiter: { type: 'string' } } as const;

/** Text-reading options of `score` and `ingest csv`: `--encoding` and `--delimiter`, checked. */
export function textOptionsOf(values: Record<string, unknown>): { encoding?: TextEncoding; delimiter?: CsvDelimiter } {
  const encoding = values.encoding as string | undefined;
  const lowered = encoding
    ?.toLowerCase()
    .replace(/^utf8$/, 'utf-8')
    .replace(/^cp1252$/, 'windows-1252')
    .replace(/^(iso-8859-1|latin-1)$/, 'latin1');
  if (lowered !== undefined && !(TEXT_ENCODINGS as readonly string[]).includes(lowered))
    throw new UsageError(`--encoding must be one of ${TEXT_ENCODINGS.join(', ')}, got "${encoding}"`);
  const rawDelimiter = values.delimiter as string | undefined;
  const delimiter = rawDelimiter === undefined ? undefined : delimiterFromName(rawDelimiter);
  if (delimiter === null)
    throw new UsageError(
      `--delimiter must be one of ${CSV_DELIMITERS.map((d) => (d === '\t' ? 'tab' : `"${d}"`)).join(', ')}, got "${rawDelimiter}"`,
    );
  return { encoding: lowered as TextEncoding | undefined, delimiter };
}

/**
 * `halfspace score <dataset-dir | players.csv | players.parquet> --out <file>`: writes every
 * player-season with per-90 values, percentiles, cohort, rating, age, fee tier and style tags
 * (docs/scoring.md) as Arrow, CSV, Parquet or JSON lines. Progress bars on a terminal; `--json`
 * prints a summary for scripts.
 */
export const scoreCommand: Command = {
  name: 'score',
  summary:
    'Score every player-season (per-90, percentiles, cohort, rating, fee tier, style tags) into an Arrow, CSV, Parquet or JSON-lines file',
  usage:
    'score <dataset-dir | players.csv | players.parquet | export.csv… --map FILE.json|fbref|wyscout-search> --out <file.arrow | .csv | .parquet | .jsonl> [--format arrow|csv|parquet|jsonl] [--encoding utf-8|utf-16le|latin1|windows-1252] [--delimiter ,|;|tab] [--minutes-min N] [--as-of YYYY-MM-DD] [--json]',
  options: {
    out: { type: 'string' },
    format: { type: 'string' },
    ...TEXT_OPTIONS,
    'minutes-min': { type: 'string' },
    'as-of': { type: 'string' },
    json: { type: 'boolean', default: false },
    ...MAP_OPTION,
  },
  positionals: true,
  async run({ values, positionals, io }) {
    // --map reads one or more tables of one analyst's export (docs/scoring.md#column-maps).
    const mapArg = values.map as string | undefined;
    if (positionals.length !== 1 && !(mapArg && positionals.length > 1))
      throw new UsageError(`give exactly one dataset folder or season table (got ${positionals.length})`);
    const input = positionals[0];
    const out = values.out as string | undefined;
    if (!out) throw new UsageError('give --out <file.arrow | file.csv | file.parquet | file.jsonl>');
    const forced = values.format as string | undefined;
    if (forced !== undefined && !(TABLE_FORMATS as readonly string[]).includes(forced))
      throw new UsageError(`--format must be one of ${TABLE_FORMATS.join(', ')}, got "${forced}"`);
    const format: TableFormat | null = (forced as TableFormat | undefined) ?? tableFormatOf(out);
    if (!format) throw new UsageError(`--out ${out} must end in .arrow, .csv, .parquet or .jsonl (or give --format)`);
    if (positionals.some((p) => resolve(out) === resolve(p))) throw new UsageError('--out must differ from the input');
    assertFileTarget(out);
    const rawMin = values['minutes-min'] as string | undefined;
    const minutesMin = rawMin === undefined ? undefined : Number(rawMin);
    if (minutesMin !== undefined && !(Number.isFinite(minutesMin) && minutesMin >= 0))
      throw new UsageError(`--minutes-min must be a number ≥ 0, got "${rawMin}"`);
    const asOf = values['as-of'] as string | undefined;
    if (asOf !== undefined && (!ISO_DATE.test(asOf) || Number.isNaN(Date.parse(asOf))))
      throw new UsageError(`--as-of must be a date YYYY-MM-DD, got "${asOf}"`);
    const text = textOptionsOf(values);

    const started = performance.now();
    const ms: Record<'read' | 'derive' | 'dna_tags' | 'write', number> = { read: 0, derive: 0, dna_tags: 0, write: 0 };
    let t = performance.now();
    let readBar: ReturnType<typeof progressBar> | null = null;
    let readNote = '';
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
    const mapped: MapOptionResult | null =
      mapArg === undefined
        ? null
        : datasetFromMapOption(positionals, mapArg, asOf ?? new Date().toISOString().slice(0, 10), text);
    let read: InputInfo | null = mapped
      ? { dataset: mapped.dataset, format: 'export', csv: null }
      : datasetFromPath(input, {
          asOf,
          ...text,
          onProgress: (done, total, unit) => {
            readBar ??= progressBar({ label: 'read ', total, write: io.stderr });
            readNote = unit === 'bytes' ? mb(done) : 'rows';
            readBar.update(done, readNote);
          },
        });
    (readBar as ReturnType<typeof progressBar> | null)?.finish(readNote);
    const { format: inputFormat, csv } = read;
    const attribution = read.dataset.meta.attribution ?? null;
    ms.read = performance.now() - t;
    t = performance.now();
    const rows = read.dataset.tables.player_seasons.numRows;
    const bar = progressBar({ label: 'score', total: rows, write: io.stderr });
    const table = scoreTableOf(read.dataset, {
      minutesMin,
      asOf,
      onDerived: (d) => (ms.derive = d),
      onProgress: (done) => bar.update(done, 'player-seasons'),
    });
    bar.finish('player-seasons');
    // The input dataset is no longer needed; letting it go lowers peak memory while writing.
    read = null;
    releaseMemory();
    ms.dna_tags = performance.now() - t - ms.derive;
    t = performance.now();
    const writeBar = progressBar({ label: 'write', total: rows, write: io.stderr });
    await tableToFile(table, out, format, { onProgress: (done) => writeBar.update(done, 'rows') });
    writeBar.finish(`rows → ${format}`);
    ms.write = performance.now() - t;
    const seconds = (performance.now() - started) / 1000;

    // Counted as bytes: decoding the two columns would add a million strings at the end of the run.
    const sources = utf8CountsOf(table.getChild('rating_source')!);
    const samples = utf8CountsOf(table.getChild('sample')!);
    const count = (counts: Map<string | null, number>, v: string | null) => counts.get(v) ?? 0;
    // Only a run with unrated rows reads the columns again, to say why each has none.
    const gaps =
      count(sources, null) > 0 ? ratingGapsOf(table) : { under_90_minutes: 0, no_cohort: 0, no_rated_stats: 0 };
    const summary = {
      input,
      input_format: inputFormat,
      ...(csv ? csvFileSummaryOf(csv) : {}),
      out,
      format,
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
      attribution,
      ...(mapped ? { map: mapped.report, map_inputs: mapped.inputs } : {}),
    };
    if (values.json) {
      io.stdout(jsonOut(summary));
      return;
    }
    const how = csv
      ? ` (read as ${csv.encoding}${csv.bom ? ' with BOM' : ''}, delimiter ${summary.delimiter === 'tab' ? 'tab' : `"${summary.delimiter}"`})`
      : '';
    io.stdout(
      `scored ${table.numRows.toLocaleString('en-US')} player-seasons → ${out} (${format}, ${table.numCols} columns) in ${seconds.toFixed(1)} s${how}\n` +
        `  ratings: ${summary.rating_source.provider} provider, ${summary.rating_source.model} model, ${summary.rating_source.none} none${summary.rating_source.none > 0 ? ` (${ratingGapsText(gaps)})` : ''}; ` +
        `samples: ${summary.sample.ok} in cohort, ${summary.sample.low} low, ${summary.sample.none} without cohort\n` +
        (attribution ? `  ${attribution}\n` : '') +
        (mapped ? mapReportText(mapped.report) : ''),
    );
  },
};
