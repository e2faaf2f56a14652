/**
 * The demo generator's style scores (docs/methodology/demo-data.md): per player and metric, quality
 * and three style factors weighted by the group's loadings, a position shift and noise, ranked
 * within the group into a standard-normal score.
 */
import { POSITION_GROUPS, type PositionGroup } from '../model/schema.js';
import { CALIBRATED_METRICS } from './calibration-targets.js';
import { normalQuantile } from '../model/normal-quantile.js';
import type { Player } from './players.js';
import type { Rng } from './rng.js';
import { LOADINGS, POSITION_SHIFT, STYLE_NOISE } from './style-loadings.js';

const groupIndex = (g: PositionGroup): number => POSITION_GROUPS.indexOf(g);

/**
 * Style score per player and metric (row-major, players × CALIBRATED_METRICS), turned into a
 * standard-normal score by rank within the group.
 * @example styleScoresOf(rng, players).length // => players.length * CALIBRATED_METRICS.length
 */
export function styleScoresOf(srng: Rng, players: readonly Player[]): Float64Array {
  const metricCount = CALIBRATED_METRICS.length;
  const z = new Float64Array(players.length * metricCount);
  const { qMu, qSd } = qualityMomentsOf(players);
  CALIBRATED_METRICS.forEach((metric, m) => {
    const mrng = srng.fork(`style:${metric}`);
    for (const group of POSITION_GROUPS) {
      const g = groupIndex(group);
      const members: Array<{ i: number; s: number }> = [];
      players.forEach((p, i) => {
        if (p.group !== group) return;
        const L = LOADINGS[group][metric] ?? [0, 0, 0, 0];
        const qz = (p.quality - qMu[g]) / qSd[g];
        const s =
          L[0] * qz +
          L[1] * p.style[0] +
          L[2] * p.style[1] +
          L[3] * p.style[2] +
          (POSITION_SHIFT[p.position]?.[metric] ?? 0) +
          STYLE_NOISE * mrng.normal();
        members.push({ i, s });
      });
      members.sort((a, b) => a.s - b.s || a.i - b.i);
      members.forEach((x, rank) => {
        z[x.i * metricCount + m] = normalQuantile((rank + 0.5) / members.length);
      });
    }
  });
  return z;
}

/** Mean and standard deviation of player quality per position group. */
function qualityMomentsOf(players: readonly Player[]): { qMu: number[]; qSd: number[] } {
  const qualityMean = [0, 0, 0, 0];
  const qualitySq = [0, 0, 0, 0];
  const groupSize = [0, 0, 0, 0];
  for (const p of players) {
    const g = groupIndex(p.group);
    qualityMean[g] += p.quality;
    qualitySq[g] += p.quality * p.quality;
    groupSize[g]++;
  }
  const qSd = qualityMean.map((s, g) =>
    Math.sqrt(Math.max(1e-9, qualitySq[g] / groupSize[g] - (s / groupSize[g]) ** 2)),
  );
  const qMu = qualityMean.map((s, g) => s / groupSize[g]);
  return { qMu, qSd };
}
