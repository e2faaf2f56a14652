/**
 * Name normalisation and string distance for identity resolution (docs/methodology/identity.md):
 * one canonical spelling per name so that case, accents, special letters and punctuation never
 * decide whether a player, club or league is found.
 */
import { distance } from 'fastest-levenshtein';

/** Letters that Unicode decomposition does not reduce to ASCII, mapped the way a reader would type them. */
const SPECIAL_LETTERS: Record<string, string> = {
  ø: 'o',
  ß: 'ss',
  ł: 'l',
  æ: 'ae',
  œ: 'oe',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ŋ: 'n',
  ĸ: 'k',
  ſ: 's',
};
/** Letters {@link SPECIAL_LETTERS} maps. */
const SPECIAL_LETTER_RE = new RegExp(`[${Object.keys(SPECIAL_LETTERS).join('')}]`, 'g');

/**
 * The canonical spelling of a name: lower case, special letters transliterated, accents removed,
 * apostrophes of every kind dropped ("N'Golo", "N''Golo" and "NGolo" are one spelling), every
 * other run of non-letters turned into one space, trimmed. Letters of other scripts (Cyrillic,
 * Greek, …) are kept as they are, lower-cased. Empty for a string with no letters or digits.
 * @example normalizeName("  N''Golo  Kanté-Ødegaard Jr. ") // => 'ngolo kante odegaard jr'
 */
export function normalizeName(raw: string): string {
  return raw
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’‘ʼ`´ʻ]/g, '')
    .replace(SPECIAL_LETTER_RE, (c) => SPECIAL_LETTERS[c])
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The tokens of a name after {@link normalizeName}; empty for a name without letters or digits.
 * @example tokensOf('Müller-Weiß, Jörg') // => ['muller', 'weiss', 'jorg']
 */
export function tokensOf(raw: string): string[] {
  const n = normalizeName(raw);
  return n === '' ? [] : n.split(' ');
}

/**
 * An order-free key of a name: its normalised tokens sorted and joined by one space.
 * @example tokenKeyOf('Weiß Jörg Müller') // => 'jorg muller weiss'
 */
export function tokenKeyOf(raw: string): string {
  return withKey(tokensOf(raw)).key;
}

/**
 * Levenshtein edit distance (insertions, deletions, substitutions each cost 1, over UTF-16 code
 * units), by fastest-levenshtein.
 * @example editDistance('ferante', 'ferrante') // => 1
 */
export const editDistance: (a: string, b: string) => number = distance;

/**
 * Similarity of two already-normalised strings, 0–1: 1 − edit distance / length of the longer.
 * 1 for two empty strings.
 * @example stringSimilarity('berh', 'berg') // => 0.75
 */
export function stringSimilarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - editDistance(a, b) / longest;
}

/** A name's tokens and their order-free key (tokens sorted, joined by one space). */
export interface NameTokens {
  tokens: readonly string[];
  key: string;
}

/**
 * Normalised tokens with their order-free key.
 * @example withKey(['muller', 'jorg']).key // => 'jorg muller'
 */
export const withKey = (tokens: readonly string[]): NameTokens => ({ tokens, key: [...tokens].sort().join(' ') });

/**
 * How closely a query's tokens match a candidate's tokens, 0–1 (both normalised): the better of
 * (a) the similarity of the two order-free keys and (b) the mean, over query tokens, of each
 * token's best similarity to any candidate token — so a misspelt surname alone still scores high.
 * 0 when either side has no tokens.
 * @example tokenSimilarity(['ferante'], ['luca', 'ferrante']) // => 0.875
 */
export function tokenSimilarity(query: readonly string[], candidate: readonly string[]): number {
  return keyedSimilarity(withKey(query), withKey(candidate));
}

/**
 * {@link tokenSimilarity} over pre-computed keys.
 * @example keyedSimilarity(withKey(['ferante']), withKey(['luca', 'ferrante'])) // => 0.875
 */
export function keyedSimilarity(query: NameTokens, candidate: NameTokens): number {
  const q = query.tokens;
  if (q.length === 0 || candidate.tokens.length === 0) return 0;
  let sum = 0;
  for (const token of q) sum += Math.max(...candidate.tokens.map((c) => stringSimilarity(token, c)));
  const byTokens = sum / q.length;
  return Math.max(byTokens, stringSimilarity(query.key, candidate.key));
}
