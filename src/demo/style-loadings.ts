/**
 * How the generator gives players a style (docs/methodology/demo-data.md): loadings of each metric
 * on quality and three style factors per group, and score shifts by detailed position; and the style
 * scores they give, per player and metric, ranked within the group into a standard-normal score.
 */
import { POSITION_GROUPS, type PositionCode, type PositionGroup } from '../model/schema.js';
import { CALIBRATED_METRICS, type CalibratedMetric } from './calibration-targets.js';
import { normalQuantile } from '../model/normal-quantile.js';
import type { Player } from './players.js';
import type { Rng } from './rng.js';

/** Weight of the idiosyncratic noise in a player's style score. */
const STYLE_NOISE = 0.6;

/** Loadings of each metric on [quality, factor1, factor2, factor3]; a metric left out loads on nothing. */
type Loadings = Partial<Record<CalibratedMetric, readonly [number, number, number, number]>>;

/**
 * Style loadings [quality, factor1, factor2, factor3] per group. Factors: goalkeeper (shot-stopper,
 * sweeper, commanding), defender (ball-playing, stopper, attacking full-back), midfielder (creator,
 * destroyer, metronome), attacker (finisher, target man, creator-dribbler).
 */
const LOADINGS: Record<PositionGroup, Loadings> = {
  goalkeeper: {
    saves_per90: [-0.3, 0.7, 0, 0],
    punches_per90: [0, 0, 0, 0.8],
    passes_per90: [0.3, 0, 0.8, 0],
    pass_accuracy_pct: [0.4, 0, 0.7, -0.1],
    long_balls_per90: [-0.2, 0, -0.6, 0.2],
    key_passes_per90: [0, 0, 0.5, 0],
    clearances_per90: [0, 0, 0.4, 0.3],
    dribbles_per90: [0, 0, 0.3, 0],
    duels_won_per90: [0, 0, 0.3, 0.2],
    ball_recovery_per90: [0.2, 0, 0.6, 0.2],
  },
  defender: {
    passes_per90: [0.4, 0.7, -0.2, 0.1],
    pass_accuracy_pct: [0.5, 0.6, -0.2, 0],
    long_balls_per90: [0.1, 0.7, 0.2, -0.2],
    key_passes_per90: [0.2, 0.1, -0.2, 0.7],
    crosses_per90: [0, 0, -0.2, 0.8],
    cross_accuracy_pct: [0.3, 0, 0, 0.2],
    dribbles_per90: [0.2, 0.1, -0.3, 0.7],
    assists_per90: [0.2, 0, -0.2, 0.6],
    goals_per90: [0.2, 0, 0.5, 0.3],
    shots_per90: [0.1, 0, 0.4, 0.4],
    shots_on_target_per90: [0.2, 0, 0.4, 0.4],
    big_chances_per90: [0.1, 0, 0.5, 0.2],
    tackles_per90: [0.1, -0.1, 0.4, 0.3],
    interceptions_per90: [0.1, 0.2, 0.5, 0],
    clearances_per90: [0, -0.1, 0.8, -0.2],
    aerials_won_per90: [0, 0, 0.85, -0.2],
    shots_blocked_per90: [0, 0, 0.7, -0.1],
    duels_won_per90: [0.1, 0, 0.6, 0.2],
    ball_recovery_per90: [0.1, 0.2, 0.3, 0.2],
  },
  midfielder: {
    goals_per90: [0.3, 0.6, -0.2, 0],
    assists_per90: [0.3, 0.7, -0.2, 0],
    shots_per90: [0.2, 0.7, -0.1, -0.1],
    shots_on_target_per90: [0.3, 0.65, -0.1, 0],
    big_chances_per90: [0.2, 0.6, -0.2, 0],
    key_passes_per90: [0.3, 0.75, -0.1, 0.1],
    dribbles_per90: [0.3, 0.6, 0, -0.1],
    crosses_per90: [0, 0.4, -0.2, -0.1],
    cross_accuracy_pct: [0.3, 0.2, 0, 0.1],
    passes_per90: [0.4, 0, 0, 0.8],
    pass_accuracy_pct: [0.5, -0.1, 0, 0.6],
    long_balls_per90: [0.1, -0.1, 0.1, 0.7],
    tackles_per90: [0, -0.2, 0.8, 0],
    interceptions_per90: [0, -0.2, 0.75, 0.1],
    ball_recovery_per90: [0.1, -0.1, 0.7, 0.2],
    duels_won_per90: [0.1, 0.1, 0.7, -0.1],
    aerials_won_per90: [0, -0.1, 0.6, 0],
    clearances_per90: [0, -0.2, 0.5, 0.1],
    shots_blocked_per90: [0, -0.2, 0.5, 0],
  },
  attacker: {
    goals_per90: [0.4, 0.7, 0.1, -0.1],
    shots_per90: [0.3, 0.7, 0.1, 0.1],
    shots_on_target_per90: [0.35, 0.7, 0.1, 0],
    big_chances_per90: [0.3, 0.7, 0.2, -0.1],
    assists_per90: [0.4, -0.1, 0, 0.6],
    key_passes_per90: [0.3, -0.1, -0.1, 0.7],
    dribbles_per90: [0.3, -0.1, -0.5, 0.6],
    crosses_per90: [0, -0.2, -0.3, 0.5],
    cross_accuracy_pct: [0.3, 0, 0, 0.2],
    aerials_won_per90: [0, 0.1, 0.85, -0.2],
    duels_won_per90: [0.1, 0, 0.6, 0.3],
    clearances_per90: [0, 0, 0.5, 0],
    passes_per90: [0.4, -0.3, -0.1, 0.5],
    pass_accuracy_pct: [0.5, 0, -0.2, 0.2],
    long_balls_per90: [0, 0, 0.2, 0.2],
    tackles_per90: [0, -0.2, 0, 0.2],
    interceptions_per90: [0, -0.2, 0, 0.1],
    ball_recovery_per90: [0.1, -0.2, 0, 0.3],
    shots_blocked_per90: [0, -0.1, 0.3, 0],
  },
};

