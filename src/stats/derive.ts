/**
 * Everything derived at load from `player_seasons` (DESIGN §2–3): metric values, groups, cohorts,
 * percentiles and the model rating, computed column-wise over typed arrays
 * (docs/methodology/stats.md).
 */
import type { Table } from 'apache-arrow';
import { POSITION_CODES, POSITION_GROUPS, positionGroupOf, type Dataset } from '../data/schema.js';
import { HalfspaceError } from '../errors.js';
import { assignCohorts, COHORT_MINUTES_MIN, membersByCohort, type CohortMembers } from './cohorts.js';
import { intColumn, numberColumn } from './columns.js';
import type { DerivedSeasons } from './derived.js';
import { METRIC_KEYS, METRICS, type MetricKey } from './metrics.js';
import { PER90_MINUTES_MIN } from './per90.js';
import { RATING_WEIGHTS, ratingFromComposite } from './rating.js';

/** Options of {@link deriveSeasons}. */
export interface DeriveOptions {
  /** Cohort minutes threshold; defaults to COHORT_MINUTES_MIN (450). */
  minutesMin?: number;
}

/** Sentinel group index for a player whose position is not a known code. */
const NO_GROUP = 255;

/**
 * Computes every derived column for every `player_seasons` row, in table order: the 24 metric
 * values (NaN when not computable), the player's position group, cohorts, the cohort percentile of
 * all 24 metrics (NaN where the value or cohort is missing) and the rating (the provider's when
 * present, else the model rating). Throws a HalfspaceError `invalid_request` for a bad
 * `minutesMin` and `invalid_dataset` when a row's player is not in `players`.
 * @example deriveSeasons(dataset).values.goals_per90[0] // => 0.9 (9 goals in 900 minutes)
 */
export function deriveSeasons(dataset: Dataset, options: DeriveOptions = {}): DerivedSeasons {
  const minutesMin = options.minutesMin ?? COHORT_MINUTES_MIN;
  if (!Number.isFinite(minutesMin) || minutesMin < 0) {
    throw new HalfspaceError({ code: 'invalid_request', message: `minutesMin must be a finite number ≥ 0, got ${minutesMin}`, param: 'minutesMin' });
  }
  const ps = dataset.tables.player_seasons;
  const n = ps.numRows;
  const player_id = intColumn(ps, 'player_id');
  const season_id = intColumn(ps, 'season_id');
  const league_id = intColumn(ps, 'league_id');
  const team_id = intColumn(ps, 'team_id');
  const appearances = intColumn(ps, 'appearances');
  const minutes = numberColumn(ps, 'minutes');
  const group = groupsOf(dataset.tables.players, player_id);

  const values = metricValues(ps, minutes);
  const { cohort, inCohort, cohorts } = assignCohorts({ league_id, season_id, group, minutes }, minutesMin);
  const members = membersByCohort(cohort, inCohort, cohorts.length);
  const ranker = new CohortRanker(members, cohort);

  const percentiles = {} as Record<MetricKey, Float64Array>;
  for (const key of METRIC_KEYS) {
    if (key !== 'rating') percentiles[key] = ranker.percentiles(values[key], METRICS[key].lowerIsBetter);
  }
  const provider = numberColumn(ps, 'rating');
  const ratingIsProvider = new Uint8Array(n);
  values.rating = modelRatings(group, percentiles);
  for (let i = 0; i < n; i++) {
    const r = provider[i];
    if (Number.isFinite(r)) {
      values.rating[i] = r;
      ratingIsProvider[i] = 1;
    }
  }
  percentiles.rating = ranker.percentiles(values.rating, false);

  return { n, player_id, season_id, league_id, team_id, group, appearances, minutes, values, percentiles, cohort, inCohort, ratingIsProvider, cohorts };
}

/** The position-group index of every row's player, read from `players.position`. */
function groupsOf(players: Table, rowPlayer: Int32Array): Uint8Array {
  const ids = intColumn(players, 'player_id');
  const positionVector = players.getChild('position');
  const positions = (positionVector ? positionVector.toArray() : []) as ArrayLike<string | null>;
  const groupOfCode = new Map<string, number>();
  for (const code of POSITION_CODES) groupOfCode.set(code, POSITION_GROUPS.indexOf(positionGroupOf(code)));
  const playerGroup = new Map<number, number>();
  for (let j = 0; j < ids.length; j++) {
    const code = positions[j];
    playerGroup.set(ids[j], code == null ? NO_GROUP : (groupOfCode.get(code) ?? NO_GROUP));
  }
  const out = new Uint8Array(rowPlayer.length);
  let lastId = NaN;
  let lastGroup = NO_GROUP;
  for (let i = 0; i < rowPlayer.length; i++) {
    const id = rowPlayer[i];
    if (id !== lastId) {
      const g = playerGroup.get(id);
      if (g === undefined) {
        throw new HalfspaceError({ code: 'invalid_dataset', message: `player_seasons row ${i}: player_id ${id} is not in players`, file: 'player_seasons', column: 'player_id', row: i });
      }
      if (g === NO_GROUP) {
        throw new HalfspaceError({ code: 'invalid_dataset', message: `players: player_id ${id} has no known position code`, file: 'players', column: 'position', row: null });
      }
      lastId = id;
      lastGroup = g;
    }
    out[i] = lastGroup;
  }
  return out;
}

