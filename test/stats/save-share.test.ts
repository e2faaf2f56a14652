import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { saveShareColumn, saveShareOf, saveShareOfValues } from '../../src/stats/save-share.js';
import { derivedOf } from '../dna/derived-fixture.js';

describe('save share (docs/methodology/stats.md#model-rating)', () => {
  it('is saves / (saves + conceded), NaN when he faced no shot on target or a value is missing', () => {
    const d = derivedOf([
      { group: 'goalkeeper', values: { saves_per90: 3, goals_conceded_per90: 1 } },
      { group: 'goalkeeper', values: { saves_per90: 0, goals_conceded_per90: 0 } },
      { group: 'goalkeeper', values: { saves_per90: Number.NaN, goals_conceded_per90: 1 } },
    ]);
    expect(saveShareOf(d, 0)).toBe(0.75);
    expect(saveShareOf(d, 1)).toBeNaN();
    expect(saveShareOf(d, 2)).toBeNaN();
  });

  it('stays in 0–1 and rises with saves at the same goals conceded (property)', () => {
    const v = fc.double({ min: 0, max: 10, noNaN: true });
    fc.assert(
      fc.property(v, v, fc.double({ min: 0.01, max: 5, noNaN: true }), (saves, conceded, more) => {
        const s = saveShareOfValues(saves, conceded + 0.01);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(1);
        expect(saveShareOfValues(saves + more, conceded + 0.01)).toBeGreaterThan(s);
      }),
    );
    expect(Array.from(saveShareColumn(Float64Array.of(3, 0), Float64Array.of(1, 0)))).toEqual([0.75, Number.NaN]);
  });
});
