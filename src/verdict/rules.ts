/**
 * Verdict rules (docs/design.md#verdicts): explicit predicates over percentiles, fee tier, age and the trend
 * across seasons, tried in a fixed priority. Every threshold is a named constant documented in
 * docs/methodology.md#verdicts.
 */
import type { FeeTier } from '../stats/fee-tier.js';
import type { MetricKey } from '../stats/metrics.js';

export const VERDICT_CODES = ['elite', 'contrast', 'fraud', 'merchant', 'cooked', 'fallback'] as const;
export type VerdictCode = (typeof VERDICT_CODES)[number];

/** Minutes below which a season says too little for any verdict (the cohort threshold). */
export const VERDICT_MINUTES_MIN = 450;
/** Smallest cohort whose percentiles carry a verdict. */
export const VERDICT_COHORT_MIN = 5;
/** cooked: minimum age. */
export const COOKED_AGE_MIN = 30;
/** cooked: minimum drop of the output score from the previous season, in percentile points. */
export const COOKED_DECLINE_MIN = 15;
/** fraud: fee tier rank at or above which output is expected (T4). */
export const FRAUD_TIER_MIN = 4;
/** fraud: output score below which a T4/T5 player is a fraud. */
export const FRAUD_OUTPUT_MAX = 45;
/** elite: minimum output score. */
export const ELITE_OUTPUT_MIN = 70;
/** elite: minimum number of metrics at or above the 90th percentile. */
export const ELITE_METRICS_MIN = 3;
/** Percentile that makes a metric elite. */
export const ELITE_PERCENTILE = 90;
/** Percentile that makes a metric strong. */
export const STRONG_PERCENTILE = 75;
/** merchant: at most this many strong (≥ 75) metrics, one of them elite. */
export const MERCHANT_STRONG_MAX = 2;
/** merchant: output score of the other metrics below this. */
export const MERCHANT_REST_MAX = 50;
/** contrast: minimum DNA similarity to the pricier anchor. */
export const CONTRAST_SIMILARITY_MIN = 0.8;
/** contrast: minimum output score of the cheaper player. */
export const CONTRAST_OUTPUT_MIN = 50;

/** Everything a rule may look at, for one player's main season. */
export interface VerdictFacts {
  minutes: number;
  cohortN: number;
  /** Percentiles of the group's metrics except rating (NaN-free: missing metrics are omitted). */
  percentiles: Partial<Record<MetricKey, number>>;
  age: number | null;
  feeTier: FeeTier | null;
  /** Output score of the previous season with enough minutes, or null. */
  previousOutput: number | null;
  /** Closest DNA match in a higher fee tier, or null. */
  anchor: { player_id: number; name: string; fee_tier: FeeTier; similarity: number } | null;
}

/** What a rule concluded: which code, by how far it cleared its threshold (0–1), and the deciding numbers. */
export interface RuleOutcome {
  code: VerdictCode;
  /** How far past the threshold, scaled to 0–1 (1 = far past); drives confidence. */
  margin: number;
  reason: string;
  /** Metrics that decided it, most telling first. */
  metrics: MetricKey[];
}

const tierRank = (t: FeeTier) => Number(t.slice(1));

/** Mean of the given percentiles; NaN for none. @example outputScoreOf({ goals_per90: 80, shots_per90: 60 }) // => 70 */
export function outputScoreOf(percentiles: Partial<Record<MetricKey, number>>, exclude?: MetricKey): number {
  const values = Object.entries(percentiles)
    .filter(([k]) => k !== exclude)
    .map(([, v]) => v as number);
  return values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
}

const clamp01 = (x: number) => Math.max(0, Math.min(1, x));
const byPercentile = (facts: VerdictFacts, dir: 1 | -1) =>
  (Object.entries(facts.percentiles) as [MetricKey, number][])
    .sort((a, b) => dir * (b[1] - a[1]) || a[0].localeCompare(b[0]))
    .map(([k]) => k);