const FULL_BACK: Partial<Record<CalibratedMetric, number>> = {
  crosses_per90: 0.8,
  key_passes_per90: 0.5,
  dribbles_per90: 0.5,
  assists_per90: 0.4,
  tackles_per90: 0.3,
  clearances_per90: -0.5,
  aerials_won_per90: -0.6,
  shots_blocked_per90: -0.2,
};
const WIDE_MID: Partial<Record<CalibratedMetric, number>> = {
  crosses_per90: 0.9,
  dribbles_per90: 0.4,
  passes_per90: -0.3,
  clearances_per90: -0.3,
  aerials_won_per90: -0.3,
};
const WINGER: Partial<Record<CalibratedMetric, number>> = {
  dribbles_per90: 0.6,
  crosses_per90: 0.8,
  aerials_won_per90: -0.6,
  key_passes_per90: 0.3,
  goals_per90: -0.2,
  clearances_per90: -0.3,
};
/** Score shifts by detailed position: what a centre-back does that a full-back does not, and so on. */
const POSITION_SHIFT: Partial<Record<PositionCode, Partial<Record<CalibratedMetric, number>>>> = {
  CB: {
    clearances_per90: 0.7,
    aerials_won_per90: 0.8,
    shots_blocked_per90: 0.5,
    crosses_per90: -3,
    key_passes_per90: -0.6,
    dribbles_per90: -0.6,
    long_balls_per90: 0.4,
    goals_per90: 0.2,
    assists_per90: -0.3,
  },
  LB: FULL_BACK,
  RB: FULL_BACK,
  LWB: { ...FULL_BACK, crosses_per90: 1.1 },
  RWB: { ...FULL_BACK, crosses_per90: 1.1 },
  DM: {
    tackles_per90: 0.3,
    interceptions_per90: 0.4,
    clearances_per90: 0.5,
    passes_per90: 0.2,
    goals_per90: -0.5,
    key_passes_per90: -0.4,
    dribbles_per90: -0.3,
    shots_per90: -0.4,
  },
  AM: {
    key_passes_per90: 0.5,
    goals_per90: 0.4,
    shots_per90: 0.4,
    dribbles_per90: 0.4,
    big_chances_per90: 0.4,
    tackles_per90: -0.4,
    clearances_per90: -0.4,
    long_balls_per90: -0.3,
  },
  LM: WIDE_MID,
  RM: WIDE_MID,
  LW: WINGER,
  RW: WINGER,
  ST: { goals_per90: 0.2, aerials_won_per90: 0.3, big_chances_per90: 0.2 },
  CF: { passes_per90: 0.3, key_passes_per90: 0.3, aerials_won_per90: 0.2 },
};

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
