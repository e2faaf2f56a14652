import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeName } from '../../src/identity/names.js';

/**
 * normalizeName as docs/methodology/identity.md states it, as a chain of regular expressions: lower
 * case, special letters transliterated, accents and apostrophes dropped, every other run of
 * non-letters one space, trimmed. The library walks the string once instead, and returns a plain
 * ASCII name as it is (its first-lookup shortcut): both must agree with this on every string.
 */
const SPECIAL: Record<string, string> = { ø: 'o', ß: 'ss', ł: 'l', æ: 'ae', œ: 'oe', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };
function reference(raw: string): string {
  return raw
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’‘ʼ`´ʻ]/g, '')
    .replace(/[øßłæœđðþı]/g, (c) => SPECIAL[c])
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

// Plain ASCII names (the shortcut), their near misses (double spaces, edges, punctuation, upper
// case) and accented or foreign letters (the walk).
const CHARS = [...'abzAZ09 ', ' ', '-', "'", '.', 'é', 'Ø', 'ß', 'Ł', 'İ', 'K', 'Д', 'ω', '\u0301', '’', '_', '\t'];
const nameArb = fc.array(fc.constantFrom(...CHARS), { maxLength: 14 }).map((cs) => cs.join(''));
// ASCII only: what the shortcut sees, with the spacing and punctuation it must leave to the walk.
const asciiArb = fc
  .array(fc.constantFrom('a', 'Q', '7', ' ', ' ', '-', "'", '.'), { maxLength: 10 })
  .map((cs) => cs.join(''));
const words = fc
  .array(fc.stringMatching(/^[A-Za-z0-9]{1,8}$/), { minLength: 1, maxLength: 4 })
  .map((ws) => ws.join(' '));

describe('normalizeName (property)', () => {
  it('agrees with the regular-expression statement of the rule on any mix of ASCII, accents and other scripts', () => {
    fc.assert(
      fc.property(fc.oneof(nameArb, asciiArb, words, fc.string()), (raw) => {
        expect(normalizeName(raw)).toBe(reference(raw));
      }),
    );
  });
  it('returns a plain ASCII name lower-cased and otherwise unchanged', () => {
    fc.assert(
      fc.property(words, (raw) => {
        expect(normalizeName(raw)).toBe(raw.toLowerCase());
      }),
    );
  });
});
