import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ROLES } from '../../src/stats/roles.js';
import { isTeamOutcome, TEAM_OUTCOME_METRICS } from '../../src/stats/team-outcomes.js';
import {
  byImportance,
  CONFIDENCE_FULL_MINUTES,
  confidenceOf,
  COOKED_DECLINE_MIN,
  ELITE_MINUTES_MIN,
  eliteOnFewMinutesOf,
  RATIO_ATTEMPTS_FULL,
  sampleShareOf,
  ELITE_OUTPUT_MIN,
  FRAUD_OUTPUT_MAX,
  MERCHANT_REST_MAX,
  outputScoreOf,
  SOLID_OUTPUT_MIN,
  uncheckedOf,
  VERDICT_CODES,
  verdictOf,
  VERDICT_MINUTES_MIN,
  type VerdictFacts,
} from '../../src/verdict/rules.js';
import {
  acrossFacets,
  jobWeightOf,
  keyRoleMetricsOf,
  roleMetricsOf,
  SAVE_SHARE_LEAD,
  specialtyOf,
} from '../../src/verdict/specialties.js';

/** The nine metrics a striker is rated on (rating.ts), all at `p`: his role output is then `p`. */
const striker = (p: number, over: VerdictFacts['percentiles'] = {}): VerdictFacts['percentiles'] => ({
  goals_per90: p,
  shots_on_target_per90: p,
  big_chances_per90: p,
  assists_per90: p,
  key_passes_per90: p,
  aerials_won_per90: p,
  duels_won_per90: p,
  dribbles_per90: p,
  shots_per90: p,
  ...over,
});
/** A middling striker: role output 50, nothing strong. */
const base: VerdictFacts = {
  minutes: 1800,
  cohortN: 40,
  role: 'striker',
  percentiles: striker(50),
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
    expect(verdictOf({ ...base, minutes: VERDICT_MINUTES_MIN }).code).toBe('solid');
    expect(verdictOf({ ...base, cohortN: 4 }).reason).toBe('not_enough_data');
  });

  it('cooked at age 30 with a 15-point decline; not at 29, not at a 14-point decline', () => {
    // Output 50 now; 65 last season → decline 15.
    expect(verdictOf({ ...base, age: 30, previousOutput: 50 + COOKED_DECLINE_MIN }).code).toBe('cooked');
    expect(verdictOf({ ...base, age: 29, previousOutput: 65 }).code).not.toBe('cooked');
    expect(verdictOf({ ...base, age: 33, previousOutput: 64 }).code).not.toBe('cooked');
  });

  it('fraud in T4 with output 44, not with output 45, not in T3', () => {
    const low = withP(striker(44));
    expect(verdictOf({ ...low, feeTier: 'T4' }).code).toBe('fraud');
    expect(verdictOf({ ...low, feeTier: 'T5' }).code).toBe('fraud');
    expect(verdictOf({ ...low, feeTier: 'T3' }).code).toBe('solid');
    expect(verdictOf(withP(striker(FRAUD_OUTPUT_MAX), { feeTier: 'T4' })).code).not.toBe('fraud');
  });

  it('elite with role output ≥ 65 and two role metrics ≥ 90; not with one, not below 65', () => {
    expect(ELITE_OUTPUT_MIN).toBe(65);
    // .35 × 90 + .15 × 90 + .5 × 65 = 77.5, two elite metrics.
    expect(verdictOf(withP(striker(65, { goals_per90: 90, shots_on_target_per90: 90 }))).code).toBe('elite');
    // One elite metric only (and shots 65, no finisher): solid.
    expect(verdictOf(withP(striker(65, { goals_per90: 90 }))).code).toBe('solid');
    // Two elite metrics but assists (with xA's share) .2 × 90 + key passes (with xT's) .1 × 90
    // + .7 × 40 = 55 < 65: a specialist creator (assists), not elite.
    const o = verdictOf(withP(striker(40, { assists_per90: 90, key_passes_per90: 90 })));
    expect([o.code, o.specialty?.name]).toEqual(['specialist', 'creator']);
  });

  it('specialist by a role output; merchant when nothing else is strong and the rest is below 45', () => {
    // Finisher: goals 95 with shot volume 80. Rest = (.05 × 80 + .6 × 50) / .65 = 52.3 ≥ 45.
    const sp = verdictOf(withP(striker(50, { goals_per90: 95, shots_per90: 80 })));
    expect([sp.code, sp.specialty?.name, sp.metrics.slice(0, 2)]).toEqual([
      'specialist',
      'finisher',
      ['goals_per90', 'shots_per90'],
    ]);
    // Goals 95 without shot volume (74) is no finishing specialty.
    expect(verdictOf(withP(striker(50, { goals_per90: 95, shots_per90: 74 }))).code).toBe('solid');
    // Finishing needs shot volume, a second strength (80 is strong), so it is never one-stat: specialist.
    expect(verdictOf(withP(striker(30, { goals_per90: 95, shots_per90: 80 }))).code).toBe('specialist');
    // An aerial target at 95 with the rest at 30 (< 45) and nothing else strong: merchant.
    const merchant = verdictOf(withP(striker(30, { aerials_won_per90: 95 })));
    expect([merchant.code, merchant.specialty?.name]).toEqual(['merchant', 'aerial target']);
    // The same with shots on target strong (80): a specialist.
    expect(verdictOf(withP(striker(30, { aerials_won_per90: 95, shots_on_target_per90: 80 }))).code).toBe('specialist');
    expect(MERCHANT_REST_MAX).toBe(45);
  });

  it('solid from role output 40, below par under it', () => {
    expect(SOLID_OUTPUT_MIN).toBe(40);
    expect(verdictOf(withP(striker(40))).code).toBe('solid');
    const low = verdictOf(withP(striker(39, { goals_per90: 10 })));
    expect([low.code, low.metrics[0]]).toEqual(['below_par', 'goals_per90']);
  });

  it('contrast with a pricier DNA twin at similarity ≥ 0.80 and output ≥ 50', () => {
    const anchor = { player_id: 9, name: 'Big Name', fee_tier: 'T5' as const, similarity: 0.8 };
    expect(verdictOf({ ...base, anchor }).code).toBe('contrast');
    expect(verdictOf({ ...base, anchor: { ...anchor, similarity: 0.79 } }).code).toBe('solid');
    expect(verdictOf(withP(striker(49), { anchor })).code).toBe('solid');
  });

  it('applies the fixed priority: cooked before fraud before elite', () => {
    const eliteButOld = withP(striker(95), { age: 31, previousOutput: 99 });
    // Decline 99 − 95 = 4 < 15: not cooked → elite.
    expect(verdictOf(eliteButOld).code).toBe('elite');
    const fraudAndCooked = withP(striker(20), { age: 31, previousOutput: 60, feeTier: 'T5' });
    expect(verdictOf(fraudAndCooked).code).toBe('cooked');
    expect(verdictOf({ ...fraudAndCooked, age: 29 }).code).toBe('fraud');
  });

  it('every code a rule returns is a VERDICT_CODE, and only too little data falls back (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 9, maxLength: 9 }), (ps) => {
        const keys = Object.keys(striker(0)) as (keyof VerdictFacts['percentiles'])[];
        const o = verdictOf(withP(Object.fromEntries(keys.map((k, i) => [k, ps[i]]))));
        return (VERDICT_CODES as readonly string[]).includes(o.code) && o.code !== 'fallback';
      }),
    );
  });

  it('says what it could not check', () => {
    expect(uncheckedOf({ feeTier: null, age: 31, previousOutput: null })).toEqual([
      'fraud and contrast: no fee tier (no market value)',
      'cooked: no earlier season to compare with',
    ]);
    expect(uncheckedOf({ feeTier: 'T3', age: 31, previousOutput: 50 })).toEqual([]);
  });
});