/** Values of the 23 computed metrics (rating is filled in later), NaN when not computable. */
function metricValues(ps: Table, minutes: Float64Array): Record<MetricKey, Float64Array> {
  const n = ps.numRows;
  const values = {} as Record<MetricKey, Float64Array>;
  const cache = new Map<string, Float64Array>();
  const column = (name: string): Float64Array => {
    let c = cache.get(name);
    if (!c) cache.set(name, (c = numberColumn(ps, name)));
    return c;
  };
  for (const key of METRIC_KEYS) {
    const def = METRICS[key];
    const out = new Float64Array(n);
    if (def.kind === 'per90') {
      const total = column(def.total);
      // Same expression as per90() (one rounding, so equal rates tie exactly).
      for (let i = 0; i < n; i++) {
        const m = minutes[i];
        out[i] = m >= PER90_MINUTES_MIN ? (total[i] * 90) / m : NaN;
      }
    } else if (def.kind === 'pct') {
      const done = column(def.completed);
      const tried = column(def.attempted);
      for (let i = 0; i < n; i++) {
        const a = tried[i];
        // Same expression as accuracyPct(); NaN totals propagate to NaN.
        out[i] = a > 0 ? (done[i] * 100) / a : NaN;
      }
    } else {
      out.fill(NaN);
    }
    values[key] = out;
  }
  return values;
}

/**
 * Ranks values within cohorts. For each metric it sorts each cohort's non-NaN member values once,
 * then places every row (member or low-sample) in its cohort's sorted values by binary search.
 */
class CohortRanker {
  private readonly sorted: Float64Array;
  /** For a sorted position j, the first position after the run of values equal to sorted[j]. */
  private readonly runEnd: Int32Array;
  private readonly start: Int32Array;
  private readonly len: Int32Array;

  constructor(
    private readonly members: CohortMembers,
    private readonly cohort: Int32Array,
  ) {
    this.sorted = new Float64Array(members.rows.length);
    this.runEnd = new Int32Array(members.rows.length);
    const nCohorts = members.offsets.length - 1;
    this.start = new Int32Array(nCohorts);
    this.len = new Int32Array(nCohorts);
  }

  /** Percentile (0–100 integer, NaN when missing) of every row's value within its cohort. */
  percentiles(values: Float64Array, lowerIsBetter: boolean): Float64Array {
    const { offsets, rows } = this.members;
    const { sorted, runEnd, start, len, cohort } = this;
    const nCohorts = offsets.length - 1;
    let pos = 0;
    for (let c = 0; c < nCohorts; c++) {
      const s = pos;
      for (let k = offsets[c], e = offsets[c + 1]; k < e; k++) {
        const v = values[rows[k]];
        if (v === v) sorted[pos++] = v;
      }
      start[c] = s;
      len[c] = pos - s;
      if (pos - s > 1) sorted.subarray(s, pos).sort();
      let end = pos;
      for (let j = pos - 1; j >= s; j--) {
        if (j + 1 < pos && sorted[j] !== sorted[j + 1]) end = j + 1;
        runEnd[j] = end;
      }
    }
    const out = new Float64Array(values.length);
    for (let i = 0; i < values.length; i++) {
      const c = cohort[i];
      const x = values[i];
      if (c < 0 || x !== x || len[c] === 0) {
        out[i] = NaN;
        continue;
      }
      const s = start[c];
      const m = len[c];
      let lo = s;
      let hi = s + m;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (sorted[mid] < x) lo = mid + 1;
        else hi = mid;
      }
      const below = lo - s;
      const equal = lo < s + m && sorted[lo] === x ? runEnd[lo] - lo : 0;
      // percentileFromCounts, inlined: round half up of 100 × (below + equal/2) / m.
      const p = Math.floor((100 * (2 * below + equal) + m) / (2 * m));
      out[i] = lowerIsBetter ? 100 - p : p;
    }
    return out;
  }
}

/** Model rating of every row from its group's percentiles (rating.ts), NaN when none is known. */
function modelRatings(group: Uint8Array, percentiles: Record<MetricKey, Float64Array>): Float64Array {
  const n = group.length;
  const out = new Float64Array(n).fill(NaN);
  const sum = new Float64Array(n);
  const weight = new Float64Array(n);
  POSITION_GROUPS.forEach((g, gi) => {
    // Same key order and operations as ratingComposite() so both give identical results.
    for (const [key, w] of Object.entries(RATING_WEIGHTS[g]) as [MetricKey, number][]) {
      const p = percentiles[key];
      for (let i = 0; i < n; i++) {
        if (group[i] !== gi) continue;
        const x = p[i];
        if (x !== x) continue;
        sum[i] += w * x;
        weight[i] += w;
      }
    }
  });
  for (let i = 0; i < n; i++) if (weight[i] > 0) out[i] = ratingFromComposite(sum[i] / weight[i]);
  return out;
}
