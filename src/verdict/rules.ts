/**
 * Verdict rules (docs/design.md#verdicts): explicit predicates over percentiles, fee tier, age and the trend
 * across seasons, tried in a fixed priority. Every threshold is a named constant documented in
 * docs/methodology.md#verdicts.
 */
import type { CountingColumn } from '../model/schema.js';
import { feeTierRank, type FeeTier } from '../stats/fee-tier.js';
import { METRICS, metricEntriesOf, type MetricKey } from '../stats/metrics.js';
import { ratingComposite } from '../stats/rating.js';
import type { Role } from '../stats/roles.js';
import { isTeamOutcome, ownEvidenceOf } from '../stats/team-outcomes.js';
import { acrossFacets, jobWeightOf, SAVE_SHARE_LEAD, specialtyOf, type Specialty } from './specialties.js';

/**
 * The verdict codes (docs/methodology/verdict.md#codes): every regular with enough data gets one of
 * the first eight; `fallback` is left for too little data.
 */
export const VERDICT_CODES = [
  'elite',
  'contrast',
  'fraud',
  'merchant',
  'cooked',
  'specialist',
  'solid',
  'below_par',
  'fallback',
] as const;
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
/**
 * elite: fewest minutes in the main season behind an `elite` verdict, about a third of a season
 * (docs/methodology/verdict.md#sample). Under it a player with elite numbers gets the next rule that holds.
 */
export const ELITE_MINUTES_MIN = 1000;
/** elite: minimum role output score. */
export const ELITE_OUTPUT_MIN = 65;
/** elite: minimum number of role metrics at or above the 90th percentile. */
export const ELITE_METRICS_MIN = 2;
/** solid: minimum role output score; below it a regular is below par. */
export const SOLID_OUTPUT_MIN = 40;
/**
 * elite: lowest percentile of the player's model rating in his role cohort. The rating is the one
 * judgment of how good a season was (docs/methodology/verdict.md#elite), so an elite verdict never
 * sits beside a middling rating.
 */
export const ELITE_RATING_PERCENTILE_MIN = 75;
/** Percentile that makes a metric elite. */
export const ELITE_PERCENTILE = 90;
/** Percentile that makes a metric strong. */
export const STRONG_PERCENTILE = 75;
/**
 * merchant: a specialty whose other role metrics score below this, none of them strong (≥ 75);
 * at or above it, or with another strong metric, he is a specialist.
 */
export const MERCHANT_REST_MAX = 45;
/** contrast: minimum DNA similarity to the pricier anchor. */
export const CONTRAST_SIMILARITY_MIN = 0.8;
/** contrast: minimum output score of the cheaper player. */
export const CONTRAST_OUTPUT_MIN = 50;

/** Everything a rule may look at, for one player's main season. */
export interface VerdictFacts {
  minutes: number;
  cohortN: number;
  /** The player's role: his percentiles are ranked in its cohort and weighed by its rating weights. */
  role: Role;
  /** Percentiles of the role's metrics (NaN-free: missing metrics are omitted). */
  percentiles: Partial<Record<MetricKey, number>>;
  age: number | null;
  feeTier: FeeTier | null;
  /** Output score of the previous season with enough minutes, or null. */
  previousOutput: number | null;
  /** Percentile of his model rating in his role cohort; absent or null when unknown. */
  ratingPercentile?: number | null;
  /** A goalkeeper's save-share percentile in his cohort (his own shot stopping); absent or null when unknown. */
  saveSharePercentile?: number | null;
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
  /** The specialty of a specialist or merchant, else absent. */
  specialty?: Specialty;
}

/**
 * Role output score: the role's rating composite (weighted mean of its metrics' role-cohort
 * percentiles, docs/methodology/stats.md#model-rating) over the player's own evidence, so an
 * outfield player's team outcomes (goals conceded, clean sheets) drop out and the rest are
 * re-weighted (docs/methodology/verdict.md#team-outcomes); NaN for none. `exclude` leaves one metric out.
 * @example outputScoreOf('striker', { goals_per90: 80, shots_on_target_per90: 60 }) // => 74 ((0.35 × 80 + 0.15 × 60) / 0.5)
 * @example outputScoreOf('midfielder', { goals_conceded_per90: 100, passes_per90: 50 }) // => 50
 */