describe('specialties', () => {
  it('need an elite lead and a strong support', () => {
    expect(specialtyOf('striker', { goals_per90: 95, shots_per90: 80 })?.name).toBe('finisher');
    expect(specialtyOf('striker', { goals_per90: 89, shots_per90: 80 })).toBeNull();
    expect(specialtyOf('midfielder', { ball_recovery_per90: 92, tackles_per90: 75 })?.name).toBe('ball-winner');
  });

  it("a keeper's specialty is led by his own shot stopping, never by his defence's record", () => {
    // Goals conceded and clean sheets at the 99th are his team's record: no specialty on them alone.
    expect(specialtyOf('goalkeeper', { goals_conceded_per90: 99, cleansheets_per90: 99, saves_per90: 80 })).toBeNull();
    // The save share (saves / shots on target faced) at the 93rd is his: a shot-stopper, led by it.
    expect(specialtyOf('goalkeeper', { goals_conceded_per90: 20 }, 93)).toEqual({
      name: 'shot-stopper',
      lead: SAVE_SHARE_LEAD,
      support: null,
    });
    expect(specialtyOf('goalkeeper', { goals_conceded_per90: 99 }, 89)).toBeNull();
    const keeper = { ...base, role: 'goalkeeper' as const, minutes: 3000, ratingPercentile: 50 };
    const shotStopper = verdictOf({
      ...keeper,
      percentiles: { goals_conceded_per90: 40, cleansheets_per90: 30, saves_per90: 80, pass_accuracy_pct: 50 },
      saveSharePercentile: 95,
    });
    expect(shotStopper).toMatchObject({ code: 'specialist', specialty: { lead: SAVE_SHARE_LEAD } });
    expect(shotStopper.metrics).not.toContain('goals_conceded_per90');
    const behindAWall = verdictOf({
      ...keeper,
      percentiles: { goals_conceded_per90: 99, cleansheets_per90: 98, saves_per90: 10, pass_accuracy_pct: 50 },
      saveSharePercentile: 40,
    });
    expect(behindAWall.specialty).toBeUndefined();
  });

  it('role metrics are the rating weights, heaviest first, then the stand-ins of their event values', () => {
    expect(roleMetricsOf('striker')[0]).toBe('goals_per90');
    expect(roleMetricsOf('goalkeeper')[0]).toBe('goals_conceded_per90');
    const mid = roleMetricsOf('midfielder');
    expect(mid.indexOf('tackles_per90')).toBeGreaterThan(mid.indexOf('tackles_padj_per90'));
    expect(new Set(mid).size).toBe(mid.length);
  });

  it('a job weighs the same through its classic metric or its event value', () => {
    // Striker: goals 0.2 + npxG 0.2; PAdj tackles 0.1 for a midfielder is the whole tackling job.
    expect(jobWeightOf('striker', 'goals_per90')).toBeCloseTo(0.4, 12);
    expect(jobWeightOf('striker', 'npxg_per90')).toBeCloseTo(0.4, 12);
    expect(jobWeightOf('midfielder', 'tackles_per90')).toBeCloseTo(0.1, 12);
    expect(jobWeightOf('goalkeeper', 'goals_per90')).toBe(0);
    expect(keyRoleMetricsOf('striker').slice(0, 2).sort()).toEqual(['goals_per90', 'npxg_per90']);
  });

  it('receipts of a strength lead with the heaviest job, one per facet, then the rest by percentile', () => {
    // Shots at the 99th weigh 0.05; goals at the 95th carry 0.35: goals first.
    expect(byImportance({ role: 'striker', percentiles: { shots_per90: 99, goals_per90: 95 } })).toEqual([
      'goals_per90',
      'shots_per90',
    ]);
    // A midfielder strong at passing and ball-winning: one of each before a second passing receipt.
    const mid = byImportance({
      role: 'midfielder',
      percentiles: { pass_accuracy_pct: 95, passes_per90: 90, ball_recovery_padj_per90: 80, dribbles_per90: 60 },
    });
    // Passes carry progressive passes' 0.15 (their stand-in), pass accuracy 0.05: passes lead.
    expect(mid).toEqual(['passes_per90', 'ball_recovery_padj_per90', 'pass_accuracy_pct', 'dribbles_per90']);
    expect(acrossFacets(['passes_per90', 'pass_accuracy_pct', 'tackles_padj_per90'])).toEqual([
      'passes_per90',
      'tackles_padj_per90',
      'pass_accuracy_pct',
    ]);
  });

  it("an elite metric leads a merely strong one, and a keeper's own work leads his team outcomes", () => {
    // Progressive passes (0.15) outweigh PAdj tackles (0.1) for a midfielder, but the tackles are
    // at the 90th and the passes at the 85th: where he stands out leads.
    expect(
      byImportance({ role: 'midfielder', percentiles: { progressive_passes_per90: 85, tackles_padj_per90: 90 } }),
    ).toEqual(['tackles_padj_per90', 'progressive_passes_per90']);
    // Goals conceded (0.4) and clean sheets (0.3) are a keeper's team's outcome; his saves (0.15)
    // at a lower percentile still come first.
    expect(
      byImportance({
        role: 'goalkeeper',
        percentiles: { goals_conceded_per90: 95, cleansheets_per90: 94, saves_per90: 80 },
      })[0],
    ).toBe('saves_per90');
  });

  it('elite receipts are strong and a merchant has one strength among his receipts (property)', () => {
    const keys = roleMetricsOf('striker');
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: keys.length, maxLength: keys.length }),
        (ps) => {
          const percentiles = Object.fromEntries(keys.map((k, i) => [k, ps[i]]));
          const o = verdictOf(withP(percentiles));
          if (o.code === 'elite') for (const k of o.metrics) expect(percentiles[k]).toBeGreaterThanOrEqual(75);
          if (o.code === 'merchant') for (const k of o.metrics.slice(1)) expect(percentiles[k]).toBeLessThan(75);
        },
      ),
    );
  });
});

