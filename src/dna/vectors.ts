/**
 * DNA vectors (docs/design.md#dna-and-similarity, docs/methodology/dna.md#vectors): for every player-season, the z-scores
 * of its group's style features within position group × season across all leagues, weighted,
 * clipped and L2-normalised, stored as one row-major Float32 matrix.
 */
import { POSITION_GROUPS } from '../model/schema.js';
import type { DerivedSeasons } from '../stats/derived.js';
import { DNA_DIMS, STYLE_FEATURES, type StyleFeature } from './features.js';

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

/** Strata of rows: `of[i]` is row i's stratum (-1 for none), numbered 0 … count − 1. */
export type Strata = ReturnType<typeof strataOf>;

/**
 * The rows that set each stratum's mean and spread: its `member` rows that are `regular`, or
 * every member when a stratum has fewer than REFERENCE_ROWS_MIN regulars.
 */
export function referenceRowsOf(
  { of, count }: Strata,
  member: (i: number) => boolean,
  regular: (i: number) => boolean,
): Uint8Array {
  const regulars = new Int32Array(count);
  for (let i = 0; i < of.length; i++) if (member(i) && regular(i)) regulars[of[i]]++;
  const reference = new Uint8Array(of.length);
  for (let i = 0; i < of.length; i++)
    if (member(i) && (regular(i) || regulars[of[i]] < REFERENCE_ROWS_MIN)) reference[i] = 1;
  return reference;
}

/**
 * Per stratum × feature (index `stratum × F + f`) of the non-missing `values` (n × F, row-major)
 * of each stratum's reference rows: count, mean and sum of squared deviations, in two passes for
 * stability.
 */
export function momentsOf(values: Float64Array, F: number, { of, count: S }: Strata, reference: Uint8Array) {
  const count = new Float64Array(S * F);
  const mean = new Float64Array(S * F);
  const m2 = new Float64Array(S * F);
  for (let i = 0; i < reference.length; i++) {
    if (!reference[i]) continue;
    for (let f = 0; f < F; f++) {
      const v = values[i * F + f];
      if (Number.isNaN(v)) continue;
      count[of[i] * F + f]++;
      mean[of[i] * F + f] += v;
    }
  }
  for (let j = 0; j < mean.length; j++) if (count[j] > 0) mean[j] /= count[j];
  for (let i = 0; i < reference.length; i++) {
    if (!reference[i]) continue;
    for (let f = 0; f < F; f++) {
      const v = values[i * F + f];
      if (!Number.isNaN(v)) m2[of[i] * F + f] += (v - mean[of[i] * F + f]) ** 2;
    }
  }
  return { count, mean, m2 };
}

/** The moments {@link momentsOf} computes. */
type Moments = ReturnType<typeof momentsOf>;

/** Population standard deviation of slot `j` of {@link Moments}; 0 with fewer than 2 values. */
export const sdOf = ({ count, m2 }: Moments, j: number): number => (count[j] >= 2 ? Math.sqrt(m2[j] / count[j]) : 0);

/**
 * The stratum key of each row, group × season key, as a number: each season's key is looked up
 * once, and rows of seasons with the same key share it.
 */
function groupSeasonKeyOf(derived: DerivedSeasons, seasonKeyOf: (seasonId: number) => string | number) {
  const numberOfSeason = new Map<number, number>();
  const numberOfKey = new Map<string, number>();
  return (i: number): number => {
    const id = derived.season_id[i];
    let k = numberOfSeason.get(id);
    if (k === undefined) {
      const key = String(seasonKeyOf(id));
      k = numberOfKey.get(key) ?? numberOfKey.size;
      numberOfKey.set(key, k);
      numberOfSeason.set(id, k);
    }
    // A group index is one byte, so the key is unique per group × season key.
    return k * 256 + derived.group[i];
  };
}

/**
 * Writes row `i`'s z-scores and its clipped, weighted, unit-length vector; false (and a zero row)
 * when it has no known feature or its weighted z-scores are all (nearly) 0.
 */
function writeRowVector(
  raw: Float64Array,
  i: number,
  features: readonly StyleFeature[],
  moments: Moments,
  base: number,
  out: { matrix: Float32Array; z: Float32Array },
): boolean {
  const { matrix, z } = out;
  const row = i * DNA_DIMS;
  let known = 0;
  let norm2 = 0;
  for (let s = 0; s < features.length; s++) {
    const v = raw[row + s];
    if (Number.isNaN(v)) continue;
    known++;
    const sd = sdOf(moments, base + s);
    const zs = sd > 0 ? (v - moments.mean[base + s]) / sd : 0;
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
  const featuresOf = (i: number) => STYLE_FEATURES[POSITION_GROUPS[derived.group[i]]];
  // Each row's feature values in its group's slot order; NaN where missing or unused.
  const raw = new Float64Array(n * DNA_DIMS).fill(Number.NaN);
  for (let i = 0; i < n; i++)
    featuresOf(i).forEach((f, s) => {
      raw[i * DNA_DIMS + s] = derived.values[f.metric][i];
    });
  const strata = strataOf(n, groupSeasonKeyOf(derived, options.seasonKeyOf ?? ((id: number) => id)));
  const eligible = (i: number) => derived.minutes[i] >= VECTOR_MINUTES_MIN;
  const reference = referenceRowsOf(strata, eligible, (i) => derived.inCohort[i] === 1);
  const moments = momentsOf(raw, DNA_DIMS, strata, reference);
  const matrix = new Float32Array(n * DNA_DIMS);
  const hasVector = new Uint8Array(n);
  const z = new Float32Array(n * DNA_DIMS).fill(Number.NaN);
  for (let i = 0; i < n; i++)
    if (eligible(i) && writeRowVector(raw, i, featuresOf(i), moments, strata.of[i] * DNA_DIMS, { matrix, z }))
      hasVector[i] = 1;
  return { n, dims: DNA_DIMS, matrix, hasVector, z, search: { method: 'stats', matrix, hasVector } };
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
