import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { tableToIPC } from 'apache-arrow';
import { datasetFromDir } from '../../data/load.js';
import { datasetFromCsvDir } from '../../data/providers/csv/read.js';
import { datasetFromSeasonCsv } from '../../data/season-csv.js';
import { tableToCsvFile } from '../../data/table-csv.js';
import type { Dataset } from '../../data/schema.js';
import { scoreTableOf } from '../../dna/score-table.js';
import { progressBar } from '../progress.js';
import { datasetFromMapOption, MAP_OPTION, mapReportText } from '../map-option.js';
import { UsageError, type Command } from '../run.js';
import { assertFileTarget, jsonOut } from '../shared.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date in UTC, `YYYY-MM-DD`: the default as-of date of a season-table CSV. */
const todayUtc = (): string => new Date().toISOString().slice(0, 10);

/** Opens the input: an Arrow or CSV dataset folder, or a season-table CSV (docs/scoring.md#players-csv). */
function inputOf(path: string, asOf: string | undefined): Dataset {
  if (!existsSync(path)) throw new UsageError(`${path} does not exist`);
  if (statSync(path).isDirectory()) {
    if (!existsSync(join(path, 'dataset.json'))) throw new UsageError(`${path} is not a dataset folder (no dataset.json)`);
    // A CSV dataset folder (docs/csv.md) has players.csv where an Arrow folder has players.arrow.
    if (!existsSync(join(path, 'players.arrow')) && existsSync(join(path, 'players.csv'))) return datasetFromCsvDir(path);
    return datasetFromDir(path);
  }
  if (extname(path).toLowerCase() !== '.csv') throw new UsageError(`${path}: give a dataset folder or a .csv season table`);
  return datasetFromSeasonCsv(readFileSync(path, 'utf8'), { file: path, asOf: asOf ?? todayUtc() });
}

/**
 * `halfspace score <dataset-dir | players.csv> --out <file.arrow | file.csv>`: writes every
 * player-season with per-90 values, percentiles, cohort, rating, age, fee tier and style tags
 * (docs/scoring.md). Progress bar on a terminal; `--json` prints a summary for scripts.
 */
export const scoreCommand: Command = {
  name: 'score',
  summary: 'Score every player-season (per-90, percentiles, cohort, rating, fee tier, style tags) into an Arrow or CSV file',
  usage: 'score <dataset-dir | players.csv | export.csv… --map FILE.json|fbref|wyscout-search> --out <file.arrow | file.csv> [--minutes-min N] [--as-of YYYY-MM-DD] [--json]',
  options: {
    out: { type: 'string' },
    'minutes-min': { type: 'string' },
    'as-of': { type: 'string' },
    json: { type: 'boolean', default: false },
    ...MAP_OPTION,
  },
  positionals: true,
  run({ values, positionals, io }) {
    // --map reads one or more export tables of one export (docs/scoring.md#column-maps).
    const mapArg = values.map as string | undefined;
    if (positionals.length !== 1 && !(mapArg && positionals.length > 1)) throw new UsageError(`give exactly one dataset folder or season-table CSV (got ${positionals.length})`);
    const input = positionals[0];
    const out = values.out as string | undefined;
    if (!out) throw new UsageError('give --out <file.arrow | file.csv>');
    const format = extname(out).toLowerCase() === '.arrow' ? 'arrow' : extname(out).toLowerCase() === '.csv' ? 'csv' : null;
    if (!format) throw new UsageError(`--out ${out} must end in .arrow or .csv`);
    if (positionals.some((p) => resolve(out) === resolve(p))) throw new UsageError('--out must differ from the input');
    assertFileTarget(out);
    const rawMin = values['minutes-min'] as string | undefined;
    const minutesMin = rawMin === undefined ? undefined : Number(rawMin);
    if (minutesMin !== undefined && !(Number.isFinite(minutesMin) && minutesMin >= 0)) throw new UsageError(`--minutes-min must be a number ≥ 0, got "${rawMin}"`);
    const asOf = values['as-of'] as string | undefined;
    if (asOf !== undefined && (!ISO_DATE.test(asOf) || Number.isNaN(Date.parse(asOf)))) throw new UsageError(`--as-of must be a date YYYY-MM-DD, got "${asOf}"`);

    const started = performance.now();
    const mapped = mapArg === undefined ? null : datasetFromMapOption(positionals, mapArg, asOf ?? todayUtc());
    const dataset = mapped ? mapped.dataset : inputOf(input, asOf);
    const bar = progressBar({ label: 'score', total: dataset.tables.player_seasons.numRows, write: io.stderr });
    const table = scoreTableOf(dataset, { minutesMin, asOf, onProgress: (done) => bar.update(done, 'player-seasons') });
    bar.finish('player-seasons');
    if (format === 'arrow') {
      const tmp = `${out}.tmp-${process.pid}`;
      try {
        writeFileSync(tmp, tableToIPC(table, 'file'));
        renameSync(tmp, out);
      } catch (error) {
        rmSync(tmp, { force: true });
        throw error;
      }
    } else {
      tableToCsvFile(table, out);
    }
    const seconds = (performance.now() - started) / 1000;

    const sources = table.getChild('rating_source')!.toArray() as (string | null)[];
    const samples = table.getChild('sample')!.toArray() as (string | null)[];
    const count = (xs: (string | null)[], v: string | null) => xs.reduce((s, x) => s + (x === v ? 1 : 0), 0);
    const summary = {
      input, out, format, rows: table.numRows, columns: table.numCols,
      seconds: Math.round(seconds * 1000) / 1000,
      rating_source: { provider: count(sources, 'provider'), model: count(sources, 'model'), none: count(sources, null) },
      sample: { ok: count(samples, 'ok'), low: count(samples, 'low'), none: count(samples, null) },
      attribution: dataset.meta.attribution ?? null,
      ...(mapped ? { map: mapped.report } : {}),
    };
    if (values.json) {
      io.stdout(jsonOut(summary));
      return;
    }
    io.stdout(
      `scored ${table.numRows.toLocaleString('en-US')} player-seasons → ${out} (${format}, ${table.numCols} columns) in ${seconds.toFixed(1)} s\n` +
        `  ratings: ${summary.rating_source.provider} provider, ${summary.rating_source.model} model, ${summary.rating_source.none} none (under 90 minutes); ` +
        `samples: ${summary.sample.ok} in cohort, ${summary.sample.low} low, ${summary.sample.none} without cohort\n` +
        (dataset.meta.attribution ? `  ${dataset.meta.attribution}\n` : '') +
        (mapped ? mapReportText(mapped.report) : ''),
    );
  },
};
