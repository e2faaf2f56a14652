/**
 * A halfspace dataset built from Opta-family matches (Stats Perform MA1/MA3, Opta F7/F24) of one
 * competition season (docs/providers.md#opta-family, docs/providers.md#opta-family), with an ingest
 * report that says, per match, which periods the events cover and what is missing. A partial
 * file is never extrapolated: its totals are what its events hold, and the coverage says so.
 */
import { DatasetError } from '../../model/dataset-error.js';
import type { CountingColumn, Dataset, DatasetMeta } from '../../model/schema.js';
import { notProvidedCoverageOf, type ProviderColumn } from '../counting-totals.js';
import { feedDatasetOf, type FeedMatch } from '../event-feed-dataset.js';
import { counted } from '../../prose.js';
import type { OptaMatch } from './match.js';
import { OPTA_COLUMNS } from './mapping.js';
import { optaMatchSummaryOf, type OptaMatchSummary } from './match-summary.js';
import { isWholeMatch, periodCoverageOf, type PeriodCoverage } from './events.js';

/** What the ingest says about one match. */
export interface OptaMatchReport {
  fixture_id: number;
  feed: OptaMatch['feed'];
  files: string[];
  match: string;
  events: number;
  periods: PeriodCoverage[];
  whole: boolean;
  /** What the events lack, in words; empty for a whole match. */
  missing: string[];
  /** What the reader left out or could not resolve (a contradictory event, an assist whose pass is absent). */
  notes: string[];
  recorded_score: { home: number; away: number } | null;
  event_goals: { home: number; away: number };
}

/** A dataset and its ingest report. */
export interface OptaIngest {
  dataset: Dataset;
  report: OptaMatchReport[];
  /** The fold of each match, in input order (the conformance suite reads goals and minutes from it). */
  summaries: OptaMatchSummary[];
}

/** What a dataset says about the feed it came from. */
export interface FeedSource {
  /** The feed's name in messages and `dataset.json` (`Opta F7/F24`). */
  name: string;
  licence: string;
  /** Who the attribution line credits (`Opta by Stats Perform`). */
  credit: string;
  /** The docs/providers.md section that defines the counting. */
  docs: string;
  /** How the feed fills each counting column. */
  columns: Readonly<Record<CountingColumn, ProviderColumn>>;
}

const OPTA_LICENCE =
  'Opta / Stats Perform data: use follows your data licence with Stats Perform; anything published from it must credit Opta by Stats Perform.';

/** The two feeds in Opta's own vocabulary. */
export const OPTA_SOURCES: Partial<Record<OptaMatch['feed'], FeedSource>> = {
  statsperform: {
    name: 'Stats Perform MA1/MA3',
    licence: OPTA_LICENCE,
    credit: 'Opta by Stats Perform',
    docs: 'docs/providers.md#opta-family',
    columns: OPTA_COLUMNS,
  },
  opta: {
    name: 'Opta F7/F24',
    licence: OPTA_LICENCE,
    credit: 'Opta by Stats Perform',
    docs: 'docs/providers.md#opta-family',
    columns: OPTA_COLUMNS,
  },
};

/**
 * The `dataset.json` coverage notes of a dataset of `source`'s matches: what the feed lacks, every
 * counting column it cannot fill, and the partial matches (`partial`, their reports) when there are any.
 * @example Object.keys(feedCoverageOf(SPORTEC_SOURCE)).includes('player_seasons.clearances') // => true
 */
export function feedCoverageOf(source: FeedSource, partial: readonly OptaMatchReport[] = []): Record<string, string> {
  const name = source.name;
  const out: Record<string, string> = {
    'player_seasons.rating': `${name} has no player rating: null, so the model rating is used`,
    'players.birth_date': `not in ${name} match feeds: null (age unknown)`,
    'players.market_value_eur': `not in ${name}: null (fee tier unknown)`,
    'players.preferred_foot': `not in ${name} match feeds: null`,
    'players.height_cm': `not in ${name} match feeds: null`,
    'players.wc2026_nation': `not in ${name}: null`,
    'teams.short_name': `not read from ${name}: null`,
    rivalries: `not in ${name}: table absent`,
    'player_seasons.xg':
      "the shipped model's xG for every shot (the feeds carry none); each shots row says xg_source model",
    'fixtures.home_possession':
      'share of the time each team last touched the ball (docs/methodology/event-values.md#possession)',
    ...notProvidedCoverageOf(source.columns, name),
  };
  if (partial.length > 0) {
    const which = partial.map((r) => `${r.match} (${r.missing.join('; ')})`).join(', ');
    out['events.partial'] =
      `${counted(partial.length, 'match', 'matches')} with partial events: ${which}. Minutes follow the lineups, substitutions and period ends the files hold; every counting column, xG, xT and progression of those matches counts only the events present, nothing is extrapolated`;
  }
  return out;
}

