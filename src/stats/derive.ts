/**
 * Everything derived at load from `player_seasons` (docs/design.md#data-model–3): metric values, groups, cohorts,
 * percentiles and the model rating, computed column-wise over typed arrays
 * (docs/methodology/stats.md).
 */
import type { Table } from 'apache-arrow';
import { providerMetricsOf } from '../data/provider-metrics.js';
import { POSITION_CODES, POSITION_GROUPS, positionGroupOf, type Dataset } from '../data/schema.js';
import { HalfspaceError } from '../errors.js';
import { assignCohorts, COHORT_MINUTES_MIN, ROLE_COHORT_MIN, type CohortAssignment } from './cohorts.js';
import { intColumn, numberColumn, rawColumn, textCodeOf, textCodes, type RawColumn } from './columns.js';
import type { DerivedSeasons, ProviderDerived } from './derived.js';
import { METRIC_KEYS, METRICS, type MetricKey } from './metrics.js';
import { PER90_MINUTES_MIN } from './per90.js';
import { RATIO_ATTEMPTS_MIN } from './accuracy.js';
import { lowerBound, upperBound } from './percentiles.js';
import { RATING_WEIGHTS, ratingFromComposite, standInOf } from './rating.js';
import { ROLE_OF_POSITION, ROLES } from './roles.js';
import { bucketSortPairs } from './sort-pairs.js';

/** Options of {@link deriveSeasons}. */
export interface DeriveOptions {
  /** Cohort minutes threshold; defaults to COHORT_MINUTES_MIN (450). */
  minutesMin?: number;
  /** Smallest role cohort ranked on its own; defaults to ROLE_COHORT_MIN (10). */
  roleCohortMin?: number;
}

/** Sentinel group index for a player whose position is not a known code. */
const NO_GROUP = 254;
/** Sentinel group index for a player_id missing from `players`. */
const UNKNOWN_PLAYER = 255;

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
    throw new HalfspaceError({
      code: 'invalid_request',
      message: `minutesMin must be a finite number ≥ 0, got ${minutesMin}`,
      param: 'minutesMin',
    });
  }
  const ps = dataset.tables.player_seasons;
  const n = ps.numRows;
  const player_id = intColumn(ps, 'player_id');
  const season_id = intColumn(ps, 'season_id');
  const league_id = intColumn(ps, 'league_id');
  const team_id = intColumn(ps, 'team_id');
  const appearances = intColumn(ps, 'appearances');
  const minutes = numberColumn(ps, 'minutes');
  const { group, role } = groupsOf(dataset.tables.players, player_id);

  const values = metricValues(ps, minutes);
  const roleCohortMin = options.roleCohortMin ?? ROLE_COHORT_MIN;
  const byRole = assignCohorts({ league_id, season_id, group: role, minutes }, minutesMin, 'role');
  const byGroup = assignCohorts({ league_id, season_id, group, minutes }, minutesMin);
  const { cohort, inCohort, cohorts, fallback } = chooseCohorts(byRole, byGroup, roleCohortMin);
  const ranker = new TwoLevelRanker(byRole, byGroup, fallback);

  const percentiles = {} as Record<MetricKey, Float64Array>;
  for (const key of METRIC_KEYS) {
    if (key === 'rating') continue;
    const ranked = rankableValues(ps, key, values[key]);
    percentiles[key] = ranker.percentiles(ranked, METRICS[key].lowerIsBetter);
  }
  const provider = numberColumn(ps, 'rating');
  const ratingIsProvider = new Uint8Array(n);
  values.rating = modelRatings(role, percentiles, minutes);
  for (let i = 0; i < n; i++) {
    const r = provider[i];
    if (Number.isFinite(r)) {
      values.rating[i] = r;
      ratingIsProvider[i] = 1;
    }
  }
  percentiles.rating = ranker.percentiles(values.rating, false);

  // Provider metrics (docs/scoring.md#provider-metrics): per 90 and ranked exactly like ours.
  const providerMetrics = providerMetricsOf(dataset).map((spec): ProviderDerived => {
    const totals = numberColumn(ps, spec.key);
    const per90 = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const m = minutes[i];
      per90[i] = m >= PER90_MINUTES_MIN ? (totals[i] * 90) / m : NaN;
    }
    const lowerIsBetter = spec.lower_is_better ?? false;
    return {
      key: spec.key,
      label: spec.label ?? spec.key,
      lowerIsBetter,
      totals,
      per90,
      percentiles: ranker.percentiles(per90, lowerIsBetter),
    };
  });

  return {
    n,
    player_id,
    season_id,
    league_id,
    team_id,
    group,
    role,
    appearances,
    minutes,
    values,
    percentiles,
    cohort,
    inCohort,
    ratingIsProvider,
    cohorts,
    provider: providerMetrics,
  };
}