describe('confidence', () => {
  it('follows the sample and the margin, worked by hand', () => {
    // sample 900/1800 = 0.5, margin 0 → 0.5 × 0.7 = 0.35.
    expect(confidenceOf({ code: 'elite', margin: 0, reason: 'x', metrics: [] }, sampleShareOf(900, [], {}))).toBe(0.35);
    // full sample, margin 1 → 1.0.
    expect(confidenceOf({ code: 'elite', margin: 1, reason: 'x', metrics: [] }, sampleShareOf(3000, [], {}))).toBe(1);
    // 565 minutes far past the threshold: 565/1800 × 1 = 0.31, a small sample never speaks loudly.
    expect(confidenceOf({ code: 'solid', margin: 1, reason: 'x', metrics: [] }, sampleShareOf(565, [], {}))).toBe(0.31);
    // A fallback claims nothing: no confidence.
    expect(confidenceOf({ code: 'fallback', margin: 0, reason: 'not_enough_data', metrics: [] }, 1)).toBe(0);
  });

  it('a ratio receipt on few attempts lowers the sample, whatever the minutes', () => {
    // 30 crosses of RATIO_ATTEMPTS_FULL.crosses = 120 → 0.25, below 3000 minutes' 1.
    expect(sampleShareOf(3000, ['cross_accuracy_pct', 'goals_per90'], { crosses: 30 })).toBe(
      30 / RATIO_ATTEMPTS_FULL.crosses!,
    );
    // Passes behind pass accuracy count only when pass accuracy is a receipt.
    expect(sampleShareOf(3000, ['goals_per90'], { passes: 10 })).toBe(1);
    expect(sampleShareOf(3000, ['pass_accuracy_pct'], { passes: 300 })).toBe(300 / RATIO_ATTEMPTS_FULL.passes!);
    // An unknown count leaves the minutes share.
    expect(sampleShareOf(900, ['pass_accuracy_pct'], { passes: null })).toBe(0.5);
  });

  it('stays within 0–1 and never decreases with more minutes or attempts (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 4000 }),
        fc.integer({ min: 0, max: 4000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        (margin, m1, m2, a1, a2) => {
          const o = { code: 'elite' as const, margin, reason: 'x', metrics: [] };
          const [lo, hi] = m1 <= m2 ? [m1, m2] : [m2, m1];
          const [few, many] = a1 <= a2 ? [a1, a2] : [a2, a1];
          const receipts = ['pass_accuracy_pct'] as const;
          const a = confidenceOf(o, sampleShareOf(lo, receipts, { passes: few }));
          const b = confidenceOf(o, sampleShareOf(hi, receipts, { passes: many }));
          return a >= 0 && b <= 1 && a <= b && a <= lo / CONFIDENCE_FULL_MINUTES + 0.005;
        },
      ),
    );
  });

  it('output score is the role’s rating composite', () => {
    // goals carry npxG's share: (.4 × 80 + .1 × 60) / .5 = 76
    expect(outputScoreOf('striker', { goals_per90: 80, shots_on_target_per90: 60 })).toBeCloseTo(76, 12);
    expect(outputScoreOf('striker', { goals_per90: 80, shots_on_target_per90: 60 }, 'goals_per90')).toBeCloseTo(60, 12);
    expect(Number.isNaN(outputScoreOf('striker', {}))).toBe(true);
  });
});

