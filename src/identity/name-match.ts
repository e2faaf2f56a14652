/**
 * How a name query matched an identity (docs/methodology/identity.md#match-kinds): the match
 * kinds and their confidence, the thresholds for typos and suggestions, and the token tests and
 * the level-then-fuzzy search that players, clubs and leagues share.
 */
import * as z from 'zod';
import { keyedSimilarity, type NameTokens } from './names.js';

/** How a player, club or league was matched, strongest first (docs/methodology/identity.md#match-kinds). */
export const MatchedBy = z.enum([
  'player_id',
  'team_id',
  'exact_name',
  'known_as',
  'short_name',
  'tokens',
  'surname',
  'partial',
  'fuzzy',
]);
export type MatchedBy = z.infer<typeof MatchedBy>;

/** How an identity was matched and how sure the match is (0–1). */
export const Resolution = z.object({
  matched_by: MatchedBy,
  confidence: z.number().min(0).max(1).describe('1 for an id or the exact name, lower for looser matches'),
});
export type Resolution = z.infer<typeof Resolution>;

/**
 * The `meta` block of an answer about one resolved player: which entity, how it matched, as of
 * when, from which dataset, and its attribution line (built by `entityMetaOf`).
 */
export const EntityMeta = z
  .object({
    entity_id: z.number().int(),
    resolution: Resolution,
    as_of: z.string(),
    dataset: z.string(),
    attribution: z.string().optional(),
  })
  .loose();
export type EntityMeta = z.infer<typeof EntityMeta>;

/** Confidence per kind of name match (docs/methodology/identity.md#confidence). */
const MATCH_CONFIDENCE = {
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
const FUZZY_CONFIDENCE_FACTOR = 0.75;
/** Suggestions need at least this similarity (docs/methodology/identity.md#suggestions). */
export const SUGGEST_MIN = 0.5;
/** At most this many suggestions accompany a not-found failure. */
const SUGGESTIONS_MAX = 5;
/** Hint tokens this long or longer may match a club token by prefix ("Nord" → "Nordhafen"). */
const PREFIX_MIN_CHARS = 3;

/** A name-match level: its kind and whether an entry matches at it. */
export type NameLevel<E> = readonly [level: keyof typeof MATCH_CONFIDENCE, matches: (e: E) => boolean];

/** An entry with its similarity to the query. */
interface Scored<E> {
  e: E;
  s: number;
}

/** True when every query token is a token of `tokens` (a multiset check is not needed: names rarely repeat a token). */
export const containsAll = (tokens: readonly string[], query: readonly string[]) =>
  query.every((q) => tokens.includes(q));

/** True when every query token, {@link PREFIX_MIN_CHARS} long or longer, starts one of `tokens` ("Nord" → "Nordhafen"). */
export const prefixesAll = (tokens: readonly string[], query: readonly string[]) =>
  query.every((h) => h.length >= PREFIX_MIN_CHARS && tokens.some((t) => t.startsWith(h)));

/** True when `query` equals the last `query.length` tokens of `tokens` and is shorter than it. */
export function isTrailing(tokens: readonly string[], query: readonly string[]): boolean {
  if (query.length >= tokens.length) return false;
  const offset = tokens.length - query.length;
  return query.every((q, i) => tokens[offset + i] === q);
}

/** The resolution of a fuzzy match of similarity `s`, its confidence rounded to 2 decimals. */
const fuzzyResolution = (s: number): Resolution => ({
  matched_by: 'fuzzy',
  confidence: Math.round(s * FUZZY_CONFIDENCE_FACTOR * 100) / 100,
});

/** The best {@link SUGGESTIONS_MAX} scored entries at or above {@link SUGGEST_MIN}, best first, ties by name (code-unit order). */
function topSuggestions<E>(scored: Scored<E>[], nameOf: (e: E) => string): Scored<E>[] {
  const byName = (a: E, b: E) => (nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : 0);
  return scored
    .filter((x) => x.s >= SUGGEST_MIN)
    .sort((a, b) => b.s - a.s || byName(a.e, b.e))
    .slice(0, SUGGESTIONS_MAX);
}

/** What a club or league entry holds for name matching. */
interface NamedEntry {
  norm: string;
  /** Normalised short name, for entries that have one. */
  shortNorm?: string | null;
  key: string;
  tokens: readonly string[];
}

/**
 * The name levels of clubs and leagues, strongest first: the exact name, the short name, all of
 * the name's tokens in any order, then every query token one of its tokens or the start of one.
 */
export function namedEntryLevels<E extends NamedEntry>(q: NameTokens): NameLevel<E>[] {
  const norm = q.tokens.join(' ');
  return [
    ['exact_name', (e) => e.norm === norm],
    ['short_name', (e) => e.shortNorm === norm],
    ['tokens', (e) => e.key === q.key],
    ['partial', (e) => containsAll(e.tokens, q.tokens) || prefixesAll(e.tokens, q.tokens)],
  ];
}

/** What {@link matchByLevels} found: one entry, several equally good ones, or none (with suggestions). */
type NameMatch<E> =
  | { kind: 'match'; entry: E; resolution: Resolution }
  | { kind: 'ambiguous'; entries: E[] }
  | { kind: 'none'; suggestions: E[] };

/**
 * Matches a query against `entries`: the first level (in the given order) that any entry matches
 * decides (one entry after `narrow` → a match, several → ambiguous); with none, the single best
 * entry by `similarityOf` when it reaches {@link FUZZY_ACCEPT} and no other (after `narrow`) is
 * within {@link FUZZY_TIE_MARGIN}, else suggestions by similarity. `narrow` (default: none) keeps
 * the equally good entries a hint prefers.
 * @example matchByLevels(['a', 'b'], [['exact_name', (e) => e === 'b']], () => 0, (e) => e) // => { kind: 'match', entry: 'b', resolution: { matched_by: 'exact_name', confidence: 1 } }
 */
export function matchByLevels<E>(
  entries: readonly E[],
  levels: readonly NameLevel<E>[],
  similarityOf: (e: E) => number,
  nameOf: (e: E) => string,
  narrow: (found: E[]) => E[] = (found) => found,
): NameMatch<E> {
  for (const [level, matches] of levels) {
    const found = narrow(entries.filter(matches));
    if (found.length === 0) continue;
    if (found.length === 1)
      return { kind: 'match', entry: found[0], resolution: { matched_by: level, confidence: MATCH_CONFIDENCE[level] } };
    return { kind: 'ambiguous', entries: found };
  }
  const scored = entries.map((e) => ({ e, s: similarityOf(e) }));
  const best = scored.reduce((m, x) => (x.s > m ? x.s : m), 0);
  if (best >= FUZZY_ACCEPT) {
    const top = scored.filter((x) => x.s >= best - FUZZY_TIE_MARGIN);
    const kept = narrow(top.map((x) => x.e));
    if (kept.length === 1) {
      const s = top.find((x) => x.e === kept[0])!.s;
      return { kind: 'match', entry: kept[0], resolution: fuzzyResolution(s) };
    }
  }
  return { kind: 'none', suggestions: topSuggestions(scored, nameOf).map(({ e }) => e) };
}

/** Similarity of a query to a name or its alternative (known_as, short name): the better of the two. */
export const similarityToEither = (q: NameTokens, name: NameTokens, other: NameTokens | null): number =>
  Math.max(keyedSimilarity(q, name), other ? keyedSimilarity(q, other) : 0);
