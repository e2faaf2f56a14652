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
  MATCH_CONFIDENCE,
  FUZZY_ACCEPT,
  FUZZY_TIE_MARGIN,
  containsAll,
  fuzzyResolution,
  isTrailing,
  matchByLevels,
  namedEntryLevels,
  prefixesAll,
  similarityToEither,
  topSuggestions,
  type MatchedBy,
  type Resolution,
} from './name-match.js';
import { keyedSimilarity, tokenSimilarity, tokensOf, withKey } from './names.js';
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

/** A player offered as a candidate (ambiguity) or suggestion (not found). */
export interface PlayerCandidate {
  player_id: number;
  name: string;
  /** Current club name, or null for a player without a club. */
  team: string | null;
  position: string;
}

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

/** A club offered as a candidate or suggestion. */
export interface TeamCandidate {
  team_id: number;
  name: string;
  /** League name of the club, or null. */
  league: string | null;
}

/** A resolved league. */
export interface ResolvedLeague {
  league_id: number;
  resolution: Resolution;
}

/** A league offered as a candidate or suggestion. */
export interface LeagueCandidate {
  league_id: number;
  name: string;
  country: string | null;
}

/** A team hint must score at least this much against a candidate's club to separate candidates (docs/methodology/identity.md#team-hint). */
export const TEAM_HINT_MIN = 0.75;

function playerCandidate(index: IdentityIndex, e: PlayerEntry): PlayerCandidate {
  const team = e.teamId === null ? null : (index.teamById.get(e.teamId)?.name ?? null);
  return { player_id: e.id, name: e.display, team, position: e.position };
}

/**
 * How well a club hint describes a club, 0–1: 1 for its name or short name, 0.9 when every hint
 * token is one of its tokens, 0.8 when every hint token starts one of its tokens, else a
 * typo-tolerant token similarity × 0.9 when that reaches {@link TEAM_HINT_MIN}, else 0.
 */
function teamHintScore(team: TeamEntry, hint: readonly string[]): number {
  const norm = hint.join(' ');
  if (norm === team.norm || norm === team.shortNorm) return 1;
  if (containsAll(team.tokens, hint)) return 0.9;
  if (prefixesAll(team.tokens, hint)) return 0.8;
  const fuzzy = tokenSimilarity(hint, team.tokens) * 0.9;
  return fuzzy >= TEAM_HINT_MIN ? fuzzy : 0;
}

/**
 * Narrows equally good candidates with a club hint: keeps those whose club scores best against the
 * hint, when that best score reaches {@link TEAM_HINT_MIN}; otherwise returns them all.
 */
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

/** Exact-ish match levels in priority order; the first level with any candidate decides. */
function playerLevels(
  index: IdentityIndex,
  q: string[],
): [Exclude<MatchedBy, 'player_id' | 'team_id' | 'fuzzy' | 'short_name'>, () => PlayerEntry[]][] {
  const norm = q.join(' ');
  const { key } = withKey(q);
  return [
    ['exact_name', () => index.byName.get(norm) ?? []],
    ['known_as', () => index.byKnownAs.get(norm) ?? []],
    ['tokens', () => index.byKey.get(key) ?? []],
    [
      'surname',
      () =>
        (index.byToken.get(q[q.length - 1]) ?? []).filter(
          (e) => isTrailing(e.tokens, q) || isTrailing(e.knownTokens, q),
        ),
    ],
    ['partial', () => (index.byToken.get(q[0]) ?? []).filter((e) => containsAll([...e.tokens, ...e.knownTokens], q))],
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
  for (const [matchedBy, find] of playerLevels(index, q)) {
    const found = find();
    if (found.length === 0) continue;
    const narrowed = narrowByHint(index, found, hint);
    if (narrowed.length === 1)
      return ok({
        player_id: narrowed[0].id,
        resolution: { matched_by: matchedBy, confidence: MATCH_CONFIDENCE[matchedBy] },
      });
    return fail(
      'ambiguous_player',
      `"${query.name}" matches ${counted(narrowed.length, 'player')}; add team_hint or use player_id`,
      {
        param: 'name',
        candidates: narrowed.map((e) => playerCandidate(index, e)),
      },
    );
  }
  const qn = withKey(q);
  const scored = index.players.map((e) => ({ e, s: similarityToEither(qn, e, e.known) }));
  const best = scored.reduce((m, x) => (x.s > m ? x.s : m), 0);
  if (best >= FUZZY_ACCEPT) {
    const top = narrowByHint(
      index,
      scored.filter((x) => x.s >= best - FUZZY_TIE_MARGIN).map((x) => x.e),
      hint,
    );
    if (top.length === 1) {
      const s = scored[top[0].row].s;
      return ok({ player_id: top[0].id, resolution: fuzzyResolution(s) });
    }
  }
  const suggestions = topSuggestions(scored, (e) => e.display).map(({ e }) => playerCandidate(index, e));
  return fail('player_not_found', `no player named "${query.name}"`, { param: 'name', suggestions });
}

const teamCandidate = (t: TeamEntry): TeamCandidate => ({ team_id: t.id, name: t.name, league: t.league });

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

const leagueCandidate = (l: LeagueEntry): LeagueCandidate => ({ league_id: l.id, name: l.name, country: l.country });

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
