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
  it('bounds code points and stacked marks, and refuses marks the font lacks (issue #11)', () => {
    // 60 graphemes, each a W carrying 500 marks: once passed as "60 characters".
    expect(captionProblemOf(`W${'\u0301\u0316'.repeat(250)}`.repeat(60))).toMatch(/at most 240 code points/);
    expect(captionProblemOf(`W${'\u0301'.repeat(3000)}`)).toMatch(/at most 240 code points/);
    expect(captionProblemOf('W\u0301\u0300\u0302')).toMatch(/more than 2 combining marks/);
    // U+0316 (grave accent below) is not in Inter: it would draw a NO GLYPH box.
    expect(captionProblemOf('W\u0316')).toMatch(/cannot draw: U\+0057 U\+0316/);
    expect(captionProblemOf('\u0627\u0644')).toMatch(/cannot draw/);
    // Within bounds: two marks the font has, emoji sequences, 240 code points.
    for (const ok of ['a\u0323\u0302', '👨‍👩‍👧‍👦'.repeat(34), '🇧🇷1️⃣👍🏽', 'e\u0301'.repeat(60)])
      expect(captionProblemOf(ok), ok).toBeNull();
  });
});
