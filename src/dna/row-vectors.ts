/**
 * Whether one derived row has a DNA vector, without the matrix of the whole table
 * (docs/design.md#first-answer): style tags need only that bit, and it depends on the row's
 * group × season stratum alone. A stratum's means and standard deviations are taken when one of
 * its rows is first asked about, with the arithmetic of `dnaVectorsOf` (vectors.ts) in the same row
 * order, so every answer is the matrix's `hasVector[row]`; test/dna/row-vectors.prop.test.ts checks
 * that on random tables.
 */
import { POSITION_GROUPS } from '../model/schema.js';
import type { DerivedSeasons } from '../stats/derived.js';
import { DNA_DIMS, STYLE_FEATURES } from './features.js';
import { REFERENCE_ROWS_MIN, VECTOR_MINUTES_MIN, VECTOR_NORM_MIN, Z_CLIP, type DnaVectorOptions } from './vectors.js';

/** The rows of each stratum: stratum s holds `rows[start[s]]` up to `rows[start[s + 1]]`, in table order. */
interface Strata {
  stratumOf: Int32Array;
  start: Int32Array;
  rows: Int32Array;
}

/**
 * Groups the rows by stratum (group × season key, as vectors.ts keys them): a lookup per run of
 * rows of one season, then a counting sort, so one stratum's rows can be read alone in table order.
 */
function strataOf(derived: DerivedSeasons, seasonKeyOf: (seasonId: number) => string | number): Strata {
  const groups = POSITION_GROUPS.length;
  const keyOfSeason = new Map<number, number>();
  const keys = new Map<string, number>();
  const stratumOf = new Int32Array(derived.n);
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

const eligible = (derived: DerivedSeasons, i: number) => derived.minutes[i] >= VECTOR_MINUTES_MIN;

/** Per feature slot of one stratum: mean and population standard deviation (0 with fewer than 2 values). */
interface Moments {
  mean: Float64Array;
  sd: Float64Array;
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

/** One stratum's moments over its reference rows: two passes per feature, each in table order. */
function stratumMomentsOf(derived: DerivedSeasons, members: Int32Array, group: number): Moments {
  const mean = new Float64Array(DNA_DIMS);
  const sd = new Float64Array(DNA_DIMS);
  const reference = referenceRowsOf(derived, members);
  const features = STYLE_FEATURES[POSITION_GROUPS[group]];
  for (let s = 0; s < features.length; s++) {
    const column = derived.values[features[s].metric];
    // count, mean, squared deviations in typed-array slots as vectors.ts keeps them (a double local is boxed at each step while cold)
    const sums = new Float64Array(3);
    for (let k = 0; k < reference.length; k++) {
      const v = column[reference[k]];
      if (Number.isNaN(v)) continue;
      sums[0]++;
      sums[1] += v;
    }
    if (sums[0] > 0) sums[1] /= sums[0];
    for (let k = 0; k < reference.length; k++) {
      const v = column[reference[k]];
      if (!Number.isNaN(v)) sums[2] += (v - sums[1]) ** 2;
    }
    mean[s] = sums[1];
    sd[s] = sums[0] >= 2 ? Math.sqrt(sums[2] / sums[0]) : 0;
  }
  return { mean, sd };
}

/** Whether row `i`'s weighted, clipped z-scores give a direction: a known feature and an L2 norm of at least VECTOR_NORM_MIN. */
function rowHasDirection(derived: DerivedSeasons, i: number, moments: Moments): boolean {
  const { mean, sd } = moments;
  const features = STYLE_FEATURES[POSITION_GROUPS[derived.group[i]]];
  let known = 0;
  let norm2 = 0;
  for (let s = 0; s < features.length; s++) {
    const v = derived.values[features[s].metric][i];
    if (Number.isNaN(v)) continue;
    known++;
    const zs = sd[s] > 0 ? (v - mean[s]) / sd[s] : 0;
    const w = features[s].weight * Math.max(-Z_CLIP, Math.min(Z_CLIP, zs));
    norm2 += w * w;
  }
  return known > 0 && !(norm2 < VECTOR_NORM_MIN * VECTOR_NORM_MIN);
}

/**
 * Whether a row has a DNA vector, one row at a time: `hasVector(row)` equals
 * `dnaVectorsOf(derived, options).hasVector[row] === 1`, computing only the row's stratum.
 * @example new DnaRowVectors(derived).hasVector(row) // => true
 */
export class DnaRowVectors {
  private readonly derived: DerivedSeasons;
  private readonly strata: Strata;
  private readonly moments: (Moments | undefined)[] = [];

  constructor(derived: DerivedSeasons, options: DnaVectorOptions = {}) {
    this.derived = derived;
    this.strata = strataOf(derived, options.seasonKeyOf ?? ((id: number) => id));
  }

  /** Whether derived row `row` has a DNA vector. */
  hasVector(row: number): boolean {
    if (!eligible(this.derived, row)) return false;
    const { stratumOf, start, rows } = this.strata;
    const s = stratumOf[row];
    const members = rows.subarray(start[s], start[s + 1]);
    const moments = (this.moments[s] ??= stratumMomentsOf(this.derived, members, this.derived.group[row]));
    return rowHasDirection(this.derived, row, moments);
  }
}
