/**
 * Identity resolution (docs/methodology/identity.md): turns a player's name or id (with an optional
 * club hint), a club's name or id, or a league's name into a registry row of an {@link IdentityIndex}
 * — forgiving about case, accents, punctuation, token order and typos, and explicit about how it
 * matched and how sure it is. Unknown names fail with suggestions; equally good matches fail with
 * the candidates.
 */
import { fail, ok, type Result } from '../errors.js';
import type { IdentityIndex, LeagueEntry, PlayerEntry, TeamEntry } from './name-index.js';
import {
  containsAll,
  isTrailing,
  matchByLevels,
  namedEntryLevels,
  prefixesAll,
  similarityToEither,
  type NameLevel,
  type Resolution,
} from './name-match.js';
import { keyedSimilarity, tokenSimilarity, tokensOf, withKey, type NameTokens } from './names.js';
import { counted } from '../prose.js';

// Every resolver takes the index: its type is named here too, for callers that import only the resolvers.
export type { IdentityIndex } from './name-index.js';

/** Identity inputs of docs/design.md#player-identity. */
export interface PlayerQuery {
  name?: string;
  player_id?: number;
  team_hint?: string;
}

/** A resolved player. */
export interface ResolvedPlayer {
  player_id: number;
  resolution: Resolution;
}

/** A player offered as a candidate (ambiguity) or suggestion (not found); `team` is his club's name, or null. */
export type PlayerCandidate = ReturnType<typeof playerCandidate>;

/** Team inputs of the match-intelligence request (docs/design.md#op-match-intelligence). */
export interface TeamQuery {
  team_name?: string;
  team_id?: number;
}

/** A resolved club. */
export interface ResolvedTeam {
  team_id: number;
  resolution: Resolution;
}

/** A club offered as a candidate or suggestion; `league` is its league's name, or null. */
export type TeamCandidate = ReturnType<typeof teamCandidate>;

/** A resolved league. */
export interface ResolvedLeague {
  league_id: number;
  resolution: Resolution;
}

/** A league offered as a candidate or suggestion. */
export type LeagueCandidate = ReturnType<typeof leagueCandidate>;

/** A team hint must score at least this much against a candidate's club to separate candidates (docs/methodology/identity.md#team-hint). */
export const TEAM_HINT_MIN = 0.75;

function playerCandidate(index: IdentityIndex, e: PlayerEntry) {
  const team = e.teamId === null ? null : (index.teamById.get(e.teamId)?.name ?? null);
  return { player_id: e.id, name: e.display, team, position: e.position };
}

/** How well a club hint describes a club, 0–1 (docs/methodology/identity.md#team-hint). */
function teamHintScore(team: TeamEntry, hint: readonly string[]): number {
  const norm = hint.join(' ');
  if (norm === team.norm || norm === team.shortNorm) return 1;
  if (containsAll(team.tokens, hint)) return 0.9;
  if (prefixesAll(team.tokens, hint)) return 0.8;
  const fuzzy = tokenSimilarity(hint, team.tokens) * 0.9;
  return fuzzy >= TEAM_HINT_MIN ? fuzzy : 0;
}

/** Narrows equally good candidates to those whose club scores best against a club hint (docs/methodology/identity.md#team-hint). */
function narrowByHint(index: IdentityIndex, entries: PlayerEntry[], hint: readonly string[]): PlayerEntry[] {
  if (hint.length === 0 || entries.length < 2) return entries;
  const scores = entries.map((e) => {
    const team = e.teamId === null ? undefined : index.teamById.get(e.teamId);
    return team ? teamHintScore(team, hint) : 0;
  });
  const best = Math.max(...scores);
  if (best < TEAM_HINT_MIN) return entries;
  return entries.filter((_, i) => scores[i] === best);
}

/** The name levels of players, strongest first: the exact name, known_as, all tokens in any order, the surname, a subset of the tokens. */
function playerLevels(q: NameTokens): NameLevel<PlayerEntry>[] {
  const norm = q.tokens.join(' ');
  return [
    ['exact_name', (e) => e.norm === norm],
    ['known_as', (e) => e.knownNorm === norm],
    ['tokens', (e) => e.key === q.key],
    ['surname', (e) => isTrailing(e.tokens, q.tokens) || isTrailing(e.knownTokens, q.tokens)],
    ['partial', (e) => q.tokens.every((t) => e.tokens.includes(t) || e.knownTokens.includes(t))],
  ];
}

/**
 * Resolves a player by `player_id`, or by `name` (case-, accent- and punctuation-insensitive;
 * exact name, known_as, any token order, surname only, a subset of the name's tokens, then typos),
 * with `team_hint` separating equally good matches. Fails with `invalid_request` (param `name`)
 * when neither is given, `player_not_found` (with up to 5 `suggestions`) for an unknown id or
 * name, and `ambiguous_player` (with `candidates`) when several players match equally well.
 * @example resolvePlayer(index, { name: 'muller weiss jorg' }) // => { ok: true, value: { player_id: 1, resolution: { matched_by: 'tokens', confidence: 0.9 } } }
 */
