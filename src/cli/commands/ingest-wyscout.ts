import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { wyscoutIngestMany, type CompetitionReport } from '../../providers/wyscout/competitions.js';
import { leagueTierOverridesOf } from '../../providers/wyscout/league-tiers.js';
import type { RoundRange } from '../../providers/wyscout/dataset.js';
import { datasetToDir } from '../../io/save.js';
import { rowsOf, type Dataset } from '../../model/schema.js';
import { progressBar, type ProgressBar } from '../progress.js';
import { UsageError, defineCommand, type OptionValues } from '../run.js';
import { assertReplaceable, intFlag, rowCountsText, tableRowsOf } from '../shared.js';
import { jsonOut } from '../json-out.js';
import { counted } from '../../prose.js';

/** The notes of one competition's report: goal differences, unlisted players, anomalies. */
function notesOf(r: CompetitionReport, indent: string): string[] {
  const { report, matches } = r;
  const differences =
    report.goalDifferences.length === 0
      ? [`${indent}goals from events equal the scoreboard in all ${counted(matches, 'match', 'matches')}`]
      : [
          `${indent}goals from events differ from the scoreboard in ${new Set(report.goalDifferences.map((d) => d.fixture_id)).size} of ${counted(matches, 'match', 'matches')} (fixtures keep the scoreboard):`,
          ...report.goalDifferences.map(
            (d) =>
              `${indent}  ${d.fixture_id} ${d.label}: ${d.team} ${d.events} from events, ${d.scoreboard} on the scoreboard`,
          ),
        ];
  const unlistedEvents = report.unlisted.reduce((a, u) => a + u.events, 0);
  return [
    ...differences,
    ...(report.unlisted.length > 0
      ? [
          `${indent}${counted(unlistedEvents, 'event')} in ${counted(report.unlisted.length, 'match', 'matches')} by players in no lineup or substitution (counted, no minutes)`,
        ]
      : []),
    ...report.anomalies.map((a) => `${indent}${a}`),
  ];
}

/** The JSON block of one competition. */
const competitionJsonOf = (r: CompetitionReport) => ({
  competition: r.competition,
  competition_id: r.league_id,
  league: r.league,
  season: r.season,
  matches: r.matches,
  events: r.events,
  players: r.players,
  player_seasons: r.player_seasons,
  goal_differences: r.report.goalDifferences,
  unlisted: r.report.unlisted,
  anomalies: r.report.anomalies,
});

/** `--competition`: `all`, or a comma-separated list of names or ids. */
function competitionsOf(values: { competition?: string }): string[] | 'all' {
  const text = values.competition?.trim();
  if (!text) throw new UsageError('give --competition <name or id>[,…] or all (e.g. England, World_Cup, 364)');
  if (text.toLowerCase() === 'all') return 'all';
  const list = text
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  if (list.length === 0) throw new UsageError('give --competition <name or id>[,…] or all');
  return list;
}

/**
 * The `--rounds FROM-TO` range (both ends included, e.g. `1-19`), or undefined without the flag.
 * @example roundsOf('20-38') // => { from: 20, to: 38 }
 */
function roundsOf(text: string | undefined): RoundRange | undefined {
  if (text === undefined) return undefined;
  const m = /^\s*(\d{1,4})\s*-\s*(\d{1,4})\s*$/.exec(text);
  const from = Number(m?.[1]);
  const to = Number(m?.[2]);
  if (!m || from < 1 || to < from)
    throw new UsageError(`--rounds takes FROM-TO with 1 ≤ FROM ≤ TO (e.g. 1-19), got "${text}"`);
  return { from, to };
}

/** The flags of `ingest wyscout`. */
const INGEST_WYSCOUT_OPTIONS = {
  competition: { type: 'string' },
  out: { type: 'string' },
  'league-name': { type: 'string' },
  'league-tier': { type: 'string' },
  workers: { type: 'string' },
  rounds: { type: 'string' },
  json: { type: 'boolean', default: false },
} as const;

/** Checks the command line before any work: the folder, `--out`, and the flags that shape the ingest. */
function ingestArgsOf(values: OptionValues<typeof INGEST_WYSCOUT_OPTIONS>, positionals: string[]) {
  if (positionals.length !== 1) throw new UsageError(`give exactly one Wyscout folder (got ${positionals.length})`);
  const competitions = competitionsOf(values);
  const out = values.out;
  if (!out) throw new UsageError('give --out <dataset-dir>');
  const dir = positionals[0];
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`${dir} is not a folder`);
  if (resolve(dir) === resolve(out)) throw new UsageError('--out must differ from the Wyscout folder');
  const leagueName = values['league-name'];
  if (leagueName !== undefined && (competitions === 'all' || competitions.length !== 1))
    throw new UsageError('--league-name goes with one competition');
  const tiers = values['league-tier'] === undefined ? undefined : leagueTierOverridesOf(values['league-tier']);
  if (tiers && !tiers.ok) throw new UsageError(tiers.message);
  const workers = intFlag(values, 'workers');
  if (workers !== undefined && workers < 1) throw new UsageError('--workers must be at least 1');
  assertReplaceable(out);
  const rounds = roundsOf(values.rounds);
  return { dir, out, competitions, leagueName, leagueTiers: tiers?.ok ? tiers.tiers : undefined, workers, rounds };
}

