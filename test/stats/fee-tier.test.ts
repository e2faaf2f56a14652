import { describe, expect, it } from 'vitest';
import { FEE_TIERS, feeTierOf, feeTierRank, isFeeTier } from '../../src/stats/fee-tier.js';

describe('feeTierOf', () => {
  it('puts every boundary on the documented side (T1 < 10M ≤ T2 < 30M ≤ T3 < 60M ≤ T4 ≤ 100M < T5)', () => {
    expect(feeTierOf(0)).toBe('T1');
    expect(feeTierOf(9_999_999)).toBe('T1');
    expect(feeTierOf(10_000_000)).toBe('T2');
    expect(feeTierOf(29_999_999)).toBe('T2');
    expect(feeTierOf(30_000_000)).toBe('T3');
    expect(feeTierOf(59_999_999)).toBe('T3');
    expect(feeTierOf(60_000_000)).toBe('T4');
    expect(feeTierOf(100_000_000)).toBe('T4');
    expect(feeTierOf(100_000_001)).toBe('T5');
    expect(feeTierOf(250_000_000)).toBe('T5');
  });

  it('is null for unknown values', () => {
    expect(feeTierOf(null)).toBeNull();
    expect(feeTierOf(undefined)).toBeNull();
    expect(feeTierOf(Number.NaN)).toBeNull();
    expect(feeTierOf(-1)).toBeNull();
    expect(feeTierOf(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('orders tiers and ranks them 1–5', () => {
    expect(FEE_TIERS).toEqual(['T1', 'T2', 'T3', 'T4', 'T5']);
    expect(feeTierRank('T1')).toBe(1);
    expect(feeTierRank('T5')).toBe(5);
    expect(isFeeTier('T3')).toBe(true);
    expect(isFeeTier('T6')).toBe(false);
  });
});
