/**
 * Hand-built DerivedSeasons for DNA tests: each row names its group, season, minutes and the metric
 * values it has; every other metric is NaN (missing).
 */
import { POSITION_GROUPS, type PositionGroup } from '../../src/model/schema.js';
import type { DerivedSeasons } from '../../src/stats/derived.js';
import { METRIC_KEYS, type MetricKey } from '../../src/stats/metrics.js';

export interface FixtureRow {
  group: PositionGroup;
  player_id?: number;
  season_id?: number;
  league_id?: number;
  team_id?: number;
  minutes?: number;
  /** Defaults to 1 when minutes ≥ 450. */
  inCohort?: 0 | 1;
  values?: Partial<Record<MetricKey, number>>;
}

/** Builds a DerivedSeasons whose row i is `rows[i]` (player_id defaults to i + 1, season 100, league 1, 900 minutes). */
export function derivedOf(rows: readonly FixtureRow[]): DerivedSeasons {
  const n = rows.length;
  const values = {} as Record<MetricKey, Float64Array>;
  const percentiles = {} as Record<MetricKey, Float64Array>;
  for (const key of METRIC_KEYS) {
    values[key] = new Float64Array(n).fill(Number.NaN);
    percentiles[key] = new Float64Array(n).fill(Number.NaN);
  }
  const d: DerivedSeasons = {
    n,
    player_id: new Int32Array(n),
    season_id: new Int32Array(n),
    league_id: new Int32Array(n),
    team_id: new Int32Array(n),
    group: new Uint8Array(n),
    role: new Uint8Array(n),
    appearances: new Int32Array(n),
    minutes: new Float64Array(n),
    values,
    percentiles,
    cohort: new Int32Array(n).fill(-1),
    inCohort: new Uint8Array(n),
    ratingIsProvider: new Uint8Array(n),
    cohorts: [],
  };
  rows.forEach((r, i) => {
    d.player_id[i] = r.player_id ?? i + 1;
    d.season_id[i] = r.season_id ?? 100;
    d.league_id[i] = r.league_id ?? 1;
    d.team_id[i] = r.team_id ?? 10;
    d.group[i] = POSITION_GROUPS.indexOf(r.group);
    d.minutes[i] = r.minutes ?? 900;
    d.appearances[i] = 10;
    d.inCohort[i] = r.inCohort ?? (d.minutes[i] >= 450 ? 1 : 0);
    for (const [k, v] of Object.entries(r.values ?? {})) values[k as MetricKey][i] = v;
  });
  return d;
}

/** All of `group`'s style metrics at `value` (so they contribute z = 0 when every row shares them), overridden by `values`. */
export function flat(
  metrics: readonly MetricKey[],
  value: number,
  values: Partial<Record<MetricKey, number>> = {},
): Partial<Record<MetricKey, number>> {
  return { ...Object.fromEntries(metrics.map((m) => [m, value])), ...values };
}
