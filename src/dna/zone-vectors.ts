/**
 * DNA v2 (docs/methodology/dna.md#dna-v2): a player's style from where he acts and what kind of
 * action he chooses. The counts of `player_zones` become 16 features (mean locations, shares of
 * pass and duel kinds, a few per-90 volumes), z-scored within the season over the outfield
 * regulars, weighted by how much of each feature is sampling noise, and L2-normalised, so the
 * exact search keeps its 16-float vectors.
 */
import {
  type ActionColumn,
  actionIndexOf,
  type SumColumn,
  sumIndexOf,
  TOUCH_BANDS,
  TOUCH_LANES,
  ZONE_BLOCKS,
  ZONE_COLUMNS,
} from '../model/location-profile.js';
import { POSITION_GROUPS } from '../model/schema.js';
import type { DerivedSeasons } from '../stats/derived.js';
import { METRIC_KEYS, METRICS, type MetricKey } from '../stats/metrics.js';
import type { Table } from 'apache-arrow';
import { DNA_DIMS } from './features.js';
import { dnaVectorsOf, type DnaVectorOptions, type DnaVectors } from './vectors.js';
import { zoneCountsByRowOf, type ZoneCountsByRow } from './zone-counts.js';

/** Per-90 metrics of the baseline profile: every outfield per-90 and accuracy metric (not the keeper's, not the rating). */
export const PROFILE_METRICS: readonly MetricKey[] = METRIC_KEYS.filter(
  (k) =>
    METRICS[k].kind !== 'rating' &&
    !['saves_per90', 'cleansheets_per90', 'goals_conceded_per90', 'punches_per90'].includes(k),
);

