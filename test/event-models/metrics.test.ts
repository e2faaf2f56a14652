/* Metric functions on small cases worked out by hand in the comments. */
import { describe, expect, it } from 'vitest';
import { brierScore, calibrationByDecile, logLoss, pearson, rocAuc } from '../../src/event-models/metrics.js';

describe('logLoss', () => {
  it('is ln 2 for coin-flip predictions', () => {
    expect(logLoss([0.5, 0.5], [0, 1])).toBeCloseTo(Math.LN2, 12);
  });
  it('averages −ln of the probability given to what happened', () => {
    // −(ln 0.8 + ln(1 − 0.1) + ln 0.25) / 3
    expect(logLoss([0.8, 0.1, 0.25], [1, 0, 1])).toBeCloseTo(-(Math.log(0.8) + Math.log(0.9) + Math.log(0.25)) / 3, 12);
  });
  it('stays finite on a certain miss', () => {
    expect(Number.isFinite(logLoss([0, 1], [1, 0]))).toBe(true);
  });
});

describe('brierScore', () => {
  it('is the mean squared error', () => {
    // ((0.2 − 0)² + (0.9 − 1)²) / 2 = (0.04 + 0.01) / 2
    expect(brierScore([0.2, 0.9], [0, 1])).toBeCloseTo(0.025, 12);
  });
});

describe('rocAuc', () => {
  it('counts the ordered positive–negative pairs', () => {
    // Pairs (pos, neg): (0.35, 0.1) ✓ (0.35, 0.4) ✗ (0.8, 0.1) ✓ (0.8, 0.4) ✓ → 3/4.
    expect(rocAuc([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1])).toBe(0.75);
  });
  it('counts a tie as one half', () => {
    // Pairs: (0.5, 0.5) tie ½, (0.5, 0.2) ✓ → 1.5 / 2.
    expect(rocAuc([0.5, 0.5, 0.2], [1, 0, 0])).toBe(0.75);
  });
  it('is 1 for a perfect ranking and null without both classes', () => {
    expect(rocAuc([0.1, 0.9], [0, 1])).toBe(1);
    expect(rocAuc([0.1, 0.9], [1, 1])).toBeNull();
  });
});

describe('calibrationByDecile', () => {
  it('cuts sorted predictions into ten equal bins', () => {
    const ps = Array.from({ length: 20 }, (_, i) => (20 - i) / 21);
    const ys = ps.map((p) => (p > 0.5 ? 1 : 0));
    const bins = calibrationByDecile(ps, ys);
    expect(bins.map((b) => b.count)).toEqual(Array(10).fill(2));
    // The lowest bin holds 1/21 and 2/21; the highest 19/21 and 20/21.
    expect(bins[0]!.meanPredicted).toBeCloseTo(1.5 / 21, 12);
    expect(bins[9]!.observedRate).toBe(1);
    expect(bins[0]!.observedRate).toBe(0);
  });
});

describe('pearson', () => {
  it('is 1 on a line and −1 on a falling line', () => {
    expect(pearson([1, 2, 3], [3, 5, 7])).toBeCloseTo(1, 12);
    expect(pearson([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 12);
    expect(pearson([1, 1, 1], [1, 2, 3])).toBeNull();
  });
});
