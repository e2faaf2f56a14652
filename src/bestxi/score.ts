/**
 * The Best XI candidate score (docs/methodology/bestxi.md#season-score): the rating on a 0–100
 * scale, blended with the vibe's metrics; in the pool, 0.6 × that season score + 0.4 × recent form,
 * plus a vibe's youth or cheapness bonus.
 */
import type { EngineContext } from '../context.js';
import { feeTierRank, type FeeTier } from '../stats/fee-tier.js';
import { ratingShareOf } from '../stats/rating.js';
import { metricEntriesOf, type MetricKey } from '../stats/metrics.js';
import { ROLES, type Role } from '../stats/roles.js';
import { roleMetricsOf } from '../verdict/specialties.js';
import type { Vibe } from './vibes.js';

/** Weight of the season percentile score (docs/methodology/bestxi.md#season-score). */
export const SEASON_WEIGHT = 0.6;
/** Weight of the recent-form score. */
export const FORM_WEIGHT = 0.4;
/** Age at or below which a vibe's full age bonus applies. */
const AGE_BONUS_FULL_AT = 19;

/** Weight of the role quality against the vibe's own metrics (style): one third. */
export const QUALITY_SHARE = 1 / 3;
/** What a vibe metric outside the player's role metrics counts as: the cohort median. */
export const NEUTRAL_PERCENTILE = 50;
/**
 * Raw defensive volume → its possession-adjusted twin (docs/methodology/bestxi.md#season-score):
 * wherever the Best XI reads the raw count, it reads the PAdj percentile when the row has one, so
 * the defenders of teams without the ball are not rewarded for it.
 */
export const PADJ_TWIN: Partial<Record<MetricKey, MetricKey>> = {
  tackles_per90: 'tackles_padj_per90',
  interceptions_per90: 'interceptions_padj_per90',
  clearances_per90: 'clearances_padj_per90',
  shots_blocked_per90: 'shots_blocked_padj_per90',
  ball_recovery_per90: 'ball_recovery_padj_per90',
};

/** A row's percentile in `key`, read through its PAdj twin when the row has one. NaN when unknown. */
export function fairPercentileOf(ctx: Pick<EngineContext, 'derived'>, row: number, key: MetricKey): number {
  const twin = PADJ_TWIN[key];
  const adjusted = twin === undefined ? Number.NaN : ctx.derived.percentiles[twin][row];
  return Number.isNaN(adjusted) ? ctx.derived.percentiles[key][row] : adjusted;
}

/**
 * How good a row's season was, 0–100 (docs/methodology/bestxi.md#season-score): his rating on its
 * scale ({@link ratingShareOf}), the one judgment of quality the verdicts and cards also show. NaN
 * when the row has no rating.
 * @example roleQualityOf(engine, row) // => 80 for a rating of 8.6
 */
export function roleQualityOf(ctx: Pick<EngineContext, 'derived'>, row: number): number {
  return ratingShareOf(ctx.derived.values.rating[row]);
}

/** Ball-winning, which a vibe may judge every outfield role on (docs/methodology/bestxi.md#season-score). */
const BALL_WINNING: readonly MetricKey[] = ['tackles_per90', 'interceptions_per90', 'ball_recovery_per90'];

/** A keeper's distribution, which a vibe may judge him on though his rating does not (docs/methodology/bestxi.md#season-score). */
const KEEPER_DISTRIBUTION: readonly MetricKey[] = ['long_balls_per90'];

/**
 * The metrics a vibe may judge a role on: his rating metrics and, for an outfield role, ball-winning,
 * for a keeper his distribution; PAdj twins included. Anything else counts as the cohort median.
 */
export function vibeMetricsOfRole(role: Role): Set<MetricKey> {
  const keys = new Set<MetricKey>(roleMetricsOf(role));
  for (const k of role === 'goalkeeper' ? KEEPER_DISTRIBUTION : BALL_WINNING) keys.add(k);
  for (const k of [...keys]) {
    const twin = PADJ_TWIN[k];
    if (twin) keys.add(twin);
  }
  return keys;
}

/**
 * The season score of a derived row for a vibe: one third his rating's share, two thirds the
 * vibe-weighted mean of his role-cohort percentiles in the vibe's metrics; the rating's share alone
 * without vibe weights (docs/methodology/bestxi.md#season-score). Null when the row has no rating.
 */
export function seasonScoreOf(ctx: EngineContext, row: number, vibe: Vibe): number | null {
  const role = ROLES[ctx.derived.role[row]];
  const quality = roleQualityOf(ctx, row);
  if (Number.isNaN(quality)) return null;
  const relevant = vibeMetricsOfRole(role);
  let sum = 0;
  let total = 0;
  for (const [key, w] of metricEntriesOf(vibe.weights)) {
    const p = relevant.has(key) ? fairPercentileOf(ctx, row, key) : Number.NaN;
    sum += w * (Number.isNaN(p) ? NEUTRAL_PERCENTILE : p);
    total += w;
  }
  if (total === 0) return quality;
  return QUALITY_SHARE * quality + (1 - QUALITY_SHARE) * (sum / total);
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