/** What one run wrote, for its summary. */
interface IngestRun {
  out: string;
  dataset: Dataset;
  reports: CompetitionReport[];
  matches: number;
  events: number;
  seconds: number;
}

/** The `--json` summary: the one competition's block inline, or one block per competition. */
function ingestJsonOf({ out, dataset, reports, matches, events, seconds }: IngestRun) {
  const single = reports.length === 1 ? reports[0] : null;
  const season = single ? rowsOf(dataset.tables.seasons, 'seasons')[0] : null;
  return {
    out,
    ...(single ? { ...competitionJsonOf(single), season_id: season?.season_id } : {}),
    matches,
    events,
    seconds: Math.round(seconds * 1000) / 1000,
    tables: tableRowsOf(dataset),
    ...(single ? {} : { competitions: reports.map(competitionJsonOf) }),
    attribution: dataset.meta.attribution ?? null,
    coverage: dataset.meta.coverage ?? {},
  };
}

/** The summary for a terminal: what was written, row counts, and each competition's notes. */
function ingestTextOf({ out, dataset, reports, matches, events, seconds }: IngestRun): string {
  const what = reports.length === 1 ? `${reports[0].league} ${reports[0].season}` : `${reports.length} competitions`;
  const perCompetition =
    reports.length === 1
      ? notesOf(reports[0], '  ')
      : reports.flatMap((r) => [
          `  ${r.competition}: ${r.league} ${r.season}, ${counted(r.matches, 'match', 'matches')}, ${r.events.toLocaleString('en-US')} events, ${counted(r.players, 'player')}`,
          ...notesOf(r, '    '),
        ]);
  return (
    `wrote ${out}: ${what}, ${counted(matches, 'match', 'matches')}, ${events.toLocaleString('en-US')} events in ${seconds.toFixed(1)} s\n` +
    `  ${rowCountsText(dataset)} rows\n` +
    `${perCompetition.join('\n')}\n` +
    `  ${dataset.meta.attribution}\n`
  );
}

/**
 * `halfspace ingest wyscout <dir> --competition NAME|ID[,…]|all --out <dir>`: builds a dataset from
 * one or several Wyscout v2 competition seasons (docs/methodology/wyscout.md) and writes it as an
 * Arrow dataset folder. Every match whose event goals differ from its scoreboard, and every match
 * anomaly, is printed in the summary. Progress bar on a terminal; `--json` prints a summary.
 * `--rounds 1-19` keeps only those rounds (gameweeks) of each competition.
 */
export const ingestWyscoutCommand = defineCommand({
  usage:
    'ingest wyscout <wyscout-dir> --competition NAME|ID[,NAME|ID…]|all --out <dataset-dir> [--rounds FROM-TO] [--league-name NAME] [--league-tier NAME=N,…] [--workers N] [--json]',
  options: INGEST_WYSCOUT_OPTIONS,
  positionals: true,
  async run({ values, positionals, io }) {
    const { dir, out, ...shape } = ingestArgsOf(values, positionals);
    const started = performance.now();
    const progress: { bar: ProgressBar | null; competition: string } = { bar: null, competition: '' };
    const { dataset, reports } = await wyscoutIngestMany(dir, {
      ...shape,
      onProgress: (competition, done, total, eventsSoFar) => {
        if (progress.competition !== competition) {
          progress.bar?.finish('matches');
          progress.bar = progressBar({ label: `ingest ${competition}`, total, write: io.stderr });
          progress.competition = competition;
        }
        progress.bar?.update(done, `matches, ${eventsSoFar.toLocaleString('en-US')} events`);
      },
    });
    const matches = reports.reduce((a, r) => a + r.matches, 0);
    const events = reports.reduce((a, r) => a + r.events, 0);
    progress.bar?.finish(`matches, ${reports[reports.length - 1].events.toLocaleString('en-US')} events`);
    datasetToDir(dataset, out);
    const seconds = (performance.now() - started) / 1000;
    const run: IngestRun = { out, dataset, reports, matches, events, seconds };
    io.stdout(values.json ? jsonOut(ingestJsonOf(run)) : ingestTextOf(run));
  },
});
