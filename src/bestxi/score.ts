/**
 * The Best XI candidate score (docs/design.md#best-xi): 0.6 × season percentile score + 0.4 × recent-form
 * score, plus a vibe's youth or cheapness bonus.
 */
import type { EngineContext } from '../context.js';
import { POSITION_GROUPS } from '../data/schema.js';
import { feeTierRank, type FeeTier } from '../stats/fee-tier.js';
import { JUDGED_GROUP_METRICS, type MetricKey } from '../stats/metrics.js';
import type { Vibe } from './vibes.js';

/** Weight of the season percentile score (docs/methodology.md#best-xi). */
export const SEASON_WEIGHT = 0.6;
/** Weight of the recent-form score. */
export const FORM_WEIGHT = 0.4;
/** Age at or below which a vibe's full age bonus applies. */
export const AGE_BONUS_FULL_AT = 19;

/**
 * Weighted mean of a derived row's cohort percentiles over the vibe's weights restricted to the
 * row's group; equal weights over the group's metrics when no vibe weight applies. Null when the
 * row has no percentile at all.
 */
export function seasonScoreOf(ctx: EngineContext, row: number, vibe: Vibe): number | null {
  const group = POSITION_GROUPS[ctx.derived.group[row]];
  const keys = JUDGED_GROUP_METRICS[group];
  const weighted = keys.filter((k) => vibe.weights[k] !== undefined);
  const use: [MetricKey, number][] =
    weighted.length > 0 ? weighted.map((k) => [k, vibe.weights[k]!]) : keys.map((k) => [k, 1]);
  let sum = 0;
  let total = 0;
  for (const [key, w] of use) {
    const p = ctx.derived.percentiles[key][row];
    if (Number.isNaN(p)) continue;
    sum += w * p;
    total += w;
  }
  return total === 0 ? null : sum / total;
}

/** The vibe's bonus points for a player's age and fee tier. */
export function bonusOf(vibe: Vibe, age: number | null, feeTier: FeeTier | null): number {
  let bonus = 0;
  if (vibe.age_bonus && age !== null) {
    const top = vibe.filters.max_age ?? AGE_BONUS_FULL_AT + 4;
    const share = age <= AGE_BONUS_FULL_AT ? 1 : Math.max(0, (top - age) / (top - AGE_BONUS_FULL_AT));
    bonus += vibe.age_bonus * share;
  }
  if (vibe.fee_bonus && feeTier !== null) {
    const rank = feeTierRank(feeTier);
    bonus += rank === 1 ? vibe.fee_bonus : rank === 2 ? vibe.fee_bonus / 2 : 0;
  }
  return bonus;
}

/**
 * Combined vibe score. Without a form score (no appearances table) the season score stands alone.
 * @example vibeScoreOf(80, 50, 0) // => 0.6 × 80 + 0.4 × 50 = 68
 */
export function vibeScoreOf(season: number, form: number | null, bonus: number): number {
  const base = form === null ? season : SEASON_WEIGHT * season + FORM_WEIGHT * form;
  return Math.round((base + bonus) * 10) / 10;
}
