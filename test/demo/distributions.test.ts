import { describe, expect, it } from 'vitest';
import { binomialQuantile, poissonQuantile, quantileSortedType7 } from '../../src/demo/distributions.js';
import { normalQuantile } from '../../src/model/normal-quantile.js';
import { Rng } from '../../src/demo/rng.js';

describe('Rng', () => {
  it('repeats a sequence for the same seed and label, and differs across seeds and labels', () => {
    const a = new Rng(42).fork('names');
    const b = new Rng(42).fork('names');
    const seqA = Array.from({ length: 5 }, () => a.nextUint32());
    expect(Array.from({ length: 5 }, () => b.nextUint32())).toEqual(seqA);
    const c = new Rng(43).fork('names');
    expect(Array.from({ length: 5 }, () => c.nextUint32())).not.toEqual(seqA);
    const d = new Rng(42).fork('clubs');
    expect(Array.from({ length: 5 }, () => d.nextUint32())).not.toEqual(seqA);
  });

  it('draws integers inside the inclusive range and uniforms inside [0, 1)', () => {
    const r = new Rng(1);
    for (let i = 0; i < 1000; i++) {
      const k = r.int(3, 5);
      expect(k).toBeGreaterThanOrEqual(3);
      expect(k).toBeLessThanOrEqual(5);
      const u = r.next();
      expect(u).toBeGreaterThanOrEqual(0);
      expect(u).toBeLessThan(1);
    }
  });
});

describe('distributions', () => {
  it('normal quantile matches the textbook values', () => {
    // Φ⁻¹(0.975) = 1.959964, Φ⁻¹(0.1) = −1.281552 (standard normal tables).
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.1)).toBeCloseTo(-1.281552, 5);
    expect(normalQuantile(0.5)).toBe(0);
  });

  it('poisson quantile: smallest k with CDF ≥ u', () => {
    // λ = 1: P(0) = e⁻¹ = 0.3679, P(≤1) = 0.7358, P(≤2) = 0.9197.
    expect(poissonQuantile(1, 0.3)).toBe(0);
    expect(poissonQuantile(1, 0.5)).toBe(1);
    expect(poissonQuantile(1, 0.8)).toBe(2);
    expect(poissonQuantile(0, 0.99)).toBe(0);
  });

  it('binomial quantile: smallest k with CDF ≥ u', () => {
    // n = 2, p = 0.5: P(0) = 0.25, P(≤1) = 0.75.
    expect(binomialQuantile(2, 0.5, 0.2)).toBe(0);
    expect(binomialQuantile(2, 0.5, 0.5)).toBe(1);
    expect(binomialQuantile(2, 0.5, 0.9)).toBe(2);
  });

  it('type-7 quantile interpolates between order statistics', () => {
    // n = 4, p = 0.1: h = 3 × 0.1 = 0.3 → 0 + 0.3 × (10 − 0) = 3.
    expect(quantileSortedType7([0, 10, 20, 30], 0.1)).toBeCloseTo(3, 12);
    // p = 0.5: h = 1.5 → 10 + 0.5 × 10 = 15.
    expect(quantileSortedType7([0, 10, 20, 30], 0.5)).toBe(15);
    expect(quantileSortedType7([], 0.5)).toBeNaN();
  });
});