/** The position-group and role index of every row's player, read from `players.position`. */
function groupsOf(players: Table, rowPlayer: Int32Array): { group: Uint8Array; role: Uint8Array } {
  const ids = intColumn(players, 'player_id');
  // Position codes are compared as numbers read from the Arrow bytes: no string decoding.
  const codes = textCodes(players, 'position');
  // One byte per code: group index in the low 4 bits, role index in the high 4.
  const groupOfCode = new Map<number, number>();
  for (const code of POSITION_CODES) {
    const g = POSITION_GROUPS.indexOf(positionGroupOf(code));
    groupOfCode.set(textCodeOf(code), g | (ROLES.indexOf(ROLE_OF_POSITION[code]) << 4));
  }
  let minId = Infinity;
  let maxId = -Infinity;
  for (let j = 0; j < ids.length; j++) {
    if (ids[j] < minId) minId = ids[j];
    if (ids[j] > maxId) maxId = ids[j];
  }
  // Dense ids (the usual case) use a lookup table; sparse ones fall back to a Map.
  const dense = ids.length > 0 && maxId - minId < 4 * ids.length + 1024;
  const table = dense ? new Uint8Array(maxId - minId + 1).fill(UNKNOWN_PLAYER) : null;
  const map = dense ? null : new Map<number, number>();
  for (let j = 0; j < ids.length; j++) {
    const g = groupOfCode.get(codes[j]) ?? NO_GROUP;
    if (table) table[ids[j] - minId] = g;
    else map!.set(ids[j], g);
  }
  const group = new Uint8Array(rowPlayer.length);
  const role = new Uint8Array(rowPlayer.length);
  for (let i = 0; i < rowPlayer.length; i++) {
    const id = rowPlayer[i];
    const g = table
      ? id >= minId && id <= maxId
        ? table[id - minId]
        : UNKNOWN_PLAYER
      : (map!.get(id) ?? UNKNOWN_PLAYER);
    if (g >= NO_GROUP) {
      if (g === UNKNOWN_PLAYER) {
        throw new HalfspaceError({
          code: 'invalid_dataset',
          message: `player_seasons row ${i}: player_id ${id} is not in players`,
          file: 'player_seasons',
          column: 'player_id',
          row: i,
        });
      }
      throw new HalfspaceError({
        code: 'invalid_dataset',
        message: `players: player_id ${id} has no known position code`,
        file: 'players',
        column: 'position',
        row: null,
      });
    }
    group[i] = g & 15;
    role[i] = g >> 4;
  }
  return { group, role };
}

/**
 * Each row's cohort: its role cohort when that has at least `roleMin` members, else its group's
 * cohort (the fallback). Cohort ids: the role cohorts first, then the group cohorts.
 */
function chooseCohorts(
  byRole: CohortAssignment,
  byGroup: CohortAssignment,
  roleMin: number,
): CohortAssignment & { fallback: Uint8Array } {
  const n = byRole.cohort.length;
  const offset = byRole.cohorts.length;
  const cohort = new Int32Array(n);
  const fallback = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const c = byRole.cohort[i];
    if (c >= 0 && byRole.cohorts[c].n >= roleMin) cohort[i] = c;
    else {
      fallback[i] = 1;
      cohort[i] = byGroup.cohort[i] < 0 ? -1 : offset + byGroup.cohort[i];
    }
  }
  const cohorts = [...byRole.cohorts, ...byGroup.cohorts.map((c) => ({ ...c, id: c.id + offset }))];
  return { cohort, inCohort: byRole.inCohort, cohorts, fallback };
}

/** Percentiles in the role cohort, or in the group cohort for rows that fall back (ranked only when some do). */
class TwoLevelRanker {
  private readonly role: CohortRanker;
  private readonly group: CohortRanker | null;
  private readonly fallback: Uint8Array;

  constructor(byRole: CohortAssignment, byGroup: CohortAssignment, fallback: Uint8Array) {
    this.role = new CohortRanker(byRole.cohort, byRole.inCohort, byRole.cohorts.length);
    this.group = fallback.includes(1)
      ? new CohortRanker(byGroup.cohort, byGroup.inCohort, byGroup.cohorts.length)
      : null;
    this.fallback = fallback;
  }

