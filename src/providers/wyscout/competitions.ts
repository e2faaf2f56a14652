/**
 * Several Wyscout competitions in one dataset (docs/methodology/wyscout.md#several-competitions):
 * each competition is ingested on its own (its own league, season and cohorts), then the datasets
 * are merged. Wyscout gives a player one `wyId` across competitions, so his club season rows and
 * his tournament row belong to one player.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DatasetError } from '../../model/dataset-error.js';
import { mergeDatasets } from '../../merge/merge.js';
import { type Dataset, rowsOf } from '../../model/schema.js';
import type { WyscoutReport } from './coverage.js';
import { inRounds, type RoundRange, wyscoutIngest, type WyscoutOptions } from './dataset.js';
import { finishedOf } from './fixtures.js';
import { layoutOf, type WyscoutLayout } from './layout.js';
import type { MatchResult } from './match-result.js';
import { readPlayerRegistry, readTeamRegistry } from './read.js';
import type { WyscoutRegistries } from './season-fold.js';
import { defaultIngestWorkers, type IngestJob, ingestPool, type IngestPool } from './workers.js';

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

/** The per-match jobs of one competition for the workers: its played matches in the public layout (none for a per-match folder). */
function jobsOf(c: Competition, rounds: RoundRange | undefined): IngestJob[] {
  const layout = c.layout;
  if (layout.kind !== 'registry') return [];
  return layout.matches.flatMap((match) => {
    const ref = finishedOf(match) && inRounds(match, rounds) ? layout.eventsFileOf(match.wyId) : null;
    return ref ? [{ match, ...ref }] : [];
  });
}

/** One competition's dataset and report. */
interface Part {
  dataset: Dataset;
  summary: CompetitionReport;
}

/** Ingests one competition, folding `precomputed` match results (the pool's) or reading its matches in-thread. */
function competitionOf(
  dir: string,
  c: Competition,
  options: WyscoutManyOptions & { registries: WyscoutRegistries },
  precomputed: Map<number, MatchResult> | undefined,
): Part {
  const { dataset, report } = wyscoutIngest(dir, {
    ...options,
    competition: c.name,
    layout: c.layout,
    precomputed,
    onProgress: precomputed ? undefined : (done, total, events) => options.onProgress?.(c.name, done, total, events),
  });
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

/**
 * Every competition's matches in one run of the pool; each competition is folded, in order, as soon
 * as its last match is in, while the other threads go on with the next competition's matches.
 */
async function pooledCompetitions(
  dir: string,
  competitions: readonly Competition[],
  options: WyscoutManyOptions & { registries: WyscoutRegistries },
  pool: IngestPool,
): Promise<Part[]> {
  const roles: [number, string][] = [...options.registries.players].map(([id, p]) => [id, p.role.code2]);
  const perCompetition = competitions.map((c) => jobsOf(c, options.rounds));
  const jobs = perCompetition.flat();
  const owner = perCompetition.flatMap((list, k) => list.map(() => k));
  const remaining = perCompetition.map((list) => list.length);
  const events = competitions.map(() => 0);
  const results = competitions.map(() => new Map<number, MatchResult>());
  const parts: Part[] = [];
  const foldReady = (): void => {
    for (let k = parts.length; k < competitions.length && remaining[k] === 0; k = parts.length) {
      parts.push(competitionOf(dir, competitions[k], options, results[k]));
      results[k] = new Map(); // folded: let its match results go
    }
  };
  foldReady();
  await pool.run(jobs, roles, (result, job) => {
    const k = owner[job];
    results[k].set(jobs[job].match.wyId, result);
    remaining[k]--;
    events[k] += result.summary.events;
    const name = competitions[k].name;
    options.onProgress?.(name, perCompetition[k].length - remaining[k], perCompetition[k].length, events[k]);
    foldReady();
  });
  foldReady();
  return parts;
}

/**
 * Builds one dataset from several competitions of the Wyscout folder `dir` (or `'all'` of them),
 * with a report per competition (docs/methodology/wyscout.md#several-competitions); one competition
 * gives its dataset unmerged. The dataset is byte-identical whatever the number of `workers`.
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
  // The workers load their code while the match lists and registries are read.
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
      : competitions.map((c) => competitionOf(dir, c, shared, undefined));
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
