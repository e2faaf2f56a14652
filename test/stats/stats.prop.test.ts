import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FEE_TIERS, feeTierOf, feeTierRank } from '../../src/stats/fee-tier.js';
import { per90 } from '../../src/stats/per90.js';
import { orientPercentile, percentile } from '../../src/stats/percentiles.js';

const sample = fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 60 });
// Small integers make ties common, which is where percentile rules go wrong.
const tiedSample = fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 40 });

describe('percentile properties', () => {
  it('is an integer within 0–100', () => {
    fc.assert(
      fc.property(sample, fc.double({ min: -2e6, max: 2e6, noNaN: true }), (xs, x) => {
        const p = percentile(xs, x);
        return Number.isInteger(p) && p >= 0 && p <= 100;
      }),
    );
  });

  it('is monotone non-decreasing in the value (and non-increasing once inverted)', () => {
    fc.assert(
      fc.property(
        fc.oneof(sample, tiedSample),
        fc.double({ min: -2e6, max: 2e6, noNaN: true }),
        fc.double({ min: -2e6, max: 2e6, noNaN: true }),
        (xs, a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(percentile(xs, lo)).toBeLessThanOrEqual(percentile(xs, hi));
          expect(orientPercentile(percentile(xs, lo), true)).toBeGreaterThanOrEqual(
            orientPercentile(percentile(xs, hi), true),
          );
        },
      ),
    );
    fc.assert(
      fc.property(tiedSample, fc.integer({ min: -1, max: 7 }), (xs, a) => {
        expect(percentile(xs, a)).toBeLessThanOrEqual(percentile(xs, a + 1));
      }),
    );
  });

  it('is 100 above every value and 0 below every value', () => {
    fc.assert(
      fc.property(sample, (xs) => {
        const max = Math.max(...xs);
        const min = Math.min(...xs);
        expect(percentile(xs, max + 1)).toBe(100);
        expect(percentile(xs, min - 1)).toBe(0);
      }),
    );
  });
});

describe('per-90 properties', () => {
  it('scales linearly with the total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 90, max: 5000 }),
        (total, k, minutes) => {
          const one = per90(total, minutes)!;
          const many = per90(total * k, minutes)!;
          expect(many).toBeCloseTo(one * k, 9);
        },
      ),
    );
  });

  it('is defined exactly from 90 minutes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.double({ min: 0, max: 5000, noNaN: true }), (total, minutes) => {
        expect(per90(total, minutes) === null).toBe(minutes < 90);
      }),
    );
  });
});

describe('fee tier properties', () => {
  it('is monotone in the market value', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        (a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(feeTierRank(feeTierOf(lo)!)).toBeLessThanOrEqual(feeTierRank(feeTierOf(hi)!));
        },
      ),
    );
  });

  it('always returns one of the five tiers for a known value', () => {
    fc.assert(fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), (v) => FEE_TIERS.includes(feeTierOf(v)!)));
  });
});
