/**
 * A goalkeeper's own shot stopping as a verdict receipt (docs/methodology/verdict.md#keeper-receipts):
 * his save share, saves / shots on target faced, ranked in his cohort.
 */
import { METRIC_KEYS } from '../stats/metrics.js';
import { isTeamOutcome } from '../stats/team-outcomes.js';
import { STRONG_PERCENTILE, type VerdictCode } from './rules.js';
import { SAVE_SHARE_LEAD } from './specialties.js';

/** The receipt key of a keeper's save share: a facet of his rating, not a stats[] column. */
export const SAVE_SHARE_RECEIPT = SAVE_SHARE_LEAD;
/** What a verdict receipt may name: a metric key, or a keeper's save share. */
export const RECEIPT_KEYS = [...METRIC_KEYS, SAVE_SHARE_RECEIPT] as const;
export type ReceiptKey = (typeof RECEIPT_KEYS)[number];
/** How the save-share receipt reads. */
export const SAVE_SHARE_LABEL = 'Save share (saves / shots on target faced)';

/** Verdicts whose receipts list the weakest metrics first; every other lists strengths first. */
const WORST_FIRST: readonly VerdictCode[] = ['below_par', 'fraud', 'cooked'];
/**
 * Verdicts whose first receipt is their specialty's lead, which the headline names: a keeper's one
 * specialty, shot-stopper, is led by his save share (specialties.ts).
 */
const LEAD_FIRST: readonly VerdictCode[] = ['specialist', 'merchant'];

/** Receipts a verdict lists at most (elite, solid and below par list three). */
const RECEIPTS_MAX = 3;

/**
 * A keeper's receipts with his save share in its place, up to three receipts (a fourth gives way);
 * where it stands in each kind of verdict: docs/methodology/verdict.md#keeper-receipts. A fallback's
 * empty list stays empty.
 * @example withSaveShare([{ metric: 'goals_conceded_per90', percentile: 91 }], { metric: 'save_share_pct', percentile: 97 }, 'elite')[0].metric // => 'save_share_pct'
 */
export function withSaveShare<E extends { metric: string; percentile: number }>(
  receipts: readonly E[],
  saveShare: E,
  code: VerdictCode,
): E[] {
  if (receipts.length === 0 || Number.isNaN(saveShare.percentile)) return [...receipts];
  if (LEAD_FIRST.includes(code)) return [saveShare, ...receipts].slice(0, Math.max(receipts.length, RECEIPTS_MAX));
  if (code === 'elite' && saveShare.percentile < STRONG_PERCENTILE) return [...receipts];
  const p = saveShare.percentile;
  let at: number;
  if (WORST_FIRST.includes(code)) {
    at = receipts.findIndex((r) => r.percentile > p || (r.percentile === p && isTeamOutcome(r.metric)));
  } else {
    at = receipts.findIndex((r) => isTeamOutcome(r.metric) || r.percentile < p);
  }
  const out = [...receipts];
  out.splice(at < 0 ? out.length : at, 0, saveShare);
  return out.slice(0, Math.max(receipts.length, RECEIPTS_MAX));
}
