import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { saveShareOf, saveSharePercentileOf } from '../../src/bestxi/save-share.js';
import { derivedOf } from '../dna/derived-fixture.js';

/** A context holding only the derived table, which is all the save share reads. */
const ctxOf = (derived: ReturnType<typeof derivedOf>) => ({ derived });

/** Keepers of one cohort, each with saves and goals conceded per 90. */
function keepers(rows: readonly { saves: number; conceded: number; member?: boolean }[]) {
  const derived = derivedOf(
    rows.map((r) => ({
      group: 'goalkeeper' as const,
      inCohort: r.member === false ? (0 as const) : (1 as const),
      values: { saves_per90: r.saves, goals_conceded_per90: r.conceded },
    })),
  );
  derived.cohort.fill(0);
  return derived;
}

describe('save share (docs/methodology/bestxi.md#season-score)', () => {
  it('is saves / (saves + conceded), NaN when he faced no shot on target or a value is missing', () => {
    const d = keepers([
      { saves: 3, conceded: 1 },
      { saves: 0, conceded: 0 },
      { saves: Number.NaN, conceded: 1 },
    ]);
    expect(saveShareOf(d, 0)).toBe(0.75);
    expect(saveShareOf(d, 1)).toBeNaN();
    expect(saveShareOf(d, 2)).toBeNaN();
    expect(saveSharePercentileOf(ctxOf(d), 1)).toBeNaN();
  });

  it('ranks keepers by the share of shots they kept out, not by how many they faced', () => {
    const pair = fc.record({ saves: fc.integer({ min: 0, max: 60 }), conceded: fc.integer({ min: 1, max: 30 }) });
    fc.assert(
      fc.property(fc.array(pair, { minLength: 2, maxLength: 25 }), (rows) => {
        const d = keepers(rows.map((r) => ({ saves: r.saves / 10, conceded: r.conceded / 10 })));
        const ctx = ctxOf(d);
        for (let i = 0; i < rows.length; i++) {
          const p = saveSharePercentileOf(ctx, i);
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(100);
          for (let j = 0; j < rows.length; j++) {
            const [a, b] = [saveShareOf(d, i), saveShareOf(d, j)];
            if (a > b) expect(p).toBeGreaterThan(saveSharePercentileOf(ctx, j));
            if (a === b) expect(p).toBe(saveSharePercentileOf(ctx, j));
          }
        }
      }),
    );
  });

  it('ranks a low-sample keeper against the cohort without counting him in it', () => {
    const d = keepers([
      { saves: 3, conceded: 1 },
      { saves: 1, conceded: 1 },
      { saves: 9, conceded: 1, member: false },
    ]);
    // Above both members: the top of the cohort, though he is not one of its members.
    expect(saveSharePercentileOf(ctxOf(d), 2)).toBe(100);
    const members = keepers([
      { saves: 3, conceded: 1 },
      { saves: 1, conceded: 1 },
    ]);
    expect(saveSharePercentileOf(ctxOf(members), 0)).toBe(saveSharePercentileOf(ctxOf(d), 0));
  });
});
