/** @module One fixture of match intelligence with its standings, form, head-to-head, streaks, signals and line-ups. */
import type { z } from 'zod';
import { derbyKindOf } from './derby.js';
import type { AppearanceRow, FixtureStore } from './fixture-store.js';
import { formOf, type Form, type TeamResult } from './form.js';
import { headToHeadOf, type Meeting } from './head-to-head.js';
import { actualLineupOf, predictedLineupOf, PREDICTION_MATCHES, type PlayerLookup } from './lineups.js';
import type { MatchItemBlock } from './match-blocks.js';
import type { MatchContext, MatchIndex } from './match-index.js';
import { leagueInProse } from '../prose.js';
import { resultHeadlineOf } from './result-headline.js';
import { signalsOf } from './signals.js';
import { seasonTableBefore } from './standings.js';
import { streaksOf } from './streaks.js';

/** One fixture with everything known before (and, when played, about) it: the `z.infer` of its block. */
export type MatchItem = z.infer<typeof MatchItemBlock>;

/** Form with the opponent's registry name on each result. */
export type FormWithNames = Omit<Form, 'results'> & { results: (Form['results'][number] & { opponent: string })[] };

/**
 * Competition tier labels (docs/methodology/matches.md#competition-tier): `top_flight`,
 * `second_tier`, `tier_<n>` for leagues; `cup` and `international` by kind.
 */
type CompetitionTier = 'top_flight' | 'second_tier' | `tier_${number}` | 'cup' | 'international';

/**
 * The tier label of a competition from its league row: cups and international competitions by
 * kind, leagues by tier (1 = top flight).
 * @example competitionTierOf({ tier: 2, kind: 'league' }) // => 'second_tier'
 */
export function competitionTierOf(league: { tier: number; kind: string }): CompetitionTier {
  if (league.kind === 'cup') return 'cup';
  if (league.kind === 'international') return 'international';
  if (league.tier === 1) return 'top_flight';
  if (league.tier === 2) return 'second_tier';
  return `tier_${league.tier}`;
}

/**
 * A round as prose: a bare number reads "round 4"; a provider's own label ("Matchweek 7",
 * "Round of 16") stands as written.
 * @example roundLabelOf('Matchweek 7') // => 'Matchweek 7'
 */
export function roundLabelOf(round: string): string {
  return /^\d+$/.test(round.trim()) ? `round ${round.trim()}` : round;
}

function teamName(ctx: MatchContext, id: number): string {
  return ctx.teamById(id)?.name ?? `Team ${id}`;
}

/** Played results of a club strictly before `beforeMs` (and by now), newest first. */
function resultsBefore(store: FixtureStore, teamId: number, beforeMs: number, nowMs: number): TeamResult[] {
  const rows = store.rowsOfTeam(teamId);
  const out: TeamResult[] = [];
  for (let i = rows.length - 1; i >= 0; i--) {
    const r = rows[i];
    if (store.kickoffMs[r] >= beforeMs || store.kickoffMs[r] > nowMs || store.finished[r] === 0) continue;
    const home = store.homeId[r] === teamId;
    out.push({
      fixture_id: store.fixtureId[r],
      kickoff_ms: store.kickoffMs[r],
      opponent_id: home ? store.awayId[r] : store.homeId[r],
      venue: home ? 'home' : 'away',
      goals_for: home ? store.homeGoals[r] : store.awayGoals[r],
      goals_against: home ? store.awayGoals[r] : store.homeGoals[r],
    });
  }
  return out;
}

/**
 * Fixture row `r` with everything known before it (and, when played by `nowMs`, about it).
 * @example matchItemOf(engine, matchIndexOf(engine), 0, Date.now()).status // => 'FT'
 */
