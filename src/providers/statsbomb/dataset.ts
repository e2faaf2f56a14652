/**
 * A halfspace dataset built from one competition season of a StatsBomb open-data folder
 * (docs/methodology/statsbomb.md). Matches are streamed: one events file is read, folded into
 * per-player season accumulators and dropped before the next, so memory holds the accumulators
 * and the output rows, never more than one match's events.
 */
import { DatasetError } from '../../model/dataset-error.js';
import type { Dataset, DatasetMeta, PositionCode, RowOf } from '../../model/schema.js';
import { cleanName, kickoffUtcOf, seasonNameOf, STATSBOMB_COLUMNS } from './mapping.js';
import { notProvidedCoverageOf } from '../counting-totals.js';
import { addToSeasonLine, minutesOf, seasonDatasetOf, withPossession, type SeasonLine } from '../season-dataset.js';
import { matchSummaryOf, type MatchSummary, type PlayerMatchLine } from './match-summary.js';
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

interface PlayerInfo {
  name: string;
  known_as: string | null;
  nationality: string | null;
  /** Team of his latest match in the sample. */
  team_id: number;
  positions: Map<PositionCode, { nominal: number; clock: number }>;
}

/**
 * The position with the most nominal time, then the most clock time, then the first seen — so a
 * substitute who only played stoppage time still gets the position he came on in.
 */
function mainPositionOf(positions: Map<PositionCode, { nominal: number; clock: number }>): PositionCode | null {
  let best: PositionCode | null = null;
  let bestTime = { nominal: -1, clock: -1 };
  for (const [code, time] of positions) {
    if (time.nominal > bestTime.nominal || (time.nominal === bestTime.nominal && time.clock > bestTime.clock)) {
      best = code;
      bestTime = time;
    }
  }
  return best;
}

function addPositions(
  into: Map<PositionCode, { nominal: number; clock: number }>,
  from: PlayerMatchLine['positions'],
): void {
  for (const [code, t] of from) {
    const at = into.get(code) ?? { nominal: 0, clock: 0 };
    at.nominal += t.nominal;
    at.clock += t.clock;
    into.set(code, at);
  }
}

/** Chronological order: date, kick-off time, then id (so equal kick-offs keep a fixed order). */
function byKickoff(a: StatsBombMatch, b: StatsBombMatch): number {
  return (
    a.match_date.localeCompare(b.match_date) ||
    (a.kick_off ?? '').localeCompare(b.kick_off ?? '') ||
    a.match_id - b.match_id
  );
}

