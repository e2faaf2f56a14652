/**
 * A halfspace dataset built from Metrica matches (docs/providers.md#metrica), with an ingest report
 * that says, per match, the events of each period, the score the events give, and what was
 * inferred: the starters and substitutions, the attacking directions, a missing date.
 */
import { DatasetError } from '../../model/dataset-error.js';
import type { Dataset, DatasetMeta } from '../../model/schema.js';
import { notProvidedCoverageOf } from '../counting-totals.js';
import { feedDatasetOf, type FeedMatch } from '../event-feed-dataset.js';
import { counted } from '../../prose.js';
import type { MetricaMatch } from './match.js';
import { metricaColumnsOf, periodOffsetMinutes } from './mapping.js';
import { metricaMatchSummaryOf, type MetricaMatchSummary } from './match-summary.js';

/** The kick-off date given to a match whose files carry none (the CSV layout): a stand-in the report and coverage name. */
export const METRICA_UNDATED_KICKOFF = '2000-01-01';

/** What the ingest says about one match. */
export interface MetricaMatchReport {
  fixture_id: number;
  layout: MetricaMatch['layout'];
  files: string[];
  match: string;
  events: number;
  periods: { period: number; events: number }[];
  /** The recorded score (EPTS metadata), null when the files give none. */
  recorded_score: { home: number; away: number } | null;
  event_goals: { home: number; away: number };
  /** What was inferred or is missing, in words. */
  inferred: string[];
}

/** A dataset and its ingest report. */
export interface MetricaIngest {
  dataset: Dataset;
  report: MetricaMatchReport[];
  /** The fold of each match, in report order (the conformance suite reads goals and minutes from it). */
  summaries: MetricaMatchSummary[];
  /** The matches, in report order. */
  matches: MetricaMatch[];
}

const clockOf = (match: MetricaMatch, at: { period: number; time: number }): string => {
  const start = match.events.find((e) => e.period === at.period)?.start ?? 0;
  return `${periodOffsetMinutes(at.period) + Math.floor((at.time - start) / 60)}'`;
};

function reportOf(match: MetricaMatch, summary: MetricaMatchSummary): MetricaMatchReport {
  const periods = new Map<number, number>();
  for (const e of match.events) periods.set(e.period, (periods.get(e.period) ?? 0) + 1);
  const name = (key: string) => summary.players.find((p) => p.key === key)?.name ?? key;
  const subs = summary.spells
    .filter((s) => !s.started)
    .map((s) => `${name(s.key)} for ${s.replaced ? name(s.replaced) : 'nobody'} at ${clockOf(match, s.on)}`);
  const inferred = [
    `starters inferred as each side's first eleven to act; ${subs.length === 0 ? 'no substitutes' : `substitutions inferred: ${subs.join(', ')}`}`,
  ];
  if (match.directionSource === 'passes') inferred.push('attacking direction of each period inferred from the passes');
  if (match.date === null) inferred.push(`no date in the files: kick-off set to ${METRICA_UNDATED_KICKOFF}`);
  const eventGoals = {
    home: summary.goals.get(match.home.teamId) ?? 0,
    away: summary.goals.get(match.away.teamId) ?? 0,
  };
  if (match.score && (match.score.home !== eventGoals.home || match.score.away !== eventGoals.away))
    inferred.push(
      `goal events give ${eventGoals.home}–${eventGoals.away}, the metadata ${match.score.home}–${match.score.away}`,
    );
  return {
    fixture_id: match.fixtureId,
    layout: match.layout,
    files: match.files,
    match: `${match.home.name} vs ${match.away.name}${match.date ? `, ${match.date}` : ''}`,
    events: match.events.length,
    periods: [...periods].sort(([a], [b]) => a - b).map(([period, events]) => ({ period, events })),
    recorded_score: match.score,
    event_goals: eventGoals,
    inferred,
  };
}

/**
 * The `dataset.json` coverage notes of a Metrica dataset: what the feed lacks, what was inferred,
 * and every counting column it cannot fill. `carries`: every match has CARRY events (JSON layout);
 * `undated`: some match has no date (CSV layout).
 */
