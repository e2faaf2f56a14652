import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { METRIC_KEYS, type MetricKey } from '../../src/stats/metrics.js';
import { ROLES, type Role } from '../../src/stats/roles.js';
import {
  MODEL_RATING_MAX,
  MODEL_RATING_MIN,
  modelRating,
  RATING_STAND_INS,
  RATING_WEIGHTS,
  ratedPercentileOf,
  ratingComposite,
  ratingFromComposite,
  standInOf,
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
    // composite = 0.2 × 100 / 1 = 20 → 5 + 4.5 × 0.2 = 5.9
    expect(modelRating('striker', (k) => (k === 'goals_per90' ? 100 : 0))).toBeCloseTo(5.9, 12);
    // Without npxG (a season table), goals carries npxG's 0.15 too: 0.35 × 100 → 6.575, the v1 rating.
    expect(
      modelRating('striker', (k) => (k === 'goals_per90' ? 100 : k === 'npxg_per90' ? Number.NaN : 0)),
    ).toBeCloseTo(6.575, 12);
  });

  it('a missing event value is read through its stand-in, an unknown stand-in drops out', () => {
    expect(ratedPercentileOf('tackles_padj_per90', (k) => (k === 'tackles_per90' ? 70 : Number.NaN))).toEqual({
      key: 'tackles_per90',
      percentile: 70,
    });
    expect(ratedPercentileOf('tackles_padj_per90', (k) => (k === 'tackles_per90' ? 70 : 40))).toEqual({
      key: 'tackles_padj_per90',
      percentile: 40,
    });
    expect(ratedPercentileOf('tackles_padj_per90', () => Number.NaN)).toBeNull();
    expect(standInOf('goals_per90')).toBeNull();
    // Every stand-in is a classic metric (never an event value that may itself be missing).
    for (const [key, standIn] of Object.entries(RATING_STAND_INS)) {
      expect(standInOf(key as MetricKey)).toBe(standIn);
      expect(METRIC_KEYS.indexOf(standIn)).toBeLessThan(METRIC_KEYS.indexOf('progressive_passes_per90'));
    }
  });

  it('without any event value, every role is rated exactly as by the v1 weights (property)', () => {
    // v1: each classic metric carried its own weight plus the shares its event values now take.
    const v1 = (role: Role): Partial<Record<MetricKey, number>> => {
      const out: Partial<Record<MetricKey, number>> = {};
      for (const [k, w] of Object.entries(RATING_WEIGHTS[role]) as [MetricKey, number][]) {
        const key = standInOf(k) ?? k;
        out[key] = (out[key] ?? 0) + w;
      }
      return out;
    };
    const classic: MetricKey[] = METRIC_KEYS.slice(0, METRIC_KEYS.indexOf('progressive_passes_per90')).filter(
      (k) => k !== 'rating',
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...ROLES),
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: classic.length, maxLength: classic.length }),
        (role, ps) => {
          const p = (k: MetricKey) => (classic.includes(k) ? ps[classic.indexOf(k)] : Number.NaN);
          const weights = v1(role);
          let sum = 0;
          for (const [k, w] of Object.entries(weights) as [MetricKey, number][]) sum += w * p(k);
          expect(ratingComposite(role, p)).toBeCloseTo(sum, 9);
          // and no event value is left as its own key
          for (const k of Object.keys(weights)) expect(classic).toContain(k);
        },
      ),
    );
  });

  it('with event values, a PAdj metric replaces its raw count: raw volume alone moves nothing', () => {
    const base = (k: MetricKey) => (k === 'tackles_per90' ? 0 : 50);
    const moreRawTackles = (k: MetricKey) => (k === 'tackles_per90' ? 100 : 50);
    expect(ratingComposite('midfielder', moreRawTackles)).toBe(ratingComposite('midfielder', base));
    expect(ratingComposite('midfielder', (k) => (k === 'tackles_padj_per90' ? 100 : 50))).toBeGreaterThan(50);
  });

  it('full-backs and centre-backs are weighed on different metrics (role-aware)', () => {
    expect(RATING_WEIGHTS.full_back.key_passes_per90).toBeGreaterThan(0);
    expect(RATING_WEIGHTS.centre_back.key_passes_per90).toBeUndefined();
    expect(RATING_WEIGHTS.centre_back.aerials_won_per90).toBeGreaterThan(0);
    expect(RATING_WEIGHTS.full_back.aerials_won_per90).toBeUndefined();
  });
});
