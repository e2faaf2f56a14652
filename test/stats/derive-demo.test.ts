/**
 * deriveSeasons on the bundled demo data against an independent recomputation from plain rows:
 * values with per90()/accuracyPct(), cohorts by filtering, percentiles by counting. Skips with a
 * printed reason when data/demo is absent.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { datasetFromDir } from '../../src/io/load.js';
import { positionGroupOf, rowsOf, type PositionCode, type RowOf } from '../../src/model/schema.js';
import { accuracyPct, RATIO_ATTEMPTS_MIN } from '../../src/stats/accuracy.js';
import { COHORT_MINUTES_MIN, ROLE_COHORT_MIN } from '../../src/stats/cohorts.js';
import { roleOfPosition } from '../../src/stats/roles.js';
import { deriveSeasons } from '../../src/stats/derive.js';
import { METRIC_KEYS, METRICS, type MetricKey } from '../../src/stats/metrics.js';
import { per90 } from '../../src/stats/per90.js';

const demoDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'data', 'demo');
const hasDemo = existsSync(join(demoDir, 'dataset.json'));
if (!hasDemo) console.log(`skipping demo recomputation: ${demoDir} is absent`);

/** The value a metric is ranked by: a ratio on fewer than RATIO_ATTEMPTS_MIN attempts is not ranked. */
function rankedValueOf(r: RowOf<'player_seasons'>, key: MetricKey): number {
  const def = METRICS[key];
  if (def.kind === 'pct' && !((r[def.attempted] ?? 0) >= (RATIO_ATTEMPTS_MIN[def.attempted] ?? 0))) return NaN;
  return metricValueOf(r, key);
}

function metricValueOf(r: RowOf<'player_seasons'>, key: MetricKey): number {
  const def = METRICS[key];
  if (def.kind === 'per90') return per90(r[def.total], r.minutes) ?? NaN;
  if (def.kind === 'pct') return accuracyPct(r[def.completed], r[def.attempted]) ?? NaN;
  return r.rating ?? NaN;
}

describe.skipIf(!hasDemo)('deriveSeasons on the demo data', () => {
  it('reproduces per-90 values and cohort percentiles of a sample of rows', () => {
    const dataset = datasetFromDir(demoDir);
    const d = deriveSeasons(dataset);
    const rows = rowsOf(dataset.tables.player_seasons, 'player_seasons');
    const position = new Map(
      rowsOf(dataset.tables.players, 'players').map((p) => [p.player_id, p.position as PositionCode]),
    );
    const groupOf = (r: RowOf<'player_seasons'>) => positionGroupOf(position.get(r.player_id)!);
    const roleOf = (r: RowOf<'player_seasons'>) => roleOfPosition(position.get(r.player_id)!);
    expect(d.n).toBe(rows.length);
    // every 37th row: a spread over leagues, seasons, groups and low-sample rows
    let checked = 0;
    for (let i = 0; i < rows.length; i += 37) {
      const r = rows[i];
      // The role cohort (docs/methodology/stats.md#roles), or the group's below ROLE_COHORT_MIN members.
      const same = rows.filter(
        (q) => q.league_id === r.league_id && q.season_id === r.season_id && q.minutes >= COHORT_MINUTES_MIN,
      );
      const byRole = same.filter((q) => roleOf(q) === roleOf(r));
      const peers = byRole.length >= ROLE_COHORT_MIN ? byRole : same.filter((q) => groupOf(q) === groupOf(r));
      for (const key of METRIC_KEYS) {
        // rating: the provider's where present (the model rating is checked in derive.prop.test.ts)
        if (key === 'rating' && r.rating === null) continue;
        const x = metricValueOf(r, key);
        if (key !== 'rating') expect(d.values[key][i], `${key} row ${i}`).toBe(x);
        const sample = peers
          .map((q) => (key === 'rating' ? d.values.rating[rows.indexOf(q)] : rankedValueOf(q, key)))
          .filter((v) => !Number.isNaN(v));
        let expected = NaN;
        if (!Number.isNaN(key === 'rating' ? x : rankedValueOf(r, key)) && sample.length > 0) {
          const below = sample.filter((v) => v < x).length;
          const equal = sample.filter((v) => v === x).length;
          const p = Math.round((100 * (below + equal / 2)) / sample.length);
          expected = METRICS[key].lowerIsBetter ? 100 - p : p;
        }
        expect(d.percentiles[key][i], `${key} row ${i}`).toEqual(expected);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
