/**
 * One competition season's dataset assembled from the matches of an event feed (docs/providers.md):
 * StatsBomb, Stats Perform and Opta, Sportec and DataFactory through the Opta fold, and Metrica.
 * Each provider reads its files and folds each match; this module turns
 * the folded matches into teams, players, season lines, fixtures, appearances and shots, once for
 * every feed. A partial match (docs/providers.md#partial-files) has no possession and adds nothing
 * to the columns a partial event stream cannot support ({@link PARTIAL_MATCH_UNSUPPORTED}); when
 * every match is partial those columns are null, and the coverage says which metrics are absent.
 */
import { DatasetError } from '../model/dataset-error.js';
import type { CountingColumn, Dataset, DatasetMeta, PositionCode, RowOf } from '../model/schema.js';
import type { ZoneCounts } from '../model/location-profile.js';
import type { ProviderColumn } from './counting-totals.js';
import { PADJ_COLUMNS } from './event-values.js';
import type { MatchLineBase } from './match-lines.js';
import { addToSeasonLine, minutesOf, seasonDatasetOf, withPossession, type SeasonLine } from './season-dataset.js';
import type { ShotLine } from './shot-rows.js';
import { counted } from '../prose.js';

/** One player's match as an event feed's fold gives it. */
interface FeedMatchLine extends MatchLineBase {
  /** Seconds inside the nominal period windows (stoppage time excluded). */
  nominal_seconds: number;
  /** His position in the match; null only for a line without time on the pitch. */
  position: PositionCode | null;
  zones: ZoneCounts;
  /**
   * Nominal and clock seconds per position, when the feed tracks them (StatsBomb); then his season
   * position is the one he spent most time in ({@link mostTimeOf}), else his latest match's.
   */
  positions?: ReadonlyMap<PositionCode, PositionTime>;
}

/** Time spent in one position, in seconds. */
export interface PositionTime {
  nominal: number;
  clock: number;
}

/**
 * The position with the most nominal time, then the most clock time, then the first seen — so a
 * substitute who only played stoppage time still gets the position he came on in.
 * @example mostTimeOf(new Map([['CM', { nominal: 0, clock: 40 }]])) // => 'CM'
 */
