/* The Newton logistic fit: exact on a saturated model, recovers known coefficients, deterministic. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitLogistic, fitLogitOffset, predictLogistic, sigmoid } from '../../src/event-models/logistic.js';

const logit = (p: number) => Math.log(p / (1 - p));

describe('fitLogistic', () => {
  it('reproduces group rates on a saturated model (intercept + one indicator)', () => {
    // Group A: 1 goal in 4 (log-odds ln(1/3)); group B: 3 in 4 (ln 3). Ridge 0 → exact MLE.
    const rows = [...Array(4).fill([1, 0]), ...Array(4).fill([1, 1])];
    const ys = [1, 0, 0, 0, 1, 1, 1, 0];
    const fit = fitLogistic(rows, ys, { ridge: 0 });
    expect(fit.converged).toBe(true);
    expect(fit.coefficients[0]).toBeCloseTo(logit(0.25), 9);
    expect(fit.coefficients[0]! + fit.coefficients[1]!).toBeCloseTo(logit(0.75), 9);
    expect(predictLogistic(fit.coefficients, [1, 1])).toBeCloseTo(0.75, 9);
  });

  it('recovers the coefficients that generated the data', () => {
    // 20,000 rows from a seeded mulberry32; β = (−1, 2, −0.5). Standard errors are about 0.03.
    let a = 12345;
    const rand = () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = Math.imul(a ^ (a >>> 15), a | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const rows: number[][] = [];
    const ys: number[] = [];
    for (let i = 0; i < 20000; i++) {
      const row = [1, rand() * 2 - 1, rand() * 4 - 2];
      rows.push(row);
      ys.push(rand() < sigmoid(-1 + 2 * row[1]! - 0.5 * row[2]!) ? 1 : 0);
    }
    const { coefficients } = fitLogistic(rows, ys);
    expect(Math.abs(coefficients[0]! + 1)).toBeLessThan(0.1);
    expect(Math.abs(coefficients[1]! - 2)).toBeLessThan(0.1);
    expect(Math.abs(coefficients[2]! + 0.5)).toBeLessThan(0.1);
  });

  it('gives identical coefficients on identical input (deterministic)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: -3, max: 3, noNaN: true }), fc.boolean()), { minLength: 4, maxLength: 40 }),
        (pts) => {
          const rows = pts.map(([x]) => [1, x]);
          const ys = pts.map(([, y]) => (y ? 1 : 0));
          const a = fitLogistic(rows, ys);
          const b = fitLogistic(rows, ys);
          expect(a.coefficients).toEqual(b.coefficients);
          for (const c of a.coefficients) expect(Number.isFinite(c)).toBe(true);
        },
      ),
    );
  });
});

describe('fitLogitOffset', () => {
  it('shifts predictions so their mean matches the observed rate', () => {
    // A single shared probability: the offset must land it on the observed rate 0.25.
    const ps = Array(8).fill(0.5);
    const ys = [1, 0, 0, 0, 1, 0, 0, 0];
    const delta = fitLogitOffset(ps, ys);
    expect(sigmoid(logit(0.5) + delta)).toBeCloseTo(0.25, 9);
  });
});