export function outputScoreOf(
  role: Role,
  percentiles: Partial<Record<MetricKey, number>>,
  exclude?: MetricKey,
): number {
  const own = ownEvidenceOf(role, percentiles);
  const composite = ratingComposite(role, (k) => (k === exclude ? Number.NaN : (own[k] ?? Number.NaN)));
  // Rounded to 1e-6 so weights summing to 0.9999… do not move a score across a threshold.
  return Math.round(composite * 1e6) / 1e6;
}

const clamp01 = (x: number) => Math.max(0, Math.min(1, x));
/** A rule's outcome, its margin clamped to 0–1. */
const outcomeOf = (
  code: VerdictCode,
  margin: number,
  reason: string,
  metrics: MetricKey[],
  specialty?: Specialty,
): RuleOutcome => ({ code, margin: clamp01(margin), reason, metrics, ...(specialty ? { specialty } : {}) });
const byPercentile = (facts: VerdictFacts, dir: 1 | -1) =>
  metricEntriesOf(facts.percentiles)
    .sort((a, b) => dir * (b[1] - a[1]) || a[0].localeCompare(b[0]))
    .map(([k]) => k);

/**
 * Receipts for a strength, where he stands out first: the strong metrics (≥ 75th) that are his own
 * work before a keeper's team outcomes (goals conceded, clean sheets), elite ones (≥ 90th) before
 * merely strong ones, and within each by the weight of their job in the rating (a striker's goals
 * before his shots), one per facet of the job (passing, ball-winning, scoring…) before a second of
 * the same facet; then the rest by percentile (docs/methodology/verdict.md#evidence).
 * @example byImportance({ role: 'striker', percentiles: { shots_per90: 99, goals_per90: 95 } })[0] // => 'goals_per90'
 * @example byImportance({ role: 'midfielder', percentiles: { progressive_passes_per90: 85, tackles_padj_per90: 90 } })[0] // => 'tackles_padj_per90'
 */
export function byImportance(facts: Pick<VerdictFacts, 'role' | 'percentiles'>): MetricKey[] {
  const p = (k: MetricKey) => facts.percentiles[k] ?? 0;
  const weight = (k: MetricKey) => Math.round(jobWeightOf(facts.role, k) * 1e6);
  const team = (k: MetricKey) => (isTeamOutcome(k) ? 1 : 0);
  const elite = (k: MetricKey) => (p(k) >= ELITE_PERCENTILE ? 1 : 0);
  const keys = metricEntriesOf(facts.percentiles).map(([k]) => k);
  const strong = keys
    .filter((k) => p(k) >= STRONG_PERCENTILE)
    .sort(
      (a, b) => team(a) - team(b) || elite(b) - elite(a) || weight(b) - weight(a) || p(b) - p(a) || a.localeCompare(b),
    );
  const rest = keys.filter((k) => p(k) < STRONG_PERCENTILE).sort((a, b) => p(b) - p(a) || a.localeCompare(b));
  return [...acrossFacets(strong), ...rest];
}

/**
 * Applies the rules in priority order — fallback (too little data), cooked, fraud, elite,
 * specialist, merchant, contrast, solid, below_par — and returns the first that holds. Only the
 * player's own evidence is read: an outfield player's team outcomes never decide nor show as a receipt.
 */
