/**
 * English for generated text: counts with the right noun form, "a" or "an", possessives of names
 * ending in s, and "the" before country names that take it. Every sentence template in halfspace
 * builds its words with these, and test/prose.test.ts runs each helper over real team and country
 * names. Imports nothing.
 */

/**
 * A count with its noun in the right number.
 * @example counted(1, 'match', 'matches') // => '1 match'
 * @example counted(3, 'goal') // => '3 goals'
 */
export const counted = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/**
 * A number with commas between thousands of its whole part, as English prose writes it. Not
 * `toLocaleString`: its first call loads the runtime's locale data, which a first answer would wait for.
 * @example withThousands(1980) // => '1,980'
 */
export function withThousands(n: number): string {
  const [whole, fraction] = (Object.is(n, -0) ? '-0' : String(n)).split('.');
  return whole.replace(/\B(?=(\d{3})+$)/g, ',') + (fraction === undefined ? '' : `.${fraction}`);
}

/** Words that start with a vowel letter but a consonant sound ("a university", "a one-club man", "a UEFA cup"). */
const CONSONANT_SOUND = /^(uni|use|usu|uti|eu|one\b|once\b|ur[aeiou])/i;
/** Initialisms read letter by letter or as a word that starts with "you" (UEFA, USA, UK). */
const U_INITIALISM = /^U[A-Z]/;
/** Words and numbers that start with a vowel sound but not a vowel letter ("an hour", "an 8-0 win", "an 11-1 win"). */
const VOWEL_SOUND = /^(hour|honest|honou?r|heir|8|1[18](?!\d))/i;

/**
 * The indefinite article for a word, by its sound as far as the spelling tells.
 * @example withArticle('international competition') // => 'an international competition'
 * @example withArticle('city derby') // => 'a city derby'
 */
export function withArticle(phrase: string): string {
  const an =
    (/^[aeiou]/i.test(phrase) && !CONSONANT_SOUND.test(phrase) && !U_INITIALISM.test(phrase)) ||
    VOWEL_SOUND.test(phrase);
  return `${an ? 'an' : 'a'} ${phrase}`;
}

/**
 * Items read as one list: "a, b or c" (or "a, b and c" with `and`); one item alone, empty for none.
 * @example listInProse(['player_card', 'stat_ribbon', 'radar']) // => 'player_card, stat_ribbon or radar'
 */
export function listInProse(items: readonly string[], conjunction: 'and' | 'or' = 'or'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}

/**
 * The possessive of a name: an apostrophe alone after a final s (the usual style for club names
 * such as "Harriers" and "Wanderers"), `'s` otherwise.
 * @example possessive('Oakhurst Harriers') // => "Oakhurst Harriers'"
 * @example possessive('Kane') // => "Kane's"
 */
export const possessive = (name: string): string => (/s$/i.test(name.trim()) ? `${name}'` : `${name}'s`);

/** Country names read with "the" ("from the Netherlands"), besides those ending in a common noun. */
const THE_COUNTRIES = new Set(
  'netherlands|gambia|philippines|bahamas|maldives|comoros|seychelles|ivory coast|vatican city'.split('|'),
);
/** A common noun that makes a country name take "the" ("the United States", "the Republic of Ireland"). */
const THE_NOUN =
  /(\b(republic|kingdom|states|islands|emirates|union|federation)$)|^(republic|kingdom|united|democratic)\b/i;
/** FIFA's inverted names read without "the" ("from Korea Republic"). */
const NO_THE = new Set(['korea republic', 'korea dpr', 'ir iran']);

/**
 * A country name as it reads after "from" or "in": "the" before the names that take it.
 * @example countryInProse('Netherlands') // => 'the Netherlands'
 * @example countryInProse('Czech Republic') // => 'the Czech Republic'
 * @example countryInProse('Brazil') // => 'Brazil'
 */
export function countryInProse(name: string): string {
  const trimmed = name.trim();
  if (/^the\s/i.test(trimmed)) return trimmed;
  const key = trimmed.toLowerCase();
  if (NO_THE.has(key)) return trimmed;
  return THE_COUNTRIES.has(key) || THE_NOUN.test(trimmed) ? `the ${trimmed}` : trimmed;
}

/**
 * A league name as it reads after "in": English takes "the" before a name that ends in a common
 * noun ("the Premier League", "the Championship Division"), not before a proper name ("Serie A",
 * "La Liga", "Erste Liga").
 * @example leagueInProse('Premier League') // => 'the Premier League'
 */
export function leagueInProse(name: string): string {
  return /\b(league|division|championship|conference|cup)$/i.test(name.trim()) && !/^the\b/i.test(name.trim())
    ? `the ${name}`
    : name;
}
