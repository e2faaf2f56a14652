/**
 * The stat keys (docs/design.md#stat-keys): how each is computed from the counting totals of the
 * data model (docs/design.md#data-model), and the keys each position group reports.
 */
import { POSITION_GROUPS, type CountingColumn, type PositionGroup } from '../model/schema.js';
import { recordOf } from '../model/record-of.js';

/** How a metric is computed from a `player_seasons` row. */
type MetricRule =
  | { kind: 'per90'; total: CountingColumn; lowerIsBetter: boolean; label: string }
  | { kind: 'pct'; completed: CountingColumn; attempted: CountingColumn; lowerIsBetter: false; label: string }
  | { kind: 'rating'; lowerIsBetter: false; label: string };

const per90 = <C extends CountingColumn>(total: C, label: string, lowerIsBetter = false) => ({
  kind: 'per90' as const,
  total,
  lowerIsBetter,
  label,
});

const pct = <A extends CountingColumn, B extends CountingColumn>(completed: A, attempted: B, label: string) => ({
  kind: 'pct' as const,
  completed,
  attempted,
  lowerIsBetter: false as const,
  label,
});

// Kept literal (satisfies, not an annotation) so the compiler knows the keys and which counting
// columns are read; the order is the order of METRIC_KEYS.
const METRIC_DEFS = {
  saves_per90: per90('saves', 'Saves'),
  cleansheets_per90: per90('clean_sheets', 'Clean sheets'),
  // Fewer goals conceded is better, so its percentile is inverted (docs/methodology.md#percentiles).
  goals_conceded_per90: per90('goals_conceded', 'Goals conceded', true),
  punches_per90: per90('punches', 'Punches'),
  long_balls_per90: per90('long_balls', 'Long balls'),
  rating: { kind: 'rating', lowerIsBetter: false, label: 'Rating' },
  pass_accuracy_pct: pct('passes_completed', 'passes', 'Pass accuracy'),
  aerials_won_per90: per90('aerials_won', 'Aerials won'),
  tackles_per90: per90('tackles', 'Tackles'),
  interceptions_per90: per90('interceptions', 'Interceptions'),
  clearances_per90: per90('clearances', 'Clearances'),
  passes_per90: per90('passes', 'Passes'),
  shots_blocked_per90: per90('shots_blocked', 'Shots blocked'),
  duels_won_per90: per90('duels_won', 'Duels won'),
  crosses_per90: per90('crosses', 'Crosses'),
  key_passes_per90: per90('key_passes', 'Key passes'),
  dribbles_per90: per90('dribbles', 'Dribbles'),
  ball_recovery_per90: per90('ball_recoveries', 'Ball recoveries'),
  cross_accuracy_pct: pct('crosses_completed', 'crosses', 'Cross accuracy'),
  assists_per90: per90('assists', 'Assists'),
  goals_per90: per90('goals', 'Goals'),
  big_chances_per90: per90('big_chances', 'Big chances'),
  shots_per90: per90('shots', 'Shots'),
  shots_on_target_per90: per90('shots_on_target', 'Shots on target'),
  // Event values (docs/methodology/event-values.md), an extension of SPEC's 24 keys.
  progressive_passes_per90: per90('progressive_passes', 'Progressive passes'),
  progressive_carries_per90: per90('progressive_carries', 'Progressive carries'),
  passes_into_final_third_per90: per90('passes_into_final_third', 'Passes into final third'),
  passes_into_box_per90: per90('passes_into_box', 'Passes into box'),
  xg_per90: per90('xg', 'xG'),
  npxg_per90: per90('npxg', 'Non-penalty xG'),
  xa_per90: per90('xa', 'xA'),
  xt_per90: per90('xt', 'xT added'),
  tackles_padj_per90: per90('tackles_padj', 'PAdj tackles'),
  interceptions_padj_per90: per90('interceptions_padj', 'PAdj interceptions'),
  clearances_padj_per90: per90('clearances_padj', 'PAdj clearances'),
  shots_blocked_padj_per90: per90('shots_blocked_padj', 'PAdj shots blocked'),
  ball_recovery_padj_per90: per90('ball_recoveries_padj', 'PAdj ball recoveries'),
  sca_per90: per90('sca', 'Shot-creating actions'),
} satisfies Record<string, MetricRule>;

/** A valid stats[] column key. */
export type MetricKey = keyof typeof METRIC_DEFS;

/** True when `key` is one of the metric keys. @example isMetricKey('goals_per90') // => true */
export function isMetricKey(key: string): key is MetricKey {
  return Object.hasOwn(METRIC_DEFS, key);
}

/** The valid stats[] column keys: docs/design.md#stat-keys's 24, then the event values (docs/methodology/event-values.md). */
export const METRIC_KEYS: readonly MetricKey[] = Object.keys(METRIC_DEFS).filter(isMetricKey);

/** How a metric is computed, with its key. */
export type MetricDef = MetricRule & { key: MetricKey };

