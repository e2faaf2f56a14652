/**
 * The compare flow of docs/design.md#player-identity (`name2`): both players' latest per-90 values and percentiles side
 * by side, and who leads each metric.
 */
import type { EngineContext, PlayerRow } from '../context.js';
import * as z from 'zod';
import { GROUP_METRICS, METRIC_KEYS, METRICS, type MetricKey } from '../stats/metrics.js';
import { POSITION_GROUPS } from '../model/schema.js';
import { percentileAt, valueAt } from '../stats/derived.js';
import { roundMetric } from './blocks.js';

const CompareSide = z.object({ value: z.number().nullable(), percentile: z.number().nullable() });
type CompareSide = z.infer<typeof CompareSide>;

/** The side-by-side block of a player profile with `name2`. */
export const Compare = z.object({
  players: z.array(
    z.object({
      side: z.enum(['a', 'b']),
      player_id: z.number().int(),
      name: z.string(),
      team: z.string().nullable(),
      position_group: z.string().nullable(),
      season: z.string().nullable(),
    }),
  ),
  metrics: z.array(
    z.object({
      metric: z.enum(METRIC_KEYS),
      label: z.string(),
      a: CompareSide,
      b: CompareSide,
      leader: z.enum(['a', 'b', 'tie']).nullable(),
    }),
  ),
  leads: z.object({ a: z.number().int(), b: z.number().int(), ties: z.number().int() }),
});
export type Compare = z.infer<typeof Compare>;

function sideOf(ctx: EngineContext, row: number, key: MetricKey): CompareSide {
  if (row < 0) return { value: null, percentile: null };
  // One row at a time: only the two players' cohorts are ranked (docs/design.md#first-answer).
  const v = valueAt(ctx.derived, key, row);
  const p = percentileAt(ctx.derived, key, row);
  return { value: Number.isNaN(v) ? null : roundMetric(key, v), percentile: Number.isNaN(p) ? null : p };
}

/**
 * Who leads a metric: the higher raw value (the lower for metrics where less is better); null
 * when either side has no value. Compares unrounded values so display rounding cannot create ties.
 */
function leaderOf(key: MetricKey, a: number, b: number): 'a' | 'b' | 'tie' | null {
  if (Number.isNaN(a) || Number.isNaN(b)) return null;
  if (a === b) return 'tie';
  const aAhead = METRICS[key].lowerIsBetter ? a < b : a > b;
  return aAhead ? 'a' : 'b';
}

/** Side-by-side block over the union of both players' group metrics (player a's group first). */
export function compareOf(ctx: EngineContext, a: PlayerRow, b: PlayerRow): Compare {
  const rowA = ctx.latestRowOf(a.player_id);
  const rowB = ctx.latestRowOf(b.player_id);
  const groupOf = (row: number) => (row < 0 ? null : POSITION_GROUPS[ctx.derived.group[row]]);
  const keys: MetricKey[] = [];
  for (const row of [rowA, rowB]) {
    const g = groupOf(row);
    if (g) for (const k of GROUP_METRICS[g]) if (!keys.includes(k)) keys.push(k);
  }
  const metrics = keys.map((key) => ({
    metric: key,
    label: METRICS[key].label,
    a: sideOf(ctx, rowA, key),
    b: sideOf(ctx, rowB, key),
    leader:
      rowA < 0 || rowB < 0 ? null : leaderOf(key, valueAt(ctx.derived, key, rowA), valueAt(ctx.derived, key, rowB)),
  }));
  const count = (who: 'a' | 'b' | 'tie') => metrics.filter((m) => m.leader === who).length;
  const describe = (p: PlayerRow, side: 'a' | 'b', row: number) => ({
    side,
    player_id: p.player_id,
    name: p.known_as ?? p.name,
    team: (p.team_id !== null && ctx.teamById(p.team_id)?.name) || null,
    position_group: groupOf(row),
    season: row < 0 ? null : (ctx.seasonById(ctx.derived.season_id[row])?.name ?? null),
  });
  return {
    players: [describe(a, 'a', rowA), describe(b, 'b', rowB)],
    metrics,
    leads: { a: count('a'), b: count('b'), ties: count('tie') },
  };
}
