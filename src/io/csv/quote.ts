/**
 * The one CSV quoting rule of every writer (RFC 4180 §2.6–2.7): a field is quoted when it holds a
 * `"`, a comma, CR or LF, or is the empty string (`""`, so it reads back as text, not null), and a
 * quote inside is doubled. {@link csvQuoted} applies it to a string, {@link forcesQuotes} to the
 * UTF-8 bytes of the fast writers.
 */

/** `"` as a byte. */
export const QUOTE_BYTE = 0x22;

const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Whether this UTF-8 byte forces its field into quotes.
 * @example forcesQuotes(0x2c) // => true
 */
export const forcesQuotes = (b: number): boolean => b === QUOTE_BYTE || b === COMMA || b === LF || b === CR;

const NEEDS_QUOTES = /[",\r\n]/;

/**
 * `s` as one CSV field, quoted only where the rule needs it.
 * @example csvQuoted('Anton "Toni" Berg') // => '"Anton ""Toni"" Berg"'
 */
export function csvQuoted(s: string): string {
  return s === '' || NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
