/**
 * Specialties: the role-relevant outputs a verdict recognises a specialist by
 * (docs/methodology/verdict.md#specialties). A specialty holds when its lead metric is elite
 * (≥ 90th percentile in the role cohort) and its support metric, when it has one, is strong (≥ 75th).
 */
import { metricEntriesOf, type MetricKey } from '../stats/metrics.js';
import { RATING_WEIGHTS, standInOf } from '../stats/rating.js';
import type { Role } from '../stats/roles.js';
import { isOwnEvidence } from '../stats/team-outcomes.js';

/**
 * A keeper's save share, saves / shots on target faced, as a specialty lead: a facet of his rating
 * (docs/methodology/stats.md#model-rating), not a stats[] column, and the receipt key it is cited by.
 */
export const SAVE_SHARE_LEAD = 'save_share_pct';
/** What a specialty may be led by: a metric, or a keeper's save share. */
export type SpecialtyLead = MetricKey | typeof SAVE_SHARE_LEAD;

export interface Specialty {
  /** e.g. "finisher". */
  name: string;
  /** The metric (or a keeper's save share) that must be elite. */
  lead: SpecialtyLead;
  /** A metric that must be strong as well (finishing needs shot volume), or null. */
  support: MetricKey | null;
}

const s = (name: string, lead: SpecialtyLead, support: MetricKey | null = null): Specialty => ({ name, lead, support });

/**
 * The specialties of each role, most telling first. This is a data table. A keeper's goals
 * conceded and clean sheets are his defence's as much as his, so no specialty is led by them: his
 * one is led by the shots on target he kept out (docs/methodology/verdict.md#specialties).
 */
export const SPECIALTIES: Record<Role, readonly Specialty[]> = {
  goalkeeper: [s('shot-stopper', SAVE_SHARE_LEAD)],
  centre_back: [
    s('aerial stopper', 'aerials_won_per90'),
    s('ball-winner', 'interceptions_padj_per90'),
    s('ball-playing centre-back', 'passes_per90', 'pass_accuracy_pct'),
    s('ball-winner', 'tackles_padj_per90'),
  ],
  full_back: [
    s('creator', 'key_passes_per90'),
    s('creator', 'assists_per90'),
    s('ball-winner', 'interceptions_padj_per90'),
    s('ball-winner', 'tackles_padj_per90'),
  ],
  midfielder: [
    s('ball-winner', 'ball_recovery_padj_per90', 'tackles_padj_per90'),
    s('ball-winner', 'interceptions_padj_per90'),
    s('ball-winner', 'tackles_padj_per90'),
    s('creator', 'key_passes_per90'),
    s('creator', 'assists_per90'),
    s('deep-lying playmaker', 'passes_per90', 'pass_accuracy_pct'),
    s('goalscoring midfielder', 'goals_per90', 'shots_per90'),
  ],
  attacking_midfielder: [
    s('finisher', 'goals_per90', 'shots_per90'),
    s('creator', 'key_passes_per90'),
    s('creator', 'assists_per90'),
    s('dribbler', 'dribbles_per90'),
  ],
  striker: [
    s('finisher', 'goals_per90', 'shots_per90'),
    s('finisher', 'goals_per90', 'shots_on_target_per90'),
    s('creator', 'assists_per90'),
    s('aerial target', 'aerials_won_per90'),
  ],
};

/** Lead percentile of a specialty. */
export const SPECIALTY_LEAD_MIN = 90;
/** Support percentile of a specialty. */
export const SPECIALTY_SUPPORT_MIN = 75;

/**
 * The first specialty of the role that holds, or null. A possession-adjusted lead or support the
 * dataset lacks is read through its raw stand-in (RATING_STAND_INS), and the specialty then names
 * the metric actually read, so its receipt cites it. A keeper's save share is read from
 * `saveSharePercentile` (NaN when unknown).
 * @example specialtyOf('striker', { goals_per90: 95, shots_per90: 80 })?.name // => 'finisher'
 * @example specialtyOf('goalkeeper', { cleansheets_per90: 99 }, 93)?.name // => 'shot-stopper'
 */
export function specialtyOf(
  role: Role,
  percentiles: Partial<Record<MetricKey, number>>,
  saveSharePercentile = Number.NaN,
): Specialty | null {
  const read = (key: MetricKey): MetricKey => {
    const standIn = standInOf(key);
    return percentiles[key] === undefined && standIn !== null && percentiles[standIn] !== undefined ? standIn : key;
  };
  for (const sp of SPECIALTIES[role]) {
    const lead = sp.lead === SAVE_SHARE_LEAD ? sp.lead : read(sp.lead);
    const support = sp.support === null ? null : read(sp.support);
    const p = lead === SAVE_SHARE_LEAD ? saveSharePercentile : (percentiles[lead] ?? Number.NaN);
    if (Number.isNaN(p) || p < SPECIALTY_LEAD_MIN) continue;
    if (support !== null && (percentiles[support] ?? -1) < SPECIALTY_SUPPORT_MIN) continue;
    return { name: sp.name, lead, support };
  }
  return null;
}