function reportOf(match: OptaMatch, summary: OptaMatchSummary): OptaMatchReport {
  const periods = periodCoverageOf(match.events);
  const whole = isWholeMatch(periods);
  const missing: string[] = [];
  if (!whole) {
    for (const p of periods.filter((x) => x.period <= 4 && !x.bounded))
      missing.push(`period ${p.period} lacks its start or end marker`);
    missing.push(
      `only ${counted(match.events.filter((e) => !e.derived).length, 'event', 'events')} (${periods.map((p) => `period ${p.period}: ${p.events}`).join(', ')}), far fewer than a whole match holds`,
    );
    missing.push(PARTIAL_ABSENT);
  }
  const eventGoals = {
    home: summary.goals.get(match.home.teamId) ?? 0,
    away: summary.goals.get(match.away.teamId) ?? 0,
  };
  if (match.score && (match.score.home !== eventGoals.home || match.score.away !== eventGoals.away))
    missing.push(
      `goal events give ${eventGoals.home}–${eventGoals.away}, the recorded result ${match.score.home}–${match.score.away}`,
    );
  if (match.lineups.length === 0) missing.push('no lineups');
  const unplaced = summary.lines.filter((l) => !l.appeared).length;
  if (unplaced > 0)
    missing.push(
      `${counted(unplaced, 'player acts', 'players act')} in the events without starting or coming on (a substitution not in the file): no minutes`,
    );
  return {
    fixture_id: match.fixtureId,
    feed: match.feed,
    files: match.files,
    match: `${match.home.name} vs ${match.away.name}, ${match.date}`,
    events: match.events.filter((e) => !e.derived).length,
    periods,
    whole,
    missing,
    notes: match.notes ?? [],
    recorded_score: match.score,
    event_goals: eventGoals,
  };
}

/** What the dataset leaves out of a partial match (docs/providers.md#partial-files), as the report says it. */
const PARTIAL_ABSENT = 'not computed: possession, goals conceded, clean sheets and the PAdj columns';

/** One folded match as the shared event-feed assembly takes it. */
function feedMatchOf(match: OptaMatch, summary: OptaMatchSummary, report: OptaMatchReport): FeedMatch {
  const names = new Map<number, string>();
  for (const p of match.lineups) if (p.name) names.set(p.playerId, p.name);
  for (const e of match.events)
    if (e.playerId !== null && e.playerName && !names.has(e.playerId)) names.set(e.playerId, e.playerName);
  return {
    fixture: {
      fixture_id: match.fixtureId,
      season_id: match.season.id,
      league_id: match.competition.id,
      round: null,
      kickoff: match.kickoff,
      home_team_id: match.home.teamId,
      away_team_id: match.away.teamId,
      home_goals: match.score?.home ?? null,
      away_goals: match.score?.away ?? null,
      status: match.score ? 'finished' : 'scheduled',
      venue: match.venue,
    },
    home: match.home,
    away: match.away,
    names,
    lines: summary.lines,
    possession: summary.possession,
    shots: summary.shots,
    partial: !report.whole,
  };
}

function metaOf(
  source: FeedSource,
  first: OptaMatch,
  matches: readonly OptaMatch[],
  report: readonly OptaMatchReport[],
): DatasetMeta {
  const name = source.name;
  const dates = matches.map((m) => m.date).sort();
  const label = `${first.competition.name} ${first.season.name}`;
  return {
    name: `${name}: ${label}`,
    as_of: dates[dates.length - 1]!,
    source: `${name} feed files (${matches.flatMap((m) => m.files).join(', ')}): ${counted(matches.length, 'match', 'matches')}, ${dates[0]} to ${dates[dates.length - 1]}`,
    synthetic: false,
    licence: source.licence,
    attribution: `Data: ${source.credit} (${label})`,
    description: `Minutes and counting totals derived from ${name} events as defined in ${source.docs} (nominal minutes, stoppage time not counted).`,
    coverage: feedCoverageOf(
      source,
      report.filter((r) => !r.whole),
    ),
  };
}

/**
 * Builds a validated dataset from Opta-family matches of one competition season, with the
 * ingest report of each match. `source` describes the feed (default: the Opta feed the matches
 * name); a provider whose reader maps its events onto the Opta vocabulary passes its own. Throws
 * {@link DatasetError} when there is no match, the matches span more than one competition season
 * or feed, or the result fails validation.
 * @example datasetFromOptaMatches([statsPerformMatchOf(ma3, ma1, files)]).report[0].whole // => true
 */
export function datasetFromOptaMatches(matches: readonly OptaMatch[], source?: FeedSource): OptaIngest {
  const first = matches[0];
  if (!first) throw new DatasetError('input', null, null, 'no Opta or Stats Perform match to ingest');
  const feed = source ?? OPTA_SOURCES[first.feed];
  if (!feed) throw new DatasetError(first.files[0] ?? 'input', null, null, `no source description for ${first.feed}`);
  for (const m of matches)
    if (m.feed !== first.feed || m.competition.id !== first.competition.id || m.season.id !== first.season.id)
      throw new DatasetError(
        m.files[0]!,
        null,
        null,
        'every match of one ingest must come from one feed, competition and season',
      );
  const sorted = [...matches].sort((a, b) => a.kickoff - b.kickoff || a.fixtureId - b.fixtureId);
  const summaries = sorted.map(optaMatchSummaryOf);
  const report = sorted.map((m, i) => reportOf(m, summaries[i]!));
  const dataset = feedDatasetOf(
    sorted.map((m, i) => feedMatchOf(m, summaries[i]!, report[i]!)),
    {
      meta: metaOf(feed, first, sorted, report),
      league: {
        league_id: first.competition.id,
        name: first.competition.name,
        country: first.competition.country,
        kind: 'league',
      },
      season: {
        season_id: first.season.id,
        name: first.season.name,
        start_date: sorted[0]!.date,
        end_date: sorted[sorted.length - 1]!.date,
      },
      columns: feed.columns,
    },
  );
  return { dataset, report, summaries };
}
