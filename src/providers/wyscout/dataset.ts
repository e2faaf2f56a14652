/**
 * A halfspace dataset built from one competition season of Wyscout v2 event data
 * (docs/methodology/wyscout.md). Matches are streamed: one per-match file is read (gunzipped when
 * needed), folded into per-player season accumulators and dropped before the next, so memory holds
 * the accumulators and the output rows, never more than one match's events.
 */
import { join } from 'node:path';
import { DatasetError } from '../../model/dataset-error.js';
import type { Dataset, DatasetMeta, PositionCode, RowOf } from '../../model/schema.js';
import { layoutOf, type WyscoutLayout } from './layout.js';
import {
  commonNameOf,
  PUBLIC_COMPETITIONS,
  decodeName,
  positionCodeOf,
  seasonNameFromDates,
  WYSCOUT_COLUMNS,
} from './mapping.js';
import { coverageOf, WYSCOUT_ATTRIBUTION, type WyscoutReport } from './coverage.js';
import { finishedOf, fixtureRowsOf, kickoffOf } from './fixtures.js';
import type { MatchResult } from './match-result.js';
import { matchPositionsOf, seasonPositionOf } from './match-positions.js';
import { leagueTierOf } from './league-tiers.js';
import { readMatchFile, readPlayerRegistry, readTeamRegistry, type WyscoutMatch, type WyscoutPlayer } from './read.js';
import { minutesOf, seasonDatasetOf, withPossession } from '../season-dataset.js';
import { type AppearanceAcc, foldMatch, SeasonFold, type WyscoutRegistries } from './season-fold.js';
import { counted } from '../../prose.js';

/** Options of {@link datasetFromWyscout}. */
export interface WyscoutOptions {
  /** The match file's competition name (`England`, `World_Cup`) or a `competitionId`. Required. */
  competition: string | number;
  /** League name to store; default the public dataset's name for the competition ("Premier League"). */
  leagueName?: string;
  /** Tier to store by competition id, overriding {@link leagueTierOf} (docs/methodology/wyscout.md#league-tiers). */
  leagueTiers?: ReadonlyMap<number, number>;
  /**
   * Only the matches of these rounds (`gameweek`, both ends included), e.g. `{ from: 1, to: 19 }`
   * for the first half of a 38-round league; default every match. A match without a gameweek is
   * left out when a range is given.
   */
  rounds?: RoundRange;
  /** Called after each match with matches done, matches in total and events read so far; default none. */
  onProgress?: (done: number, total: number, events: number) => void;
  /** Match results computed beforehand by wyscout/workers.ts, by match id; a match not in it is read here. */
  precomputed?: ReadonlyMap<number, MatchResult>;
  /** The layout of `dir` for `competition` when the caller has found it already (it is not looked for again). */
  layout?: WyscoutLayout;
  /** `players.json` and `teams.json` when the caller has read them already (used with the public layout only). */
  registries?: WyscoutRegistries;
}

/** A range of rounds, both ends included. */
export interface RoundRange {
  from: number;
  to: number;
}

/**
 * True when `match` is inside `rounds` (always without a range).
 * @example inRounds({ gameweek: 20 } as WyscoutMatch, { from: 1, to: 19 }) // => false
 */
export const inRounds = (match: WyscoutMatch, rounds: RoundRange | undefined): boolean =>
  !rounds || (match.gameweek != null && match.gameweek >= rounds.from && match.gameweek <= rounds.to);

/** Each appearance's position in its match (null: too few located events), from its team's shape. */
type MatchPositions = ReadonlyMap<AppearanceAcc, PositionCode | null>;

function matchPositionMapOf(s: SeasonFold): MatchPositions {
  const codes = matchPositionsOf(s.appearances, (id) => s.players.get(id)?.info.role.code2);
  return new Map(s.appearances.map((a, i) => [a, codes[i]]));
}

/**
 * Each player's usual position (docs/methodology/positions.md#the-season): {@link seasonPositionOf}
 * over the minutes of the matches that have a position. Players with no such match are absent.
 */
