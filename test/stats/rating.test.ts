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
  normalScoreOf,
  RATING_NORM,
  RATING_PER_SD,
  RATING_PRIOR_MINUTES,
  ratingFromScore,
  ratingScore,
  ratingShareOf,
  roleScoreOf,
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

  it('maps a rating score linearly around the norm, clamped to 5.0–9.5', () => {
    expect([MODEL_RATING_MIN, MODEL_RATING_MAX]).toEqual([5, 9.5]);
    // 7.25 + 1.5 × 1 = 8.75; a score of 0 is the role's norm.
    expect(ratingFromScore(0)).toBe(RATING_NORM);
    expect(ratingFromScore(1)).toBeCloseTo(RATING_NORM + RATING_PER_SD, 12);
    expect(ratingFromScore(10)).toBe(9.5);
    expect(ratingFromScore(-10)).toBe(5);
    expect(ratingFromScore(Number.NaN)).toBeNaN();
  });

  it('shrinks toward the norm by the sample: RATING_PRIOR_MINUTES count as much as the norm', () => {
    // 270 minutes of evidence against 270 of norm: half the distance, 7.25 + 1.5 × 0.5 = 8.0.
    expect(ratingFromScore(1, RATING_PRIOR_MINUTES)).toBeCloseTo(8, 12);
    // A whole season (3,000 minutes) keeps 3000 / 3270 of it.
    expect(ratingFromScore(1, 3000)).toBeCloseTo(RATING_NORM + (RATING_PER_SD * 3000) / 3270, 12);
    // More minutes at the same level above the norm never rate lower (property).
    fc.assert(
      fc.property(fc.double({ min: 0, max: 3, noNaN: true }), fc.integer({ min: 0, max: 3000 }), (z, m) => {
        expect(ratingFromScore(z, m + 90)).toBeGreaterThanOrEqual(ratingFromScore(z, m) - 1e-12);
      }),
    );
  });

  it('reads percentiles as normal scores: the 99th counts far more above the norm than the 90th', () => {
    expect(normalScoreOf(50)).toBeCloseTo(0, 9);
    expect(normalScoreOf(97.5)).toBeCloseTo(1.959964, 5);
    expect(normalScoreOf(2.5)).toBeCloseTo(-1.959964, 5);
    expect(normalScoreOf(100)).toBeCloseTo(normalScoreOf(99.5), 12);
    // A percentile mean cannot tell one 99 + one 50 from two 74.5s (equal weights); the normal scores can.
    const spike = (k: MetricKey) => (k === 'goals_per90' ? 99 : k === 'npxg_per90' ? 50 : Number.NaN);
    const flat = (k: MetricKey) => (k === 'goals_per90' || k === 'npxg_per90' ? 74.5 : Number.NaN);
    expect(ratingComposite('striker', spike)).toBeCloseTo(ratingComposite('striker', flat), 9);
    expect(ratingScore('striker', spike)).toBeGreaterThan(ratingScore('striker', flat));
    fc.assert(
      fc.property(fc.double({ min: 0, max: 99, noNaN: true }), (p) => {
        expect(normalScoreOf(p + 1)).toBeGreaterThanOrEqual(normalScoreOf(p));
      }),
    );
  });

  it('ratingShareOf puts the rating on 0–100 of its scale', () => {
    expect(ratingShareOf(5)).toBe(0);
    expect(ratingShareOf(9.5)).toBe(100);
    expect(ratingShareOf(7.25)).toBe(50);
  });

  it('re-weights over known percentiles', () => {
    // goalkeeper with only saves (w 0.15, p 80) and goals conceded (w 0.4, p 40) known:
    // composite (0.15 × 80 + 0.4 × 40) / 0.55; score (0.15 × z(80) + 0.4 × z(40)) / 0.55
    const p = (k: string) => (k === 'saves_per90' ? 80 : k === 'goals_conceded_per90' ? 40 : Number.NaN);
    expect(ratingComposite('goalkeeper', p)).toBeCloseTo(28 / 0.55, 9);
    const score = (0.15 * normalScoreOf(80) + 0.4 * normalScoreOf(40)) / 0.55;
    expect(ratingScore('goalkeeper', p)).toBeCloseTo(score, 12);
    expect(modelRating('goalkeeper', p)).toBeCloseTo(RATING_NORM + RATING_PER_SD * score, 12);
    expect(modelRating('striker', () => Number.NaN)).toBeNaN();
  });

  it("a keeper's score is half his save share and takes no on-pitch goal difference; an outfield player's does", () => {
    // keeper: 0.5 × 1 + 0.5 × z(50) = 0.5, whatever the on-pitch percentile (the goals his team
    // scores are not his work); striker: 0.75 × 1 + 0.25 × z(99.5)
    expect(roleScoreOf('goalkeeper', 1, 99.5, 50)).toBeCloseTo(0.5, 12);
    expect(roleScoreOf('goalkeeper', 1, 0.5, 50)).toBeCloseTo(0.5, 12);
    expect(roleScoreOf('striker', 1, 99.5, Number.NaN)).toBeCloseTo(0.75 + 0.25 * normalScoreOf(99.5), 12);
  });

  it('no outfield role weighs goals conceded or clean sheets: they are the team outcome', () => {
    for (const role of ROLES.filter((r) => r !== 'goalkeeper')) {
      expect(RATING_WEIGHTS[role].goals_conceded_per90).toBeUndefined();
      expect(RATING_WEIGHTS[role].cleansheets_per90).toBeUndefined();
    }
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
