/**
 * DNA vectors (docs/design.md#dna-and-similarity, docs/methodology/dna.md#vectors): for every player-season, the z-scores
 * of its group's style features within position group × season across all leagues, weighted,
 * clipped and L2-normalised, stored as one row-major Float32 matrix.
 */
import { POSITION_GROUPS } from '../model/schema.js';
import type { DerivedSeasons } from '../stats/derived.js';
import { DNA_DIMS, STYLE_FEATURES } from './features.js';

/** Rows below this many minutes get no vector: their per-90 values do not exist (docs/methodology/dna.md#vectors). */
export const VECTOR_MINUTES_MIN = 90;
/**
 * A group × season with fewer reference rows than this (rows meeting the cohort minutes threshold)
 * takes its mean and standard deviation over every row with a vector instead
 * (docs/methodology/dna.md#vectors).
 */
export const REFERENCE_ROWS_MIN = 2;
/** z-scores are clipped to ±this before weighting, so one freak metric cannot own a vector (docs/methodology/dna.md#vectors). */
export const Z_CLIP = 3;
/**
 * A row whose weighted z-scores have a smaller L2 norm than this is average in every feature (up
 * to float rounding): it has no direction, so no vector (docs/methodology/dna.md#vectors).
 */
export const VECTOR_NORM_MIN = 1e-6;

/** The DNA matrix of a set of derived player-seasons. */
export interface DnaVectors {
  /** Number of rows (same order as DerivedSeasons). */
  n: number;
  /** Floats per vector ({@link DNA_DIMS}). */
  dims: number;
  /** n × dims, row-major; row i is derived row i, L2 norm 1, or all zeros when `hasVector[i]` is 0. */
  matrix: Float32Array;
  /** 1 when row i has a vector. */
  hasVector: Uint8Array;
  /** n × dims unweighted, unclipped z-scores (slot order of STYLE_FEATURES); NaN where the value is missing or the slot is unused. */
  z: Float32Array;
  /**
   * The vectors DNA search compares (docs/methodology/dna.md#dna-v2): DNA v2 (`zones`) when the
   * dataset has event-data zone counts, else these stats-only vectors (`stats`, the same arrays as
   * `matrix` and `hasVector`). Style tags and agreeing metrics keep reading the stats-only ones.
   */
  search: { method: 'zones' | 'stats'; matrix: Float32Array; hasVector: Uint8Array };
}

export interface DnaVectorOptions {
  /**
   * Maps a season_id to the season it belongs to across leagues (e.g. its name `2025/26`), since
   * every league has its own season rows. Default: the season_id itself (each league-season alone).
   */
  seasonKeyOf?: (seasonId: number) => string | number;
}

/**
 * Numbers the strata of `n` rows: rows with equal keys share a stratum, numbered in the order they
 * first appear; a row whose key is undefined is in none (-1).
 * @example strataOf(3, (i) => ['a', 'b', 'a'][i]).of // => Int32Array [0, 1, 0]
 */
export function strataOf(n: number, keyOf: (i: number) => string | number | undefined) {
  const of = new Int32Array(n).fill(-1);
  const ids = new Map<string | number, number>();
  for (let i = 0; i < n; i++) {
    const key = keyOf(i);
    if (key === undefined) continue;
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = ids.size));
    of[i] = id;
  }
  return { of, count: ids.size };
}

const eligible = (derived: DerivedSeasons, i: number) => derived.minutes[i] >= VECTOR_MINUTES_MIN;

/** Which rows are the reference population: cohort rows, or every eligible row of a stratum with too few. */
function referenceRowsOf(derived: DerivedSeasons, stratumOf: Int32Array, strata: number): Uint8Array {
  const referenceCount = new Int32Array(strata);
  for (let i = 0; i < derived.n; i++) if (eligible(derived, i) && derived.inCohort[i]) referenceCount[stratumOf[i]]++;
  const reference = new Uint8Array(derived.n);
  for (let i = 0; i < derived.n; i++)
    reference[i] =
      eligible(derived, i) && (derived.inCohort[i] === 1 || referenceCount[stratumOf[i]] < REFERENCE_ROWS_MIN) ? 1 : 0;
  return reference;
}

/** The value of slot `slot` of row `i`'s group features; NaN when missing or past the group's features. */
function slotValueAt(derived: DerivedSeasons, i: number, slot: number): number {
  const feature = STYLE_FEATURES[POSITION_GROUPS[derived.group[i]]][slot];
  return feature === undefined ? Number.NaN : derived.values[feature.metric][i];
}

