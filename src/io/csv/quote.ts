/**
 * The one CSV quoting rule of every writer (RFC 4180 §2.6–2.7): a field is quoted when it holds a
 * `"`, a comma, CR or LF, or is the empty string (`""`, so it reads back as text, not null), and a
 * quote inside is doubled. {@link csvQuoted} applies it to a string, {@link forcesQuotes} to the
 * UTF-8 bytes of the fast writers.
 */

/** `"`, comma, LF and CR as char codes (equal to their UTF-8 bytes), shared by the CSV readers and writers. */
export const QUOTE = 0x22;
export const COMMA = 0x2c;
export const LF = 0x0a;
export const CR = 0x0d;

/**
 * Whether this UTF-8 byte forces its field into quotes.
 * @example forcesQuotes(0x2c) // => true
 */
export const forcesQuotes = (b: number): boolean => b === QUOTE || b === COMMA || b === LF || b === CR;

const NEEDS_QUOTES = /[",\r\n]/;

/**
 * `s` as one CSV field, quoted only where the rule needs it.
 * @example csvQuoted('Anton "Toni" Berg') // => '"Anton ""Toni"" Berg"'
 */
export function csvQuoted(s: string): string {
  return s === '' || NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
