import { describe, expect, it } from 'vitest';
import { METRIC_KEYS } from '../../src/stats/metrics.js';
import { ROLES } from '../../src/stats/roles.js';
import {
  MODEL_RATING_MAX,
  MODEL_RATING_MIN,
  modelRating,
  RATING_WEIGHTS,
  ratingComposite,
  ratingFromComposite,
} from '../../src/stats/rating.js';

describe('model rating', () => {
  it('weights sum to 1 per role, over metric keys other than the rating itself', () => {
    for (const r of ROLES) {
      const entries = Object.entries(RATING_WEIGHTS[r]);
      expect(entries.reduce((s, [, w]) => s + (w ?? 0), 0)).toBeCloseTo(1, 12);
      for (const [key] of entries) expect(METRIC_KEYS.filter((k) => k !== 'rating')).toContain(key);
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
    // goalkeeper with only saves (w 0.1, p 80) and goals conceded (w 0.4, p 40) known:
    // (0.1 × 80 + 0.4 × 40) / 0.5 = 48 → 5 + 4.5 × 0.48 = 7.16
    const p = (k: string) => (k === 'saves_per90' ? 80 : k === 'goals_conceded_per90' ? 40 : Number.NaN);
    expect(ratingComposite('goalkeeper', p)).toBeCloseTo(48, 12);
    expect(modelRating('goalkeeper', p)).toBeCloseTo(7.16, 12);
    expect(modelRating('striker', () => Number.NaN)).toBeNaN();
  });

  it('a striker at 100 in goals and 0 elsewhere gets the goals weight', () => {
    // composite = 0.35 × 100 / 1 = 35 → 5 + 4.5 × 0.35 = 6.575
    expect(modelRating('striker', (k) => (k === 'goals_per90' ? 100 : 0))).toBeCloseTo(6.575, 12);
  });

  it('full-backs and centre-backs are weighed on different metrics (role-aware)', () => {
    expect(RATING_WEIGHTS.full_back.key_passes_per90).toBeGreaterThan(0);
    expect(RATING_WEIGHTS.centre_back.key_passes_per90).toBeUndefined();
    expect(RATING_WEIGHTS.centre_back.aerials_won_per90).toBeGreaterThan(0);
    expect(RATING_WEIGHTS.full_back.aerials_won_per90).toBeUndefined();
  });
});
