/**
 * The receipts of a verdict (docs/methodology/verdict.md#evidence): each deciding metric's value and
 * role-cohort percentile with the cohort in words, a keeper's save share, and an outfield player's
 * team outcomes shown apart.
 */
import * as z from 'zod';
import type { EngineContext } from '../context.js';
import { METRICS, type MetricKey } from '../stats/metrics.js';
import { percentileAt, saveSharePercentileAt, valueAt } from '../stats/derived.js';
import { saveShareOf } from '../stats/save-share.js';
import { cohortNameOf, SMALL_COHORT_MAX } from '../stats/cohorts.js';
import { ratedPercentilesOf } from '../stats/rating.js';
import { ROLES, type Role } from '../stats/roles.js';
import {
  isOwnEvidence,
  isTeamOutcome,
  KEEPER_TEAM_OUTCOME_NOTE,
  TEAM_OUTCOME_METRICS,
  TEAM_OUTCOME_NOTE,
} from '../stats/team-outcomes.js';
import { RECEIPT_KEYS, SAVE_SHARE_LABEL, SAVE_SHARE_RECEIPT } from './keeper-receipts.js';

/** One metric behind a verdict, with its cohort percentile (the tag evidence of DNA is `Evidence` in src/dna/tags.ts). */
export const VerdictEvidence = z
  .object({
    metric: z
      .enum(RECEIPT_KEYS)
      .describe("A metric key, or save_share_pct: a goalkeeper's saves / shots on target faced, in %"),
    label: z.string(),
    value: z.number().nullable(),
    percentile: z.number(),
    cohort: z.string(),
  })
  .loose();
export type VerdictEvidence = z.infer<typeof VerdictEvidence>;

/** The role of a derived row. */
export const roleAt = (ctx: EngineContext, row: number): Role => ROLES[ctx.derived.role[row]];

/**
 * Role-cohort percentiles of the metrics the role's rating reads at a derived row (an event value
 * the dataset lacks is replaced by its stand-in; missing ones omitted).
 */
export function percentilesAt(ctx: EngineContext, row: number): Partial<Record<MetricKey, number>> {
  // One row at a time: a verdict ranks the cohorts of the player's rows, not every cohort (docs/design.md#first-answer).
  return ratedPercentilesOf(roleAt(ctx, row), (k) => percentileAt(ctx.derived, k, row));
}

/** The receipts: each deciding metric's value and role-cohort percentile, with the cohort in words. */
export function evidenceOf(
  ctx: EngineContext,
  row: number,
  cohortId: number,
  metrics: readonly MetricKey[],
  percentiles: Partial<Record<MetricKey, number>>,
): VerdictEvidence[] {
  const cohort = cohortTextOf(ctx, cohortId);
  // Only a keeper's receipts can hold a team outcome; it says whose it is.
  const labelOf = (m: MetricKey) =>
    isTeamOutcome(m) ? `${METRICS[m].label} (${KEEPER_TEAM_OUTCOME_NOTE})` : METRICS[m].label;
  return metrics.map((metric) => receiptOf(ctx, row, metric, labelOf(metric), percentiles[metric]!, cohort));
}

/** One metric's receipt: its value at the row (2 decimals, null when missing), its percentile and the cohort in words. */
function receiptOf(
  ctx: EngineContext,
  row: number,
  metric: MetricKey,
  label: string,
  percentile: number,
  cohort: string,
): VerdictEvidence {
  const value = valueAt(ctx.derived, metric, row);
  return { metric, label, value: Number.isNaN(value) ? null : Math.round(value * 100) / 100, percentile, cohort };
}

/** A keeper's save share as a receipt: his own shot stopping, in % (keeper-receipts.ts). */
export function saveShareReceiptOf(ctx: EngineContext, row: number, cohortId: number): VerdictEvidence {
  const share = saveShareOf(ctx.derived, row);
  return {
    metric: SAVE_SHARE_RECEIPT,
    label: SAVE_SHARE_LABEL,
    value: Number.isNaN(share) ? null : Math.round(share * 1000) / 10,
    percentile: saveSharePercentileAt(ctx.derived, row),
    cohort: cohortTextOf(ctx, cohortId),
  };
}

/**
 * An outfield player's team outcomes with him on the pitch, each labelled "(team, with him on the
 * pitch)", ranked in his cohort like any metric; empty for a goalkeeper (they are his own evidence)
 * and without a row (docs/methodology/verdict.md#team-outcomes).
 */
export function teamOnPitchOf(ctx: EngineContext, row: number, cohortId: number, role: Role): VerdictEvidence[] {
  if (row < 0) return [];
  const cohort = cohortTextOf(ctx, cohortId);
  const out: VerdictEvidence[] = [];
  for (const metric of TEAM_OUTCOME_METRICS) {
    if (isOwnEvidence(role, metric)) continue;
    const p = percentileAt(ctx.derived, metric, row);
    if (!Number.isNaN(p))
      out.push(receiptOf(ctx, row, metric, `${METRICS[metric].label} (${TEAM_OUTCOME_NOTE})`, p, cohort));
  }
  return out;
}

/** The cohort in words, with its size; '' without a cohort (`cohortId` -1). */
export function cohortTextOf(ctx: EngineContext, cohortId: number): string {
  if (cohortId < 0) return '';
  const c = ctx.derived.cohorts[cohortId];
  const who = c.role ? cohortNameOf(c) : `${cohortNameOf(c)} (role cohort too small)`;
  // A small cohort says so: its percentiles step by 100 / n points (SMALL_COHORT_MAX).
  const size = c.n <= SMALL_COHORT_MAX ? `n = ${c.n}, a small cohort` : `n = ${c.n}`;
  return `${who}, ${ctx.leagueById(c.league_id)?.name ?? c.league_id} ${ctx.seasonById(c.season_id)?.name ?? c.season_id} (${size})`;
}