/**
 * Applies the rules in priority order — fallback (too little data), cooked, fraud, elite,
 * merchant, contrast — and returns the first that holds; `fallback` when none does.
 */
export function verdictOf(facts: VerdictFacts): RuleOutcome {
  const output = outputScoreOf(facts.percentiles);
  if (facts.minutes < VERDICT_MINUTES_MIN || facts.cohortN < VERDICT_COHORT_MIN || Number.isNaN(output)) {
    return { code: 'fallback', margin: 0, reason: 'not_enough_data', metrics: [] };
  }
  const best = byPercentile(facts, 1);
  const worst = byPercentile(facts, -1);
  const p = (k: MetricKey) => facts.percentiles[k]!;

  if (facts.age !== null && facts.age >= COOKED_AGE_MIN && facts.previousOutput !== null) {
    const decline = facts.previousOutput - output;
    if (decline >= COOKED_DECLINE_MIN) {
      return {
        code: 'cooked',
        margin: clamp01((decline - COOKED_DECLINE_MIN) / 20),
        reason: 'age_and_decline',
        metrics: worst.slice(0, 3),
      };
    }
  }
  if (facts.feeTier !== null && tierRank(facts.feeTier) >= FRAUD_TIER_MIN && output < FRAUD_OUTPUT_MAX) {
    return {
      code: 'fraud',
      margin: clamp01((FRAUD_OUTPUT_MAX - output) / 20),
      reason: 'high_fee_low_output',
      metrics: worst.slice(0, 3),
    };
  }
  const elite = best.filter((k) => p(k) >= ELITE_PERCENTILE);
  if (output >= ELITE_OUTPUT_MIN && elite.length >= ELITE_METRICS_MIN) {
    return {
      code: 'elite',
      margin: clamp01((output - ELITE_OUTPUT_MIN) / 20),
      reason: 'broad_elite_output',
      metrics: best.slice(0, 3),
    };
  }
  const strong = best.filter((k) => p(k) >= STRONG_PERCENTILE);
  if (elite.length >= 1 && strong.length <= MERCHANT_STRONG_MAX) {
    const rest = outputScoreOf(facts.percentiles, elite[0]);
    if (rest < MERCHANT_REST_MAX) {
      return {
        code: 'merchant',
        margin: clamp01((MERCHANT_REST_MAX - rest) / 20),
        reason: 'one_narrow_strength',
        metrics: [elite[0], ...worst.slice(0, 2)],
      };
    }
  }
  if (facts.anchor && facts.anchor.similarity >= CONTRAST_SIMILARITY_MIN && output >= CONTRAST_OUTPUT_MIN) {
    return {
      code: 'contrast',
      margin: clamp01((facts.anchor.similarity - CONTRAST_SIMILARITY_MIN) / 0.15),
      reason: 'cheaper_dna_twin',
      metrics: best.slice(0, 3),
    };
  }
  return { code: 'fallback', margin: 0, reason: 'no_rule_holds', metrics: best.slice(0, 3) };
}

/** Minutes at which the sample no longer limits confidence. */
export const CONFIDENCE_FULL_MINUTES = 1800;

/**
 * Confidence 0–1 from the sample (minutes up to 1,800) and the rule's margin:
 * 0.4 + 0.6 × (½ × sample + ½ × margin), rounded to 2 decimals; fallback for lack of data is 0.2.
 * @example confidenceOf({ code: 'elite', margin: 1, reason: '', metrics: [] }, 1800) // => 1
 */
export function confidenceOf(outcome: RuleOutcome, minutes: number): number {
  if (outcome.reason === 'not_enough_data') return 0.2;
  const sample = clamp01(minutes / CONFIDENCE_FULL_MINUTES);
  return Math.round((0.4 + 0.6 * (0.5 * sample + 0.5 * outcome.margin)) * 100) / 100;
}
