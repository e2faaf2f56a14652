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
import {
  dnaVectorsOf,
  momentsOf,
  referenceRowsOf,
  sdOf,
  strataOf,
  type DnaVectorOptions,
  type DnaVectors,
  type Strata,
  VECTOR_MINUTES_MIN,
  Z_CLIP,
} from './vectors.js';
import { ZONE_FEATURES } from './zone-features.js';
import { zoneCountsByRowOf, type ZoneCountsByRow } from './zone-counts.js';

export type { ZoneCountsByRow } from './zone-counts.js';

/** The weighted, z-scored features of every row (n × features), with the rows that have them. */
interface ZoneFeatures {
  features: number;
  values: Float64Array;
  has: Uint8Array;
}

/**
 * Weighted z-scores of the DNA v2 features of every row with zone counts and ≥ 90 minutes, each
 * z-scored within the season over the reference rows (outfield regulars), clipped and weighted.
 * A feature that cannot be computed scores 0.
 * @example zoneFeaturesOf(derived, zones, (id) => id).features // => 16
 */
export function zoneFeaturesOf(
  derived: DerivedSeasons,
  zones: ZoneCountsByRow,
  seasonKeyOf: (seasonId: number) => string | number,
): ZoneFeatures {
  const { n } = derived;
  const Z = ZONE_COLUMNS.length;
  const F = ZONE_FEATURES.length;
  const has = new Uint8Array(n);
  for (let i = 0; i < n; i++)
    has[i] =
      zones.has[i] && derived.minutes[i] >= VECTOR_MINUTES_MIN && POSITION_GROUPS[derived.group[i]] !== undefined
        ? 1
        : 0;
  const strata = strataOf(n, (i) => (has[i] ? seasonKeyOf(derived.season_id[i]) : undefined));
  // Outfield regulars set the scale: a keeper's touches would stretch every location feature.
  const reference = referenceRowsOf(
    strata,
    (i) => has[i] === 1,
    (i) => derived.inCohort[i] === 1 && POSITION_GROUPS[derived.group[i]] !== 'goalkeeper',
  );
  const values = new Float64Array(n * F).fill(Number.NaN);
  const noise = new Float64Array(n * F).fill(Number.NaN);
  for (let i = 0; i < n; i++) {
    if (!has[i]) continue;
    const input = { counts: zones.counts, base: i * Z, derived, i };
    ZONE_FEATURES.forEach((f, k) => {
      values[i * F + k] = f.value(input);
      noise[i * F + k] = f.noise(input);
    });
  }
  standardise(values, noise, F, strata, reference, has);
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
): { matrix: Float32Array; hasVector: Uint8Array; dims: number } {
  const { n } = derived;
  const { features: F, values, has } = zoneFeaturesOf(derived, zones, seasonKeyOf);
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

/**
 * z-scores each feature within its stratum over the reference rows, clips it at ±Z_CLIP, weights
 * it and divides it by the square root of its share of sampling noise; a missing value becomes 0
 * (average).
 */
function standardise(
  values: Float64Array,
  noise: Float64Array,
  F: number,
  strata: Strata,
  reference: Uint8Array,
  has: Uint8Array,
): void {
  const moments = momentsOf(values, F, strata, reference);
  const noiseSum = new Float64Array(strata.count * F);
  for (let i = 0; i < has.length; i++) {
    if (!reference[i]) continue;
    for (let f = 0; f < F; f++)
      if (!Number.isNaN(values[i * F + f]) && !Number.isNaN(noise[i * F + f]))
        noiseSum[strata.of[i] * F + f] += noise[i * F + f];
  }
  for (let i = 0; i < has.length; i++) {
    if (!has[i]) continue;
    const base = strata.of[i] * F;
    for (let f = 0; f < F; f++) {
      const v = values[i * F + f];
      const sd = sdOf(moments, base + f);
      const z = Number.isNaN(v) || sd === 0 ? 0 : (v - moments.mean[base + f]) / sd;
      // The feature's noise share: mean sampling variance over its spread (kept in 0.05–1 so a
      // nearly noiseless feature cannot take over).
      const share = sd > 0 ? Math.min(1, Math.max(0.05, noiseSum[base + f] / moments.count[base + f] / sd ** 2)) : 1;
      values[i * F + f] = (ZONE_FEATURES[f].weight / share ** 0.5) * Math.max(-Z_CLIP, Math.min(Z_CLIP, z));
    }
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
