/**
 * Several Wyscout competitions in one dataset (docs/methodology/wyscout.md#several-competitions):
 * each competition is ingested on its own (its own league, season and cohorts), then the datasets
 * are merged. Wyscout gives a player one `wyId` across competitions, so his club season rows and
 * his tournament row belong to one player.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DatasetError } from '../../model/dataset-error.js';
import { mergeDatasets } from '../../model/merge.js';
import { type Dataset, rowsOf } from '../../model/schema.js';
import type { WyscoutReport } from './coverage.js';
import {
  finishStreamedFold,
  offerResult,
  startStreamedFold,
  streamedJobsOf,
  wyscoutIngest,
  type WyscoutOptions,
} from './dataset.js';
import { layoutOf, type WyscoutLayout } from './layout.js';
import { readPlayerRegistry, readTeamRegistry } from './read.js';
import type { WyscoutRegistries } from './season-fold.js';
import { defaultIngestWorkers, ingestPool, type IngestPool } from './workers.js';

/** What one competition of a multi-competition ingest brought. */
export interface CompetitionReport {
  competition: string;
  league_id: number;
  league: string;
  season: string;
  matches: number;
  events: number;
  players: number;
  player_seasons: number;
  report: WyscoutReport;
}

/** Options of {@link wyscoutIngestMany}: the competitions (or `all`) and what each single ingest takes. */
export interface WyscoutManyOptions extends Omit<WyscoutOptions, 'competition' | 'onProgress'> {
  competitions: readonly string[] | 'all';
  /** Parallel match readers (docs/methodology/wyscout.md#workers); default the available cores. */
  workers?: number;
  /** Called after each match with the competition, matches done and in total, events so far. */
  onProgress?: (competition: string, done: number, total: number, events: number) => void;
}

/**
 * The competitions a Wyscout folder holds: the `<Competition>` of each `matches_<Competition>.json`
 * (in `matches/` or the folder itself), in file-name order.
 * @example competitionsIn('shared/real/wyscout') // => ['England', 'France', 'Germany', 'Spain', 'World_Cup']
 */
export function competitionsIn(dir: string): string[] {
  const lists =
    existsSync(join(dir, 'matches')) && statSync(join(dir, 'matches')).isDirectory() ? join(dir, 'matches') : dir;
  return readdirSync(lists)
    .filter((n) => /^matches_.+\.json$/i.test(n))
    .sort()
    .map((n) => n.replace(/^matches_/i, '').replace(/\.json$/i, ''));
}

/** One competition of the run: its name and layout, found once and shared by the jobs and the fold. */
interface Competition {
  name: string;
  layout: WyscoutLayout;
}

/** One competition's dataset and report. */
interface Part {
  dataset: Dataset;
  summary: CompetitionReport;
}

/** The part of one ingested competition: its dataset and the summary of its report. */
function partOf(c: Competition, { dataset, report }: { dataset: Dataset; report: WyscoutReport }): Part {
  // One league and one season: the dataset of one competition.
  const [league] = rowsOf(dataset.tables.leagues, 'leagues');
  const [season] = rowsOf(dataset.tables.seasons, 'seasons');
  const summary: CompetitionReport = {
    competition: c.name,
    league_id: league.league_id,
    league: league.name,
    season: season.name,
    matches: report.matches,
    events: report.events,
    players: dataset.tables.players.numRows,
    player_seasons: dataset.tables.player_seasons.numRows,
    report,
  };
  return { dataset, summary };
}

/** Ingests one competition in-thread, reading its matches here. */
function competitionOf(dir: string, c: Competition, options: ManyWithRegistries): Part {
  return partOf(
    c,
    wyscoutIngest(dir, {
      ...options,
      competition: c.name,
      layout: c.layout,
      onProgress: (done, total, events) => options.onProgress?.(c.name, done, total, events),
    }),
  );
}

type ManyWithRegistries = WyscoutManyOptions & { registries: WyscoutRegistries };

/**
 * Every competition's matches in one run of the pool, in fold order; each competition folds each
 * result as soon as every match before it is folded (so few results wait, and none is kept once
 * folded), and builds its dataset when its last match is in, while the other threads go on.
 * A competition in per-match files is read in-thread after the run.
 */