  percentiles(values: Float64Array, lowerIsBetter: boolean): Float64Array {
    const out = this.role.percentiles(values, lowerIsBetter);
    if (!this.group) return out;
    const byGroup = this.group.percentiles(values, lowerIsBetter);
    for (let i = 0; i < out.length; i++) if (this.fallback[i]) out[i] = byGroup[i];
    return out;
  }
}

/**
 * The values a metric is ranked by: a ratio built on fewer than RATIO_ATTEMPTS_MIN attempts (2 of
 * 2 crosses) is left out, so it neither gets a percentile nor moves anyone else's
 * (docs/methodology/stats.md#percentiles). The value itself is still reported.
 */
function rankableValues(ps: Table, key: MetricKey, values: Float64Array): Float64Array {
  const def = METRICS[key];
  if (def.kind !== 'pct') return values;
  const min = RATIO_ATTEMPTS_MIN[def.attempted] ?? 0;
  if (min <= 0) return values;
  const attempts = rawColumn(ps, def.attempted).values;
  const out = values.slice();
  for (let i = 0; i < out.length; i++) if (!(attempts[i] >= min)) out[i] = NaN;
  return out;
}

/** Values of the 23 computed metrics (rating is filled in later), NaN when not computable. */
function metricValues(ps: Table, minutes: Float64Array): Record<MetricKey, Float64Array> {
  const n = ps.numRows;
  const values = {} as Record<MetricKey, Float64Array>;
  const cache = new Map<string, RawColumn>();
  const column = (name: string): RawColumn => {
    let c = cache.get(name);
    if (!c) cache.set(name, (c = rawColumn(ps, name)));
    return c;
  };
  for (const key of METRIC_KEYS) {
    const def = METRICS[key];
    const out = new Float64Array(n);
    if (def.kind === 'per90') {
      const { values: total, valid } = column(def.total);
      // Same expression as per90() (one rounding, so equal rates tie exactly).
      for (let i = 0; i < n; i++) {
        const m = minutes[i];
        out[i] = m >= PER90_MINUTES_MIN ? (total[i] * 90) / m : NaN;
      }
      if (valid) for (let i = 0; i < n; i++) if (!valid[i]) out[i] = NaN;
    } else if (def.kind === 'pct') {
      const done = column(def.completed);
      const tried = column(def.attempted);
      const d = done.values;
      const t = tried.values;
      // Same expression as accuracyPct().
      for (let i = 0; i < n; i++) {
        const a = t[i];
        out[i] = a > 0 ? (d[i] * 100) / a : NaN;
      }
      for (const valid of [done.valid, tried.valid]) if (valid) for (let i = 0; i < n; i++) if (!valid[i]) out[i] = NaN;
    } else {
      out.fill(NaN);
    }
    values[key] = out;
  }
  return values;
}

/**
 * Ranks values within cohorts, cache-friendly at a million rows. Every row gets a fixed slot in a
 * scratch array, laid out cohort by cohort (members first, then low-sample rows); per metric, one
 * pass in table order deals the values into their slots, each cohort's stretch is compacted, sorted
 * with its rows in a small cache-resident buffer and walked run by run (members), low-sample rows
 * are placed by binary search in the same buffer, and each percentile is written straight to its
 * row. Nothing reads the table in random order.
 */
