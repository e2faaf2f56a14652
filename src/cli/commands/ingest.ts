import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { FEED_FORMATS, type FeedFile, type FeedFormat, feedFilesOf } from '../../providers/feed-format.js';
import { datasetFromOptaMatches, type OptaMatchReport } from '../../providers/opta/dataset.js';
import { optaMatchesFromFiles } from '../../providers/opta/files.js';
import {
  datasetFromMetricaMatches,
  metricaMatchesFromFiles,
  type MetricaMatchReport,
} from '../../providers/metrica/index.js';
import type { Dataset } from '../../model/schema.js';
import { datasetFromSportecFiles } from '../../providers/sportec/files.js';
import { datasetFromDataFactoryFiles } from '../../providers/datafactory/files.js';
import { datasetToDir } from '../../io/save.js';
import { UsageError, defineCommand } from '../run.js';
import { assertReplaceable, rowCountsText, tableRowsOf } from '../shared.js';
import { jsonOut } from '../json-out.js';
import { counted } from '../../prose.js';

/** Formats read by their own command, which takes the competition and season to read. */
const OWN_COMMAND: Partial<Record<FeedFormat, string>> = {
  statsbomb: 'halfspace ingest statsbomb <open-data-dir> --competition N --season N --out <dataset-dir>',
  wyscout: 'halfspace ingest wyscout <wyscout-dir> --competition NAME --out <dataset-dir>',
};

/** Formats `ingest` reads itself. */
const READ_HERE: ReadonlySet<FeedFormat> = new Set(['statsperform', 'opta', 'metrica', 'sportec', 'datafactory']);

const isFeedFormat = (v: string): v is FeedFormat => FEED_FORMATS.some((f) => f === v);

/** The files of the one format to read: the one asked for, or the only one found; refuses the rest. */
function filesToRead(paths: readonly string[], asked: string | undefined): { format: FeedFormat; files: FeedFile[] } {
  if (asked !== undefined && !isFeedFormat(asked))
    throw new UsageError(`unknown format "${asked}" (give one of: ${FEED_FORMATS.join(', ')})`);
  for (const p of paths) if (!existsSync(p)) throw new UsageError(`cannot read ${p}: no such file or folder`);
  const { files } = feedFilesOf(paths);
  const formats = [...new Set(files.map((f) => f.format))];
  const format = asked ?? formats[0];
  if (!format)
    throw new UsageError(`no event feed halfspace knows in ${paths.join(', ')} (give --format to say which)`);
  if (asked === undefined && formats.length > 1)
    throw new UsageError(`files of several feeds (${formats.join(', ')}): ingest one feed at a time, or give --format`);
  const own = OWN_COMMAND[format];
  if (own) throw new UsageError(`${format} data is read with its own command: ${own}`);
  if (!READ_HERE.has(format))
    throw new UsageError(
      `${format} is not supported yet: ingest reads Stats Perform MA1/MA3, Opta F7/F24, Metrica, Sportec and DataFactory today`,
    );
  const chosen = files.filter((f) => f.format === format);
  if (chosen.length === 0) throw new UsageError(`no ${format} files in ${paths.join(', ')}`);
  return { format, files: chosen };
}

/** One line per match of the ingest report. */
function reportLinesOf(report: readonly OptaMatchReport[]): string[] {
  return report.map((r) => {
    const score = r.recorded_score ? ` ${r.recorded_score.home}–${r.recorded_score.away}` : '';
    const periods = r.periods.map((p) => `P${p.period} ${p.events}`).join(', ');
    const state = r.whole ? 'whole match' : `PARTIAL: ${r.missing.join('; ')}`;
    const notes = r.notes.map((n) => `\n    note: ${n}`).join('');
    return `  ${r.match}${score}: ${counted(r.events, 'event', 'events')} (${periods}); ${state}${notes}`;
  });
}

/** One Metrica match of the report: its score from the events, and what was inferred. */
function metricaLinesOf(report: readonly MetricaMatchReport[]): string[] {
  return report.map((r) => {
    const periods = r.periods.map((p) => `P${p.period} ${p.events}`).join(', ');
    return `  ${r.match} ${r.event_goals.home}–${r.event_goals.away}: ${counted(r.events, 'event', 'events')} (${periods}); ${r.inferred.join('; ')}`;
  });
}

/** What reading one format's files gives the command. */
interface Ingested {
  dataset: Dataset;
  report: readonly (OptaMatchReport | MetricaMatchReport)[];
  lines: string[];
  repeats: string[];
}

function ingestedOf(format: FeedFormat, files: readonly FeedFile[]): Ingested {
  if (format === 'metrica') {
    const { dataset, report } = datasetFromMetricaMatches(metricaMatchesFromFiles(files));
    return { dataset, report, lines: metricaLinesOf(report), repeats: [] };
  }
  if (format === 'sportec' || format === 'datafactory') {
    const { dataset, report } =
      format === 'sportec' ? datasetFromSportecFiles(files) : datasetFromDataFactoryFiles(files);
    return { dataset, report, lines: reportLinesOf(report), repeats: [] };
  }
  const { matches, repeats } = optaMatchesFromFiles(files);
  const { dataset, report } = datasetFromOptaMatches(matches);
  return { dataset, report, lines: reportLinesOf(report), repeats };
}

/**
 * `halfspace ingest <files-or-folder>… --out <dir> [--format F]`: detects the feed of the files
 * (docs/providers.md#detection), reads the matches into one dataset and prints the ingest report
 * (events per period, what a partial file lacks). Exit 2 with one line for an unknown format, an
 * unreadable path, or a feed not supported yet.
 */
export const ingestCommand = defineCommand({
  usage: `ingest <files-or-folder>… --out <dataset-dir> [--format ${FEED_FORMATS.join('|')}] [--json]`,
  options: { out: { type: 'string' }, format: { type: 'string' }, json: { type: 'boolean', default: false } },
  positionals: true,
  run({ values, positionals, io }) {
    if (positionals.length === 0) throw new UsageError('give the feed files or the folder holding them');
    const out = values.out;
    if (!out) throw new UsageError('give --out <dataset-dir>');
    if (positionals.some((p) => resolve(p) === resolve(out))) throw new UsageError('--out must differ from the inputs');
    // The --out folder is checked before any input is read, as every command that writes does.
    assertReplaceable(out);
    const { format, files } = filesToRead(positionals, values.format);
    const started = performance.now();
    const { dataset, report, lines, repeats } = ingestedOf(format, files);
    datasetToDir(dataset, out);
    const seconds = (performance.now() - started) / 1000;
    const tables = tableRowsOf(dataset);
    const events = report.reduce((s, r) => s + r.events, 0);
    if (values.json)
      return void io.stdout(
        jsonOut({
          out,
          format,
          matches: report,
          repeats,
          events,
          seconds: Math.round(seconds * 1000) / 1000,
          tables,
          coverage: dataset.meta.coverage ?? {},
        }),
      );
    io.stdout(
      `wrote ${out} (${format}): ${counted(report.length, 'match', 'matches')}, ${events.toLocaleString('en-US')} events in ${seconds.toFixed(1)} s\n` +
        `${lines.join('\n')}\n` +
        repeats.map((r) => `  left out ${r}\n`).join('') +
        `  ${rowCountsText(dataset)} rows\n` +
        `  ${dataset.meta.attribution}\n`,
    );
  },
});