describe('elite needs a sample', () => {
  // A striker at the 95th in every role metric: elite output, and a finisher's specialty.
  const star = withP(striker(95));

  it('is elite from ELITE_MINUTES_MIN minutes, not one minute under it', () => {
    expect(verdictOf({ ...star, minutes: ELITE_MINUTES_MIN }).code).toBe('elite');
    const short = verdictOf({ ...star, minutes: ELITE_MINUTES_MIN - 1 });
    // The next rule that holds takes him: his specialty.
    expect(short.code).toBe('specialist');
    expect(eliteOnFewMinutesOf({ ...star, minutes: ELITE_MINUTES_MIN - 1 })).toBe(true);
    expect(eliteOnFewMinutesOf({ ...star, minutes: ELITE_MINUTES_MIN })).toBe(false);
    // Under the verdict threshold there is no verdict at all, so nothing is withheld.
    expect(eliteOnFewMinutesOf({ ...star, minutes: VERDICT_MINUTES_MIN - 1 })).toBe(false);
    // Numbers that are not elite are not withheld elite either.
    expect(eliteOnFewMinutesOf({ ...base, minutes: 565 })).toBe(false);
  });

  it('a half-season (565 minutes) of elite numbers gives a quiet verdict: not elite, low confidence', () => {
    const o = verdictOf({ ...star, minutes: 565 });
    expect(o.code).not.toBe('elite');
    // At most the sample share: 565 / 1800.
    expect(confidenceOf(o, sampleShareOf(565, o.metrics, {}))).toBeLessThanOrEqual(0.32);
  });

  it('never calls a player elite under ELITE_MINUTES_MIN, whatever his percentiles (property)', () => {
    const keys = roleMetricsOf('midfielder');
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: keys.length, maxLength: keys.length }),
        fc.integer({ min: 0, max: ELITE_MINUTES_MIN - 1 }),
        (ps, minutes) => {
          const percentiles = Object.fromEntries(keys.map((k, i) => [k, ps[i]]));
          return verdictOf({ ...base, role: 'midfielder', percentiles, minutes }).code !== 'elite';
        },
      ),
    );
  });
});

