import { describe, expect, it } from 'vitest';
import { per90, PER90_MINUTES_MIN } from '../../src/stats/per90.js';
import { accuracyPct } from '../../src/stats/accuracy.js';

describe('per90', () => {
  it('scales a season total to 90 minutes', () => {
    // 9 goals in 900 minutes: 9 × 90 / 900 = 0.9
    expect(per90(9, 900)).toBe(0.9);
    // 12 goals in 1,980 minutes: 12 × 90 / 1980 = 1080 / 1980 = 6/11 = 0.5454…
    expect(per90(12, 1980)).toBeCloseTo(0.545454545, 8);
    // 0 in 450 minutes is a real zero, not missing.
    expect(per90(0, 450)).toBe(0);
  });

  it('gives exactly equal doubles for equal rates (ties stay ties)', () => {
    // 3 in 270 minutes and 10 in 900 minutes are both 1.0 per 90.
    expect(per90(3, 270)).toBe(per90(10, 900));
    // 1 in 300 and 3 in 900 are both 0.3 per 90; (1/300)×90 would give 0.30000000000000004.
    expect(per90(1, 300)).toBe(per90(3, 900));
    expect(per90(3, 900)).toBe(0.3);
  });

  it('is null below 90 minutes and defined from exactly 90', () => {
    expect(PER90_MINUTES_MIN).toBe(90);
    expect(per90(1, 89)).toBeNull();
    expect(per90(1, 89.9)).toBeNull();
    // 1 × 90 / 90 = 1
    expect(per90(1, 90)).toBe(1);
    expect(per90(5, 0)).toBeNull();
  });

  it('is null for missing or non-finite input', () => {
    expect(per90(null, 900)).toBeNull();
    expect(per90(3, null)).toBeNull();
    expect(per90(Number.NaN, 900)).toBeNull();
    expect(per90(3, Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('accuracyPct', () => {
  it('is completed / attempted as a percentage', () => {
    // 45 / 50 × 100 = 90
    expect(accuracyPct(45, 50)).toBe(90);
    // 1 / 3 × 100 = 33.33…
    expect(accuracyPct(1, 3)).toBeCloseTo(33.3333333, 6);
    expect(accuracyPct(0, 12)).toBe(0);
    expect(accuracyPct(7, 7)).toBe(100);
  });

  it('is null with no attempts or missing input', () => {
    expect(accuracyPct(0, 0)).toBeNull();
    expect(accuracyPct(3, null)).toBeNull();
    expect(accuracyPct(null, 10)).toBeNull();
    expect(accuracyPct(Number.NaN, 10)).toBeNull();
  });
});