async function pooledCompetitions(
  dir: string,
  competitions: readonly Competition[],
  options: ManyWithRegistries,
  pool: IngestPool,
): Promise<Part[]> {
  const folds = competitions.map(({ name, layout }) =>
    layout.kind === 'registry'
      ? startStreamedFold(layout, options.registries, { ...options, competition: name, onProgress: undefined })
      : null,
  );
  const perCompetition = folds.map((f) => (f ? streamedJobsOf(f) : []));
  const jobs = perCompetition.flat();
  const owner = perCompetition.flatMap((list, k) => list.map(() => k));
  const done = competitions.map(() => 0);
  const parts: (Part | null)[] = folds.map((f, k) =>
    f && f.next === f.ordered.length ? partOf(competitions[k], finishStreamedFold(f)) : null,
  );
  const roles = [...options.registries.players].map(([id, p]): [number, string] => [id, p.role.code2]);
  await pool.run(jobs, roles, (result, job) => {
    const k = owner[job];
    const fold = folds[k];
    if (!fold) return;
    const complete = offerResult(fold, jobs[job].match.wyId, result);
    done[k]++;
    options.onProgress?.(competitions[k].name, done[k], perCompetition[k].length, fold.s.report.events);
    if (complete) parts[k] = partOf(competitions[k], finishStreamedFold(fold));
  });
  return parts.map((p, k) => p ?? competitionOf(dir, competitions[k], options));
}

/**
 * Builds one dataset from several competitions of the Wyscout folder `dir` (or `'all'` of them):
 * one league and season per competition, tiers from the league-tier table unless overridden, one
 * player per `wyId`, with a report per competition. One competition gives its dataset unmerged.
 * Matches are parsed on `workers` threads (default the available cores: the main thread and
 * `workers - 1` worker threads; 1 = in-thread only);
 * the dataset is byte-identical whatever the number.
 * Throws {@link DatasetError} when a competition is missing, named twice, or a file cannot be read.
 * @example (await wyscoutIngestMany('shared/real/wyscout', { competitions: 'all' })).reports.length // => 5
 */
export async function wyscoutIngestMany(
  dir: string,
  options: WyscoutManyOptions,
): Promise<{ dataset: Dataset; reports: CompetitionReport[] }> {
  const names = options.competitions === 'all' ? competitionsIn(dir) : options.competitions.map((c) => c.trim());
  if (names.length === 0) throw new DatasetError('matches/', null, null, `no matches_<Competition>.json in ${dir}`);
  const twice = names.find((n, i) => names.findIndex((m) => m.toLowerCase() === n.toLowerCase()) !== i);
  if (twice) throw new DatasetError('(competitions)', null, null, `competition "${twice}" is named twice`);
  const workers = options.workers ?? defaultIngestWorkers();
  // The workers start first, so that their setup runs while this thread reads the registries.
  const pool = workers > 1 ? ingestPool(workers) : null;
  let parts: Part[];
  try {
    // Each competition's match list and the registries are read once, for the jobs and the folds.
    const competitions = names.map((name) => ({ name, layout: layoutOf(dir, name) }));
    const registered = competitions.some((c) => c.layout.kind === 'registry');
    const registries = {
      players: registered ? readPlayerRegistry(dir) : new Map(),
      teams: registered ? readTeamRegistry(dir) : new Map(),
    };
    const shared = { ...options, registries };
    parts = pool
      ? await pooledCompetitions(dir, competitions, shared, pool)
      : competitions.map((c) => competitionOf(dir, c, shared));
  } finally {
    await pool?.close();
  }
  const reports = parts.map((p) => p.summary);
  if (parts.length === 1) return { dataset: parts[0].dataset, reports };
  const name = `Wyscout public dataset: ${reports.map((r) => `${r.league} ${r.season}`).join(', ')}`;
  const dataset = mergeDatasets(
    parts.map((p) => ({ label: p.summary.competition, dataset: p.dataset })),
    { name },
  );
  return { dataset, reports };
}
