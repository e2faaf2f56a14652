/**
 * Done-when of issue 2: the scouting JSON for demo players is reproduced by an independent
 * recomputation straight from the Arrow tables (per-90 = total / minutes × 90; cohort = same
 * league × season × role with ≥ 450 minutes, or × group when the role has fewer than 10 such players; percentile = 100 × (below + ½ equal) / n, rounded;
 * goals conceded inverted).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { positionGroupOf, rowsOf, type PositionCode } from '../../src/model/schema.js';
import { RATIO_ATTEMPTS_MIN } from '../../src/stats/accuracy.js';
import { METRICS, type MetricKey } from '../../src/stats/metrics.js';
import { roleOfPosition } from '../../src/stats/roles.js';

let engine: Engine;
beforeAll(() => {
  engine = Engine.open({ dataset: 'demo' });
});

type Row = ReturnType<typeof rowsOf<'player_seasons'>>[number];

function metricValueOf(row: Row, key: MetricKey): number | null {
  const def = METRICS[key];
  if (def.kind === 'per90') {
    const total = row[def.total];
    return row.minutes < 90 || total === null ? null : (total / row.minutes) * 90;
  }
  if (def.kind === 'pct') {
    const a = row[def.attempted];
    const c = row[def.completed];
    return !a || c === null ? null : (100 * c) / a;
  }
  return row.rating;
}

describe('scouting on the demo universe, recomputed independently', () => {
  it('reproduces every per-90 value and percentile of a sample of players', () => {
    const seasons = rowsOf(engine.dataset.tables.player_seasons, 'player_seasons');
    const groupOf = new Map(
      rowsOf(engine.dataset.tables.players, 'players').map((p) => [
        p.player_id,
        positionGroupOf(p.position as PositionCode),
      ]),
    );
    const roleOf = new Map(engine.players.map((p) => [p.player_id, roleOfPosition(p.position)]));
    const sample = engine.players.filter((_, i) => i % 97 === 0);
    let checked = 0;
    for (const player of sample) {
      const r = engine.scouting({ player_id: player.player_id });
      if (!r.ok) throw new Error(r.error.message);
      const latest = engine.latestRowOf(player.player_id);
      if (latest < 0) continue;
      const mine = seasons[latest];
      const group = groupOf.get(player.player_id)!;
      const same = seasons.filter(
        (s) => s.league_id === mine.league_id && s.season_id === mine.season_id && s.minutes >= 450,
      );
      const byRole = same.filter((s) => roleOf.get(s.player_id) === roleOf.get(player.player_id));
      const cohort = byRole.length >= 10 ? byRole : same.filter((s) => groupOf.get(s.player_id) === group);
      for (const [key, entry] of Object.entries(r.value.data.percentiles)) {
        const k = key as MetricKey;
        if (k === 'rating' && mine.rating === null) continue; // model rating: covered by test/stats
        const x = metricValueOf(mine, k);
        if (x === null) {
          expect(entry.value, `${player.player_id} ${k}`).toBeNull();
          continue;
        }
        expect(entry.value!, `${player.player_id} ${k} value`).toBeCloseTo(x, METRICS[k].kind === 'pct' ? 1 : 2);
        // A ratio on fewer than RATIO_ATTEMPTS_MIN attempts is reported but not ranked.
        const def = METRICS[k];
        const ranked = (s: Row) =>
          def.kind === 'pct' && !((s[def.attempted] ?? 0) >= (RATIO_ATTEMPTS_MIN[def.attempted] ?? 0))
            ? null
            : metricValueOf(s, k);
        if (ranked(mine) === null) {
          expect(entry.percentile, `${player.player_id} ${k} unranked`).toBeNull();
          continue;
        }
        const values = cohort.map(ranked).filter((v): v is number => v !== null);
        const below = values.filter((v) => v < x).length;
        const equal = values.filter((v) => v === x).length;
        // Round half up, in integers: ⌊(100 × (2·below + equal) + n) / 2n⌋.
        let p = Math.floor((100 * (2 * below + equal) + values.length) / (2 * values.length));
        if (METRICS[k].lowerIsBetter) p = 100 - p;
        expect(entry.percentile, `${player.player_id} ${k} percentile`).toBe(p);
        expect(entry.cohort!.n).toBe(cohort.length);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(200);
  });
});
