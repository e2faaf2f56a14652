/**
 * The features of DNA v2 (docs/methodology/dna.md#dna-v2): how each is read from a player's zone
 * counts and his derived row, with the sampling noise behind it.
 */
import {
  ACTION_COLUMNS,
  type ActionColumn,
  actionIndexOf,
  type SumColumn,
  sumIndexOf,
  TOUCH_BANDS,
  TOUCH_LANES,
  ZONE_BLOCKS,
} from '../model/location-profile.js';
import type { DerivedSeasons } from '../stats/derived.js';
import type { MetricKey } from '../stats/metrics.js';

/** What one DNA v2 feature reads: a player's zone counts (one row), his derived row and its index. */
interface FeatureInput {
  counts: Float64Array;
  base: number;
  derived: DerivedSeasons;
  i: number;
}
/** How a DNA v2 feature is read from a row: its value and its sampling variance (NaN when it cannot be computed). */
interface FeatureReader {
  value(input: FeatureInput): number;
  /** Variance of the value from the finite number of events behind it (docs/methodology/dna.md#dna-v2). */
  noise(input: FeatureInput): number;
}
/** One DNA v2 feature: a name, how it is read and its weight. */
interface ZoneFeature extends FeatureReader {
  name: string;
  weight: number;
}

const touch = ZONE_BLOCKS[0];
const passBins = ZONE_BLOCKS[1];
const defence = ZONE_BLOCKS[3];

/** A block's total count in a row. */
const totalOf = (block: { start: number; length: number }, { counts, base }: FeatureInput): number => {
  let total = 0;
  for (let z = 0; z < block.length; z++) total += counts[base + block.start + z];
  return total;
};

/** Variance of the touches' x or y (0 without touches). */
const touchVarianceOf = (axis: 'x' | 'y', input: FeatureInput): number => {
  const n = totalOf(touch, input);
  if (n === 0) return 0;
  const mean = input.counts[input.base + sumIndexOf(axis === 'x' ? 'touch_sum_x' : 'touch_sum_y')] / n;
  return Math.max(
    0,
    input.counts[input.base + sumIndexOf(axis === 'x' ? 'touch_sum_xx' : 'touch_sum_yy')] / n - mean ** 2,
  );
};

/**
 * Mean of a coordinate sum over the block's count (an exact mean location); its noise is the
 * player's spread of touches along that axis over the count.
 */
function meanOf(block: { start: number; length: number }, sum: SumColumn): FeatureReader {
  const at = sumIndexOf(sum);
  const axis = sum.endsWith('_x') ? 'x' : 'y';
  return {
    value: (input) => {
      const n = totalOf(block, input);
      return n > 0 ? input.counts[input.base + at] / n : Number.NaN;
    },
    noise: (input) => Math.max(25, touchVarianceOf(axis, input)) / Math.max(1, totalOf(block, input)),
  };
}

/** Share of a block's count in the slots `slots` (offsets within the block); binomial noise. */
function share(block: { start: number; length: number }, slots: readonly number[]): FeatureReader {
  const partOf = ({ counts, base }: FeatureInput) => slots.reduce((sum, z) => sum + counts[base + block.start + z], 0);
  return {
    value: (input) => {
      const total = totalOf(block, input);
      return total > 0 ? partOf(input) / total : Number.NaN;
    },
    noise: (input) => {
      const total = Math.max(1, totalOf(block, input));
      const p = Math.min(0.95, Math.max(0.05, partOf(input) / total));
      return (p * (1 - p)) / total;
    },
  };
}

/** The sum of some action counts in a row. */
const actionsOf = (columns: readonly ActionColumn[], { counts, base }: FeatureInput): number =>
  columns.reduce((sum, c) => sum + counts[base + actionIndexOf(c)], 0);

/** Share of the actions `parts` among the actions `whole` (the kind of action he chooses); binomial noise. */
function actionShare(parts: readonly ActionColumn[], whole: readonly ActionColumn[]): FeatureReader {
  return {
    value: (input) => {
      const total = actionsOf(whole, input);
      return total > 0 ? actionsOf(parts, input) / total : Number.NaN;
    },
    noise: (input) => {
      const total = Math.max(1, actionsOf(whole, input));
      const p = Math.min(0.95, Math.max(0.05, actionsOf(parts, input) / total));
      return (p * (1 - p)) / total;
    },
  };
}

/** Assumed spread of one player's pass lengths (metres): the noise of his mean pass length is this² / passes. */
const PASS_LENGTH_SD_METRES = 12;

