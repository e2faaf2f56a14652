/**
 * Identity resolution (docs/methodology/identity.md): turns a player's name or id (with an optional
 * club hint), a club's name or id, or a league's name into a registry row — forgiving about case,
 * accents, punctuation, token order and typos, and explicit about how it matched and how sure it is.
 * Unknown names fail with suggestions; equally good matches fail with the candidates.
 */
import { fail, ok, type Result } from '../errors.js';
import type { RowOf } from './schema.js';
import { keyedSimilarity, normalizeName, similarityMemo, tokenSimilarity, tokensOf, type NameTokens } from './names.js';

/** How a player, club or league was matched, strongest first (docs/methodology/identity.md#match-kinds). */
export type MatchedBy =
  | 'player_id'
  | 'team_id'
  | 'exact_name'
  | 'known_as'
  | 'short_name'
  | 'tokens'
  | 'surname'
  | 'partial'
  | 'fuzzy';

/** How an identity was matched and how sure the match is (0–1). */
export interface Resolution {
  matched_by: MatchedBy;
  /** 0–1; 1 for an id or the exact name, lower for looser matches. */
  confidence: number;
}

/** Identity inputs of SPEC §2.1. */
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

/** Team inputs of the match-intelligence request (SPEC §4.6). */
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

/** Confidence per kind of name match (docs/methodology/identity.md#confidence). */
export const MATCH_CONFIDENCE = {
  exact_name: 1,
  known_as: 0.95,
  short_name: 0.95,
  tokens: 0.9,
  surname: 0.8,
  partial: 0.7,
} as const;
/** A fuzzy match is accepted at this token similarity or above (docs/methodology/identity.md#typos). */
export const FUZZY_ACCEPT = 0.85;
/** Fuzzy matches within this similarity of the best one count as equally good (docs/methodology/identity.md#typos). */
export const FUZZY_TIE_MARGIN = 0.05;
/** Fuzzy confidence = similarity × this factor, so a typo never looks as sure as a spelled name (docs/methodology/identity.md#confidence). */
export const FUZZY_CONFIDENCE_FACTOR = 0.75;
/** Suggestions need at least this similarity (docs/methodology/identity.md#suggestions). */
export const SUGGEST_MIN = 0.5;
/** At most this many suggestions accompany a not-found failure. */
export const SUGGESTIONS_MAX = 5;
/** A team hint must score at least this much against a candidate's club to separate candidates (docs/methodology/identity.md#team-hint). */
export const TEAM_HINT_MIN = 0.75;
/** Hint tokens this long or longer may match a club token by prefix ("Nord" → "Nordhafen"). */
const PREFIX_MIN_CHARS = 3;

interface PlayerEntry {
  row: number;
  id: number;
  name: string;
  teamId: number | null;
  position: string;
  norm: string;
  tokens: string[];
  key: string;
  knownNorm: string | null;
  knownTokens: string[];
  /** known_as tokens and key, or null. */
  known: NameTokens | null;
}

interface TeamEntry {
  id: number;
  name: string;
  league: string | null;
  norm: string;
  shortNorm: string | null;
  key: string;
  /** Tokens of name and short name together. */
  tokens: string[];
  nameTokens: string[];
  shortTokens: string[];
  /** Short-name tokens and key, or null. */
  short: NameTokens | null;
}

interface LeagueEntry {
  id: number;
  name: string;
  country: string | null;
  norm: string;
  key: string;
  tokens: string[];
}

/** The lookup structures behind identity resolution, built once per dataset by {@link buildIdentityIndex}. */
export interface IdentityIndex {
  readonly players: readonly PlayerEntry[];
  readonly playerById: ReadonlyMap<number, PlayerEntry>;
  readonly byName: ReadonlyMap<string, PlayerEntry[]>;
  readonly byKnownAs: ReadonlyMap<string, PlayerEntry[]>;
  readonly byKey: ReadonlyMap<string, PlayerEntry[]>;
  /** Token → players whose name or known_as contains it. */
  readonly byToken: ReadonlyMap<string, PlayerEntry[]>;
  readonly teams: readonly TeamEntry[];
  readonly teamById: ReadonlyMap<number, TeamEntry>;
  readonly leagues: readonly LeagueEntry[];
  readonly leagueById: ReadonlyMap<number, LeagueEntry>;
}

