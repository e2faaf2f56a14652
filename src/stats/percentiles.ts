/**
 * Cohort percentiles, their labels and ordinal text (docs/methodology/stats.md#percentiles).
 */

/**
 * Percentile of `x` within an ascending-sorted sample: `100 × (count below + ½ count equal) / n`,
 * rounded half up to an integer (62.5 → 63). NaN values must not be in `sorted`. Computed in
 * integer arithmetic, `⌊(100 × (2·below + equal) + n) / (2n)⌋`, so no float error moves a half.
 * NaN when `x` is NaN or the sample is empty. An `x` that is not in the sample (a low-sample
 * player ranked against a cohort he is not part of) counts only the values below it.
 * @example percentileSorted([1, 2, 3, 4], 3) // => 63
 * @example percentileSorted([1, 2, 3, 4], 5) // => 100
 */
export function percentileSorted(sorted: ArrayLike<number>, x: number): number {
  const n = sorted.length;
  if (n === 0 || Number.isNaN(x)) return NaN;
  const below = lowerBound(sorted, 0, n, x);
  const notAbove = upperBound(sorted, below, n, x);
  return percentileFromCounts(below, notAbove - below, n);
}

/**
 * Percentile of `x` within `values` (any order; null and NaN entries are ignored, they are not
 * part of the sample). See {@link percentileSorted} for the rule.
 * @example percentile([4, 3, null, 1, 2], 3) // => 63
 */
export function percentile(values: ReadonlyArray<number | null> | ArrayLike<number>, x: number): number {
  const kept: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v !== null && !Number.isNaN(v)) kept.push(v);
  }
  return percentileSorted(Float64Array.from(kept).sort(), x);
}

/**
 * The percentile rule on counts: round half up of `100 × (below + equal / 2) / n`, in integers.
 * @example percentileFromCounts(2, 1, 4) // => 63
 */
export function percentileFromCounts(below: number, equal: number, n: number): number {
  return Math.floor((100 * (2 * below + equal) + n) / (2 * n));
}

/**
 * Turns the percentile of a raw value into the reported percentile: unchanged when more is better,
 * `100 − p` for metrics where less is better (goals conceded), so a low value ranks high.
 * `p` is the already rounded percentile of the raw value.
 * @example orientPercentile(63, true) // => 37
 */
export function orientPercentile(p: number, lowerIsBetter: boolean): number {
  return lowerIsBetter ? 100 - p : p;
}

/**
 * First index in `a[from, to)` whose value is ≥ x (`a` ascending); `to` when there is none.
 * @example lowerBound([1, 2, 2, 3], 0, 4, 2) // => 1
 */
export function lowerBound(a: ArrayLike<number>, from: number, to: number, x: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * First index in `a[from, to)` whose value is > x (`a` ascending); `to` when there is none.
 * @example upperBound([1, 2, 2, 3], 0, 4, 2) // => 3
 */
export function upperBound(a: ArrayLike<number>, from: number, to: number, x: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Lowest percentile labelled "elite" (docs/methodology/stats.md#labels). */
export const ELITE_MIN = 90;
/** Lowest percentile labelled "strong" (docs/methodology/stats.md#labels). */
export const STRONG_MIN = 75;
/** Lowest percentile labelled "average" (docs/methodology/stats.md#labels). */
export const AVERAGE_MIN = 40;
/** Lowest percentile labelled "below average"; anything lower is "weak" (docs/methodology/stats.md#labels). */
export const BELOW_AVERAGE_MIN = 20;

/** The five percentile labels, best first. */
export const PERCENTILE_LABELS = ['elite', 'strong', 'average', 'below average', 'weak'] as const;
export type PercentileLabel = (typeof PERCENTILE_LABELS)[number];

/**
 * The word for a percentile: ≥ 90 "elite", ≥ 75 "strong", ≥ 40 "average", ≥ 20 "below average",
 * else "weak". Null for NaN (no percentile).
 * @example labelOf(90) // => 'elite'
 * @example labelOf(89) // => 'strong'
 */
export function labelOf(p: number): PercentileLabel | null {
  if (Number.isNaN(p)) return null;
  if (p >= ELITE_MIN) return 'elite';
  if (p >= STRONG_MIN) return 'strong';
  if (p >= AVERAGE_MIN) return 'average';
  if (p >= BELOW_AVERAGE_MIN) return 'below average';
  return 'weak';
}

/**
 * English ordinal of a whole number: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 100th.
 * Non-integers are rounded half up first.
 * @example ordinal(13) // => '13th'
 */
export function ordinal(n: number): string {
  const k = Math.floor(n + 0.5);
  const mod100 = Math.abs(k) % 100;
  const mod10 = Math.abs(k) % 10;
  const suffix =
    mod100 >= 11 && mod100 <= 13 ? 'th' : mod10 === 1 ? 'st' : mod10 === 2 ? 'nd' : mod10 === 3 ? 'rd' : 'th';
  return `${k}${suffix}`;
}

/**
 * Ordinal text of a percentile, e.g. "93rd percentile"; "unranked" for NaN (no percentile).
 * @example ordinalOf(93) // => '93rd percentile'
 */
export function ordinalOf(p: number): string {
  return Number.isNaN(p) ? 'unranked' : `${ordinal(p)} percentile`;
}

/**
 * The highlight: the key with the highest percentile among `keys` (give them in the group's display
 * order); ties go to the key listed first. Null when every percentile is NaN.
 * @example topPercentile(['goals_per90', 'shots_per90'], (k) => (k === 'shots_per90' ? 93 : 93)) // => { key: 'goals_per90', percentile: 93 }
 */
export function topPercentile<K extends string>(
  keys: readonly K[],
  percentileOfKey: (key: K) => number,
): { key: K; percentile: number } | null {
  let best: { key: K; percentile: number } | null = null;
  for (const key of keys) {
    const p = percentileOfKey(key);
    if (!Number.isNaN(p) && (best === null || p > best.percentile)) best = { key, percentile: p };
  }
  return best;
}
