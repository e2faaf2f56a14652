/**
 * The ranking of values within cohorts (docs/methodology/stats.md#percentiles): percentiles by the
 * tie rule, members ranked among themselves, low-sample rows placed among the members. What
 * cohort-ranks.ts ranks each column and rating with.
 */
import { lowerBound, orientPercentile, percentileFromCounts } from './percentiles.js';

/**
 * Ranks values within cohorts. Every row gets a fixed slot in a scratch array, laid out cohort by
 * cohort (members first, then low-sample rows); ranking a cohort deals its values into its
 * stretch, sorts the members' values, and places every row (member or low-sample) among their
 * distinct values by binary search, writing its percentile straight to its row.
 */
export class CohortRanker {
  private readonly nCohorts: number;
  /** Row of every slot; rows without a cohort share the last slot, which is never ranked. */
  private readonly rowOfSlot: Int32Array;
  /** Each cohort's stretch: members in [base[c], lowBase[c]), low-sample rows in [lowBase[c], base[c + 1]). */
  private readonly base: Int32Array;
  private readonly lowBase: Int32Array;
  private readonly dealt: Float64Array;
  private readonly sorted: Float64Array;
  private readonly distinct: Float64Array;
  /** Index in `sorted` of each distinct value's first copy, then the member count. */
  private readonly firstAt: Int32Array;

  constructor(cohort: Int32Array, inCohort: Uint8Array, nCohorts: number) {
    this.nCohorts = nCohorts;
    const members = new Int32Array(nCohorts);
    const lows = new Int32Array(nCohorts);
    for (let i = 0; i < cohort.length; i++) {
      const c = cohort[i];
      if (c < 0) continue;
      if (inCohort[i]) members[c]++;
      else lows[c]++;
    }
    this.base = new Int32Array(nCohorts + 1);
    this.lowBase = new Int32Array(nCohorts);
    let largest = 0;
    for (let c = 0; c < nCohorts; c++) {
      this.lowBase[c] = this.base[c] + members[c];
      this.base[c + 1] = this.lowBase[c] + lows[c];
      largest = Math.max(largest, members[c]);
    }
    const slots = this.base[nCohorts] + 1;
    const memberCursor = this.base.slice(0, nCohorts);
    const lowCursor = this.lowBase.slice();
    this.rowOfSlot = new Int32Array(slots);
    for (let i = 0; i < cohort.length; i++) {
      const c = cohort[i];
      this.rowOfSlot[c < 0 ? slots - 1 : inCohort[i] ? memberCursor[c]++ : lowCursor[c]++] = i;
    }
    this.dealt = new Float64Array(slots);
    this.sorted = new Float64Array(largest);
    this.distinct = new Float64Array(largest);
    this.firstAt = new Int32Array(largest + 1);
  }

  /** Rows of cohort `c` that are part of it (its members). */
  membersOf(c: number): Int32Array {
    return this.rowOfSlot.subarray(this.base[c], this.lowBase[c]);
  }

  /** Every row ranked against cohort `c`: its members, then its low-sample rows. */
  rowsOf(c: number): Int32Array {
    return this.rowOfSlot.subarray(this.base[c], this.base[c + 1]);
  }

  /** Writes every ranked row's percentile into `out`, cohort by cohort. */
  percentilesInto(values: Float64Array, lowerIsBetter: boolean, out: Float64Array): void {
    for (let c = 0; c < this.nCohorts; c++) this.rankCohort(values, lowerIsBetter, c, out);
  }

  /**
   * Writes the percentile (0–100 integer) of each row of cohort `c` into `out`, only those for which
   * `keep` holds when it is given; rows without a value are left as they are (NaN).
   */
  rankCohort(
    values: Float64Array,
    lowerIsBetter: boolean,
    c: number,
    out: Float64Array,
    keep?: (row: number) => boolean,
  ): void {
    const { rowOfSlot, base, lowBase, dealt, sorted, distinct, firstAt } = this;
    for (let k = base[c]; k < base[c + 1]; k++) dealt[k] = values[rowOfSlot[k]];
    let m = 0;
    for (let k = base[c]; k < lowBase[c]; k++) if (!Number.isNaN(dealt[k])) sorted[m++] = dealt[k];
    if (m === 0) return;
    sorted.subarray(0, m).sort();
    // Each distinct member value once, with how many values lie below it.
    let d = 0;
    for (let a = 0; a < m; a++) {
      if (a > 0 && sorted[a] === sorted[a - 1]) continue;
      distinct[d] = sorted[a];
      firstAt[d++] = a;
    }
    firstAt[d] = m;
    for (let k = base[c]; k < base[c + 1]; k++) {
      const x = dealt[k];
      if (Number.isNaN(x) || (keep && !keep(rowOfSlot[k]))) continue;
      const j = lowerBound(distinct, 0, d, x);
      const equal = j < d && distinct[j] === x ? firstAt[j + 1] - firstAt[j] : 0;
      out[rowOfSlot[k]] = orientPercentile(percentileFromCounts(firstAt[j], equal, m), lowerIsBetter);
    }
  }
}
