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

/**
 * DNA vectors computed on first use: a row's vector depends on its group × season stratum alone,
 * so {@link DnaStrata.hasVector} takes the moments of its row's stratum and writes that row, and
 * {@link DnaStrata.all} every row left; both write the same arrays with the same arithmetic.
 * @example new DnaStrata(derived).hasVector(0) === dnaVectorsOf(derived).hasVector[0] > 0 // => true
 */
export class DnaStrata {
  private readonly derived: DerivedSeasons;
  /** Stratum of each row; stratum s holds `rows[start[s]]` up to `rows[start[s + 1]]`, in table order. */
  private readonly stratumOf: Int32Array;
  private readonly start: Int32Array;
  private readonly rows: Int32Array;
  private readonly moments: (Moments | undefined)[] = [];
  private readonly written: Uint8Array;
  private readonly vectors: DnaVectors;

  constructor(derived: DerivedSeasons, options: DnaVectorOptions = {}) {
    const { n } = derived;
    const { of, count } = strataOf(n, groupSeasonKeyOf(derived, options.seasonKeyOf ?? ((id: number) => id)));
    // A counting sort by stratum, so that one stratum's rows are read alone, in table order.
    const start = new Int32Array(count + 1);
    for (let i = 0; i < n; i++) start[of[i] + 1]++;
    for (let s = 1; s <= count; s++) start[s] += start[s - 1];
    const cursor = start.slice(0, count);
    const rows = new Int32Array(n);
    for (let i = 0; i < n; i++) rows[cursor[of[i]]++] = i;
    this.derived = derived;
    this.stratumOf = of;
    this.start = start;
    this.rows = rows;
    this.written = new Uint8Array(n);
    const matrix = new Float32Array(n * DNA_DIMS);
    const hasVector = new Uint8Array(n);
    const z = new Float32Array(n * DNA_DIMS).fill(Number.NaN);
    this.vectors = { n, dims: DNA_DIMS, matrix, hasVector, z, search: { method: 'stats', matrix, hasVector } };
  }

  /** Whether derived row `row` has a vector. */
  hasVector(row: number): boolean {
    this.write(row);
    return this.vectors.hasVector[row] === 1;
  }

  /** The vectors of every row. */
  all(): DnaVectors {
    for (let i = 0; i < this.derived.n; i++) this.write(i);
    return this.vectors;
  }

  private write(i: number): void {
    if (this.written[i] === 1) return;
    this.written[i] = 1;
    if (eligible(this.derived, i) && writeRowVector(this.derived, i, this.momentsOf(this.stratumOf[i]), this.vectors))
      this.vectors.hasVector[i] = 1;
  }

  private momentsOf(s: number): Moments {
    let moments = this.moments[s];
    if (moments === undefined) {
      const members = this.rows.subarray(this.start[s], this.start[s + 1]);
      this.moments[s] = moments = referenceMomentsOf(this.derived, referenceRowsOf(this.derived, members));
    }
    return moments;
  }
}

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

/** A stratum's reference population: its cohort rows, or every eligible row when it has too few. */
function referenceRowsOf(derived: DerivedSeasons, members: Int32Array): Int32Array {
  let cohortRows = 0;
  for (let k = 0; k < members.length; k++)
    if (eligible(derived, members[k]) && derived.inCohort[members[k]]) cohortRows++;
  const pooled = cohortRows < REFERENCE_ROWS_MIN;
  const reference = new Int32Array(members.length);
  let m = 0;
  for (let k = 0; k < members.length; k++) {
    const i = members[k];
    if (eligible(derived, i) && (derived.inCohort[i] === 1 || pooled)) reference[m++] = i;
  }
  return reference.subarray(0, m);
}

/** Per feature slot of one stratum: count, mean and sum of squared deviations over its reference rows. */
interface Moments {
  count: Float64Array;
  mean: Float64Array;
  m2: Float64Array;
}

/** A stratum's {@link Moments} over its reference rows (two passes, for stability). */
function referenceMomentsOf(derived: DerivedSeasons, reference: Int32Array): Moments {
  const count = new Float64Array(DNA_DIMS);
  const mean = new Float64Array(DNA_DIMS);
  const m2 = new Float64Array(DNA_DIMS);
  if (reference.length === 0) return { count, mean, m2 };
  const features = STYLE_FEATURES[POSITION_GROUPS[derived.group[reference[0]]]];
  for (let s = 0; s < features.length; s++) {
    const column = derived.values[features[s].metric];
    for (let k = 0; k < reference.length; k++) {
      const v = column[reference[k]];
      if (Number.isNaN(v)) continue;
      count[s]++;
      mean[s] += v;
    }
    if (count[s] > 0) mean[s] /= count[s];
    for (let k = 0; k < reference.length; k++) {
      const v = column[reference[k]];
      if (!Number.isNaN(v)) m2[s] += (v - mean[s]) ** 2;
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
  moments: Moments,
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
    const c = count[s];
    const sd = c >= 2 ? Math.sqrt(m2[s] / c) : 0;
    const zs = sd > 0 ? (v - mean[s]) / sd : 0;
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
  return new DnaStrata(derived, options).all();
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