export function matchItemOf(ctx: MatchContext, s: MatchIndex, r: number, nowMs: number): MatchItem {
  const store = s.store;
  const kickoffMs = store.kickoffMs[r];
  const played = store.finished[r] === 1 && kickoffMs <= nowMs;
  const homeId = store.homeId[r];
  const awayId = store.awayId[r];
  const league = ctx.leagueById(store.leagueId[r]);
  const season = ctx.seasonById(store.seasonId[r]);
  const homeName = teamName(ctx, homeId);
  const awayName = teamName(ctx, awayId);
  // Strictly before kick-off and by now: kick-offs are whole milliseconds, so "≤ now" is "< now + 1".
  const standings = league?.kind === 'league' ? standingsBefore(ctx, store, r, Math.min(kickoffMs, nowMs + 1)) : null;
  const homeResults = resultsBefore(store, homeId, kickoffMs, nowMs);
  const awayResults = resultsBefore(store, awayId, kickoffMs, nowMs);
  const homeForm = formOf(homeResults);
  const awayForm = formOf(awayResults);
  const headToHead = headToHeadOf(meetingsOf(homeResults, homeId, awayId), homeId, awayId);
  const streaks = { home: streaksOf(homeResults), away: streaksOf(awayResults) };
  const derbyKind = derbyKindOf(s.rivalries, clubOf(s, homeId), clubOf(s, awayId));
  const score = played ? { home: store.homeGoals[r], away: store.awayGoals[r] } : null;
  const signalItems = signalsOf({
    home: { name: homeName, standing: standings?.home ?? null, form: homeForm, streaks: streaks.home },
    away: { name: awayName, standing: standings?.away ?? null, form: awayForm, streaks: streaks.away },
    table_size: standings?.table_size ?? 0,
    derby_kind: derbyKind,
    head_to_head: headToHead,
    score,
  });
  const leagueName = league?.name ?? `League ${store.leagueId[r]}`;
  const tierAndKind = { tier: league?.tier ?? 0, kind: league?.kind ?? 'league' };
  const fallbackHeadline = fallbackHeadlineOf(
    { name: homeName, results: homeResults },
    { name: awayName, results: awayResults },
    { score, round: store.round[r], leagueName, seasonStart: season?.start_date ?? null },
  );

  return {
    fixture_id: store.fixtureId[r],
    kickoff_utc: new Date(kickoffMs).toISOString(),
    status: played ? 'FT' : 'NS',
    round: store.round[r],
    venue: store.venue[r],
    home: { team_id: homeId, name: homeName, score: score ? score.home : null },
    away: { team_id: awayId, name: awayName, score: score ? score.away : null },
    competition: { league_id: store.leagueId[r], name: leagueName, season: season?.name ?? null, ...tierAndKind },
    signals: {
      derby_kind: derbyKind,
      competition_tier: competitionTierOf(tierAndKind),
      headline: signalItems[0]?.headline ?? fallbackHeadline,
    },
    standings,
    form: { home: withOpponentNames(ctx, homeForm), away: withOpponentNames(ctx, awayForm) },
    head_to_head: headToHead,
    streaks,
    signal_items: signalItems,
    predicted_lineups: played ? null : predictedLineups(s, homeId, awayId, kickoffMs, nowMs),
    lineups: played ? actualLineups(ctx, store, r, homeId, awayId) : null,
  };
}

/** A club as derby detection sees it: its id and city. */
const clubOf = (s: MatchIndex, teamId: number) => ({ team_id: teamId, city: s.cities.get(teamId) ?? null });

/** A form line with each opponent's name beside its id. */
function withOpponentNames(ctx: MatchContext, f: Form): FormWithNames {
  return { ...f, results: f.results.map((x) => ({ ...x, opponent: teamName(ctx, x.opponent_id) })) };
}

/**
 * The league table strictly before `beforeMs` of fixture row `r`'s league-season: both clubs'
 * entries and the table size.
 */
