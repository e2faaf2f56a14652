/*
 * hypot2 (src/event-models/distance.ts) stands in for `Math.hypot` of two numbers on the ingest's
 * per-event path, so it must give the very same double: on random doubles of any magnitude, on
 * near-equal pairs, on every pass and goal distance of the 0–100 Wyscout grid, and on the special
 * values (zeros, NaN, infinities, the extremes).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hypot2 } from '../../src/event-models/distance.js';

const same = (a: number, b: number): void => {
  expect(Object.is(hypot2(a, b), Math.hypot(a, b)), `hypot2(${a}, ${b})`).toBe(true);
};

describe('hypot2', () => {
  it('is Math.hypot on any two doubles', () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), (a, b) => same(a, b)),
      { numRuns: 20_000 },
    );
  });

  it('is Math.hypot on near-equal and scaled pairs', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, min: -1e300, max: 1e300 }),
        fc.double({ min: -1e-6, max: 1e-6, noNaN: true }),
        (a, d) => {
          same(a, a * (1 + d));
          same(a, a * 1e-8);
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('is Math.hypot on every pass and goal distance of the Wyscout grid', () => {
    for (let dx = -100; dx <= 100; dx++)
      for (let dy = -100; dy <= 100; dy++) {
        same((dx * 105) / 100, (dy * 68) / 100);
        same((1 - (dx + 100) / 200) * 105, ((dy + 100) / 200 - 0.5) * 68);
      }
  });

  it('is Math.hypot on the special values', () => {
    const specials = [
      0,
      -0,
      1,
      -1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
      1e-310,
    ];
    for (const a of specials) for (const b of specials) same(a, b);
    expect(hypot2(3, 4)).toBe(5);
  });
});
