/**
 * Engine text fitted into a card's box is never cut mid-sentence: it shrinks within the box's sizes,
 * then drops whole trailing clauses (docs/cards.md#text-fit). Widths are the font's advance widths.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textWidthOf } from '../../src/cards/glyphs.js';
import { clausePrefixesOf, fitTextOf, lineCountOf, TEXT_FIT_SLACK } from '../../src/cards/text-fit.js';

const BOX = { width: 680, lines: 2, sizes: [20, 18], weight: 400 } as const;

describe('textWidthOf', () => {
  it('grows with the text and scales with the size', () => {
    expect(textWidthOf('ab', 20, 400)).toBeGreaterThan(textWidthOf('a', 20, 400));
    expect(textWidthOf('Elite', 40, 400)).toBeCloseTo(2 * textWidthOf('Elite', 20, 400), 6);
    // Bold is wider than regular in Inter.
    expect(textWidthOf('Elite', 20, 900)).toBeGreaterThan(textWidthOf('Elite', 20, 400));
  });
});

describe('clausePrefixesOf', () => {
  it('cuts at commas, colons, semicolons and sentence ends, each ending in a full stop', () => {
    expect(clausePrefixesOf('A is elite: passes 90th, tackles 85th; duels 80th.')).toEqual([
      'A is elite: passes 90th, tackles 85th.',
      'A is elite: passes 90th.',
      'A is elite.',
    ]);
    expect(clausePrefixesOf('One sentence. Another one.')).toEqual(['One sentence.']);
    expect(clausePrefixesOf('No boundary here')).toEqual([]);
    // A decimal point is no sentence end.
    expect(clausePrefixesOf('xG 0.45 per shot')).toEqual([]);
  });
});

describe('fitTextOf', () => {
  it('keeps text that fits whole at the largest size', () => {
    expect(fitTextOf('Short.', BOX)).toEqual({ text: 'Short.', fontSize: 20, shortened: false });
  });

  it('shrinks to a smaller allowed size before it drops a clause', () => {
    // Build a text that needs 3 lines at 20 px but 2 at 18 px.
    const words = 'passes tackles duels recoveries interceptions crosses'.split(' ');
    let text = 'Midfielder';
    for (let i = 0; lineCountOf(text, 20, 400, BOX.width * TEXT_FIT_SLACK) <= 2; i++)
      text += ` ${words[i % words.length]}`;
    if (lineCountOf(text, 18, 400, BOX.width * TEXT_FIT_SLACK) <= 2)
      expect(fitTextOf(text, BOX)).toEqual({ text, fontSize: 18, shortened: false });
  });

  it('drops whole trailing clauses of a long verdict, never a word of a clause it keeps', () => {
    const long =
      "N'Golo Kanté is elite among defensive and central midfielders: progressive passes 85th percentile, PAdj tackles 90th percentile, PAdj ball recoveries 88th percentile, duels won 80th percentile.";
    const fit = fitTextOf(long, BOX);
    expect(fit.shortened).toBe(true);
    expect(fit.fontSize).toBe(18);
    expect(clausePrefixesOf(long)).toContain(fit.text);
    expect(lineCountOf(fit.text, 18, 400, BOX.width)).toBeLessThanOrEqual(2);
  });

  it('property: the result is the whole text or one of its clause prefixes, and fits when any prefix fits', () => {
    const clause = fc.stringMatching(/^[A-Za-z]{1,12}( [A-Za-z]{1,12}){0,6}$/);
    fc.assert(
      fc.property(fc.array(clause, { minLength: 1, maxLength: 12 }), (clauses) => {
        const text = `${clauses.join(', ')}.`;
        const fit = fitTextOf(text, BOX);
        const prefixes = clausePrefixesOf(text);
        expect(fit.text === text || prefixes.includes(fit.text)).toBe(true);
        if (fit.text !== text && prefixes.some((p) => lineCountOf(p, 18, 400, BOX.width * TEXT_FIT_SLACK) <= 2))
          expect(lineCountOf(fit.text, fit.fontSize, 400, BOX.width * TEXT_FIT_SLACK)).toBeLessThanOrEqual(2);
      }),
    );
  });
});
