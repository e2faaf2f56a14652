import { describe, expect, it } from 'vitest';
import { POSITION_GROUPS } from '../../src/data/schema.js';
import { GROUP_METRICS } from '../../src/stats/metrics.js';
import {
  MODEL_RATING_MAX,
  MODEL_RATING_MIN,
  modelRating,
  RATING_WEIGHTS,
  ratingComposite,
  ratingFromComposite,
} from '../../src/stats/rating.js';

describe('model rating', () => {
  it('weights sum to 1 per group and use only the group’s metrics', () => {
    for (const g of POSITION_GROUPS) {
      const entries = Object.entries(RATING_WEIGHTS[g]);
      expect(entries.reduce((s, [, w]) => s + (w ?? 0), 0)).toBeCloseTo(1, 12);
      for (const [key] of entries) expect(GROUP_METRICS[g]).toContain(key);
    }
  });

  it('maps composite 0 → 5.0, 100 → 9.5, linearly', () => {
    expect([MODEL_RATING_MIN, MODEL_RATING_MAX]).toEqual([5, 9.5]);
    expect(ratingFromComposite(0)).toBe(5);
    expect(ratingFromComposite(100)).toBe(9.5);
    // 5 + 4.5 × 50 / 100 = 7.25
    expect(ratingFromComposite(50)).toBe(7.25);
    expect(ratingFromComposite(Number.NaN)).toBeNaN();
  });

  it('re-weights over known percentiles', () => {
    // goalkeeper with only saves (w 0.3, p 80) and goals conceded (w 0.3, p 40) known:
    // (0.3 × 80 + 0.3 × 40) / 0.6 = 60 → 5 + 4.5 × 0.6 = 7.7
    const p = (k: string) => (k === 'saves_per90' ? 80 : k === 'goals_conceded_per90' ? 40 : Number.NaN);
    expect(ratingComposite('goalkeeper', p)).toBeCloseTo(60, 12);
    expect(modelRating('goalkeeper', p)).toBeCloseTo(7.7, 12);
    expect(modelRating('attacker', () => Number.NaN)).toBeNaN();
  });

  it('an attacker at 100 in goals and 0 elsewhere gets the goals weight', () => {
    // composite = 0.3 × 100 / 1 = 30 → 5 + 4.5 × 0.3 = 6.35
    expect(modelRating('attacker', (k) => (k === 'goals_per90' ? 100 : 0))).toBeCloseTo(6.35, 12);
  });
});
