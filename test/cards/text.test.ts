import { describe, expect, it } from 'vitest';
import { captionProblemOf, graphemeCount } from '../../src/cards/text.js';

describe('graphemeCount', () => {
  it('counts user-perceived characters', () => {
    expect(graphemeCount('abc')).toBe(3);
    // e + combining acute is one grapheme; the family emoji (3 people joined by 2 ZWJ) is one.
    expect(graphemeCount('e\u0301')).toBe(1);
    expect(graphemeCount('👨‍👩‍👧')).toBe(1);
    // A flag is two regional indicators forming one grapheme.
    expect(graphemeCount('🇧🇷x')).toBe(2);
  });
});

describe('captionProblemOf', () => {
  it('accepts markup, emoji, Greek, Cyrillic and combining marks', () => {
    for (const ok of ['<b>&amp;</b>', '⚽🔥', 'Ωμέγα', 'Привет', 'n\u0303']) expect(captionProblemOf(ok)).toBeNull();
  });
  it('names the problem otherwise', () => {
    expect(captionProblemOf('')).toBe('must not be empty');
    expect(captionProblemOf('a'.repeat(61))).toBe('must be at most 60 characters (graphemes), got 61');
    expect(captionProblemOf('a\tb')).toMatch(/control/);
    expect(captionProblemOf('\u2066x\u2069')).toMatch(/bidirectional/);
    expect(captionProblemOf('漢字')).toMatch(/cannot draw/);
  });
});
