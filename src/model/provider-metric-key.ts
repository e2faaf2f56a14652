/** Which names a provider metric (docs/scoring.md#provider-metrics) may take: checked by maps and by validation. */
import { SCHEMA } from './schema.js';

/** Suffixes a provider metric key may not end with, because derived columns use them. */
const RESERVED_SUFFIXES = ['_per90', '_percentile', '_pct'] as const;

/**
 * Names of the score table and report keys a provider metric could shadow: the score table's
 * identity and derived columns (scoring/score-table.ts) and the metric bases whose `<base>_per90` is
 * one of our keys without being a column (stats/metrics.ts). A test checks this list against both.
 */
const RESERVED_KEYS = new Set([
  'name',
  'team',
  'league',
  'season',
  'position_group',
  'age',
  'fee_tier',
  'rating_source',
  'cohort_id',
  'cohort_n',
  'cohort_min_minutes',
  'sample',
  'style_role',
  'style_traits',
  'cleansheets',
  'ball_recovery',
  'ball_recovery_padj',
]);

/**
 * Why `key` cannot name a provider metric, or null when it can: it must be snake_case, not a
 * `player_seasons` or `players` column, and not end in a derived suffix.
 * @example providerMetricKeyProblem('xg_chain') // => null
 */
export function providerMetricKeyProblem(key: string): string | null {
  if (!/^[a-z][a-z0-9_]*$/.test(key)) return `"${key}" is not snake_case (a-z, 0-9, _)`;
  if (key in SCHEMA.player_seasons.columns || key in SCHEMA.players.columns)
    return `"${key}" is one of our own columns`;
  if (RESERVED_KEYS.has(key) || /^dna_\d+$/.test(key)) return `"${key}" is a column halfspace derives`;
  const suffix = RESERVED_SUFFIXES.find((s) => key.endsWith(s));
  if (suffix) return `"${key}" ends in ${suffix}, which derived columns use`;
  return null;
}