export function mostTimeOf(positions: ReadonlyMap<PositionCode, PositionTime>): PositionCode | null {
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

/** What one folded match gives the dataset. */
export interface FeedMatch {
  /** Its fixture row without the possession columns (filled here). */
  fixture: Partial<RowOf<'fixtures'>> & { fixture_id: number };
  home: { teamId: number; name: string };
  away: { teamId: number; name: string };
  /** Player names by id; a player without one is named `player <id>`. */
  names: ReadonlyMap<number, string>;
  /** Common name and nationality by player id, when the feed gives them; null otherwise. */
  identities?: ReadonlyMap<number, { known_as: string | null; nationality: string | null }>;
  lines: readonly FeedMatchLine[];
  /** Possession % by team id (docs/methodology/event-values.md#possession); not read for a partial match. */
  possession: ReadonlyMap<number, number>;
  shots: readonly ShotLine[];
  /** True when the files hold only part of the match's events. */
  partial: boolean;
}

/**
 * Counting columns a match's partial events cannot support: goals conceded and clean sheets need
 * every goal of the match, the PAdj columns its possession. A partial match adds nothing to them.
 */
export const PARTIAL_MATCH_UNSUPPORTED: readonly CountingColumn[] = [
  'goals_conceded',
  'clean_sheets',
  ...PADJ_COLUMNS.map(([, padj]) => padj),
];

/** Why a partial match gives no value for a possession column or a column of {@link PARTIAL_MATCH_UNSUPPORTED}. */
const PARTIAL_REASON = "a partial match's events cover only part of its time (docs/providers.md#partial-files)";

/**
 * The coverage notes of the metrics the partial matches leave out, keyed as `dataset.json`
 * keys them: possession, and each column of {@link PARTIAL_MATCH_UNSUPPORTED} the feed counts
 * (`columns`). Empty when no match is partial.
 * @example Object.keys(partialCoverageOf(1, 1, OPTA_COLUMNS)).includes('fixtures.home_possession') // => true
 */
function partialCoverageOf(
  partial: number,
  matches: number,
  columns: Readonly<Record<CountingColumn, ProviderColumn>>,
): Record<string, string> {
  if (partial === 0) return {};
  const all = partial === matches;
  const out: Record<string, string> = {
    'fixtures.home_possession': `null for a partial match: ${PARTIAL_REASON}`,
    'appearances.team_possession': `null for a partial match: ${PARTIAL_REASON}`,
  };
  for (const c of PARTIAL_MATCH_UNSUPPORTED.filter((x) => 'counted' in columns[x]))
    out[`player_seasons.${c}`] = all
      ? `null: every match is partial, and ${PARTIAL_REASON}`
      : `counted from whole matches only: ${counted(partial, 'partial match adds', 'partial matches add')} nothing, since ${PARTIAL_REASON}`;
  return out;
}

/** A feed's columns with those a partial stream cannot support marked not provided, for a dataset of partial matches only. */
function columnsFor(
  columns: Readonly<Record<CountingColumn, ProviderColumn>>,
  allPartial: boolean,
): Readonly<Record<CountingColumn, ProviderColumn>> {
  if (!allPartial) return columns;
  const out = { ...columns };
  for (const c of PARTIAL_MATCH_UNSUPPORTED)
    if ('counted' in out[c]) out[c] = { notProvided: `every match is partial, and ${PARTIAL_REASON}` };
  return out;
}

/** The columns a partial match's lines add nothing to, as the season fold looks them up. */
const PARTIAL_LEFT_OUT: ReadonlySet<CountingColumn> = new Set(PARTIAL_MATCH_UNSUPPORTED);

interface FoldPlayer {
  name: string;
  known_as: string | null;
  nationality: string | null;
  team_id: number;
  position: PositionCode | null;
  time: Map<PositionCode, PositionTime>;
}

/** The season being folded, match by match. */
class Fold {
  readonly teams = new Map<number, string>();
  readonly players = new Map<number, FoldPlayer>();
  readonly seasonLines = new Map<string, SeasonLine>();
  readonly fixtures: Partial<RowOf<'fixtures'>>[] = [];
  readonly possession = new Map<number, ReadonlyMap<number, number>>();
  readonly appearances: Partial<RowOf<'appearances'>>[] = [];
  readonly shots: Partial<RowOf<'shots'>>[] = [];
}

function foldMatch(fold: Fold, match: FeedMatch): void {
  fold.teams.set(match.home.teamId, match.home.name);
  fold.teams.set(match.away.teamId, match.away.name);
  fold.fixtures.push(match.fixture);
  const possession = match.partial ? new Map<number, number>() : match.possession;
  fold.possession.set(match.fixture.fixture_id, possession);
  for (const shot of match.shots) fold.shots.push({ fixture_id: match.fixture.fixture_id, ...shot });
  for (const line of match.lines) {
    const player = fold.players.get(line.player_id);
    fold.players.set(line.player_id, {
      name: match.names.get(line.player_id) ?? `player ${line.player_id}`,
      known_as: match.identities?.get(line.player_id)?.known_as ?? null,
      nationality: match.identities?.get(line.player_id)?.nationality ?? null,
      team_id: line.team_id,
      position: line.position,
      time: addedTime(player?.time ?? new Map(), line.positions),
    });
    addToSeasonLine(fold.seasonLines, line, line.nominal_seconds, match.partial ? PARTIAL_LEFT_OUT : undefined);
    if (!line.appeared) continue;
    fold.appearances.push({
      fixture_id: match.fixture.fixture_id,
      player_id: line.player_id,
      team_id: line.team_id,
      started: line.started,
      minutes: minutesOf(line.nominal_seconds),
      position: line.position,
      team_possession: possession.get(line.team_id) ?? null,
    });
  }
}

/** `into` with the seconds of `from` added position by position. */
function addedTime(
  into: Map<PositionCode, PositionTime>,
  from: ReadonlyMap<PositionCode, PositionTime> | undefined,
): Map<PositionCode, PositionTime> {
  for (const [code, t] of from ?? []) {
    const at = into.get(code) ?? { nominal: 0, clock: 0 };
    at.nominal += t.nominal;
    at.clock += t.clock;
    into.set(code, at);
  }
  return into;
}

/**
 * The players table: each player with his team in his latest match and his season position (the
 * most time when the feed tracks it, else his latest match's); throws when he has none. Columns no
 * feed gives are left out, so null.
 */
function playerRowsOf(fold: Fold): Partial<RowOf<'players'>>[] {
  return [...fold.players]
    .sort(([a], [b]) => a - b)
    .map(([player_id, p]) => {
      const position = p.time.size > 0 ? mostTimeOf(p.time) : p.position;
      if (!position)
        throw new DatasetError('lineups', 'position', null, `player ${player_id} has no position in any event`);
      return {
        player_id,
        name: p.name,
        known_as: p.known_as,
        nationality: p.nationality,
        position,
        team_id: p.team_id,
      };
    });
}

/** What the dataset is, beyond its matches. */
interface FeedDatasetAbout {
  /** `dataset.json`; the partial matches' coverage notes are added to its coverage. */
  meta: DatasetMeta;
  league: Pick<RowOf<'leagues'>, 'league_id' | 'name' | 'country' | 'kind'>;
  season: Pick<RowOf<'seasons'>, 'season_id' | 'name' | 'start_date' | 'end_date'>;
  /** How the feed fills each counting column. */
  columns: Readonly<Record<CountingColumn, ProviderColumn>>;
}

/**
 * The validated dataset of one competition season from its folded matches, in the order given
 * (later matches set a player's team and position). Throws `DatasetError` when a row breaks the schema.
 * @example feedDatasetOf([match], about).tables.fixtures.numRows // => 1
 */
export function feedDatasetOf(matches: readonly FeedMatch[], about: FeedDatasetAbout): Dataset {
  const fold = new Fold();
  for (const m of matches) foldMatch(fold, m);
  const partial = matches.filter((m) => m.partial).length;
  const allPartial = partial > 0 && partial === matches.length;
  const meta =
    partial === 0
      ? about.meta
      : {
          ...about.meta,
          coverage: { ...about.meta.coverage, ...partialCoverageOf(partial, matches.length, about.columns) },
        };
  return seasonDatasetOf(meta, about.league, about.season, {
    teams: [...fold.teams]
      .sort(([a], [b]) => a - b)
      .map(([team_id, name]) => ({ team_id, name, league_id: about.league.league_id })),
    players: playerRowsOf(fold),
    seasonLines: fold.seasonLines,
    columns: columnsFor(about.columns, allPartial),
    fixtures: withPossession(fold.fixtures, fold.possession),
    appearances: fold.appearances,
    shots: fold.shots,
  });
}
