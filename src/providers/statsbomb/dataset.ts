/**
 * A halfspace dataset built from one competition season of a StatsBomb open-data folder
 * (docs/methodology/statsbomb.md). Matches are streamed: one events file is read, folded into
 * per-player season accumulators and dropped before the next, so memory holds the accumulators
 * and the output rows, never more than one match's events.
 */
import { DatasetError } from '../../model/dataset-error.js';
import type { Dataset, DatasetMeta } from '../../model/schema.js';
import { cleanName, kickoffUtcOf, seasonNameOf, STATSBOMB_COLUMNS } from './mapping.js';
import { notProvidedCoverageOf } from '../counting-totals.js';
import { feedDatasetOf, mostTimeOf, type FeedMatch } from '../event-feed-dataset.js';
import { matchSummaryOf } from './match-summary.js';
import {
  matchesFileOf,
  readCompetitions,
  readEvents,
  readLineups,
  readMatches,
  type StatsBombCompetition,
  type StatsBombMatch,
} from './read.js';
import { counted } from '../../prose.js';

/** Options of {@link datasetFromStatsBomb}. */
export interface StatsBombOptions {
  /** StatsBomb `competition_id` (2 = Premier League). Required. */
  competitionId: number;
  /** StatsBomb `season_id` (27 = 2015/2016). Required. */
  seasonId: number;
  /** Called after each match with matches done, matches in total and events read so far; default none. */
  onProgress?: (done: number, total: number, events: number) => void;
}

/** Columns StatsBomb open data cannot fill; they stay null and `dataset.json` coverage says why. */
export const STATSBOMB_COVERAGE: Readonly<Record<string, string>> = {
  'player_seasons.rating': 'StatsBomb open data has no player rating: null, so the model rating is used',
  'players.birth_date': 'not in StatsBomb open data: null (age unknown)',
  'players.market_value_eur': 'not in StatsBomb open data: null (fee tier unknown)',
  'players.preferred_foot': 'not in StatsBomb open data: null',
  'players.height_cm': 'not in StatsBomb open data: null',
  'players.wc2026_nation': 'not in StatsBomb open data: null',
  'players.contract_end_date': 'not in StatsBomb open data: null (halfspace enrich --values adds it)',
  'teams.short_name': 'not in StatsBomb open data: null',
  'teams.city': 'not in StatsBomb open data: null',
  'teams.region': 'not in StatsBomb open data: null',
  'teams.primary_color': 'not in StatsBomb open data: null',
  'teams.secondary_color': 'not in StatsBomb open data: null',
  rivalries: 'not in StatsBomb open data: table absent',
  'player_seasons.xg':
    "xg_source provider: StatsBomb's own shot.statsbomb_xg (the shipped model's only for a shot without one; each row of the shots table says which)",
  'fixtures.home_possession':
    "share of the match time StatsBomb's possession_team held the ball (docs/methodology/event-values.md#possession)",
  ...notProvidedCoverageOf(STATSBOMB_COLUMNS, 'StatsBomb open data'),
};

/** Competition ids of StatsBomb's open-data club cups (the rest are leagues unless international). */
const STATSBOMB_CUP_IDS: ReadonlySet<number> = new Set([16, 35, 87]);

/** Chronological order: date, kick-off time, then id (so equal kick-offs keep a fixed order). */
function byKickoff(a: StatsBombMatch, b: StatsBombMatch): number {
  return (
    a.match_date.localeCompare(b.match_date) ||
    (a.kick_off ?? '').localeCompare(b.kick_off ?? '') ||
    a.match_id - b.match_id
  );
}

/** The competition season's entry of `competitions.json`; throws when there is none. */
function competitionOf(dir: string, competitionId: number, seasonId: number): StatsBombCompetition {
  const competition = readCompetitions(dir).find((c) => c.competition_id === competitionId && c.season_id === seasonId);
  if (!competition) {
    throw new DatasetError(
      'competitions.json',
      'competition_id',
      null,
      `no entry with competition_id ${competitionId} and season_id ${seasonId}`,
    );
  }
  return competition;
}

/** The fixture row of a match: finished when both scores are known. */
function fixtureRowOf(match: StatsBombMatch, competitionId: number, seasonId: number) {
  const finished = match.home_score != null && match.away_score != null;
  return {
    fixture_id: match.match_id,
    season_id: seasonId,
    league_id: competitionId,
    round: match.match_week != null ? `Matchweek ${match.match_week}` : (match.competition_stage?.name ?? null),
    kickoff: kickoffUtcOf(match.match_date, match.kick_off ?? null),
    home_team_id: match.home_team.home_team_id,
    away_team_id: match.away_team.away_team_id,
    home_goals: finished ? match.home_score! : null,
    away_goals: finished ? match.away_score! : null,
    status: finished ? ('finished' as const) : ('scheduled' as const),
    venue: match.stadium?.name ?? null,
  };
}