export type { ZoneCountsByRow } from './zone-counts.js';

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
export interface ZoneFeature extends FeatureReader {
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

const PASS_KINDS: readonly ActionColumn[] = [
  'pass_simple',
  'pass_high',
  'pass_head',
  'pass_smart',
  'pass_launch',
  'pass_cross',
  'pass_hand',
];
const DUEL_KINDS: readonly ActionColumn[] = [
  'duel_air',
  'duel_ground_attacking',
  'duel_ground_defending',
  'duel_loose_ball',
];

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

/** Touch zones on the two wings (the outer lanes of every band). */
const WING_ZONES = Array.from({ length: TOUCH_BANDS }, (_, band) => [
  band * TOUCH_LANES,
  band * TOUCH_LANES + TOUCH_LANES - 1,
]).flat();

/**
 * The 16 features of DNA v2 (docs/methodology/dna.md#dna-v2), in vector order: where he acts
 * (how far up, which flank, how much on the wings), what kind of action he chooses (duels
 * against passes, duel kinds, pass kinds, clearances; his pass direction and length) and how
 * often he defends, shoots, dribbles and adds threat. Chosen by forward selection on split-half
 * self-retrieval of the four Wyscout leagues; each league's number with the features chosen on
 * the other three is in the docs. The same for every position group, so vectors of different
 * groups are comparable.
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
  { name: 'clearance_share', weight: 1, ...actionShare(['clearance'], [...DUEL_KINDS, 'clearance']) },
  { name: 'dribbles_per90', weight: 1, ...metric('dribbles_per90') },
  { name: 'xt_per90', weight: 1, ...metric('xt_per90') },
  { name: 'pass_smart_share', weight: 1, ...actionShare(['pass_smart'], PASS_KINDS) },
];

/** Tuning of DNA v2 (docs/methodology/dna.md#dna-v2); the defaults are the documented method. */
export interface ZoneDnaOptions {
  features: readonly ZoneFeature[];
  /** Share of the team's mean (over its outfield regulars) subtracted from every z-score, 0–1. */
  teamCentring: number;
  /**
   * Each z-scored feature is divided by (its share of sampling noise)^(noiseWhiten / 2): 0 keeps
   * the weights as they are, 1 makes sampling noise equally loud in every feature, so features
   * built on few events (a forward's defensive locations) count less than steady ones.
   */
  noiseWhiten: number;
  /** z-scores are clipped to ±this, so one freak feature cannot own a vector. */
  zClip: number;
}

export const ZONE_DNA_DEFAULTS: ZoneDnaOptions = {
  features: ZONE_FEATURES,
  teamCentring: 0,
  noiseWhiten: 1,
  zClip: 3,
};

/** Rows below this many minutes get no vector (as in DNA v1). */
const MINUTES_MIN = 90;

/** The weighted, z-scored features of every row (n × features), with the rows that have them. */
export interface ZoneFeatures {
  features: number;
  values: Float64Array;
  has: Uint8Array;
}

/**
 * Weighted z-scores of the DNA v2 features of every row with zone counts and ≥ 90 minutes, each
 * z-scored within the season over the reference rows (`inCohort`), clipped, weighted, then
 * centred on the team's mean by `teamCentring`. A feature that cannot be computed scores 0.
 * @example zoneFeaturesOf(derived, zones, (id) => id).features // => 16
 */
export function zoneFeaturesOf(
  derived: DerivedSeasons,
  zones: ZoneCountsByRow,
  seasonKeyOf: (seasonId: number) => string | number,
  options: ZoneDnaOptions = ZONE_DNA_DEFAULTS,
): ZoneFeatures {
  const { n } = derived;
  const Z = ZONE_COLUMNS.length;
  const F = options.features.length;
  const has = new Uint8Array(n);
  for (let i = 0; i < n; i++)
    has[i] =
      zones.has[i] && derived.minutes[i] >= MINUTES_MIN && POSITION_GROUPS[derived.group[i]] !== undefined ? 1 : 0;
  const strata = strataOf(derived, has, seasonKeyOf);
  const values = new Float64Array(n * F).fill(Number.NaN);
  const noise = new Float64Array(n * F).fill(Number.NaN);
  for (let i = 0; i < n; i++) {
    if (!has[i]) continue;
    const input = { counts: zones.counts, base: i * Z, derived, i };
    options.features.forEach((f, k) => {
      values[i * F + k] = f.value(input);
      noise[i * F + k] = f.noise(input);
    });
  }
  standardise(values, noise, F, strata, has, options);
  centreOnTeams(derived, values, F, has, strata.reference, options.teamCentring);
  return { features: F, values, has };
}

/**
 * DNA v2 vectors: {@link zoneFeaturesOf} L2-normalised, {@link DNA_DIMS} floats per row. A row
 * without zone counts, under 90 minutes or with (nearly) all-average features gets no vector.
 * @example zoneDnaOf(derived, zones, (id) => id).hasVector[0] // => 1
 */
export function zoneDnaOf(
  derived: DerivedSeasons,
  zones: ZoneCountsByRow,
  seasonKeyOf: (seasonId: number) => string | number,
  options: ZoneDnaOptions = ZONE_DNA_DEFAULTS,
): { matrix: Float32Array; hasVector: Uint8Array; dims: number } {
  const { n } = derived;
  const { features: F, values, has } = zoneFeaturesOf(derived, zones, seasonKeyOf, options);
  const dims = DNA_DIMS;
  if (F > dims) throw new RangeError(`DNA v2 has ${F} features; the search holds ${dims}`);
  const matrix = new Float32Array(n * dims);
  const hasVector = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (!has[i]) continue;
    let norm2 = 0;
    for (let f = 0; f < F; f++) norm2 += values[i * F + f] ** 2;
    if (norm2 < 1e-12) continue;
    const inv = 1 / Math.sqrt(norm2);
    for (let f = 0; f < F; f++) matrix[i * dims + f] = values[i * F + f] * inv;
    hasVector[i] = 1;
  }
  return { matrix, hasVector, dims };
}

interface Strata {
  count: number;
  of: Int32Array;
  /** 1 for rows that set the stratum's means: in their cohort (regulars), or every row when a stratum has fewer than 2 regulars. */
  reference: Uint8Array;
}

/** Season strata (across leagues, like DNA v1 but over every group) of the rows in `has`. */
function strataOf(derived: DerivedSeasons, has: Uint8Array, seasonKeyOf: (id: number) => string | number): Strata {
  const of = new Int32Array(derived.n).fill(-1);
  const ids = new Map<string | number, number>();
  for (let i = 0; i < derived.n; i++) {
    if (!has[i]) continue;
    const key = seasonKeyOf(derived.season_id[i]);
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = ids.size));
    of[i] = id;
  }
  // Outfield regulars set the scale: a keeper's touches would stretch every location feature.
  const regular = (i: number) => derived.inCohort[i] === 1 && POSITION_GROUPS[derived.group[i]] !== 'goalkeeper';
  const regulars = new Int32Array(ids.size);
  for (let i = 0; i < derived.n; i++) if (has[i] && regular(i)) regulars[of[i]]++;
  const reference = new Uint8Array(derived.n);
  for (let i = 0; i < derived.n; i++) if (has[i] && (regular(i) || regulars[of[i]] < 2)) reference[i] = 1;
  return { count: ids.size, of, reference };
}

