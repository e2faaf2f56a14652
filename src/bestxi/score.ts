/**
 * The Best XI candidate score (DESIGN §7): 0.6 × season percentile score + 0.4 × recent-form
 * score, plus a vibe's youth or cheapness bonus.
 */
import type { EngineContext } from '../context.js';
import { feeTierRank, type FeeTier } from '../stats/fee-tier.js';
import { ratingComposite } from '../stats/rating.js';
import { ROLES } from '../stats/roles.js';
import { roleMetricsOf } from '../verdict/specialties.js';
import type { Vibe } from './vibes.js';

/** Weight of the season percentile score (docs/methodology.md#best-xi). */
export const SEASON_WEIGHT = 0.6;
/** Weight of the recent-form score. */
export const FORM_WEIGHT = 0.4;
/** Age at or below which a vibe's full age bonus applies. */
export const AGE_BONUS_FULL_AT = 19;

/**
 * Weighted mean of a derived row's role-cohort percentiles over the vibe's weights restricted to
 * the metrics that matter for the row's role; when no vibe weight applies (the `balanced` vibe),
 * the role's rating composite: every role metric by its rating weight
 * (docs/methodology/bestxi.md#season-score). Null when the row has no percentile at all.
 */
export function seasonScoreOf(ctx: EngineContext, row: number, vibe: Vibe): number | null {
  const role = ROLES[ctx.derived.role[row]];
  const weighted = roleMetricsOf(role).filter((k) => vibe.weights[k] !== undefined);
  if (weighted.length === 0) {
    const composite = ratingComposite(role, (k) => ctx.derived.percentiles[k][row]);
    return Number.isNaN(composite) ? null : composite;
  }
  let sum = 0;
  let total = 0;
  for (const key of weighted) {
    const p = ctx.derived.percentiles[key][row];
    if (Number.isNaN(p)) continue;
    sum += vibe.weights[key]! * p;
    total += vibe.weights[key]!;
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