class CohortRanker {
  private readonly nCohorts: number;
  /** Slot of every row; rows without a cohort share the last slot, which is never ranked. */
  private readonly slot: Int32Array;
  /** Row of every slot (the inverse of `slot`). */
  private readonly rowOfSlot: Int32Array;
  /** Each cohort's stretch: members in [base[c], lowBase[c]), low-sample rows in [lowBase[c], base[c + 1]). */
  private readonly base: Int32Array;
  private readonly lowBase: Int32Array;
  private readonly dealt: Float64Array;
  private readonly inValues: Float64Array;
  private readonly inSlots: Int32Array;
  private readonly sorted: Float64Array;
  private readonly sortedSlots: Int32Array;
  private readonly counts: Int32Array;

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
    this.slot = new Int32Array(cohort.length);
    this.rowOfSlot = new Int32Array(slots);
    for (let i = 0; i < cohort.length; i++) {
      const c = cohort[i];
      const k = c < 0 ? slots - 1 : inCohort[i] ? memberCursor[c]++ : lowCursor[c]++;
      this.slot[i] = k;
      this.rowOfSlot[k] = i;
    }
    this.dealt = new Float64Array(slots);
    this.inValues = new Float64Array(largest);
    this.inSlots = new Int32Array(largest);
    this.sorted = new Float64Array(largest);
    this.sortedSlots = new Int32Array(largest);
    this.counts = new Int32Array(largest + 1);
  }

  /** Percentile (0–100 integer, NaN when missing) of every row's value within its cohort. */
  percentiles(values: Float64Array, lowerIsBetter: boolean): Float64Array {
    const { nCohorts, slot, rowOfSlot, base, lowBase, dealt, inValues, inSlots, sorted, sortedSlots, counts } = this;
    const n = values.length;
    // Rows without a value or cohort keep NaN; the fill also maps the fresh pages in one sweep.
    const out = new Float64Array(n).fill(NaN);
    for (let i = 0; i < n; i++) dealt[slot[i]] = values[i];
    for (let c = 0; c < nCohorts; c++) {
      const s = base[c];
      const lb = lowBase[c];
      let m = 0;
      let min = Infinity;
      let max = -Infinity;
      for (let k = s; k < lb; k++) {
        const v = dealt[k];
        if (Number.isNaN(v)) continue;
        inValues[m] = v;
        inSlots[m++] = rowOfSlot[k];
        if (v < min) min = v;
        if (v > max) max = v;
      }
      const le = base[c + 1];
      if (m === 0) continue;
      bucketSortPairs(inValues, inSlots, sorted, sortedSlots, 0, m, min, max, counts);
      for (let a = 0; a < m; ) {
        let b = a + 1;
        while (b < m && sorted[b] === sorted[a]) b++;
        // percentileFromCounts, inlined: round half up of 100 × (below + equal/2) / m.
        const p = Math.floor((100 * (2 * a + (b - a)) + m) / (2 * m));
        const q = lowerIsBetter ? 100 - p : p;
        for (let j = a; j < b; j++) out[sortedSlots[j]] = q;
        a = b;
      }
      for (let k = lb; k < le; k++) {
        const x = dealt[k];
        if (Number.isNaN(x)) continue;
        const below = lowerBound(sorted, 0, m, x);
        const equal = upperBound(sorted, below, m, x) - below;
        const p = Math.floor((100 * (2 * below + equal) + m) / (2 * m));
        out[rowOfSlot[k]] = lowerIsBetter ? 100 - p : p;
      }
    }
    return out;
  }
}

/** The percentile column standing in for a rated metric (RATING_STAND_INS), or `none`. */
function standInColumn(key: MetricKey, percentiles: Record<MetricKey, Float64Array>, none: Float64Array): Float64Array {
  const standIn = standInOf(key);
  return standIn === null ? none : percentiles[standIn];
}

/**
 * Model rating of every row from its role's percentiles (rating.ts), NaN when none is known or the
 * row has under PER90_MINUTES_MIN minutes (then only ratios such as pass accuracy exist, and one
 * perfect ratio from a cameo would rate 9.5).
 */
function modelRatings(
  role: Uint8Array,
  percentiles: Record<MetricKey, Float64Array>,
  minutes: ArrayLike<number>,
): Float64Array {
  const n = role.length;
  const out = new Float64Array(n);
  const group = role;
  // Per role: the weighted metrics' percentile columns and weights, in RATING_WEIGHTS key order
  // (the order ratingComposite() sums in, so both give identical results).
  // A missing event value reads its stand-in's column (ratedPercentileOf), an empty one when it has none.
  const none = new Float64Array(n).fill(NaN);
  const keys = ROLES.map((r) => Object.keys(RATING_WEIGHTS[r]) as MetricKey[]);
  const columns = keys.map((ks) => ks.map((k) => percentiles[k]));
  const standIns = keys.map((ks) => ks.map((k) => standInColumn(k, percentiles, none)));
  const weights = ROLES.map((r) => Object.values(RATING_WEIGHTS[r]) as number[]);
  for (let i = 0; i < n; i++) {
    if (minutes[i] < PER90_MINUTES_MIN) {
      out[i] = NaN;
      continue;
    }
    const g = group[i];
    const cols = columns[g];
    const alts = standIns[g];
    const ws = weights[g];
    let sum = 0;
    let weight = 0;
    for (let k = 0; k < cols.length; k++) {
      let x = cols[k][i];
      if (Number.isNaN(x)) x = alts[k][i];
      if (Number.isNaN(x)) continue;
      sum += ws[k] * x;
      weight += ws[k];
    }
    out[i] = weight > 0 ? ratingFromComposite(sum / weight) : NaN;
  }
  return out;
}