/** Definition of every metric, keyed by column key. */
export const METRICS: Record<MetricKey, MetricDef> = recordOf(METRIC_KEYS, (key) => ({ key, ...METRIC_DEFS[key] }));

/** Counting columns some metric reads (a per-90 total, or either side of a percentage). */
type ReadColumn = {
  [K in MetricKey]: (typeof METRIC_DEFS)[K] extends { total: infer C }
    ? C
    : (typeof METRIC_DEFS)[K] extends { completed: infer A; attempted: infer B }
      ? A | B
      : never;
}[MetricKey];

/**
 * Counting columns no metric reads, each with the reason. A new `player_seasons` column is either
 * read by a metric in METRICS above or listed here; tsc names any column that is neither.
 */
export const COLUMNS_WITHOUT_METRIC = {} as const satisfies Record<Exclude<CountingColumn, ReadColumn>, string>;

// Kept literal so the compiler knows which metrics some group reports.
const GROUP_LISTS = {
  goalkeeper: [
    'saves_per90',
    'cleansheets_per90',
    'goals_conceded_per90',
    'punches_per90',
    'long_balls_per90',
    'pass_accuracy_pct',
    'passes_per90',
    'rating',
  ],
  defender: [
    'tackles_per90',
    'interceptions_per90',
    'clearances_per90',
    'aerials_won_per90',
    'shots_blocked_per90',
    'duels_won_per90',
    'ball_recovery_per90',
    'passes_per90',
    'pass_accuracy_pct',
    'long_balls_per90',
    'crosses_per90',
    'key_passes_per90',
    'progressive_passes_per90',
    'passes_into_final_third_per90',
    'tackles_padj_per90',
    'interceptions_padj_per90',
    'clearances_padj_per90',
    'shots_blocked_padj_per90',
    'ball_recovery_padj_per90',
    'xt_per90',
    'rating',
  ],
  midfielder: [
    'key_passes_per90',
    'passes_per90',
    'pass_accuracy_pct',
    'long_balls_per90',
    'tackles_per90',
    'interceptions_per90',
    'ball_recovery_per90',
    'duels_won_per90',
    'dribbles_per90',
    'assists_per90',
    'goals_per90',
    'shots_per90',
    'big_chances_per90',
    'xg_per90',
    'xa_per90',
    'xt_per90',
    'progressive_passes_per90',
    'progressive_carries_per90',
    'passes_into_final_third_per90',
    'passes_into_box_per90',
    'tackles_padj_per90',
    'interceptions_padj_per90',
    'ball_recovery_padj_per90',
    'sca_per90',
    'rating',
  ],
  attacker: [
    'goals_per90',
    'assists_per90',
    'shots_per90',
    'shots_on_target_per90',
    'big_chances_per90',
    'key_passes_per90',
    'dribbles_per90',
    'crosses_per90',
    'cross_accuracy_pct',
    'aerials_won_per90',
    'duels_won_per90',
    'xg_per90',
    'npxg_per90',
    'xa_per90',
    'xt_per90',
    'progressive_carries_per90',
    'passes_into_box_per90',
    'sca_per90',
    'rating',
  ],
} as const satisfies Record<PositionGroup, readonly MetricKey[]>;

/** Metric keys reported for each position group, in display order (docs/design.md#stat-keys). */
export const GROUP_METRICS: Record<PositionGroup, readonly MetricKey[]> = GROUP_LISTS;

/**
 * Metrics no position group reports, each with the reason. A new metric goes into at least one
 * group's list above or here; tsc names any metric that is neither.
 */
export const METRICS_IN_NO_GROUP = {} as const satisfies Record<
  Exclude<MetricKey, (typeof GROUP_LISTS)[PositionGroup][number]>,
  string
>;

/** Default card stats when `stats` is omitted: the group's first six keys. */
export const DEFAULT_CARD_STATS: Record<PositionGroup, readonly MetricKey[]> = recordOf(POSITION_GROUPS, (g) =>
  GROUP_METRICS[g].slice(0, 6),
);

/** The fixed player_card triplet per group (docs/design.md#stat-keys). */
export const CARD_TRIPLET: Record<PositionGroup, readonly [MetricKey, MetricKey, MetricKey]> = {
  attacker: ['goals_per90', 'assists_per90', 'shots_per90'],
  midfielder: ['key_passes_per90', 'tackles_per90', 'passes_per90'],
  defender: ['key_passes_per90', 'tackles_per90', 'interceptions_per90'],
  goalkeeper: ['saves_per90', 'cleansheets_per90', 'goals_conceded_per90'],
};

/**
 * The entries of a record keyed by metric, typed without a cast (keys that are not metrics, which
 * the type rules out, are skipped).
 * @example metricEntriesOf({ goals_per90: 0.5 }) // => [['goals_per90', 0.5]]
 */
export function metricEntriesOf<V>(record: Partial<Record<MetricKey, V>>): [MetricKey, V][] {
  const out: [MetricKey, V][] = [];
  for (const [key, value] of Object.entries(record))
    if (isMetricKey(key) && value !== undefined) out.push([key, value]);
  return out;
}
