/**
 * Where a player stands among every outfield player of his league-season, whatever the role
 * (docs/methodology/dna.md#style-tags): the cohort a trait that reads as absolute ("Prolific",
 * "Dribbler") is checked against, so a centre-back's goals are not called prolific because
 * centre-backs rarely score.
 */
import type { DerivedSeasons } from '../stats/derived.js';
import type { MetricKey } from '../stats/metrics.js';
import { ROLES } from '../stats/roles.js';

const GOALKEEPER = ROLES.indexOf('goalkeeper');

// Sorted values per derived table, metric and league-season, built once per table on first use.
const sortedCache = new WeakMap<DerivedSeasons, Map<string, Float64Array>>();

/**
 * The values of `metric` of the outfield rows of row's league-season that met their cohort's
 * minutes (inCohort), sorted ascending, NaN left out.
 */
function leagueOutfieldSorted(derived: DerivedSeasons, metric: MetricKey, row: number): Float64Array {
  let byKey = sortedCache.get(derived);
  if (!byKey) sortedCache.set(derived, (byKey = new Map()));
  const league = derived.league_id[row];
  const season = derived.season_id[row];
  const key = `${metric}|${league}|${season}`;
  let sorted = byKey.get(key);
  if (sorted) return sorted;
  const values: number[] = [];
  const column = derived.values[metric];
  for (let i = 0; i < derived.n; i++) {
    if (derived.league_id[i] !== league || derived.season_id[i] !== season) continue;
    if (derived.role[i] === GOALKEEPER || !derived.inCohort[i]) continue;
    const v = column[i];
    if (!Number.isNaN(v)) values.push(v);
  }
  sorted = Float64Array.from(values).sort();
  byKey.set(key, sorted);
  return sorted;
}

/**
 * The `p`-th percentile (0–100, linear interpolation between closest ranks) of `metric` among the
 * outfield players of row's league-season who met their cohort's minutes; NaN when there are none.
 * @example leagueOutfieldQuantileOf(derived, 'goals_per90', row, 75) // => 0.21
 */
export function leagueOutfieldQuantileOf(derived: DerivedSeasons, metric: MetricKey, row: number, p: number): number {
  const sorted = leagueOutfieldSorted(derived, metric, row);
  if (sorted.length === 0) return NaN;
  const at = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

/**
 * Share (0–100, whole number) of the league-season's outfield players (as above) whose value of
 * `metric` is at most row's; NaN when the row's value is missing or the cohort is empty.
 * @example leagueOutfieldPercentileOf(derived, 'goals_per90', row) // => 97
 */
export function leagueOutfieldPercentileOf(derived: DerivedSeasons, metric: MetricKey, row: number): number {
  const x = derived.values[metric][row];
  const sorted = leagueOutfieldSorted(derived, metric, row);
  if (Number.isNaN(x) || sorted.length === 0) return NaN;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return Math.round((100 * lo) / sorted.length);
}
