/**
 * A card draws a club in the colours its data gives (`teams.primary_color` / `secondary_color`,
 * added by `halfspace enrich --teams`), else in the house palette: never a colour made up for the
 * club (docs/cards.md#club-colours). The Premier League check is in test/cards/pl-real.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOUSE_PALETTE, luminanceOf, paletteOf } from '../../src/cards/layouts/shared.js';
import type { CardFacts } from '../../src/cards/facts.js';

const club = (name: string, primary: string | null, secondary: string | null = null): CardFacts['club'] => ({
  name,
  short_name: null,
  primary_color: primary,
  secondary_color: secondary,
});

/** WCAG contrast ratio of two `#rrggbb` colours. */
const contrast = (a: string, b: string) => {
  const [x, y] = [luminanceOf(a), luminanceOf(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
};

describe('paletteOf', () => {
  it('draws any club without colours in its data, whatever its name, in the house palette', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const pal = paletteOf({ club: club(name, null) });
        expect(pal).toMatchObject({ ...HOUSE_PALETTE, source: 'house' });
      }),
    );
    expect(paletteOf({ club: null })).toMatchObject({ ...HOUSE_PALETTE, source: 'house' });
  });

  it('keeps text legible on the house palette (WCAG 4.5:1 or more)', () => {
    const pal = paletteOf({ club: null });
    expect(contrast(pal.primary, pal.onPrimary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(pal.secondary, pal.onSecondary)).toBeGreaterThanOrEqual(4.5);
  });

  it('uses the colours the data gives, a light stripe when it gives only a primary', () => {
    expect(paletteOf({ club: club('Liverpool', '#c8102e', '#f6eb61') })).toMatchObject({
      primary: '#c8102e',
      secondary: '#f6eb61',
      source: 'club',
    });
    const only = paletteOf({ club: club('Liverpool', '#c8102e') });
    expect(only.source).toBe('club');
    expect(only.secondary).not.toBe(HOUSE_PALETTE.secondary);
  });
});