/**
 * z-scores each feature within its stratum over the reference rows, clips, weights and scales it
 * by its share of sampling noise (ZoneDnaOptions.noiseWhiten); a missing value becomes 0 (average).
 */
function standardise(
  values: Float64Array,
  noise: Float64Array,
  F: number,
  strata: Strata,
  has: Uint8Array,
  options: ZoneDnaOptions,
): void {
  const S = strata.count;
  const count = new Float64Array(S * F);
  const mean = new Float64Array(S * F);
  const m2 = new Float64Array(S * F);
  const noiseSum = new Float64Array(S * F);
  const n = has.length;
  for (let i = 0; i < n; i++) {
    if (!strata.reference[i]) continue;
    for (let f = 0; f < F; f++) {
      const v = values[i * F + f];
      if (Number.isNaN(v)) continue;
      count[strata.of[i] * F + f]++;
      mean[strata.of[i] * F + f] += v;
      if (!Number.isNaN(noise[i * F + f])) noiseSum[strata.of[i] * F + f] += noise[i * F + f];
    }
  }
  for (let j = 0; j < mean.length; j++) if (count[j] > 0) mean[j] /= count[j];
  for (let i = 0; i < n; i++) {
    if (!strata.reference[i]) continue;
    for (let f = 0; f < F; f++) {
      const v = values[i * F + f];
      if (!Number.isNaN(v)) m2[strata.of[i] * F + f] += (v - mean[strata.of[i] * F + f]) ** 2;
    }
  }
  const clip = options.zClip;
  for (let i = 0; i < n; i++) {
    if (!has[i]) continue;
    const base = strata.of[i] * F;
    for (let f = 0; f < F; f++) {
      const v = values[i * F + f];
      const sd = count[base + f] >= 2 ? Math.sqrt(m2[base + f] / count[base + f]) : 0;
      const z = Number.isNaN(v) || sd === 0 ? 0 : (v - mean[base + f]) / sd;
      // The feature's noise share: mean sampling variance over its spread (kept in 0.05–1 so a
      // nearly noiseless feature cannot take over).
      const share = sd > 0 ? Math.min(1, Math.max(0.05, noiseSum[base + f] / count[base + f] / sd ** 2)) : 1;
      const scale = options.features[f].weight / share ** (options.noiseWhiten / 2);
      values[i * F + f] = scale * Math.max(-clip, Math.min(clip, z));
    }
  }
}

/** Subtracts `share` × the team's mean feature (over its reference rows in the season) from each row. */
function centreOnTeams(
  derived: DerivedSeasons,
  values: Float64Array,
  F: number,
  has: Uint8Array,
  reference: Uint8Array,
  share: number,
): void {
  if (share === 0) return;
  const sums = new Map<string, { n: number; sum: Float64Array }>();
  const keyOf = (i: number) => `${derived.team_id[i]}|${derived.season_id[i]}`;
  for (let i = 0; i < derived.n; i++) {
    if (!reference[i] || POSITION_GROUPS[derived.group[i]] === 'goalkeeper') continue;
    const key = keyOf(i);
    let t = sums.get(key);
    if (!t) sums.set(key, (t = { n: 0, sum: new Float64Array(F) }));
    t.n++;
    for (let f = 0; f < F; f++) t.sum[f] += values[i * F + f];
  }
  for (let i = 0; i < derived.n; i++) {
    const t = has[i] ? sums.get(keyOf(i)) : undefined;
    if (!t || t.n < 2) continue;
    for (let f = 0; f < F; f++) values[i * F + f] -= (share * t.sum[f]) / t.n;
  }
}

/**
 * The DNA of a dataset (docs/methodology/dna.md#dna-v2): the stats-only vectors of
 * {@link dnaVectorsOf}, whose search vectors become DNA v2 when the dataset has a `player_zones`
 * table (event-data ingests). CSV and season-table datasets have none and search stats-only DNA.
 * In a dataset with zone counts, a row without them gets no search vector, since a stats-only
 * vector and a v2 vector do not compare.
 * @example datasetDnaOf(derived, dataset.tables.player_zones).search.method // => 'zones'
 */
export function datasetDnaOf(
  derived: DerivedSeasons,
  zonesTable: Table | undefined,
  options: DnaVectorOptions = {},
): DnaVectors {
  const stats = dnaVectorsOf(derived, options);
  const zones = zoneCountsByRowOf(zonesTable, derived);
  if (!zones) return stats;
  const v2 = zoneDnaOf(derived, zones, options.seasonKeyOf ?? ((id) => id));
  return { ...stats, search: { method: 'zones', matrix: v2.matrix, hasVector: v2.hasVector } };
}
