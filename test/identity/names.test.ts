import { describe, it, expect } from 'vitest';
import {
  editDistance,
  normalizeName,
  stringSimilarity,
  tokenKeyOf,
  tokenSimilarity,
  tokensOf,
} from '../../src/identity/names.js';

describe('normalizeName', () => {
  it('lower-cases, strips accents, transliterates special letters and drops apostrophes', () => {
    expect(normalizeName("  N''Golo  Kanté-Ødegaard Jr. ")).toBe('ngolo kante odegaard jr');
    expect(normalizeName('Łukasz Æbelø Weiß Đorđe Þór')).toBe('lukasz aebelo weiss dorde thor');
    expect(normalizeName('İlkay Çakır')).toBe('ilkay cakir');
    expect(normalizeName('WEISS')).toBe(normalizeName('Weiß'));
  });
  it('is empty for punctuation only', () => {
    expect(normalizeName(" '-. ")).toBe('');
    expect(tokensOf('...')).toEqual([]);
  });
});

describe('tokens and distances', () => {
  it('orders tokens for the order-free key', () => {
    expect(tokenKeyOf('Weiß Jörg Müller')).toBe('jorg muller weiss');
  });
  it('counts edits by hand', () => {
    // kitten → sitten (substitute) → sittin (substitute) → sitting (insert) = 3
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(stringSimilarity('berh', 'berg')).toBe(0.75); // 1 − 1/4
  });
  it('scores a misspelt surname against a full name by its best token', () => {
    // whole: "ferante" vs "ferrante luca" is far; token: ferante→ferrante 1 edit / 8 → 0.875
    expect(tokenSimilarity(['ferante'], ['luca', 'ferrante'])).toBe(0.875);
    expect(tokenSimilarity([], ['x'])).toBe(0);
  });
});

describe('other scripts', () => {
  it('keeps Cyrillic and Greek letters (lower-cased, marks removed) instead of dropping them', () => {
    // й decomposes to и + combining breve, and marks are removed on both sides of a comparison alike.
    expect(normalizeName('Дмитрий Ωμέγα')).toBe('дмитрии ωμεγα');
    expect(tokensOf('Дмитрий')).toHaveLength(1);
  });
});