type PlayerInput = Pick<RowOf<'players'>, 'player_id' | 'name' | 'known_as' | 'team_id' | 'position'>;
type TeamInput = Pick<RowOf<'teams'>, 'team_id' | 'name' | 'short_name' | 'league_id'>;
type LeagueInput = Pick<RowOf<'leagues'>, 'league_id' | 'name' | 'country'>;

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/**
 * Builds the identity index from the players, teams and leagues rows: normalised names, order-free
 * keys and an inverted token index. Linear in the number of rows (≈ 5 ms for 4,000 players).
 * @example buildIdentityIndex([{ player_id: 1, name: 'Jörg Müller', known_as: null, team_id: null, position: 'ST' }], [], []).players.length // => 1
 */
export function buildIdentityIndex(
  players: readonly PlayerInput[],
  teams: readonly TeamInput[],
  leagues: readonly LeagueInput[],
): IdentityIndex {
  const leagueEntries: LeagueEntry[] = leagues.map((l) => {
    const tokens = tokensOf(l.name);
    return {
      id: l.league_id,
      name: l.name,
      country: l.country,
      norm: tokens.join(' '),
      key: [...tokens].sort().join(' '),
      tokens,
    };
  });
  const leagueById = new Map(leagueEntries.map((l) => [l.id, l]));
  const teamEntries: TeamEntry[] = teams.map((t) => {
    const nameTokens = tokensOf(t.name);
    const shortTokens = t.short_name ? tokensOf(t.short_name) : [];
    return {
      id: t.team_id,
      name: t.name,
      league: t.league_id === null ? null : (leagueById.get(t.league_id)?.name ?? null),
      norm: nameTokens.join(' '),
      shortNorm: shortTokens.length > 0 ? shortTokens.join(' ') : null,
      key: [...nameTokens].sort().join(' '),
      tokens: [...new Set([...nameTokens, ...shortTokens])],
      nameTokens,
      shortTokens,
      short: shortTokens.length > 0 ? { tokens: shortTokens, key: [...shortTokens].sort().join(' ') } : null,
    };
  });
  const teamById = new Map(teamEntries.map((t) => [t.id, t]));
  const playerEntries: PlayerEntry[] = new Array(players.length);
  const playerById = new Map<number, PlayerEntry>();
  const byName = new Map<string, PlayerEntry[]>();
  const byKnownAs = new Map<string, PlayerEntry[]>();
  const byKey = new Map<string, PlayerEntry[]>();
  const byToken = new Map<string, PlayerEntry[]>();
  for (let i = 0; i < players.length; i++) {
    const p = players[i];
    const norm = normalizeName(p.name);
    const tokens = norm === '' ? [] : norm.split(' ');
    const knownNorm = p.known_as ? normalizeName(p.known_as) : '';
    const knownTokens = knownNorm === '' ? [] : knownNorm.split(' ');
    const e: PlayerEntry = {
      row: i,
      id: p.player_id,
      name: p.name,
      teamId: p.team_id,
      position: p.position,
      norm,
      tokens,
      key: orderFreeKey(norm, tokens),
      knownNorm: knownNorm === '' ? null : knownNorm,
      knownTokens,
      known: knownNorm === '' ? null : { tokens: knownTokens, key: orderFreeKey(knownNorm, knownTokens) },
    };
    playerEntries[i] = e;
    playerById.set(e.id, e);
    if (e.norm !== '') push(byName, e.norm, e);
    if (e.knownNorm !== null) push(byKnownAs, e.knownNorm, e);
    if (e.key !== '') push(byKey, e.key, e);
    for (const t of tokens) push(byToken, t, e);
    for (const t of knownTokens) if (!tokens.includes(t)) push(byToken, t, e);
  }
  return {
    players: playerEntries,
    playerById,
    byName,
    byKnownAs,
    byKey,
    byToken,
    teams: teamEntries,
    teamById,
    leagues: leagueEntries,
    leagueById,
  };
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Tokens sorted and joined; `norm` is the tokens joined in their own order. Most names have one or two tokens, which need no sort. */
function orderFreeKey(norm: string, tokens: readonly string[]): string {
  if (tokens.length < 2) return norm;
  if (tokens.length === 2) return tokens[0] <= tokens[1] ? norm : `${tokens[1]} ${tokens[0]}`;
  return [...tokens].sort().join(' ');
}

function playerCandidate(index: IdentityIndex, e: PlayerEntry): PlayerCandidate {
  const team = e.teamId === null ? null : (index.teamById.get(e.teamId)?.name ?? null);
  return { player_id: e.id, name: e.name, team, position: e.position };
}

/** True when every query token is a token of `tokens` (a multiset check is not needed: names rarely repeat a token). */
const containsAll = (tokens: readonly string[], query: readonly string[]) => query.every((q) => tokens.includes(q));

/** True when `query` equals the last `query.length` tokens of `tokens` and is shorter than it. */
function isTrailing(tokens: readonly string[], query: readonly string[]): boolean {
  if (query.length >= tokens.length) return false;
  const offset = tokens.length - query.length;
  return query.every((q, i) => tokens[offset + i] === q);
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
  if (hint.every((h) => h.length >= PREFIX_MIN_CHARS && team.tokens.some((t) => t.startsWith(h)))) return 0.8;
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

/** Similarity of a query to a player: the better of his name and his known_as. */
const playerSimilarity = (e: PlayerEntry, q: NameTokens, memo: Map<string, number>[]) =>
  Math.max(keyedSimilarity(q, e, memo), e.known ? keyedSimilarity(q, e.known, memo) : 0);

/** Exact-ish match levels in priority order; the first level with any candidate decides. */
function playerLevels(
  index: IdentityIndex,
  q: string[],
): [Exclude<MatchedBy, 'player_id' | 'team_id' | 'fuzzy' | 'short_name'>, () => PlayerEntry[]][] {
  const norm = q.join(' ');
  const key = [...q].sort().join(' ');
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
      `"${query.name}" matches ${narrowed.length} players; add team_hint or use player_id`,
      {
        param: 'name',
        candidates: narrowed.map((e) => playerCandidate(index, e)),
      },
    );
  }
  const memo = similarityMemo(q.length);
  const qn: NameTokens = { tokens: q, key: [...q].sort().join(' ') };
  const scored = index.players.map((e) => ({ e, s: playerSimilarity(e, qn, memo) }));
  const best = scored.reduce((m, x) => (x.s > m ? x.s : m), 0);
  if (best >= FUZZY_ACCEPT) {
    const top = narrowByHint(
      index,
      scored.filter((x) => x.s >= best - FUZZY_TIE_MARGIN).map((x) => x.e),
      hint,
    );
    if (top.length === 1) {
      const s = scored[top[0].row].s;
      return ok({
        player_id: top[0].id,
        resolution: { matched_by: 'fuzzy', confidence: round2(s * FUZZY_CONFIDENCE_FACTOR) },
      });
    }
  }
  const suggestions = topSuggestions(scored, (e) => e.name).map(({ e }) => playerCandidate(index, e));
  return fail('player_not_found', `no player named "${query.name}"`, { param: 'name', suggestions });
}

