/**
 * The name a fan knows a Wyscout player by. The public dataset's `shortName` is either that name
 * already ("Isco", "Mohamed Salah", "Son Heung-Min") or an initial and a surname ("H. Kane",
 * "K. De Bruyne"); the latter is spelled out from the first name that the initial stands for
 * (docs/methodology/wyscout.md#names).
 */
import { decodeName } from './mapping.js';

/** A short name led by initials: "H. Kane", "J. M. Giménez" (the initials, then the rest). */
const INITIALS = /^((?:\p{Lu}\.\s*)+)(.+)$/u;

const VOWEL = /[aeiouyáàâäéèêëíìîïóòôöúùûü]/;

/** The first-name token an initial stands for: one that starts with it, else a nickname inside one ("D." in "Bamidele" is Dele). */
function givenNameOf(initial: string, firstName: string): string | null {
  const tokens = firstName.split(/\s+/).filter(Boolean);
  const lead = tokens.find((t) => t.toLocaleLowerCase().startsWith(initial.toLocaleLowerCase()));
  if (lead) return lead;
  // A nickname cut from the end of a longer name at a syllable (Bami-dele → Dele): the initial's
  // letter between two vowels, at least 2 letters in, at least 3 letters long.
  for (const t of tokens) {
    const lower = t.toLocaleLowerCase();
    for (let at = 2; at <= lower.length - 3; at++) {
      const syllable = VOWEL.test(lower.charAt(at - 1)) && VOWEL.test(lower.charAt(at + 1));
      if (lower.charAt(at) === initial.toLocaleLowerCase() && syllable)
        return initial.toLocaleUpperCase() + t.slice(at + 1);
    }
  }
  return null;
}

/**
 * The common name of a player from the registry's first name and short name (both as the dataset
 * writes them, escapes and all); the short name as it is when it has no initial or no first name
 * matches it; null when there is no short name.
 * @example commonNameOf('Harry', 'H. Kane') // => 'Harry Kane'
 * @example commonNameOf('Bamidele', 'D. Alli') // => 'Dele Alli'
 * @example commonNameOf('Francisco Rom\\u00e1n', 'Isco') // => 'Isco'
 */
export function commonNameOf(
  firstName: string | null | undefined,
  shortName: string | null | undefined,
): string | null {
  const short = decodeName(shortName ?? '');
  if (short === '') return null;
  const m = INITIALS.exec(short);
  if (!m?.[1] || !m[2]) return short;
  const given = givenNameOf(m[1].charAt(0), decodeName(firstName ?? ''));
  return given ? `${given} ${m[2].trim()}` : short;
}