export function verdictOf(allFacts: VerdictFacts): RuleOutcome {
  const facts = { ...allFacts, percentiles: ownEvidenceOf(allFacts.role, allFacts.percentiles) };
  const output = outputScoreOf(facts.role, facts.percentiles);
  if (facts.minutes < VERDICT_MINUTES_MIN || facts.cohortN < VERDICT_COHORT_MIN || Number.isNaN(output))
    return { code: 'fallback', margin: 0, reason: 'not_enough_data', metrics: [] };
  const best = byPercentile(facts, 1);
  const telling = byImportance(facts);
  const worst = byPercentile(facts, -1);
  const p = (k: MetricKey) => facts.percentiles[k]!;
  const historic = historicVerdictOf(facts, output, worst);
  if (historic) return historic;
  const elite = best.filter((k) => p(k) >= ELITE_PERCENTILE);
  if (isEliteOutput(output, elite.length, facts.ratingPercentile) && facts.minutes >= ELITE_MINUTES_MIN)
    return outcomeOf(
      'elite',
      (output - ELITE_OUTPUT_MIN) / 20,
      'broad_elite_output',
      telling.filter((k) => p(k) >= STRONG_PERCENTILE).slice(0, 3),
    );
  const specialty = specialtyOf(facts.role, facts.percentiles, facts.saveSharePercentile ?? Number.NaN);
  if (specialty) return specialtyVerdictOf(facts, specialty, { best, telling, worst });
  if (facts.anchor && facts.anchor.similarity >= CONTRAST_SIMILARITY_MIN && output >= CONTRAST_OUTPUT_MIN)
    return outcomeOf(
      'contrast',
      (facts.anchor.similarity - CONTRAST_SIMILARITY_MIN) / 0.15,
      'cheaper_dna_twin',
      best.slice(0, 3),
    );
  if (output >= SOLID_OUTPUT_MIN)
    return outcomeOf('solid', (output - SOLID_OUTPUT_MIN) / 20, 'does_the_job', telling.slice(0, 3));
  return outcomeOf('below_par', (SOLID_OUTPUT_MIN - output) / 20, 'under_role_level', worst.slice(0, 3));
}

/** True when the output, the count of elite role metrics and the rating clear the elite rule, whatever the minutes. */
const isEliteOutput = (output: number, eliteMetrics: number, ratingPercentile: number | null | undefined) =>
  output >= ELITE_OUTPUT_MIN &&
  eliteMetrics >= ELITE_METRICS_MIN &&
  (ratingPercentile == null || ratingPercentile >= ELITE_RATING_PERCENTILE_MIN);

/**
 * True when a regular's numbers clear the elite rule but his minutes are under ELITE_MINUTES_MIN:
 * the verdict then says the sample is what holds him back (docs/methodology/verdict.md#sample).
 * @example eliteOnFewMinutesOf({ ...eliteFacts, minutes: 565 }) // => true
 */
export function eliteOnFewMinutesOf(facts: VerdictFacts): boolean {
  if (facts.minutes >= ELITE_MINUTES_MIN || facts.minutes < VERDICT_MINUTES_MIN) return false;
  const own = ownEvidenceOf(facts.role, facts.percentiles);
  const eliteMetrics = metricEntriesOf(own).filter(([, p]) => p >= ELITE_PERCENTILE).length;
  return isEliteOutput(outputScoreOf(facts.role, own), eliteMetrics, facts.ratingPercentile);
}

/**
 * specialist or merchant for a player with a role specialty: a specialist when the rest of his
 * role output reaches MERCHANT_REST_MAX or another metric is strong, else a one-stat merchant.
 */
function specialtyVerdictOf(
  facts: VerdictFacts,
  specialty: Specialty,
  { best, telling, worst }: Record<'best' | 'telling' | 'worst', readonly MetricKey[]>,
): RuleOutcome {
  const p = (k: MetricKey) => facts.percentiles[k]!;
  // A keeper's save share is not a metric of the output: the receipts place it first (keeper-receipts.ts).
  const lead = specialty.lead === SAVE_SHARE_LEAD ? null : specialty.lead;
  const leadPercentile = lead === null ? (facts.saveSharePercentile ?? 0) : p(lead);
  const rest = outputScoreOf(facts.role, facts.percentiles, lead ?? undefined);
  const decisive = [...(lead ? [lead] : []), ...(specialty.support ? [specialty.support] : [])];
  // The support metric is strong by definition, so it is a second strength: a merchant has one.
  const otherStrong = best.filter((k) => p(k) >= STRONG_PERCENTILE && k !== lead);
  if (rest >= MERCHANT_REST_MAX || otherStrong.length > 0)
    return outcomeOf(
      'specialist',
      (leadPercentile - 90) / 10,
      'role_specialty',
      [...decisive, ...telling.filter((k) => !decisive.includes(k))].slice(0, lead ? 3 : 2),
      specialty,
    );
  return outcomeOf(
    'merchant',
    (MERCHANT_REST_MAX - rest) / 20,
    'one_narrow_strength',
    [...decisive, ...worst.filter((k) => k !== lead)].slice(0, lead ? 3 : 2),
    specialty,
  );
}