/** Per stratum × slot: count, mean and sum of squared deviations over the reference rows (two passes, for stability). */
function referenceMomentsOf(derived: DerivedSeasons, stratumOf: Int32Array, strata: number, reference: Uint8Array) {
  const dims = DNA_DIMS;
  const count = new Float64Array(strata * dims);
  const mean = new Float64Array(strata * dims);
  const m2 = new Float64Array(strata * dims);
  for (let i = 0; i < derived.n; i++) {
    if (!reference[i]) continue;
    const base = stratumOf[i] * dims;
    for (let s = 0; s < dims; s++) {
      const v = slotValueAt(derived, i, s);
      if (Number.isNaN(v)) continue;
      count[base + s]++;
      mean[base + s] += v;
    }
  }
  for (let j = 0; j < mean.length; j++) if (count[j] > 0) mean[j] /= count[j];
  for (let i = 0; i < derived.n; i++) {
    if (!reference[i]) continue;
    const base = stratumOf[i] * dims;
    for (let s = 0; s < dims; s++) {
      const v = slotValueAt(derived, i, s);
      if (!Number.isNaN(v)) m2[base + s] += (v - mean[base + s]) ** 2;
    }
  }
  return { count, mean, m2 };
}

/**
 * Writes row `i`'s z-scores and its clipped, weighted, unit-length vector; false (and a zero row)
 * when it has no known feature or its weighted z-scores are all (nearly) 0.
 */
function writeRowVector(
  derived: DerivedSeasons,
  i: number,
  base: number,
  moments: ReturnType<typeof referenceMomentsOf>,
  out: { matrix: Float32Array; z: Float32Array },
): boolean {
  const { count, mean, m2 } = moments;
  const { matrix, z } = out;
  const features = STYLE_FEATURES[POSITION_GROUPS[derived.group[i]]];
  const row = i * DNA_DIMS;
  let known = 0;
  let norm2 = 0;
  for (let s = 0; s < features.length; s++) {
    const v = derived.values[features[s].metric][i];
    if (Number.isNaN(v)) continue;
    known++;
    const c = count[base + s];
    const sd = c >= 2 ? Math.sqrt(m2[base + s] / c) : 0;
    const zs = sd > 0 ? (v - mean[base + s]) / sd : 0;
    z[row + s] = zs;
    const w = features[s].weight * Math.max(-Z_CLIP, Math.min(Z_CLIP, zs));
    matrix[row + s] = w;
    norm2 += w * w;
  }
  if (known === 0 || norm2 < VECTOR_NORM_MIN * VECTOR_NORM_MIN) {
    matrix.fill(0, row, row + DNA_DIMS);
    return false;
  }
  const inv = 1 / Math.sqrt(norm2);
  for (let s = 0; s < features.length; s++) matrix[row + s] *= inv;
  return true;
}

/**
 * Computes the DNA vector of every derived row. The reference population of a group × season is
 * its rows with `inCohort` = 1 (the cohort minutes threshold); mean and population standard
 * deviation are taken per feature over those rows' non-missing values. A feature with a standard
 * deviation of 0 (or fewer than 2 values) scores z = 0. A row gets no vector below 90 minutes,
 * when all its features are missing, or when its weighted z-scores are all (nearly) 0
 * ({@link VECTOR_NORM_MIN}). Cost: O(n × dims).
 * @example dnaVectorsOf(derived).hasVector[0] // => 1
 */
export function dnaVectorsOf(derived: DerivedSeasons, options: DnaVectorOptions = {}): DnaVectors {
  const { n } = derived;
  const dims = DNA_DIMS;
  const seasonKeyOf = options.seasonKeyOf ?? ((id: number) => id);
  // One stratum per group × season key.
  const { of: stratumOf, count: strata } = strataOf(
    n,
    (i) => `${derived.group[i]}|${seasonKeyOf(derived.season_id[i])}`,
  );
  const moments = referenceMomentsOf(derived, stratumOf, strata, referenceRowsOf(derived, stratumOf, strata));
  const out = { matrix: new Float32Array(n * dims), z: new Float32Array(n * dims).fill(Number.NaN) };
  const hasVector = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (eligible(derived, i) && writeRowVector(derived, i, stratumOf[i] * dims, moments, out)) hasVector[i] = 1;
  }
  const { matrix, z } = out;
  return { n, dims, matrix, hasVector, z, search: { method: 'stats', matrix, hasVector } };
}

/**
 * Cosine similarity of two rows of a DNA matrix (both L2-normalised, so a dot product); NaN when
 * either row has no vector.
 * @example cosineOfRows(dna, 0, 0) // => 1 (up to float32 rounding)
 */
export function cosineOfRows(dna: DnaVectors, a: number, b: number): number {
  if (!dna.hasVector[a] || !dna.hasVector[b]) return Number.NaN;
  let dot = 0;
  for (let s = 0; s < dna.dims; s++) dot += dna.matrix[a * dna.dims + s] * dna.matrix[b * dna.dims + s];
  return dot;
}
