/**
 * No accepted caption reaches the footer (sample size and data attribution) or the watermark of
 * any style: the PNG is decoded and the bottom band compared with a render with the default
 * caption. A fast-check property over captions the validator accepts, with few runs (a render
 * takes ~100 ms), plus the worst cases found by hand (widest letters, emoji, stacked marks).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderCard } from '../../src/cards/card.js';
import { WATERMARK_HEIGHT, WATERMARK_INSET } from '../../src/cards/layouts/shared.js';
import { CARD_STYLES, type CardStyle } from '../../src/cards/request.js';
import { captionProblemOf } from '../../src/cards/text.js';
import { decodePng, type DecodedPng } from './png.js';
import { sampleFacts } from './sample-facts.js';

/** Rows from just above the footer box (bottom inset + its minimum height + 8 px) to the bottom edge. */
const bandTop = (height: number) => height - WATERMARK_INSET - WATERMARK_HEIGHT - 8;

async function render(style: CardStyle, caption?: string): Promise<DecodedPng> {
  return decodePng(
    (await renderCard(style, sampleFacts(caption === undefined ? {} : { caption, caption_is_user: true }))).png,
  );
}

/** Rows of the footer band where two renders differ. */
function changedBandRows(a: DecodedPng, b: DecodedPng): number[] {
  const rows: number[] = [];
  for (let y = bandTop(a.height); y < a.height; y++) {
    const start = y * a.width * 4;
    for (let i = start; i < start + a.width * 4; i++) {
      if (a.rgba[i] !== b.rgba[i]) {
        rows.push(y);
        break;
      }
    }
  }
  return rows;
}

const WORST = [
  'W'.repeat(36),
  'Щ'.repeat(36),
  '🔥'.repeat(18),
  'W'.repeat(60),
  'Щ'.repeat(60),
  'ẞ'.repeat(60),
  '🔥'.repeat(60),
  '👨‍👩‍👧‍👦'.repeat(34),
  'g\u0327\u0328'.repeat(60),
  'W\u0301\u0300'.repeat(60),
  `${'W'.repeat(30)} ${'M'.repeat(29)}`,
];
const alphabet = fc.constantFrom(
  'W',
  'M',
  'm',
  'g',
  'j',
  'Q',
  'Щ',
  'Ж',
  'Ω',
  'ẞ',
  'ij',
  ' ',
  ' ',
  '—',
  '…',
  '%',
  '“',
  '"',
  '<',
  '&',
  '🔥',
  '⚽',
  '👍🏽',
  '🇧🇷',
  '1️⃣',
  '👨‍👩‍👧',
  'e\u0301',
  'n\u0303',
  'g\u0327\u0328',
  'a\u0323\u0302',
  'j\u0331',
  'x\u0316',
  '漢',
);
const caption = fc.array(alphabet, { minLength: 1, maxLength: 60 }).map((parts) => parts.join(''));

describe('captions never touch the footer or the watermark', () => {
  for (const style of CARD_STYLES) {
    it(`${style}: worst cases and arbitrary accepted captions`, async () => {
      const base = await render(style);
      // The band really holds the footer: dropping the attribution changes it.
      const noAttribution = decodePng(
        (await renderCard(style, sampleFacts({ attribution: null as unknown as string }))).png,
      );
      expect(changedBandRows(base, noAttribution).length).toBeGreaterThan(0);
      for (const text of WORST) {
        expect(captionProblemOf(text), text.slice(0, 9)).toBeNull();
        expect(changedBandRows(base, await render(style, text)), `${style} ${text.slice(0, 9)}`).toEqual([]);
      }
      await fc.assert(
        fc.asyncProperty(caption, async (text) => {
          fc.pre(captionProblemOf(text) === null);
          expect(changedBandRows(base, await render(style, text)), `${style} ${JSON.stringify(text)}`).toEqual([]);
        }),
        { numRuns: 8 },
      );
    }, 120_000);
  }
});
