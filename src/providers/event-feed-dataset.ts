/**
 * One competition season's dataset assembled from the matches of an event feed that `halfspace
 * ingest` reads (docs/providers.md): Stats Perform and Opta, Sportec and DataFactory through the
 * Opta fold, and Metrica. Each provider reads its files and folds each match; this module turns
 * the folded matches into teams, players, season lines, fixtures, appearances and shots, once for
 * every feed. A partial match (docs/providers.md#partial-files) has no possession and adds nothing
 * to the columns a partial event stream cannot support ({@link PARTIAL_MATCH_UNSUPPORTED}); when
 * every match is partial those columns are null, and the coverage says which metrics are absent.
 */
import type { CountingColumn, Dataset, DatasetMeta, PositionCode, RowOf } from '../model/schema.js';
import type { ZoneCounts } from '../model/location-profile.js';
import type { ProviderColumn } from './counting-totals.js';
import { PADJ_COLUMNS } from './event-values.js';
import type { MatchLineBase } from './match-lines.js';
import { addToSeasonLine, minutesOf, seasonDatasetOf, withPossession, type SeasonLine } from './season-dataset.js';
import type { ShotLine } from './shot-rows.js';
import { counted } from '../prose.js';

/** One player's match as an event feed's fold gives it. */
export interface FeedMatchLine extends MatchLineBase {
  /** Seconds inside the nominal period windows (stoppage time excluded). */
  nominal_seconds: number;
  position: PositionCode;
  zones: ZoneCounts;
}

/** What one folded match gives the dataset. */
export interface FeedMatch {
  /** Its fixture row without the possession columns (filled here). */
  fixture: Partial<RowOf<'fixtures'>> & { fixture_id: number };
  home: { teamId: number; name: string };
  away: { teamId: number; name: string };
  /** Player names by id; a player without one is named `player <id>`. */
  names: ReadonlyMap<number, string>;
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
export function partialCoverageOf(
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

interface Fold {
  teams: Map<number, string>;
  players: Map<number, { name: string; team_id: number; position: PositionCode }>;
  seasonLines: Map<string, SeasonLine>;
  fixtures: Partial<RowOf<'fixtures'>>[];
  possession: Map<number, ReadonlyMap<number, number>>;
  appearances: Partial<RowOf<'appearances'>>[];
  shots: Partial<RowOf<'shots'>>[];
}

function foldMatch(fold: Fold, match: FeedMatch): void {
  fold.teams.set(match.home.teamId, match.home.name);
  fold.teams.set(match.away.teamId, match.away.name);
  fold.fixtures.push(match.fixture);
  const possession = match.partial ? new Map<number, number>() : match.possession;
  fold.possession.set(match.fixture.fixture_id, possession);
  for (const shot of match.shots) fold.shots.push({ fixture_id: match.fixture.fixture_id, ...shot });
  for (const line of match.lines) {
    fold.players.set(line.player_id, {
      name: match.names.get(line.player_id) ?? `player ${line.player_id}`,
      team_id: line.team_id,
      position: line.position,
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

/** The players table: each player with his team and position in his latest match. */
function playerRowsOf(fold: Fold): Partial<RowOf<'players'>>[] {
  return [...fold.players]
    .sort(([a], [b]) => a - b)
    .map(([player_id, p]) => ({
      player_id,
      name: p.name,
      known_as: null,
      birth_date: null,
      nationality: null,
      position: p.position,
      team_id: p.team_id,
      market_value_eur: null,
      preferred_foot: null,
      height_cm: null,
      wc2026_nation: null,
    }));
}

/** What the dataset is, beyond its matches. */
export interface FeedDatasetAbout {
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
  const fold: Fold = {
    teams: new Map(),
    players: new Map(),
    seasonLines: new Map(),
    fixtures: [],
    possession: new Map(),
    appearances: [],
    shots: [],
  };
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
