/**
 * DNA v2 (docs/methodology/dna.md#dna-v2): a player's style from where he acts and what kind of
 * action he chooses. The counts of `player_zones` become 16 features (zone-features.ts), z-scored
 * within the season over the outfield regulars, weighted by how much of each feature is sampling
 * noise, and L2-normalised, so the exact search keeps its 16-float vectors.
 */
import { ZONE_COLUMNS } from '../model/location-profile.js';
import { POSITION_GROUPS } from '../model/schema.js';
import type { DerivedSeasons } from '../stats/derived.js';
import type { Table } from 'apache-arrow';
import { DNA_DIMS } from './features.js';
import { dnaVectorsOf, strataOf, type DnaVectorOptions, type DnaVectors } from './vectors.js';
import { ZONE_FEATURES, type ZoneFeature } from './zone-features.js';
import { zoneCountsByRowOf, type ZoneCountsByRow } from './zone-counts.js';

export type { ZoneCountsByRow } from './zone-counts.js';

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
  const strata = seasonStrataOf(derived, has, seasonKeyOf);
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
function seasonStrataOf(
  derived: DerivedSeasons,
  has: Uint8Array,
  seasonKeyOf: (id: number) => string | number,
): Strata {
  const { of, count } = strataOf(derived.n, (i) => (has[i] ? seasonKeyOf(derived.season_id[i]) : undefined));
  // Outfield regulars set the scale: a keeper's touches would stretch every location feature.
  const regular = (i: number) => derived.inCohort[i] === 1 && POSITION_GROUPS[derived.group[i]] !== 'goalkeeper';
  const regulars = new Int32Array(count);
  for (let i = 0; i < derived.n; i++) if (has[i] && regular(i)) regulars[of[i]]++;
  const reference = new Uint8Array(derived.n);
  for (let i = 0; i < derived.n; i++) if (has[i] && (regular(i) || regulars[of[i]] < 2)) reference[i] = 1;
  return { count, of, reference };
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
 * vector and a v2 vector do not compare. `stats` are the stats-only vectors when the caller has
 * them already (the engine's, whose strata style tags computed first).
 * @example datasetDnaOf(derived, dataset.tables.player_zones).search.method // => 'zones'
 */
export function datasetDnaOf(
  derived: DerivedSeasons,
  zonesTable: Table | undefined,
  options: DnaVectorOptions = {},
  stats: DnaVectors = dnaVectorsOf(derived, options),
): DnaVectors {
  const zones = zoneCountsByRowOf(zonesTable, derived);
  if (!zones) return stats;
  const v2 = zoneDnaOf(derived, zones, options.seasonKeyOf ?? ((id) => id));
  return { ...stats, search: { method: 'zones', matrix: v2.matrix, hasVector: v2.hasVector } };
}