/**
 * The metrics that matter for a role, heaviest rating weight first, then the classic metrics that
 * stand in for its event values (raw tackles for PAdj tackles): what verdicts, highlights and the
 * Best XI judge him on (docs/methodology/stats.md#model-rating).
 * @example roleMetricsOf('striker')[0] // => 'goals_per90'
 */
export function roleMetricsOf(role: Role): MetricKey[] {
  const weighted = metricEntriesOf(RATING_WEIGHTS[role])
    .sort((a, b) => b[1] - a[1])
    .map(([k]) => k);
  const standIns = weighted.map(standInOf).filter((k): k is MetricKey => k !== null && !weighted.includes(k));
  return [...weighted, ...new Set(standIns)];
}

/**
 * The weight a metric carries in the role's rating for a row that has it, counting the shares of
 * what it stands in for or what stands in for it (goals and npxG of a striker both carry 0.35):
 * the weight of the job it measures, whichever way the dataset measures it.
 * @example jobWeightOf('striker', 'npxg_per90') // => 0.35
 */
export function jobWeightOf(role: Role, key: MetricKey): number {
  const weights = RATING_WEIGHTS[role];
  let w = weights[key] ?? 0;
  const standIn = standInOf(key);
  if (standIn !== null) w += weights[standIn] ?? 0;
  for (const [k, x] of metricEntriesOf(weights)) if (standInOf(k) === key) w += x;
  return w;
}

/** The parts of a player's job a scout reads separately; receipts cover several before repeating one. */
export type Facet =
  | 'keeping goals out'
  | 'passing'
  | 'creating'
  | 'scoring'
  | 'ball-winning'
  | 'stopping'
  | 'carrying'
  | 'overall';

/** The facet of every metric (docs/methodology/verdict.md#evidence). This is a data table. */
export const FACET_OF: Record<MetricKey, Facet> = {
  saves_per90: 'keeping goals out',
  cleansheets_per90: 'keeping goals out',
  goals_conceded_per90: 'keeping goals out',
  punches_per90: 'keeping goals out',
  long_balls_per90: 'passing',
  rating: 'overall',
  pass_accuracy_pct: 'passing',
  aerials_won_per90: 'stopping',
  tackles_per90: 'ball-winning',
  interceptions_per90: 'ball-winning',
  clearances_per90: 'stopping',
  passes_per90: 'passing',
  shots_blocked_per90: 'stopping',
  duels_won_per90: 'ball-winning',
  crosses_per90: 'creating',
  key_passes_per90: 'creating',
  dribbles_per90: 'carrying',
  ball_recovery_per90: 'ball-winning',
  cross_accuracy_pct: 'creating',
  assists_per90: 'creating',
  goals_per90: 'scoring',
  big_chances_per90: 'creating',
  shots_per90: 'scoring',
  shots_on_target_per90: 'scoring',
  progressive_passes_per90: 'passing',
  progressive_carries_per90: 'carrying',
  passes_into_final_third_per90: 'passing',
  passes_into_box_per90: 'creating',
  xg_per90: 'scoring',
  npxg_per90: 'scoring',
  xa_per90: 'creating',
  sca_per90: 'creating',
  xt_per90: 'creating',
  tackles_padj_per90: 'ball-winning',
  interceptions_padj_per90: 'ball-winning',
  clearances_padj_per90: 'stopping',
  shots_blocked_padj_per90: 'stopping',
  ball_recovery_padj_per90: 'ball-winning',
};

/**
 * Reorders metrics so the first of each facet comes first (in the given order), then the rest in
 * the given order: three receipts show three parts of the job before a second of one part.
 * @example acrossFacets(['passes_per90', 'pass_accuracy_pct', 'tackles_padj_per90']) // => ['passes_per90', 'tackles_padj_per90', 'pass_accuracy_pct']
 */
export function acrossFacets(keys: readonly MetricKey[]): MetricKey[] {
  const seen = new Set<Facet>();
  const first: MetricKey[] = [];
  const rest: MetricKey[] = [];
  for (const k of keys) {
    if (seen.has(FACET_OF[k])) rest.push(k);
    else {
      seen.add(FACET_OF[k]);
      first.push(k);
    }
  }
  return [...first, ...rest];
}

/** Rating weight (of the job, {@link jobWeightOf}) from which a role metric is a key metric: what highlights lead with. */
export const KEY_METRIC_WEIGHT_MIN = 0.1;

/**
 * The role's key metrics (job weight ≥ KEY_METRIC_WEIGHT_MIN) that are the player's own evidence
 * (an outfield player's team outcomes are left out, docs/methodology/verdict.md#team-outcomes), heaviest first.
 * @example keyRoleMetricsOf('striker').slice(0, 2) // => ['goals_per90', 'npxg_per90']
 * @example keyRoleMetricsOf('centre_back').includes('goals_conceded_per90') // => false
 */
export function keyRoleMetricsOf(role: Role): MetricKey[] {
  const weightOf = (k: MetricKey) => jobWeightOf(role, k);
  return roleMetricsOf(role)
    .filter((k) => weightOf(k) >= KEY_METRIC_WEIGHT_MIN && isOwnEvidence(role, k))
    .sort((a, b) => weightOf(b) - weightOf(a));
}