function usualMatchPositions(matchPositions: MatchPositions) {
  const minutesBy = new Map<number, Map<PositionCode, number>>();
  for (const [a, code] of matchPositions) {
    if (code === null) continue;
    let m = minutesBy.get(a.player_id);
    if (!m) minutesBy.set(a.player_id, (m = new Map()));
    m.set(code, (m.get(code) ?? 0) + a.seconds);
  }
  const out = new Map<number, PositionCode>();
  for (const [id, m] of minutesBy) {
    const best = seasonPositionOf(m);
    if (best) out.set(id, best);
  }
  return out;
}

/** `name` = first + last name, decoded; the short name when both are empty. */
const fullNameOf = (p: WyscoutPlayer): string =>
  decodeName(`${p.firstName ?? ''} ${p.lastName ?? ''}`) || decodeName(p.shortName ?? '') || `Player ${p.wyId}`;
const footOf = (foot: string | null | undefined): 'left' | 'right' | 'both' | null =>
  foot === 'left' || foot === 'right' || foot === 'both' ? foot : null;

/** Folds every match of the competition that `layout` finds (and `options.rounds` keeps). */
function foldCompetition(s: SeasonFold, layout: WyscoutLayout, options: WyscoutOptions): void {
  if (layout.kind === 'registry') {
    if (layout.matches.length === 0)
      throw new DatasetError(`matches_${layout.competitionFile}.json`, null, null, 'no matches');
    const ordered = layout.matches
      .filter((m) => inRounds(m, options.rounds))
      .sort((a, b) => kickoffOf(a) - kickoffOf(b) || a.wyId - b.wyId);
    if (ordered.length === 0)
      throw new DatasetError(
        `matches_${layout.competitionFile}.json`,
        'gameweek',
        null,
        'no matches in the rounds asked for',
      );
    let played = 0;
    for (const [done, match] of ordered.entries()) {
      const ref = finishedOf(match) ? layout.eventsFileOf(match.wyId) : null;
      if (finishedOf(match)) played++;
      if (finishedOf(match) && !ref)
        s.report.anomalies.push(
          `match ${match.wyId}: no events file (${match.wyId}.json.gz or ${match.wyId}.json in ${layout.eventsDir}): the fixture is kept, without events`,
        );
      foldMatch(s, match, ref, null);
      options.onProgress?.(done + 1, ordered.length, s.report.events);
    }
    // Not one events file: the folder is not where the events are, which no anomaly would say as clearly.
    if (played > 0 && s.report.matches === 0)
      throw new DatasetError(
        join(layout.eventsDir, `${ordered.find(finishedOf)?.wyId}.json.gz`),
        null,
        null,
        `missing: no events file for any of the ${played} played matches (looked in ${layout.eventsDir})`,
      );
    return;
  }
  for (const [done, ref] of layout.files.entries()) {
    const data = readMatchFile(ref.path, ref.file);
    if (!data.match)
      throw new DatasetError(
        ref.file,
        'match',
        null,
        "no match object (lineups, substitutions, score): save the competition's matches_<Competition>.json beside the match files, or embed each match (v2 API details=match,players,teams)",
      );
    if (data.match.competitionId === layout.competitionId && inRounds(data.match, options.rounds))
      foldMatch(s, data.match, ref, data);
    options.onProgress?.(done + 1, layout.files.length, s.report.events);
  }
  if (s.fixtureMatches.length === 0)
    throw new DatasetError(
      '(per-match files)',
      'match.competitionId',
      null,
      `no file holds a match of competition ${layout.competitionId}`,
    );
}

/** The season of the folded matches (one season id), its dates and name; sorts the fixtures by kick-off. */
function seasonOf(s: SeasonFold) {
  const seasonIds = [...new Set(s.fixtureMatches.map((m) => m.seasonId))];
  if (seasonIds.length !== 1)
    throw new DatasetError(
      'matches',
      'seasonId',
      null,
      `the competition's matches span ${seasonIds.length} seasons (${seasonIds.join(', ')}); give one season's files`,
    );
  s.fixtureMatches.sort((a, b) => kickoffOf(a) - kickoffOf(b) || a.wyId - b.wyId);
  const dates = s.fixtureMatches.map((m) => m.dateutc.slice(0, 10));
  const first = dates[0];
  const last = dates[dates.length - 1];
  return {
    seasonId: seasonIds[0],
    competitionId: s.fixtureMatches[0].competitionId,
    first,
    last,
    name: seasonNameFromDates(first, last),
  };
}