/** The best {@link SUGGESTIONS_MAX} scored entries at or above {@link SUGGEST_MIN}, best first, ties by name (code-unit order). */
function topSuggestions<E>(scored: { e: E; s: number }[], nameOf: (e: E) => string): { e: E; s: number }[] {
  // Keep a running top list instead of sorting every candidate: on a not-found lookup thousands of names may pass the minimum.
  const top: { e: E; s: number }[] = [];
  const before = (a: { e: E; s: number }, b: { e: E; s: number }) =>
    a.s > b.s || (a.s === b.s && nameOf(a.e) < nameOf(b.e));
  for (const x of scored) {
    if (x.s < SUGGEST_MIN) continue;
    if (top.length === SUGGESTIONS_MAX && !before(x, top[top.length - 1])) continue;
    let i = top.length;
    while (i > 0 && before(x, top[i - 1])) i--;
    top.splice(i, 0, x);
    if (top.length > SUGGESTIONS_MAX) top.pop();
  }
  return top;
}

const teamCandidate = (t: TeamEntry): TeamCandidate => ({ team_id: t.id, name: t.name, league: t.league });

/** The name-match level of a club for query tokens `q`, or null. */
function teamLevel(
  t: TeamEntry,
  q: readonly string[],
): Exclude<MatchedBy, 'player_id' | 'team_id' | 'known_as' | 'surname' | 'fuzzy'> | null {
  const norm = q.join(' ');
  if (norm === t.norm) return 'exact_name';
  if (norm === t.shortNorm) return 'short_name';
  if ([...q].sort().join(' ') === t.key) return 'tokens';
  if (containsAll(t.tokens, q) || q.every((h) => h.length >= PREFIX_MIN_CHARS && t.tokens.some((x) => x.startsWith(h))))
    return 'partial';
  return null;
}

