/**
 * Name normalisation and string distance for identity resolution (docs/methodology/identity.md):
 * one canonical spelling per name so that case, accents, special letters and punctuation never
 * decide whether a player, club or league is found.
 */

/** Letters that Unicode decomposition does not reduce to ASCII, mapped the way a reader would type them. */
const SPECIAL_LETTERS: Record<string, string> = {
  ø: 'o', ß: 'ss', ł: 'l', æ: 'ae', œ: 'oe', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h', ŧ: 't', ŋ: 'n', ĸ: 'k', ſ: 's',
};
const SPECIAL_RE = /[øßłæœđðþıħŧŋĸſ]/g;
const COMBINING_MARKS_RE = /[\u0300-\u036f]/g;
/** Apostrophes of every kind vanish ("N'Golo", "N''Golo" and "NGolo" are one spelling). */
const APOSTROPHES_RE = /['’‘ʼ`´ʻ]/g;
/** Anything else that is not a letter or digit separates tokens (hyphens, dots, commas, slashes). */
const SEPARATORS_RE = /[^a-z0-9]+/g;

/**
 * The canonical spelling of a name: lower case, special letters transliterated, accents removed,
 * apostrophes dropped, every other punctuation run turned into one space, trimmed.
 * Empty for a string with no letters or digits.
 * @example normalizeName("  N''Golo  Kanté-Ødegaard Jr. ") // => 'ngolo kante odegaard jr'
 */
export function normalizeName(raw: string): string {
  return raw
    .toLowerCase()
    .replace(SPECIAL_RE, (c) => SPECIAL_LETTERS[c] ?? c)
    .normalize('NFD')
    .replace(COMBINING_MARKS_RE, '')
    .replace(APOSTROPHES_RE, '')
    .replace(SEPARATORS_RE, ' ')
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
  return tokensOf(raw).sort().join(' ');
}

/**
 * Levenshtein edit distance (insertions, deletions, substitutions each cost 1). O(|a|·|b|) time,
 * O(|b|) memory.
 * @example editDistance('ferante', 'ferrante') // => 1
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let prev = new Array<number>(b.length + 1);
  let curr = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    curr[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      curr[j] = Math.min(prev[j] + 1, curr[j - 1] + 1, prev[j - 1] + cost);
    }
    [prev, curr] = [curr, prev];
  }
  return prev[b.length];
}

/**
 * Similarity of two already-normalised strings, 0–1: 1 − edit distance / length of the longer.
 * 1 for two empty strings.
 * @example stringSimilarity('berh', 'berg') // => 0.75
 */
export function stringSimilarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - editDistance(a, b) / longest;
}

/**
 * How closely a query's tokens match a candidate's tokens, 0–1 (both normalised): the better of
 * (a) the similarity of the two order-free keys and (b) the mean, over query tokens, of each
 * token's best similarity to any candidate token — so a misspelt surname alone still scores high.
 * 0 when either side has no tokens.
 * @example tokenSimilarity(['ferante'], ['luca', 'ferrante']) // => 0.875
 */
export function tokenSimilarity(query: readonly string[], candidate: readonly string[]): number {
  if (query.length === 0 || candidate.length === 0) return 0;
  const whole = stringSimilarity([...query].sort().join(' '), [...candidate].sort().join(' '));
  let sum = 0;
  for (const q of query) {
    let best = 0;
    for (const c of candidate) {
      const s = stringSimilarity(q, c);
      if (s > best) best = s;
    }
    sum += best;
  }
  return Math.max(whole, sum / query.length);
}
