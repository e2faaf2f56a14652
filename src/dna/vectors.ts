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
 * The rows of each stratum (group × season key): stratum s holds `rows[start[s]]` up to
 * `rows[start[s + 1]]`, in table order.
 */
interface Strata {
  stratumOf: Int32Array;
  start: Int32Array;
  rows: Int32Array;
}

/**
 * Groups the rows by stratum: one map lookup per row (a season's key is read once), then a
 * counting sort, so each stratum's rows can be read on their own in table order.
 */
function strataOf(derived: DerivedSeasons, seasonKeyOf: (seasonId: number) => string | number): Strata {
  const groups = POSITION_GROUPS.length;
  const keyOfSeason = new Map<number, number>();
  const keys = new Map<string, number>();
  const stratumOf = new Int32Array(derived.n);
  // Rows of a season sit together, so the previous row's season answers most lookups.
  let lastSeason = Number.NaN;
  let key = 0;
  for (let i = 0; i < derived.n; i++) {
    const seasonId = derived.season_id[i];
    if (seasonId !== lastSeason) {
      lastSeason = seasonId;
      const known = keyOfSeason.get(seasonId);
      if (known === undefined) {
        const name = String(seasonKeyOf(seasonId));
        key = keys.get(name) ?? keys.size;
        keys.set(name, key);
        keyOfSeason.set(seasonId, key);
      } else key = known;
    }
    stratumOf[i] = key * groups + derived.group[i];
  }
  const start = new Int32Array(keys.size * groups + 1);
  for (let i = 0; i < derived.n; i++) start[stratumOf[i] + 1]++;
  for (let s = 1; s < start.length; s++) start[s] += start[s - 1];
  const cursor = start.slice(0, -1);
  const rows = new Int32Array(derived.n);
  for (let i = 0; i < derived.n; i++) rows[cursor[stratumOf[i]]++] = i;
  return { stratumOf, start, rows };
}

const membersOf = (strata: Strata, s: number): Int32Array => strata.rows.subarray(strata.start[s], strata.start[s + 1]);

const eligible = (derived: DerivedSeasons, i: number) => derived.minutes[i] >= VECTOR_MINUTES_MIN;

/** Per feature slot of one stratum: count, mean and sum of squared deviations over its reference rows. */
interface Moments {
  count: Float64Array;
  mean: Float64Array;
  m2: Float64Array;
}

/** A stratum's reference population: its cohort rows, or every eligible row when it has too few. */
function referenceRowsOf(derived: DerivedSeasons, members: Int32Array): Int32Array {
  // Indexed loops: this runs cold in a first answer, where for-of allocates an iterator result per row.
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

/**
 * The moments of one stratum's features over its reference rows (two passes, for stability), a
 * feature column at a time in table order.
 */
function stratumMomentsOf(derived: DerivedSeasons, members: Int32Array): Moments {
  const count = new Float64Array(DNA_DIMS);
  const mean = new Float64Array(DNA_DIMS);
  const m2 = new Float64Array(DNA_DIMS);
  if (members.length === 0) return { count, mean, m2 };
  const reference = referenceRowsOf(derived, members);
  const features = STYLE_FEATURES[POSITION_GROUPS[derived.group[members[0]]]];
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
 * Writes row `i`'s z-scores and its clipped, weighted, unit-length vector at offset `at` of the
 * outputs; false (and a zero vector) when it has no known feature or its weighted z-scores are all
 * (nearly) 0.
 */
function writeRowVector(
  derived: DerivedSeasons,
  i: number,
  moments: Moments,
  out: { matrix: Float32Array; z: Float32Array },
  at: number,
): boolean {
  const { count, mean, m2 } = moments;
  const { matrix, z } = out;
  const features = STYLE_FEATURES[POSITION_GROUPS[derived.group[i]]];
  let known = 0;
  let norm2 = 0;
  for (let s = 0; s < features.length; s++) {
    const v = derived.values[features[s].metric][i];
    if (Number.isNaN(v)) continue;
    known++;
    const c = count[s];
    const sd = c >= 2 ? Math.sqrt(m2[s] / c) : 0;
    const zs = sd > 0 ? (v - mean[s]) / sd : 0;
    z[at + s] = zs;
    const w = features[s].weight * Math.max(-Z_CLIP, Math.min(Z_CLIP, zs));
    matrix[at + s] = w;
    norm2 += w * w;
  }
  if (known === 0 || norm2 < VECTOR_NORM_MIN * VECTOR_NORM_MIN) {
    matrix.fill(0, at, at + DNA_DIMS);
    return false;
  }
  const inv = 1 / Math.sqrt(norm2);
  for (let s = 0; s < features.length; s++) matrix[at + s] *= inv;
  return true;
}

const seasonKeyOrId = (options: DnaVectorOptions) => options.seasonKeyOf ?? ((id: number) => id);

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
  const strata = strataOf(derived, seasonKeyOrId(options));
  const out = { matrix: new Float32Array(n * dims), z: new Float32Array(n * dims).fill(Number.NaN) };
  const hasVector = new Uint8Array(n);
  for (let s = 0; s + 1 < strata.start.length; s++) {
    const members = membersOf(strata, s);
    if (members.length === 0) continue;
    const moments = stratumMomentsOf(derived, members);
    for (let k = 0; k < members.length; k++) {
      const i = members[k];
      if (eligible(derived, i) && writeRowVector(derived, i, moments, out, i * dims)) hasVector[i] = 1;
    }
  }
  const { matrix, z } = out;
  return { n, dims, matrix, hasVector, z, search: { method: 'stats', matrix, hasVector } };
}

/**
 * Whether a row has a DNA vector, one row at a time: a stratum's moments are taken when one of its
 * rows is first asked about, by the code and in the row order of {@link dnaVectorsOf}, so every
 * answer is the matrix's `hasVector[row]`. Style tags need only this bit, so a first answer does
 * not build the matrix of the whole table (docs/design.md#first-answer).
 * @example new DnaRowVectors(derived).hasVector(row) === (dnaVectorsOf(derived).hasVector[row] === 1) // => true
 */
export class DnaRowVectors {
  private readonly derived: DerivedSeasons;
  private readonly strata: Strata;
  private readonly moments: (Moments | undefined)[] = [];
  private readonly scratch = { matrix: new Float32Array(DNA_DIMS), z: new Float32Array(DNA_DIMS) };

  constructor(derived: DerivedSeasons, options: DnaVectorOptions = {}) {
    this.derived = derived;
    this.strata = strataOf(derived, seasonKeyOrId(options));
  }

  /** Whether derived row `row` has a DNA vector. */
  hasVector(row: number): boolean {
    if (!eligible(this.derived, row)) return false;
    const s = this.strata.stratumOf[row];
    const moments = (this.moments[s] ??= stratumMomentsOf(this.derived, membersOf(this.strata, s)));
    return writeRowVector(this.derived, row, moments, this.scratch, 0);
  }
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