/** The league row's name, kind and country: the public dataset's when known, else from the teams. */
function leagueOf(s: SeasonFold, competitionId: number, options: WyscoutOptions) {
  const known = PUBLIC_COMPETITIONS.find((c) => c.id === competitionId);
  const teamInfos = [...s.teams.values()];
  const national = teamInfos.length > 0 && teamInfos.every((t) => t?.type === 'national');
  const name = options.leagueName?.trim() || known?.name || `Competition ${competitionId}`;
  const kind = known?.kind ?? (national ? 'international' : 'league');
  const areas = new Set(teamInfos.map((t) => (t?.area?.name ? decodeName(t.area.name) : null)));
  const country = known ? known.country : kind === 'international' || areas.size !== 1 ? null : [...areas][0];
  return { name, kind, country };
}

/** The country of his national team when a team registry knows it (Agüero: Argentina), else his passport's (Spain). */
function nationalityOf(s: SeasonFold, info: WyscoutPlayer): string | null {
  const id = Number(info.currentNationalTeamId);
  const national = s.registries.teams.get(id) ?? s.teams.get(id);
  const area = national?.type === 'national' ? national.area?.name : info.passportArea?.name;
  return area ? decodeName(area) || null : null;
}

/** The `players` rows by id, and each player's season position (his usual match position, else his average's). */
function playerRowsOf(s: SeasonFold, matchPositions: MatchPositions) {
  const seasonPosition = new Map<number, PositionCode>();
  const usual = usualMatchPositions(matchPositions);
  const rows: Partial<RowOf<'players'>>[] = [...s.players.entries()]
    .sort(([a], [b]) => a - b)
    .map(([player_id, p]) => {
      const position =
        usual.get(player_id) ??
        positionCodeOf(
          p.info.role.code2,
          p.located ? p.sum_x / p.located : null,
          p.located ? p.sum_y / p.located : null,
        );
      seasonPosition.set(player_id, position);
      return {
        player_id,
        name: fullNameOf(p.info),
        known_as: commonNameOf(p.info.firstName, p.info.shortName),
        birth_date: p.info.birthDate && /^\d{4}-\d{2}-\d{2}$/.test(p.info.birthDate) ? p.info.birthDate : null,
        nationality: nationalityOf(s, p.info),
        position,
        team_id: p.team_id,
        market_value_eur: null,
        preferred_foot: footOf(p.info.foot),
        height_cm: p.info.height && p.info.height > 0 ? Math.round(p.info.height) : null,
        wc2026_nation: null,
      };
    });
  return { rows, seasonPosition };
}

/** The `appearances` rows in kick-off order, each with his position in that match (or his season's). */
function appearanceRowsOf(
  s: SeasonFold,
  seasonPosition: ReadonlyMap<number, PositionCode>,
  matchPositions: MatchPositions,
): Partial<RowOf<'appearances'>>[] {
  return s.appearances
    .sort(
      (a, b) =>
        a.kickoff - b.kickoff || a.fixture_id - b.fixture_id || a.team_id - b.team_id || a.player_id - b.player_id,
    )
    .map((a) => ({
      fixture_id: a.fixture_id,
      player_id: a.player_id,
      team_id: a.team_id,
      started: a.started,
      minutes: minutesOf(a.seconds),
      team_possession: a.team_possession,
      position: matchPositions.get(a) ?? seasonPosition.get(a.player_id),
    }));
}

/** The `teams` rows by id. */
function teamRowsOf(s: SeasonFold, competitionId: number): Partial<RowOf<'teams'>>[] {
  return [...s.teams.entries()]
    .sort(([a], [b]) => a - b)
    .map(([team_id, t]) => ({
      team_id,
      name: t ? decodeName(t.name) : `Team ${team_id}`,
      league_id: competitionId,
      city: t?.city ? decodeName(t.city) || null : null,
    }));
}