const TEAM_LEVEL_ORDER = ['exact_name', 'short_name', 'tokens', 'partial'] as const;

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
  const levels = index.teams.map((t) => teamLevel(t, q));
  for (const level of TEAM_LEVEL_ORDER) {
    const found = index.teams.filter((_, i) => levels[i] === level);
    if (found.length === 0) continue;
    if (found.length === 1)
      return ok({ team_id: found[0].id, resolution: { matched_by: level, confidence: MATCH_CONFIDENCE[level] } });
    return fail('ambiguous_team', `"${query.team_name}" matches ${found.length} teams; use the full name or team_id`, {
      param: 'team_name',
      candidates: found.map(teamCandidate),
    });
  }
  const memo = similarityMemo(q.length);
  const qn: NameTokens = { tokens: q, key: [...q].sort().join(' ') };
  const scored = index.teams.map((e) => ({
    e,
    s: Math.max(
      keyedSimilarity(qn, { tokens: e.nameTokens, key: e.key }, memo),
      e.short ? keyedSimilarity(qn, e.short, memo) : 0,
    ),
  }));
  const fuzzy = acceptFuzzy(scored);
  if (fuzzy)
    return ok({
      team_id: fuzzy.e.id,
      resolution: { matched_by: 'fuzzy', confidence: round2(fuzzy.s * FUZZY_CONFIDENCE_FACTOR) },
    });
  return fail('team_not_found', `no team named "${query.team_name}"`, {
    param: 'team_name',
    suggestions: topSuggestions(scored, (e) => e.name).map(({ e }) => teamCandidate(e)),
  });
}

/** The single best fuzzy match when it reaches {@link FUZZY_ACCEPT} and no other is within {@link FUZZY_TIE_MARGIN}. */
function acceptFuzzy<E>(scored: { e: E; s: number }[]): { e: E; s: number } | null {
  const best = scored.reduce((m, x) => (x.s > m ? x.s : m), 0);
  if (best < FUZZY_ACCEPT) return null;
  const top = scored.filter((x) => x.s >= best - FUZZY_TIE_MARGIN);
  return top.length === 1 ? top[0] : null;
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
  const norm = q.join(' ');
  const key = [...q].sort().join(' ');
  const levels: [
    Exclude<MatchedBy, 'player_id' | 'team_id' | 'known_as' | 'short_name' | 'surname' | 'fuzzy'>,
    (l: LeagueEntry) => boolean,
  ][] = [
    ['exact_name', (l) => l.norm === norm],
    ['tokens', (l) => l.key === key],
    [
      'partial',
      (l) =>
        containsAll(l.tokens, q) ||
        q.every((h) => h.length >= PREFIX_MIN_CHARS && l.tokens.some((x) => x.startsWith(h))),
    ],
  ];
  for (const [level, matches] of levels) {
    const found = index.leagues.filter(matches);
    if (found.length === 0) continue;
    if (found.length === 1)
      return ok({ league_id: found[0].id, resolution: { matched_by: level, confidence: MATCH_CONFIDENCE[level] } });
    return fail('league_not_found', `"${name}" matches ${found.length} leagues; use the full name`, {
      param: 'league_name',
      candidates: found.map(leagueCandidate),
    });
  }
  const qn: NameTokens = { tokens: q, key: [...q].sort().join(' ') };
  const scored = index.leagues.map((e) => ({ e, s: keyedSimilarity(qn, e) }));
  const fuzzy = acceptFuzzy(scored);
  if (fuzzy)
    return ok({
      league_id: fuzzy.e.id,
      resolution: { matched_by: 'fuzzy', confidence: round2(fuzzy.s * FUZZY_CONFIDENCE_FACTOR) },
    });
  return fail('league_not_found', `no league named "${name}"`, {
    param: 'league_name',
    suggestions: topSuggestions(scored, (e) => e.name).map(({ e }) => leagueCandidate(e)),
  });
}
