import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { datasetFromStatsBomb } from '../../providers/statsbomb/dataset.js';
import { datasetToDir } from '../../io/save.js';
import { progressBar, type ProgressBar } from '../progress.js';
import { UsageError, defineCommand } from '../run.js';
import { assertReplaceable, intFlag, rowCountsText, tableRowsOf } from '../shared.js';
import { jsonOut } from '../json-out.js';
import { counted } from '../../prose.js';

/**
 * The folder holding `competitions.json`: the given one, or its `data/` subfolder (the layout of
 * a clone of github.com/statsbomb/open-data).
 */
function openDataRootOf(dir: string): string {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`${dir} is not a folder`);
  if (existsSync(join(dir, 'competitions.json'))) return dir;
  if (existsSync(join(dir, 'data', 'competitions.json'))) return join(dir, 'data');
  throw new UsageError(`${dir} holds no competitions.json (give the StatsBomb open-data folder or its data/ folder)`);
}

/**
 * `halfspace ingest statsbomb <open-data-dir> --competition N --season N --out <dir>`: builds a
 * dataset from one StatsBomb competition season (docs/methodology/statsbomb.md) and writes it as an
 * Arrow dataset folder. Progress bar on a terminal; `--json` prints a summary for scripts.
 */
export const ingestStatsBombCommand = defineCommand({
  usage: 'ingest statsbomb <open-data-dir> --competition N --season N --out <dataset-dir> [--json]',
  options: {
    competition: { type: 'string' },
    season: { type: 'string' },
    out: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
  positionals: true,
  run({ values, positionals, io }) {
    if (positionals.length !== 1)
      throw new UsageError(`give exactly one StatsBomb open-data folder (got ${positionals.length})`);
    const competitionId = intFlag(values, 'competition');
    const seasonId = intFlag(values, 'season');
    if (competitionId === undefined)
      throw new UsageError('give --competition <competition_id> (e.g. 2 for the Premier League)');
    if (seasonId === undefined) throw new UsageError('give --season <season_id> (e.g. 27 for 2015/2016)');
    const out = values.out;
    if (!out) throw new UsageError('give --out <dataset-dir>');
    const root = openDataRootOf(positionals[0]);
    if (resolve(root) === resolve(out) || resolve(positionals[0]) === resolve(out))
      throw new UsageError('--out must differ from the open-data folder');
    assertReplaceable(out);

    const started = performance.now();
    // The bar is made on the first report, when the number of matches is known.
    const progress: { bar: ProgressBar | null; events: number; matches: number } = { bar: null, events: 0, matches: 0 };
    const dataset = datasetFromStatsBomb(root, {
      competitionId,
      seasonId,
      onProgress: (done, total, eventsSoFar) => {
        progress.bar ??= progressBar({ label: 'ingest', total, write: io.stderr });
        progress.bar.update(done, `matches, ${eventsSoFar.toLocaleString('en-US')} events`);
        progress.events = eventsSoFar;
        progress.matches = done;
      },
    });
    const { events, matches } = progress;
    progress.bar?.finish(`matches, ${events.toLocaleString('en-US')} events`);
    datasetToDir(dataset, out);
    const seconds = (performance.now() - started) / 1000;

    const tables = tableRowsOf(dataset);
    if (values.json)
      return void io.stdout(
        jsonOut({
          out,
          competition_id: competitionId,
          season_id: seasonId,
          matches,
          events,
          seconds: Math.round(seconds * 1000) / 1000,
          tables,
          attribution: dataset.meta.attribution ?? null,
          coverage: dataset.meta.coverage ?? {},
        }),
      );
    io.stdout(
      `wrote ${out}: ${counted(matches, 'match', 'matches')}, ${events.toLocaleString('en-US')} events in ${seconds.toFixed(1)} s\n` +
        `  ${rowCountsText(dataset)} rows\n` +
        `  ${dataset.meta.attribution}\n`,
    );
  },
});