/** What the matches of a season fold into, match by match. */
interface SeasonFold {
  competitionId: number;
  seasonId: number;
  teams: Map<number, string>;
  players: Map<number, PlayerInfo>;
  seasonLines: Map<string, SeasonLine>;
  fixtures: Partial<RowOf<'fixtures'>>[];
  appearances: Partial<RowOf<'appearances'>>[];
  possessionByFixture: Map<number, ReadonlyMap<number, number>>;
  shots: Partial<RowOf<'shots'>>[];
  events: number;
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
function fixtureRowOf(match: StatsBombMatch, fold: SeasonFold): Partial<RowOf<'fixtures'>> {
  const finished = match.home_score != null && match.away_score != null;
  return {
    fixture_id: match.match_id,
    season_id: fold.seasonId,
    league_id: fold.competitionId,
    round: match.match_week != null ? `Matchweek ${match.match_week}` : (match.competition_stage?.name ?? null),
    kickoff: kickoffUtcOf(match.match_date, match.kick_off ?? null),
    home_team_id: match.home_team.home_team_id,
    away_team_id: match.away_team.away_team_id,
    home_goals: finished ? match.home_score! : null,
    away_goals: finished ? match.away_score! : null,
    status: finished ? 'finished' : 'scheduled',
    venue: match.stadium?.name ?? null,
  };
}

type SquadEntry = { name: string; nickname: string | null; country: string | null };

/** Player id → name, nickname and country from a match's lineups. */
function squadOf(dir: string, matchId: number): Map<number, SquadEntry> {
  const squad = new Map<number, SquadEntry>();
  for (const team of readLineups(dir, matchId)) {
    for (const p of team.lineup) {
      squad.set(p.player_id, {
        name: p.player_name,
        nickname: p.player_nickname ?? null,
        country: p.country?.name ?? null,
      });
    }
  }
  return squad;
}

/** Folds one player's match line: his identity and positions, his season line and his appearance. */
function foldLine(
  fold: SeasonFold,
  line: PlayerMatchLine,
  match: StatsBombMatch,
  squad: Map<number, SquadEntry>,
  summary: MatchSummary,
) {
  const file = `events/${match.match_id}.json`;
  const who = squad.get(line.player_id);
  if (!who)
    throw new DatasetError(
      file,
      'player.id',
      null,
      `player ${line.player_id} plays in the events but is not in lineups/${match.match_id}.json`,
    );
  if (!fold.teams.has(line.team_id))
    throw new DatasetError(file, 'team.id', null, `team ${line.team_id} is neither side of match ${match.match_id}`);
  const info = fold.players.get(line.player_id) ?? {
    name: cleanName(who.name),
    known_as: who.nickname ? cleanName(who.nickname) : null,
    nationality: who.country,
    team_id: line.team_id,
    positions: new Map(),
  };
  info.team_id = line.team_id;
  addPositions(info.positions, line.positions);
  fold.players.set(line.player_id, info);
  addToSeasonLine(fold.seasonLines, line, line.nominal_seconds);
  if (line.appeared) {
    fold.appearances.push({
      fixture_id: match.match_id,
      player_id: line.player_id,
      team_id: line.team_id,
      started: line.started,
      minutes: minutesOf(line.nominal_seconds),
      position: mainPositionOf(line.positions),
      team_possession: summary.possession.get(line.team_id) ?? null,
    });
  }
}

/** Reads one match (lineups, then events) and folds it; its events are dropped afterwards. */
function foldMatch(fold: SeasonFold, dir: string, match: StatsBombMatch): void {
  fold.teams.set(match.home_team.home_team_id, cleanName(match.home_team.home_team_name));
  fold.teams.set(match.away_team.away_team_id, cleanName(match.away_team.away_team_name));
  fold.fixtures.push(fixtureRowOf(match, fold));
  const squad = squadOf(dir, match.match_id);
  const stream = readEvents(dir, match.match_id);
  fold.events += stream.length;
  const summary = matchSummaryOf(stream, `events/${match.match_id}.json`);
  fold.possessionByFixture.set(match.match_id, summary.possession);
  for (const shot of summary.shots) fold.shots.push({ fixture_id: match.match_id, ...shot });
  for (const line of summary.lines) foldLine(fold, line, match, squad, summary);
}

/** The players table: each player with his main position of the season (throws when he has none). */
function playerRowsOf(players: ReadonlyMap<number, PlayerInfo>): Partial<RowOf<'players'>>[] {
  return [...players.entries()]
    .sort(([a], [b]) => a - b)
    .map(([player_id, p]) => {
      const position = mainPositionOf(p.positions);
      if (!position)
        throw new DatasetError('lineups', 'position', null, `player ${player_id} has no position in any event`);
      return {
        player_id,
        name: p.name,
        known_as: p.known_as,
        birth_date: null,
        nationality: p.nationality,
        position,
        team_id: p.team_id,
        market_value_eur: null,
        preferred_foot: null,
        height_cm: null,
        wc2026_nation: null,
      };
    });
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
  const fold: SeasonFold = {
    competitionId,
    seasonId,
    teams: new Map(),
    players: new Map(),
    seasonLines: new Map(),
    fixtures: [],
    appearances: [],
    possessionByFixture: new Map(),
    shots: [],
    events: 0,
  };
  for (const [done, match] of matches.entries()) {
    foldMatch(fold, dir, match);
    options.onProgress?.(done + 1, matches.length, fold.events);
  }
  const teamRows: Partial<RowOf<'teams'>>[] = [...fold.teams.entries()]
    .sort(([a], [b]) => a - b)
    .map(([team_id, name]) => ({ team_id, name, league_id: competitionId }));
  const kind = competition.competition_international
    ? 'international'
    : STATSBOMB_CUP_IDS.has(competitionId)
      ? 'cup'
      : 'league';
  return seasonDatasetOf(
    metaOf(`${leagueName} ${seasonName}`, options, matches),
    { league_id: competitionId, name: leagueName, country: competition.country_name ?? null, kind },
    {
      season_id: seasonId,
      name: seasonName,
      start_date: matches[0].match_date,
      end_date: matches[matches.length - 1].match_date,
    },
    {
      teams: teamRows,
      players: playerRowsOf(fold.players),
      seasonLines: fold.seasonLines,
      columns: STATSBOMB_COLUMNS,
      fixtures: withPossession(fold.fixtures, fold.possessionByFixture),
      appearances: fold.appearances,
      shots: fold.shots,
    },
  );
}