export function metricaCoverageOf(carries: boolean, undated: boolean): Record<string, string> {
  const name = 'Metrica events';
  const out: Record<string, string> = {
    'player_seasons.rating': `${name} have no player rating: null, so the model rating is used`,
    'players.birth_date': `not in ${name}: null (age unknown)`,
    'players.market_value_eur': `not in ${name}: null (fee tier unknown)`,
    'players.preferred_foot': `not in ${name}: null`,
    'players.height_cm': `not in ${name}: null`,
    'players.wc2026_nation': `not in ${name}: null`,
    'teams.short_name': `not in ${name}: null`,
    rivalries: `not in ${name}: table absent`,
    'appearances.started':
      "inferred: each side's first eleven players to act start; a later player replaces the team-mate whose last action came latest before his first (docs/providers.md#metrica)",
    'shots.body_part': 'Metrica marks headers only: a shot without the HEAD subtype is read as a foot shot',
    'player_seasons.xg': "the shipped model's xG for every shot; each shots row says xg_source model",
    'fixtures.home_possession':
      'share of the time each team last touched the ball (docs/methodology/event-values.md#possession)',
    ...notProvidedCoverageOf(metricaColumnsOf(carries), name),
  };
  if (undated)
    out['fixtures.kickoff'] =
      `the event CSV has no date: its matches kick off on the stand-in ${METRICA_UNDATED_KICKOFF}`;
  return out;
}

/** One folded match as the shared event-feed assembly takes it; Metrica's matches are whole. */
function feedMatchOf(match: MetricaMatch, summary: MetricaMatchSummary): FeedMatch {
  const score = match.score ?? {
    home: summary.goals.get(match.home.teamId) ?? 0,
    away: summary.goals.get(match.away.teamId) ?? 0,
  };
  return {
    fixture: {
      fixture_id: match.fixtureId,
      season_id: SEASON_ID,
      league_id: LEAGUE_ID,
      round: null,
      kickoff: Date.parse(`${match.date ?? METRICA_UNDATED_KICKOFF}T00:00:00Z`),
      home_team_id: match.home.teamId,
      away_team_id: match.away.teamId,
      home_goals: score.home,
      away_goals: score.away,
      status: 'finished',
      venue: null,
    },
    home: match.home,
    away: match.away,
    names: new Map(summary.players.map((p) => [p.playerId, p.name])),
    lines: summary.lines,
    possession: summary.possession,
    shots: summary.shots,
    partial: false,
  };
}

/** The one league and season every Metrica ingest writes: the samples name no competition. */
const LEAGUE_ID = 900_000_001;
const SEASON_ID = 900_000_001;

function metaOf(matches: readonly MetricaMatch[], carries: boolean): DatasetMeta {
  const dates = matches.map((m) => m.date ?? METRICA_UNDATED_KICKOFF).sort();
  return {
    name: `Metrica Sports: ${matches.map((m) => m.game).join(', ')}`,
    as_of: dates[dates.length - 1]!,
    source: `Metrica event files (${matches.flatMap((m) => m.files).join(', ')}): ${counted(matches.length, 'match', 'matches')}`,
    synthetic: false,
    licence:
      'Metrica Sports sample data: use it responsibly and acknowledge Metrica Sports as the source of anything public made from it.',
    attribution: 'Data: Metrica Sports',
    description:
      'Minutes and counting totals derived from Metrica events as defined in docs/providers.md#metrica (nominal minutes, inferred lineups).',
    coverage: metricaCoverageOf(
      carries,
      matches.some((m) => m.date === null),
    ),
  };
}

/**
 * Builds a validated dataset from Metrica matches, with the ingest report of each. Throws
 * {@link DatasetError} when there is no match or the result fails validation.
 * @example datasetFromMetricaMatches([metricaCsvMatchOf(text, file)]).report[0].event_goals // => { home: 3, away: 1 }
 */
export function datasetFromMetricaMatches(matches: readonly MetricaMatch[]): MetricaIngest {
  if (matches.length === 0) throw new DatasetError('input', null, null, 'no Metrica match to ingest');
  const sorted = [...matches].sort(
    (a, b) => (a.date ?? '').localeCompare(b.date ?? '') || a.game.localeCompare(b.game),
  );
  const summaries = sorted.map(metricaMatchSummaryOf);
  const report = sorted.map((m, i) => reportOf(m, summaries[i]!));
  const carries = sorted.every((m) => m.layout === 'json');
  const dates = sorted.map((m) => m.date ?? METRICA_UNDATED_KICKOFF).sort();
  const dataset = feedDatasetOf(
    sorted.map((m, i) => feedMatchOf(m, summaries[i]!)),
    {
      meta: metaOf(sorted, carries),
      league: { league_id: LEAGUE_ID, name: 'Metrica Sports sample matches', country: null, kind: 'league' },
      season: { season_id: SEASON_ID, name: 'sample', start_date: dates[0]!, end_date: dates[dates.length - 1]! },
      columns: metricaColumnsOf(carries),
    },
  );
  return { dataset, report, summaries, matches: sorted };
}