describe("team outcomes are never an outfield player's evidence", () => {
  it("Kanté's receipts (pass accuracy 95th, goals conceded 90th, PAdj recoveries 80th) leave goals conceded out", () => {
    const facts: VerdictFacts = {
      ...base,
      role: 'midfielder',
      percentiles: {
        pass_accuracy_pct: 95,
        goals_conceded_per90: 90,
        ball_recovery_padj_per90: 80,
        passes_per90: 60,
        interceptions_padj_per90: 60,
      },
    };
    const o = verdictOf(facts);
    expect(o.metrics).not.toContain('goals_conceded_per90');
    // Output without it: pass accuracy .05 × 95, PAdj recoveries .1 × 80, PAdj interceptions .1 × 60
    // and passes standing in for progressive passes .15 × 60 → 27.75 / .4 = 69.375.
    expect(outputScoreOf('midfielder', facts.percentiles)).toBeCloseTo(69.375, 6);
  });

  it('a centre-back led by goals conceded 99th is not led by it, nor elite on it', () => {
    // Goals conceded and clean sheets at the 99th, one own metric at the 90th: the old rule counted
    // two elite metrics; his own numbers have one.
    const facts: VerdictFacts = {
      ...base,
      role: 'centre_back',
      percentiles: { goals_conceded_per90: 99, cleansheets_per90: 99, aerials_won_per90: 90, pass_accuracy_pct: 70 },
    };
    const o = verdictOf(facts);
    expect(o.code).not.toBe('elite');
    expect(o.metrics.some(isTeamOutcome)).toBe(false);
  });

  it('a goalkeeper keeps them: the goals go past him', () => {
    const o = verdictOf({
      ...base,
      role: 'goalkeeper',
      percentiles: { goals_conceded_per90: 95, saves_per90: 80, cleansheets_per90: 92, pass_accuracy_pct: 50 },
    });
    expect(o.metrics).toContain('goals_conceded_per90');
  });

  it('no outfield receipt, specialty or key metric is a team outcome, whatever the percentiles (property)', () => {
    const outfield = ROLES.filter((r) => r !== 'goalkeeper');
    for (const role of outfield) expect(keyRoleMetricsOf(role).some(isTeamOutcome), role).toBe(false);
    fc.assert(
      fc.property(
        fc.constantFrom(...outfield),
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 40, maxLength: 40 }),
        fc.integer({ min: VERDICT_MINUTES_MIN, max: 3400 }),
        (role, ps, minutes) => {
          const keys = [...roleMetricsOf(role), ...TEAM_OUTCOME_METRICS];
          const percentiles = Object.fromEntries(keys.map((k, i) => [k, ps[i % ps.length]]));
          const o = verdictOf({ ...base, role, percentiles, minutes });
          const without = Object.fromEntries(keys.filter((k) => !isTeamOutcome(k)).map((k) => [k, percentiles[k]]));
          return (
            !o.metrics.some(isTeamOutcome) &&
            o.code === verdictOf({ ...base, role, percentiles: without, minutes }).code &&
            !isTeamOutcome(specialtyOf(role, percentiles)?.lead ?? 'goals_per90')
          );
        },
      ),
    );
  });
});