function standingsBefore(
  ctx: MatchContext,
  store: FixtureStore,
  r: number,
  beforeMs: number,
): NonNullable<MatchItem['standings']> {
  const { table } = seasonTableBefore(store, store.leagueId[r], store.seasonId[r], beforeMs, (id) => teamName(ctx, id));
  return {
    home: table.find((e) => e.team_id === store.homeId[r]) ?? null,
    away: table.find((e) => e.team_id === store.awayId[r]) ?? null,
    table_size: table.length,
  };
}

/** Earlier meetings of the two clubs, from the home club's results. */
function meetingsOf(homeResults: readonly TeamResult[], homeId: number, awayId: number): Meeting[] {
  return homeResults
    .filter((x) => x.opponent_id === awayId)
    .map((x) => ({
      fixture_id: x.fixture_id,
      kickoff_utc: new Date(x.kickoff_ms).toISOString(),
      home_team_id: x.venue === 'home' ? homeId : awayId,
      away_team_id: x.venue === 'home' ? awayId : homeId,
      home_goals: x.venue === 'home' ? x.goals_for : x.goals_against,
      away_goals: x.venue === 'home' ? x.goals_against : x.goals_for,
    }));
}

/** The headline when no signal holds: the result in words for a played match, else who hosts whom. */
function fallbackHeadlineOf(
  home: { name: string; results: readonly TeamResult[] },
  away: { name: string; results: readonly TeamResult[] },
  match: {
    score: { home: number; away: number } | null;
    round: string | null;
    leagueName: string;
    seasonStart: string | null;
  },
): string {
  const { score, round, leagueName } = match;
  if (!score) return `${home.name} host ${away.name} (${leagueName}${round ? `, ${roundLabelOf(round)}` : ''}).`;
  // A result headline counts the club's record in this season only ("their 5th win in 9 matches").
  const seasonStartMs = match.seasonStart ? Date.parse(`${match.seasonStart}T00:00:00Z`) : Number.NEGATIVE_INFINITY;
  const inSeason = (x: TeamResult) => x.kickoff_ms >= seasonStartMs;
  return resultHeadlineOf({
    home: { name: home.name, before: home.results.filter(inSeason) },
    away: { name: away.name, before: away.results.filter(inSeason) },
    score,
    round,
    competition: leagueInProse(leagueName),
  });
}

function actualLineups(
  ctx: MatchContext,
  store: FixtureStore,
  r: number,
  homeId: number,
  awayId: number,
): MatchItem['lineups'] {
  const apps = store.appearancesOf(r);
  if (apps === null) return null;
  // Line-ups show the name a reader knows (known_as, as on every other surface), not the registered full name.
  const players: PlayerLookup = {
    get: (id: number) => {
      const p = ctx.playerById(id);
      return p && { name: p.known_as ?? p.name, position: p.position };
    },
  };
  const side = (teamId: number) => {
    const own = apps.filter((a) => a.team_id === teamId);
    return own.length === 0 ? null : actualLineupOf(own, players);
  };
  return { home: side(homeId), away: side(awayId) };
}

function predictedLineups(
  s: MatchIndex,
  homeId: number,
  awayId: number,
  kickoffMs: number,
  nowMs: number,
): MatchItem['predicted_lineups'] {
  const store = s.store;
  if (!store.hasAppearances) return null;
  const side = (teamId: number) => {
    const rows = store.rowsOfTeam(teamId);
    const recent: AppearanceRow[][] = [];
    for (let i = rows.length - 1; i >= 0 && recent.length < PREDICTION_MATCHES; i--) {
      const r = rows[i];
      if (store.finished[r] === 0 || store.kickoffMs[r] >= kickoffMs || store.kickoffMs[r] > nowMs) continue;
      const own = (store.appearancesOf(r) ?? []).filter((a) => a.team_id === teamId);
      if (own.length > 0) recent.push(own);
    }
    return predictedLineupOf(recent, s.squads.get(teamId) ?? []);
  };
  return { home: side(homeId), away: side(awayId) };
}
