/**
 * The Best XI candidate score (docs/design.md#best-xi): 0.6 × season percentile score + 0.4 × recent-form
 * score, plus a vibe's youth or cheapness bonus.
 */
import type { EngineContext } from '../context.js';
import { feeTierRank, type FeeTier } from '../stats/fee-tier.js';
import { ratingComposite } from '../stats/rating.js';
import type { MetricKey } from '../stats/metrics.js';
import { ROLES } from '../stats/roles.js';
import { roleMetricsOf } from '../verdict/specialties.js';
import type { Vibe } from './vibes.js';

/** Weight of the season percentile score (docs/methodology.md#best-xi). */
export const SEASON_WEIGHT = 0.6;
/** Weight of the recent-form score. */
export const FORM_WEIGHT = 0.4;
/** Age at or below which a vibe's full age bonus applies. */
export const AGE_BONUS_FULL_AT = 19;

/** Weight of the role's rating composite (quality) against the vibe's own metrics (style): one third. */
export const QUALITY_SHARE = 1 / 3;
/** What a vibe metric outside the player's role metrics counts as: the cohort median. */
export const NEUTRAL_PERCENTILE = 50;

/**
 * The season score of a derived row for a vibe (docs/methodology/bestxi.md#season-score): one third
 * the role's rating composite (how well he does his role's job), two thirds the vibe-weighted mean
 * of his role-cohort percentiles in the vibe's metrics (how much he plays the vibe's football). A
 * vibe metric that is not one of his role's metrics counts as the cohort median, 50: a keeper's
 * "dribbles" say nothing, so they neither help nor hurt him. Without vibe weights (`balanced`) the
 * score is the composite alone. Null when the row has no percentile at all.
 */
export function seasonScoreOf(ctx: EngineContext, row: number, vibe: Vibe): number | null {
  const role = ROLES[ctx.derived.role[row]];
  const composite = ratingComposite(role, (k) => ctx.derived.percentiles[k][row]);
  if (Number.isNaN(composite)) return null;
  const relevant = new Set(roleMetricsOf(role));
  let sum = 0;
  let total = 0;
  for (const [key, w] of Object.entries(vibe.weights) as [MetricKey, number][]) {
    const p = ctx.derived.percentiles[key][row];
    sum += w * (relevant.has(key) && !Number.isNaN(p) ? p : NEUTRAL_PERCENTILE);
    total += w;
  }
  if (total === 0) return composite;
  return QUALITY_SHARE * composite + (1 - QUALITY_SHARE) * (sum / total);
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