/** The dataset's meta: names, source with the match dates, licence, coverage. */
function metaOf(s: SeasonFold, season: ReturnType<typeof seasonOf>, leagueName: string): DatasetMeta {
  const label = `${leagueName} ${season.name}`;
  // The engine's clock is noon UTC of as_of: the day after the last played match, so an evening
  // kick-off on the final day (PL 2017/18 ends 14:00 UTC, the World Cup final 15:00) counts as played.
  const played = s.fixtureMatches.filter(finishedOf);
  const asOf =
    played.length > 0
      ? new Date(Date.parse(`${played[played.length - 1].dateutc.slice(0, 10)}T00:00:00Z`) + 86_400_000)
          .toISOString()
          .slice(0, 10)
      : season.last;
  return {
    name: `Wyscout public dataset: ${label}`,
    as_of: asOf,
    source: `Wyscout public event dataset (Pappalardo et al., Scientific Data 6, 236 (2019), doi:10.1038/s41597-019-0247-7), competition ${season.competitionId}, season ${season.seasonId}: ${counted(s.fixtureMatches.length, 'match', 'matches')}, ${season.first} to ${season.last}`,
    synthetic: false,
    licence:
      'CC BY 4.0 (figshare doi:10.6084/m9.figshare.c.4415000): free to share and adapt, also commercially, with credit to the source.',
    attribution: WYSCOUT_ATTRIBUTION,
    description:
      "Minutes and counting totals derived from Wyscout v2 events and tags as defined in docs/methodology/wyscout.md (nominal minutes, extra time included, stoppage time not counted). Detailed positions inferred from each team's shape in each match (docs/methodology/positions.md).",
    coverage: coverageOf(s.report),
  };
}

/** The registries of `dir` for `layout`: read from the folder in the public layout, none for per-match files. */
function registriesOf(dir: string, layout: WyscoutLayout): WyscoutRegistries {
  if (layout.kind !== 'registry') return { players: new Map(), teams: new Map() };
  return { players: readPlayerRegistry(dir), teams: readTeamRegistry(dir) };
}

/**
 * Builds a validated halfspace dataset, and a report of the data problems met, from one
 * competition season of the Wyscout folder `dir` (see {@link datasetFromWyscout}).
 * @example wyscoutIngest('shared/real/wyscout', { competition: 'England' }).report.goalDifferences.length // => 1
 */
export function wyscoutIngest(dir: string, options: WyscoutOptions): { dataset: Dataset; report: WyscoutReport } {
  const layout = options.layout ?? layoutOf(dir, options.competition);
  const registries = options.registries && layout.kind === 'registry' ? options.registries : registriesOf(dir, layout);
  const s = new SeasonFold(registries, options.precomputed);
  foldCompetition(s, layout, options);
  const season = seasonOf(s);
  const { competitionId } = season;
  const league = leagueOf(s, competitionId, options);
  const fixtures = withPossession(
    fixtureRowsOf(s.fixtureMatches, season.seasonId, competitionId),
    s.possessionByFixture,
  );
  const matchPositions = matchPositionMapOf(s);
  const players = playerRowsOf(s, matchPositions);
  const dataset = seasonDatasetOf(
    metaOf(s, season, league.name),
    {
      league_id: competitionId,
      name: league.name,
      country: league.country,
      kind: league.kind,
      tier: options.leagueTiers?.get(competitionId) ?? leagueTierOf(competitionId),
    },
    { season_id: season.seasonId, name: season.name, start_date: season.first, end_date: season.last },
    {
      teams: teamRowsOf(s, competitionId),
      players: players.rows,
      seasonLines: s.seasonLines,
      columns: WYSCOUT_COLUMNS,
      fixtures,
      appearances: appearanceRowsOf(s, players.seasonPosition, matchPositions),
      shots: s.shots,
    },
  );
  return { dataset, report: s.report };
}

/**
 * Builds a validated halfspace dataset from one competition season of a Wyscout v2 folder `dir`,
 * in the public dataset's layout or a folder of v2 API per-match files (docs/methodology/wyscout.md).
 * Throws {@link DatasetError} naming the file, field and row when the competition is not found, a
 * file is missing, truncated or malformed, or the result fails validation.
 * @example datasetFromWyscout('shared/real/wyscout', { competition: 'England' }).meta.attribution // => 'Data: Wyscout public dataset (Pappalardo et al., Scientific Data 2019), CC BY 4.0'
 */
export function datasetFromWyscout(dir: string, options: WyscoutOptions): Dataset {
  return wyscoutIngest(dir, options).dataset;
}
