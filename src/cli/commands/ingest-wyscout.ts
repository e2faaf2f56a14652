import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { type RoundRange, wyscoutIngest } from '../../data/providers/wyscout/dataset.js';
import { datasetToDir } from '../../data/save.js';
import { progressBar, type ProgressBar } from '../progress.js';
import { UsageError, type Command } from '../run.js';
import { assertReplaceable, jsonOut, tableRowsOf } from '../shared.js';
import { counted } from '../../prose.js';

/**
 * The `--rounds FROM-TO` range (both ends included, e.g. `1-19`), or undefined without the flag.
 * @example roundsOf('20-38') // => { from: 20, to: 38 }
 */
export function roundsOf(text: string | undefined): RoundRange | undefined {
  if (text === undefined) return undefined;
  const m = /^\s*(\d{1,4})\s*-\s*(\d{1,4})\s*$/.exec(text);
  const from = Number(m?.[1]);
  const to = Number(m?.[2]);
  if (!m || from < 1 || to < from)
    throw new UsageError(`--rounds takes FROM-TO with 1 ≤ FROM ≤ TO (e.g. 1-19), got "${text}"`);
  return { from, to };
}

/**
 * `halfspace ingest wyscout <dir> --competition NAME|ID --out <dir>`: builds a dataset from one
 * Wyscout v2 competition season (docs/methodology/wyscout.md) and writes it as an Arrow dataset
 * folder; `--rounds 1-19` keeps only those rounds (gameweeks). Every match whose event goals differ
 * from its scoreboard is printed in the summary.
 * Progress bar on a terminal; `--json` prints a summary for scripts.
 */
export const ingestWyscoutCommand: Command = {
  name: 'ingest wyscout',
  summary: 'Build an Arrow dataset from Wyscout v2 event data (public dataset or API match files; .json or .json.gz)',
  usage:
    'ingest wyscout <wyscout-dir> --competition NAME|ID --out <dataset-dir> [--rounds FROM-TO] [--league-name NAME] [--json]',
  options: {
    competition: { type: 'string' },
    out: { type: 'string' },
    'league-name': { type: 'string' },
    rounds: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
  positionals: true,
  run({ values, positionals, io }) {
    if (positionals.length !== 1) throw new UsageError(`give exactly one Wyscout folder (got ${positionals.length})`);
    const competition = (values.competition as string | undefined)?.trim();
    if (!competition) throw new UsageError('give --competition <name or id> (e.g. England, World_Cup or 364)');
    const out = values.out as string | undefined;
    if (!out) throw new UsageError('give --out <dataset-dir>');
    const dir = positionals[0];
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`${dir} is not a folder`);
    if (resolve(dir) === resolve(out)) throw new UsageError('--out must differ from the Wyscout folder');
    assertReplaceable(out);

    const rounds = roundsOf(values.rounds as string | undefined);
    const started = performance.now();
    const progress: { bar: ProgressBar | null } = { bar: null };
    const { dataset, report } = wyscoutIngest(dir, {
      competition,
      leagueName: values['league-name'] as string | undefined,
      rounds,
      onProgress: (done, total, eventsSoFar) => {
        progress.bar ??= progressBar({ label: 'ingest', total, write: io.stderr });
        progress.bar.update(done, `matches, ${eventsSoFar.toLocaleString('en-US')} events`);
      },
    });
    const { matches, events } = report;
    progress.bar?.finish(`matches, ${events.toLocaleString('en-US')} events`);
    datasetToDir(dataset, out);
    const seconds = (performance.now() - started) / 1000;

    const tables = tableRowsOf(dataset);
    const league = dataset.tables.leagues.get(0)!.toJSON() as { league_id: number; name: string };
    const season = dataset.tables.seasons.get(0)!.toJSON() as { season_id: number; name: string };
    if (values.json) {
      io.stdout(
        jsonOut({
          out,
          competition_id: league.league_id,
          league: league.name,
          season_id: season.season_id,
          season: season.name,
          matches,
          events,
          seconds: Math.round(seconds * 1000) / 1000,
          tables,
          attribution: dataset.meta.attribution ?? null,
          goal_differences: report.goalDifferences,
          unlisted: report.unlisted,
          anomalies: report.anomalies,
          coverage: dataset.meta.coverage ?? {},
        }),
      );
      return;
    }
    const counts = Object.entries(tables).map(([name, rows]) => `${name} ${rows.toLocaleString('en-US')}`);
    const differences =
      report.goalDifferences.length === 0
        ? [`  goals from events equal the scoreboard in all ${counted(matches, 'match', 'matches')}`]
        : [
            `  goals from events differ from the scoreboard in ${new Set(report.goalDifferences.map((d) => d.fixture_id)).size} of ${counted(matches, 'match', 'matches')} (fixtures keep the scoreboard):`,
            ...report.goalDifferences.map(
              (d) =>
                `    ${d.fixture_id} ${d.label}: ${d.team} ${d.events} from events, ${d.scoreboard} on the scoreboard`,
            ),
          ];
    const unlistedEvents = report.unlisted.reduce((a, u) => a + u.events, 0);
    const notes = [
      ...differences,
      ...(report.unlisted.length > 0
        ? [
            `  ${counted(unlistedEvents, 'event')} in ${counted(report.unlisted.length, 'match', 'matches')} by players in no lineup or substitution (counted, no minutes)`,
          ]
        : []),
      ...report.anomalies.map((a) => `  ${a}`),
    ];
    io.stdout(
      `wrote ${out}: ${league.name} ${season.name}, ${counted(matches, 'match', 'matches')}, ${events.toLocaleString('en-US')} events in ${seconds.toFixed(1)} s\n` +
        `  ${counts.join(', ')} rows\n` +
        `${notes.join('\n')}\n` +
        `  ${dataset.meta.attribution}\n`,
    );
  },
};
