/**
 * Several Wyscout competitions in one dataset (docs/methodology/wyscout.md#several-competitions):
 * each competition is ingested on its own (its own league, season and cohorts), then the datasets
 * are merged. Wyscout gives a player one `wyId` across competitions, so his club season rows and
 * his tournament row belong to one player.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DatasetError } from '../../dataset-error.js';
import { mergeDatasets } from '../../merge.js';
import type { Dataset } from '../../schema.js';
import type { WyscoutReport } from './coverage.js';
import { wyscoutIngest, type WyscoutOptions } from './dataset.js';

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

/**
 * Builds one dataset from several competitions of the Wyscout folder `dir` (or `'all'` of them):
 * one league and season per competition, tiers from the league-tier table unless overridden, one
 * player per `wyId`, with a report per competition. One competition gives its dataset unmerged.
 * Throws {@link DatasetError} when a competition is missing, named twice, or a file cannot be read.
 * @example wyscoutIngestMany('shared/real/wyscout', { competitions: 'all' }).reports.length // => 5
 */
export function wyscoutIngestMany(
  dir: string,
  options: WyscoutManyOptions,
): { dataset: Dataset; reports: CompetitionReport[] } {
  const names = options.competitions === 'all' ? competitionsIn(dir) : options.competitions.map((c) => c.trim());
  if (names.length === 0) throw new DatasetError('matches/', null, null, `no matches_<Competition>.json in ${dir}`);
  const twice = names.find((n, i) => names.findIndex((m) => m.toLowerCase() === n.toLowerCase()) !== i);
  if (twice) throw new DatasetError('(competitions)', null, null, `competition "${twice}" is named twice`);
  const parts = names.map((competition) => {
    const { dataset, report } = wyscoutIngest(dir, {
      ...options,
      competition,
      onProgress: (done, total, events) => options.onProgress?.(competition, done, total, events),
    });
    const league = dataset.tables.leagues.get(0)!.toJSON() as { league_id: number; name: string };
    const season = dataset.tables.seasons.get(0)!.toJSON() as { name: string };
    const summary: CompetitionReport = {
      competition,
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
  });
  const reports = parts.map((p) => p.summary);
  if (parts.length === 1) return { dataset: parts[0].dataset, reports };
  const name = `Wyscout public dataset: ${reports.map((r) => `${r.league} ${r.season}`).join(', ')}`;
  const dataset = mergeDatasets(
    parts.map((p) => ({ label: p.summary.competition, dataset: p.dataset })),
    { name },
  );
  return { dataset, reports };
}