export function resolvePlayer(index: IdentityIndex, query: PlayerQuery): Result<ResolvedPlayer> {
  if (query.player_id !== undefined) {
    const e = index.playerById.get(query.player_id);
    if (!e)
      return fail('player_not_found', `no player with player_id ${query.player_id}`, {
        param: 'player_id',
        suggestions: [],
      });
    return ok({ player_id: e.id, resolution: { matched_by: 'player_id', confidence: 1 } });
  }
  if (query.name === undefined)
    return fail('invalid_request', 'one of name or player_id is required', { param: 'name' });
  const q = tokensOf(query.name);
  if (q.length === 0) return fail('invalid_request', 'name has no letters or digits', { param: 'name' });
  const hint = query.team_hint ? tokensOf(query.team_hint) : [];
  const qn = withKey(q);
  const found = matchByLevels(
    index.players,
    playerLevels(qn),
    (e) => similarityToEither(qn, e, e.known),
    (e) => e.display,
    (entries) => narrowByHint(index, entries, hint),
  );
  if (found.kind === 'match') return ok({ player_id: found.entry.id, resolution: found.resolution });
  if (found.kind === 'ambiguous')
    return fail(
      'ambiguous_player',
      `"${query.name}" matches ${counted(found.entries.length, 'player')}; add team_hint or use player_id`,
      { param: 'name', candidates: found.entries.map((e) => playerCandidate(index, e)) },
    );
  return fail('player_not_found', `no player named "${query.name}"`, {
    param: 'name',
    suggestions: found.suggestions.map((e) => playerCandidate(index, e)),
  });
}

const teamCandidate = (t: TeamEntry) => ({ team_id: t.id, name: t.name, league: t.league });

/**
 * Resolves a club by `team_id`, or by `team_name` (name or short name; case, accents, punctuation,
 * token order, partial tokens and typos forgiven). Fails with `invalid_request` (param
 * `team_name`) when neither is given, `team_not_found` (with up to 5 `suggestions`) and
 * `ambiguous_team` (with `candidates`) when several clubs match equally well.
 * @example resolveTeam(index, { team_name: 'nordhafen' }) // => { ok: true, value: { team_id: 10, resolution: { matched_by: 'short_name', confidence: 0.95 } } }
 */
export function resolveTeam(index: IdentityIndex, query: TeamQuery): Result<ResolvedTeam> {
  if (query.team_id !== undefined) {
    const t = index.teamById.get(query.team_id);
    if (!t)
      return fail('team_not_found', `no team with team_id ${query.team_id}`, { param: 'team_id', suggestions: [] });
    return ok({ team_id: t.id, resolution: { matched_by: 'team_id', confidence: 1 } });
  }
  if (query.team_name === undefined)
    return fail('invalid_request', 'one of team_name or team_id is required', { param: 'team_name' });
  const q = tokensOf(query.team_name);
  if (q.length === 0) return fail('invalid_request', 'team_name has no letters or digits', { param: 'team_name' });
  const qn = withKey(q);
  const found = matchByLevels(
    index.teams,
    namedEntryLevels<TeamEntry>(qn),
    (t) => similarityToEither(qn, { tokens: t.nameTokens, key: t.key }, t.short),
    (t) => t.name,
  );
  if (found.kind === 'match') return ok({ team_id: found.entry.id, resolution: found.resolution });
  if (found.kind === 'ambiguous')
    return fail(
      'ambiguous_team',
      `"${query.team_name}" matches ${found.entries.length} teams; use the full name or team_id`,
      { param: 'team_name', candidates: found.entries.map(teamCandidate) },
    );
  return fail('team_not_found', `no team named "${query.team_name}"`, {
    param: 'team_name',
    suggestions: found.suggestions.map(teamCandidate),
  });
}

const leagueCandidate = (l: LeagueEntry) => ({ league_id: l.id, name: l.name, country: l.country });

/**
 * Resolves a league by name (case, accents, punctuation, token order, partial tokens and typos
 * forgiven). Fails with `league_not_found`: with up to 5 `suggestions` for an unknown name, or with
 * `candidates` when several leagues match equally well (there is no separate ambiguity code).
 * @example resolveLeague(index, 'erste liga') // => { ok: true, value: { league_id: 1, resolution: { matched_by: 'exact_name', confidence: 1 } } }
 */
export function resolveLeague(index: IdentityIndex, name: string): Result<ResolvedLeague> {
  const q = tokensOf(name);
  if (q.length === 0) return fail('invalid_request', 'league_name has no letters or digits', { param: 'league_name' });
  const qn = withKey(q);
  // Leagues have no short name, so the short-name level never matches one.
  const found = matchByLevels(
    index.leagues,
    namedEntryLevels<LeagueEntry>(qn),
    (l) => keyedSimilarity(qn, l),
    (l) => l.name,
  );
  if (found.kind === 'match') return ok({ league_id: found.entry.id, resolution: found.resolution });
  if (found.kind === 'ambiguous')
    return fail('league_not_found', `"${name}" matches ${found.entries.length} leagues; use the full name`, {
      param: 'league_name',
      candidates: found.entries.map(leagueCandidate),
    });
  return fail('league_not_found', `no league named "${name}"`, {
    param: 'league_name',
    suggestions: found.suggestions.map(leagueCandidate),
  });
}