/** cooked (needs age and an earlier season) and fraud (needs a fee tier), or null when neither holds. */
function historicVerdictOf(facts: VerdictFacts, output: number, worst: MetricKey[]): RuleOutcome | null {
  const decline = facts.previousOutput === null ? Number.NaN : facts.previousOutput - output;
  if (facts.age !== null && facts.age >= COOKED_AGE_MIN && decline >= COOKED_DECLINE_MIN)
    return outcomeOf('cooked', (decline - COOKED_DECLINE_MIN) / 20, 'age_and_decline', worst.slice(0, 3));
  if (facts.feeTier !== null && feeTierRank(facts.feeTier) >= FRAUD_TIER_MIN && output < FRAUD_OUTPUT_MAX)
    return outcomeOf('fraud', (FRAUD_OUTPUT_MAX - output) / 20, 'high_fee_low_output', worst.slice(0, 3));
  return null;
}

/**
 * What the rules could not check for want of data, in words (docs/methodology/verdict.md#unchecked):
 * fraud and contrast need a fee tier, cooked needs age and an earlier season.
 * @example uncheckedOf({ feeTier: null, age: 31, previousOutput: null }) // => ['fraud and contrast: no fee tier (no market value)', 'cooked: no earlier season to compare with']
 */
export function uncheckedOf(facts: Pick<VerdictFacts, 'feeTier' | 'age' | 'previousOutput'>): string[] {
  const out: string[] = [];
  if (facts.feeTier === null) out.push('fraud and contrast: no fee tier (no market value)');
  if (facts.age === null) out.push('cooked: no age (no birth date)');
  else if (facts.previousOutput === null) out.push('cooked: no earlier season to compare with');
  return out;
}

/** Minutes from which the sample stops limiting confidence (docs/methodology/verdict.md#sample). */
export const CONFIDENCE_FULL_MINUTES = 1800;

/**
 * Attempts at which a ratio receipt (pass or cross accuracy) stops limiting confidence, keyed by
 * the attempts column: where the ratio's binomial standard error is about a quarter of its spread
 * among a league's regulars (docs/methodology/verdict.md#sample).
 */
export const RATIO_ATTEMPTS_FULL: Partial<Record<CountingColumn, number>> = { passes: 600, crosses: 120 };

/**
 * The share of a full sample behind a verdict (0–1): minutes / CONFIDENCE_FULL_MINUTES, lowered to
 * attempts / RATIO_ATTEMPTS_FULL for each ratio among its receipts (a cross accuracy on 20 crosses
 * rests on 20 attempts, whatever the minutes). An unknown attempts count leaves the minutes share.
 * @example sampleShareOf(900, ['cross_accuracy_pct'], { crosses: 30 }) // => 0.25 (30 / 120 < 900 / 1800)
 */
export function sampleShareOf(
  minutes: number,
  receipts: readonly MetricKey[],
  attempts: Partial<Record<CountingColumn, number | null>>,
): number {
  let share = clamp01(minutes / CONFIDENCE_FULL_MINUTES);
  for (const key of receipts) {
    const def = METRICS[key];
    if (def.kind !== 'pct') continue;
    const full = RATIO_ATTEMPTS_FULL[def.attempted];
    const n = attempts[def.attempted];
    if (full !== undefined && n !== undefined && n !== null) share = Math.min(share, clamp01(n / full));
  }
  return share;
}

/**
 * Confidence 0–1: the sample share ({@link sampleShareOf}) times 0.7 + 0.3 × the rule's margin,
 * rounded to 2 decimals. A full sample gives 0.7 at the threshold and 1 far past it; half a sample
 * at most 0.5, so a small sample never speaks loudly. A fallback is 0 (no claim).
 * @example confidenceOf({ code: 'elite', margin: 1, reason: '', metrics: [] }, 1) // => 1
 * @example confidenceOf({ code: 'solid', margin: 0.5, reason: '', metrics: [] }, 0.25) // => 0.21
 */
export function confidenceOf(outcome: RuleOutcome, sampleShare: number): number {
  if (outcome.code === 'fallback') return 0;
  return Math.round(clamp01(sampleShare) * (0.7 + 0.3 * outcome.margin) * 100) / 100;
}
