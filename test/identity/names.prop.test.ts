import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeName } from '../../src/identity/names.js';

/** What a canonical name looks like: words of letters and digits (no accents), one space apart. */
const CANONICAL = /^(?:[\p{L}\p{N}]+(?: [\p{L}\p{N}]+)*)?$/u;
const ACCENT = /[\u0300-\u036f]/;

// Plain ASCII names, their near misses (double spaces, edges, punctuation, upper case) and
// accented or foreign letters.
const CHARS = [...'abzAZ09 ', ' ', '-', "'", '.', 'é', 'Ø', 'ß', 'Ł', 'İ', 'K', 'Д', 'ω', '\u0301', '’', '_', '\t'];
const nameArb = fc.array(fc.constantFrom(...CHARS), { maxLength: 14 }).map((cs) => cs.join(''));
// ASCII only, with the spacing and punctuation that are not canonical.
const asciiArb = fc
  .array(fc.constantFrom('a', 'Q', '7', ' ', ' ', '-', "'", '.'), { maxLength: 10 })
  .map((cs) => cs.join(''));
const words = fc
  .array(fc.stringMatching(/^[A-Za-z0-9]{1,8}$/), { minLength: 1, maxLength: 4 })
  .map((ws) => ws.join(' '));

describe('normalizeName (property)', () => {
  it('gives words of letters and digits one space apart, without accents, and is idempotent', () => {
    fc.assert(
      fc.property(fc.oneof(nameArb, asciiArb, words, fc.string()), (raw) => {
        const n = normalizeName(raw);
        expect(n).toMatch(CANONICAL);
        expect(n.normalize('NFD')).not.toMatch(ACCENT);
        expect(normalizeName(n)).toBe(n);
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
