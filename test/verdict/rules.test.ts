import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  confidenceOf,
  COOKED_DECLINE_MIN,
  ELITE_OUTPUT_MIN,
  FRAUD_OUTPUT_MAX,
  outputScoreOf,
  verdictOf,
  VERDICT_MINUTES_MIN,
  type VerdictFacts,
} from '../../src/verdict/rules.js';

/** A middling attacker: output score (50 + 50 + 50 + 50) / 4 = 50, nothing strong. */
const base: VerdictFacts = {
  minutes: 1800,
  cohortN: 40,
  percentiles: { goals_per90: 50, assists_per90: 50, shots_per90: 50, key_passes_per90: 50 },
  age: 25,
  feeTier: 'T2',
  previousOutput: null,
  anchor: null,
};
const withP = (percentiles: VerdictFacts['percentiles'], extra: Partial<VerdictFacts> = {}): VerdictFacts => ({
  ...base,
  percentiles,
  ...extra,
});

describe('verdict rules, each triggered and not triggered just across its threshold', () => {
  it('fallback below the minutes threshold, not at it', () => {
    expect(verdictOf({ ...base, minutes: VERDICT_MINUTES_MIN - 1 }).code).toBe('fallback');
    expect(verdictOf({ ...base, minutes: VERDICT_MINUTES_MIN - 1 }).reason).toBe('not_enough_data');
    expect(verdictOf({ ...base, minutes: VERDICT_MINUTES_MIN }).reason).toBe('no_rule_holds');
    expect(verdictOf({ ...base, cohortN: 4 }).reason).toBe('not_enough_data');
  });

  it('cooked at age 30 with a 15-point decline; not at 29, not at a 14-point decline', () => {
    // Output 50 now; 65 last season → decline 15.
    expect(verdictOf({ ...base, age: 30, previousOutput: 50 + COOKED_DECLINE_MIN }).code).toBe('cooked');
    expect(verdictOf({ ...base, age: 29, previousOutput: 65 }).code).not.toBe('cooked');
    expect(verdictOf({ ...base, age: 33, previousOutput: 64 }).code).not.toBe('cooked');
  });

  it('fraud in T4 with output 44, not with output 45, not in T3', () => {
    // (44 + 44 + 44 + 44) / 4 = 44 < 45.
    const low = withP({ goals_per90: 44, assists_per90: 44, shots_per90: 44, key_passes_per90: 44 });
    expect(verdictOf({ ...low, feeTier: 'T4' }).code).toBe('fraud');
    expect(verdictOf({ ...low, feeTier: 'T5' }).code).toBe('fraud');
    expect(verdictOf({ ...low, feeTier: 'T3' }).code).not.toBe('fraud');
    const at = withP(
      { goals_per90: FRAUD_OUTPUT_MAX, assists_per90: 45, shots_per90: 45, key_passes_per90: 45 },
      { feeTier: 'T4' },
    );
    expect(verdictOf(at).code).not.toBe('fraud');
  });

  it('elite with output ≥ 70 and three metrics ≥ 90; not with two', () => {
    // (90 + 90 + 90 + 10) / 4 = 70 and three elite metrics.
    expect(verdictOf(withP({ goals_per90: 90, assists_per90: 90, shots_per90: 90, key_passes_per90: 10 })).code).toBe(
      'elite',
    );
    // (90 + 90 + 89 + 11) / 4 = 70 but only two ≥ 90.
    expect(
      verdictOf(withP({ goals_per90: 90, assists_per90: 90, shots_per90: 89, key_passes_per90: 11 })).code,
    ).not.toBe('elite');
    // (90 + 90 + 90 + 9) / 4 = 69.75 < 70.
    expect(ELITE_OUTPUT_MIN).toBe(70);
    expect(
      verdictOf(withP({ goals_per90: 90, assists_per90: 90, shots_per90: 90, key_passes_per90: 9 })).code,
    ).not.toBe('elite');
  });

  it('merchant with one elite metric and the rest below 50; not when the rest average 50', () => {
    // Rest = (40 + 40 + 49) / 3 = 43 < 50.
    expect(verdictOf(withP({ goals_per90: 95, assists_per90: 40, shots_per90: 40, key_passes_per90: 49 })).code).toBe(
      'merchant',
    );
    // Rest = (50 + 50 + 50) / 3 = 50.
    expect(
      verdictOf(withP({ goals_per90: 95, assists_per90: 50, shots_per90: 50, key_passes_per90: 50 })).code,
    ).not.toBe('merchant');
    // Three strong metrics: not narrow.
    expect(
      verdictOf(withP({ goals_per90: 95, assists_per90: 80, shots_per90: 80, key_passes_per90: 0 })).code,
    ).not.toBe('merchant');
  });

  it('contrast with a pricier DNA twin at similarity ≥ 0.80 and output ≥ 50', () => {
    const anchor = { player_id: 9, name: 'Big Name', fee_tier: 'T5' as const, similarity: 0.8 };
    expect(verdictOf({ ...base, anchor }).code).toBe('contrast');
    expect(verdictOf({ ...base, anchor: { ...anchor, similarity: 0.79 } }).code).toBe('fallback');
    const weak = withP({ goals_per90: 49, assists_per90: 49, shots_per90: 49, key_passes_per90: 49 }, { anchor });
    expect(verdictOf(weak).code).toBe('fallback');
  });

  it('applies the fixed priority: cooked before fraud before elite', () => {
    const eliteButOld = withP(
      { goals_per90: 95, assists_per90: 95, shots_per90: 95, key_passes_per90: 95 },
      { age: 31, previousOutput: 99 },
    );
    // Decline 99 − 95 = 4 < 15: not cooked → elite.
    expect(verdictOf(eliteButOld).code).toBe('elite');
    const fraudAndCooked = withP(
      { goals_per90: 20, assists_per90: 20, shots_per90: 20, key_passes_per90: 20 },
      { age: 31, previousOutput: 60, feeTier: 'T5' },
    );
    expect(verdictOf(fraudAndCooked).code).toBe('cooked');
    expect(verdictOf({ ...fraudAndCooked, age: 29 }).code).toBe('fraud');
  });
});

describe('confidence', () => {
  it('grows with minutes and margin, worked by hand', () => {
    // sample = 900/1800 = 0.5, margin 0 → 0.4 + 0.6 × 0.25 = 0.55.
    expect(confidenceOf({ code: 'elite', margin: 0, reason: 'x', metrics: [] }, 900)).toBe(0.55);
    // sample 1, margin 1 → 1.0.
    expect(confidenceOf({ code: 'elite', margin: 1, reason: 'x', metrics: [] }, 3000)).toBe(1);
    expect(confidenceOf({ code: 'fallback', margin: 0, reason: 'not_enough_data', metrics: [] }, 100)).toBe(0.2);
  });

  it('stays within 0–1 and never decreases with more minutes (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 4000 }),
        fc.integer({ min: 0, max: 4000 }),
        (margin, m1, m2) => {
          const o = { code: 'elite' as const, margin, reason: 'x', metrics: [] };
          const [lo, hi] = m1 <= m2 ? [m1, m2] : [m2, m1];
          const a = confidenceOf(o, lo);
          const b = confidenceOf(o, hi);
          return a >= 0 && b <= 1 && a <= b;
        },
      ),
    );
  });

  it('output score is the plain mean', () => {
    expect(outputScoreOf({ goals_per90: 80, shots_per90: 60 })).toBe(70);
    expect(outputScoreOf({ goals_per90: 80, shots_per90: 60 }, 'goals_per90')).toBe(60);
    expect(Number.isNaN(outputScoreOf({}))).toBe(true);
  });
});