/**
 * Reads one match (lineups, then events) and folds it for {@link feedDatasetOf}; its events are
 * dropped afterwards. Throws when a player of the events is not in the lineups or a team is
 * neither side.
 */
function feedMatchOf(dir: string, match: StatsBombMatch, options: StatsBombOptions): FeedMatch & { events: number } {
  const file = `events/${match.match_id}.json`;
  const names = new Map<number, string>();
  const identities = new Map<number, { known_as: string | null; nationality: string | null }>();
  for (const team of readLineups(dir, match.match_id))
    for (const p of team.lineup) {
      names.set(p.player_id, cleanName(p.player_name));
      identities.set(p.player_id, {
        known_as: p.player_nickname ? cleanName(p.player_nickname) : null,
        nationality: p.country?.name ?? null,
      });
    }
  const events = readEvents(dir, match.match_id);
  const summary = matchSummaryOf(events, file);
  const home = { teamId: match.home_team.home_team_id, name: cleanName(match.home_team.home_team_name) };
  const away = { teamId: match.away_team.away_team_id, name: cleanName(match.away_team.away_team_name) };
  for (const line of summary.lines) {
    if (!names.has(line.player_id))
      throw new DatasetError(
        file,
        'player.id',
        null,
        `player ${line.player_id} plays in the events but is not in lineups/${match.match_id}.json`,
      );
    if (line.team_id !== home.teamId && line.team_id !== away.teamId)
      throw new DatasetError(file, 'team.id', null, `team ${line.team_id} is neither side of match ${match.match_id}`);
  }
  return {
    fixture: fixtureRowOf(match, options.competitionId, options.seasonId),
    home,
    away,
    names,
    identities,
    lines: summary.lines.map((line) => ({ ...line, position: mostTimeOf(line.positions) })),
    possession: summary.possession,
    shots: summary.shots,
    partial: false,
    events: events.length,
  };
}

/** `dataset.json` of a StatsBomb competition season: provenance, licence, attribution and coverage. */
function metaOf(label: string, ids: { competitionId: number; seasonId: number }, matches: readonly StatsBombMatch[]) {
  const first = matches[0].match_date;
  const last = matches[matches.length - 1].match_date;
  const meta: DatasetMeta = {
    name: `StatsBomb open data: ${label}`,
    as_of: last,
    source: `StatsBomb open data (github.com/statsbomb/open-data), competition ${ids.competitionId}, season ${ids.seasonId}: ${counted(matches.length, 'match', 'matches')}, ${first} to ${last}`,
    synthetic: false,
    licence:
      'StatsBomb public data user agreement: free for research and analysis; anything published, shared or distributed from it must name StatsBomb as the data source. Read the agreement before commercial use or redistribution of the raw files.',
    attribution: `Data: StatsBomb open data (${label})`,
    description: `Minutes and counting totals derived from StatsBomb events as defined in docs/methodology/statsbomb.md (nominal minutes, stoppage time not counted). Season dates span the matches in the file.`,
    coverage: { ...STATSBOMB_COVERAGE },
  };
  return meta;
}

/**
 * Builds a validated halfspace dataset from the competition season `competitionId`/`seasonId` of
 * the StatsBomb open-data folder `dir` (the folder holding `competitions.json`;
 * docs/methodology/statsbomb.md). Throws {@link DatasetError} naming the file, field and row when
 * the competition season is not in `competitions.json`, a file is missing or malformed, or the
 * result fails validation.
 * @example datasetFromStatsBomb('open-data/data', { competitionId: 2, seasonId: 27 }).meta.attribution // => 'Data: StatsBomb open data (Premier League 2015/16)'
 */
export function datasetFromStatsBomb(dir: string, options: StatsBombOptions): Dataset {
  const { competitionId, seasonId } = options;
  const competition = competitionOf(dir, competitionId, seasonId);
  const matches = readMatches(dir, competitionId, seasonId).sort(byKickoff);
  if (matches.length === 0) throw new DatasetError(matchesFileOf(competitionId, seasonId), null, null, 'no matches');
  const seasonName = seasonNameOf(competition.season_name);
  const leagueName = cleanName(competition.competition_name);
  const folded: FeedMatch[] = [];
  let events = 0;
  for (const [done, match] of matches.entries()) {
    const m = feedMatchOf(dir, match, options);
    events += m.events;
    folded.push(m);
    options.onProgress?.(done + 1, matches.length, events);
  }
  const kind = competition.competition_international
    ? 'international'
    : STATSBOMB_CUP_IDS.has(competitionId)
      ? 'cup'
      : 'league';
  return feedDatasetOf(folded, {
    meta: metaOf(`${leagueName} ${seasonName}`, options, matches),
    league: { league_id: competitionId, name: leagueName, country: competition.country_name ?? null, kind },
    season: {
      season_id: seasonId,
      name: seasonName,
      start_date: matches[0].match_date,
      end_date: matches[matches.length - 1].match_date,
    },
    columns: STATSBOMB_COLUMNS,
  });
}
