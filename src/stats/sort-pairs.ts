/**
 * An in-place sort of a Float64Array range that carries an Int32Array of row numbers along,
 * for ranking values within cohorts. Hand-written because `TypedArray.prototype.sort` cannot carry
 * a payload and is about twice as slow on the ~500-value ranges cohorts have.
 */

/** Ranges at or below this length are finished by insertion sort (fewer moves than partitioning). */
const INSERTION_MAX = 24;

/**
 * Sorts `values[from, to)` ascending (NaN must not occur) and applies the same permutation to
 * `rows[from, to)`. Not stable: equal values (−0 and +0 included) may come out in any order.
 * @example const v = Float64Array.of(3, 1, 2), r = Int32Array.of(0, 1, 2); sortPairs(v, r, 0, 3); r // => Int32Array [1, 2, 0]
 */
export function sortPairs(values: Float64Array, rows: Int32Array, from: number, to: number): void {
  let lo = from;
  let hi = to;
  while (hi - lo > INSERTION_MAX) {
    const a = values[lo];
    const b = values[(lo + hi) >>> 1];
    const c = values[hi - 1];
    // Median of three as pivot keeps sorted and reversed input at n log n.
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi - 1;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const t = values[i];
        values[i] = values[j];
        values[j] = t;
        const u = rows[i];
        rows[i] = rows[j];
        rows[j] = u;
        i++;
        j--;
      }
    }
    // Recurse into the smaller side, loop on the larger: stack depth stays O(log n).
    if (j + 1 - lo < hi - i) {
      sortPairs(values, rows, lo, j + 1);
      lo = i;
    } else {
      sortPairs(values, rows, i, hi);
      hi = j + 1;
    }
  }
  for (let i = lo + 1; i < hi; i++) {
    const x = values[i];
    const y = rows[i];
    let j = i - 1;
    while (j >= lo && values[j] > x) {
      values[j + 1] = values[j];
      rows[j + 1] = rows[j];
      j--;
    }
    values[j + 1] = x;
    rows[j + 1] = y;
  }
}

/** Buckets longer than this are sorted with {@link sortPairs}, shorter ones by insertion. */
const BUCKET_INSERTION_MAX = 16;

/**
 * Sorts the pairs `values[from, to)` / `rows[from, to)` into `outValues` / `outRows` at the same
 * positions, by distributing them into one bucket per value over `[min, max]` (the range's
 * smallest and largest value) and sorting each bucket. The bucket of v is
 * `⌊(v − min) × scale⌋`, a monotone function of v (each float step rounds monotonically), so the
 * buckets come out in order and equal values share a bucket; on smooth data this is linear time,
 * and a crowded bucket falls back to {@link sortPairs}, so the worst case stays n log n.
 * `counts` is scratch space of at least `to − from + 1` entries.
 * @example const o = new Float64Array(3), r = new Int32Array(3); bucketSortPairs(Float64Array.of(3, 1, 2), Int32Array.of(0, 1, 2), o, r, 0, 3, 1, 3, new Int32Array(4)); r // => Int32Array [1, 2, 0]
 */
export function bucketSortPairs(
  values: Float64Array,
  rows: Int32Array,
  outValues: Float64Array,
  outRows: Int32Array,
  from: number,
  to: number,
  min: number,
  max: number,
  counts: Int32Array,
): void {
  const m = to - from;
  const spread = max - min;
  if (m <= BUCKET_INSERTION_MAX || !(spread > 0) || !Number.isFinite(spread)) {
    outValues.set(values.subarray(from, to), from);
    outRows.set(rows.subarray(from, to), from);
    if (spread !== 0) sortPairs(outValues, outRows, from, to);
    return;
  }
  const buckets = m;
  const scale = buckets / spread;
  counts.fill(0, 0, buckets + 1);
  for (let k = from; k < to; k++) {
    const b = Math.floor((values[k] - min) * scale);
    counts[(b < buckets ? b : buckets - 1) + 1]++;
  }
  for (let b = 0; b < buckets; b++) counts[b + 1] += counts[b];
  for (let k = from; k < to; k++) {
    const v = values[k];
    const b = Math.floor((v - min) * scale);
    const at = from + counts[b < buckets ? b : buckets - 1]++;
    outValues[at] = v;
    outRows[at] = rows[k];
  }
  // From here counts[b] holds the end of bucket b (relative to from); bucket b starts at counts[b - 1].
  let start = from;
  for (let b = 0; b < buckets; b++) {
    const end = from + counts[b];
    const len = end - start;
    if (len > BUCKET_INSERTION_MAX) sortPairs(outValues, outRows, start, end);
    else if (len > 1) {
      for (let i = start + 1; i < end; i++) {
        const x = outValues[i];
        const y = outRows[i];
        let j = i - 1;
        while (j >= start && outValues[j] > x) {
          outValues[j + 1] = outValues[j];
          outRows[j + 1] = outRows[j];
          j--;
        }
        outValues[j + 1] = x;
        outRows[j + 1] = y;
      }
    }
    start = end;
  }
}