/** Mean length of his passes in the pass mix (metres). */
const passLength: FeatureReader = {
  value: (input) => {
    const n = totalOf(passBins, input);
    return n > 0 ? input.counts[input.base + actionIndexOf('pass_length_sum')] / n : Number.NaN;
  },
  noise: (input) => PASS_LENGTH_SD_METRES ** 2 / Math.max(1, totalOf(passBins, input)),
};

/** The pass kinds and duel kinds among the action counts, in column order. */
const PASS_KINDS = ACTION_COLUMNS.filter((c) => c.startsWith('pass_') && c !== 'pass_length_sum');
const DUEL_KINDS = ACTION_COLUMNS.filter((c) => c.startsWith('duel_'));

/** Poisson noise of a rate per 90 minutes: rate × 90 / minutes, at least half an event's worth. */
const rateNoise = (rate: number, minutes: number): number => (Math.max(rate, 45 / minutes) * 90) / minutes;

/** A block's count per 90 minutes. */
function blockPer90(block: { start: number; length: number }): FeatureReader {
  const value = (input: FeatureInput) => (totalOf(block, input) * 90) / input.derived.minutes[input.i];
  return { value, noise: (input) => rateNoise(value(input), input.derived.minutes[input.i]) };
}

/** A per-90 metric of the derived row. */
function metric(key: MetricKey): FeatureReader {
  const value = ({ derived, i }: FeatureInput) => derived.values[key][i];
  return { value, noise: (input) => rateNoise(value(input), input.derived.minutes[input.i]) };
}

/**
 * The sum of some per-90 metrics of the derived row, with the Poisson noise of the summed rate; NaN
 * when any of them is missing (the feature then scores as average).
 */
function metricSum(keys: readonly MetricKey[]): FeatureReader {
  const value = ({ derived, i }: FeatureInput) => keys.reduce((sum, key) => sum + derived.values[key][i], 0);
  return { value, noise: (input) => rateNoise(value(input), input.derived.minutes[input.i]) };
}

/**
 * Ball-winning: possession-adjusted tackles, interceptions and ball recoveries per 90
 * (docs/methodology/event-values.md), so a midfielder who wins the ball back has a dimension of his
 * own, scaled for how much of the ball his team leaves to the opponent.
 */
const BALL_WINNING: readonly MetricKey[] = [
  'tackles_padj_per90',
  'interceptions_padj_per90',
  'ball_recovery_padj_per90',
];

/** Touch zones on the two wings (the outer lanes of every band). */
const WING_ZONES = Array.from({ length: TOUCH_BANDS }, (_, band) => [
  band * TOUCH_LANES,
  band * TOUCH_LANES + TOUCH_LANES - 1,
]).flat();

/**
 * The 16 features of DNA v2, in vector order, the same for every position group; what each is and
 * how they were chosen: docs/methodology/dna.md#dna-v2.
 */
export const ZONE_FEATURES: readonly ZoneFeature[] = [
  { name: 'touch_x_mean', weight: 1, ...meanOf(touch, 'touch_sum_x') },
  { name: 'touch_wing_share', weight: 1, ...share(touch, WING_ZONES) },
  { name: 'touch_y_mean', weight: 1, ...meanOf(touch, 'touch_sum_y') },
  { name: 'duel_share', weight: 1, ...actionShare(DUEL_KINDS, [...DUEL_KINDS, ...PASS_KINDS]) },
  { name: 'pass_length_mean', weight: 1, ...passLength },
  { name: 'duel_air_share', weight: 1, ...actionShare(['duel_air'], DUEL_KINDS) },
  { name: 'defensive_actions_per90', weight: 1, ...blockPer90(defence) },
  { name: 'pass_forward_share', weight: 1, ...share(passBins, [0, 1]) },
  { name: 'duel_ground_attacking_share', weight: 1, ...actionShare(['duel_ground_attacking'], DUEL_KINDS) },
  { name: 'pass_head_share', weight: 1, ...actionShare(['pass_head'], PASS_KINDS) },
  { name: 'pass_high_share', weight: 1, ...actionShare(['pass_high'], PASS_KINDS) },
  { name: 'shots_per90', weight: 1, ...metric('shots_per90') },
  { name: 'ball_winning_padj_per90', weight: 1, ...metricSum(BALL_WINNING) },
  { name: 'dribbles_per90', weight: 1, ...metric('dribbles_per90') },
  { name: 'xt_per90', weight: 1, ...metric('xt_per90') },
  { name: 'pass_smart_share', weight: 1, ...actionShare(['pass_smart'], PASS_KINDS) },
];
