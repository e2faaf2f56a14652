/**
 * Everything derived at load from `player_seasons` (docs/design.md#data-model–3): metric values, groups, cohorts,
 * percentiles and the model rating, computed column-wise over typed arrays
 * (docs/methodology/stats.md).
 */
import type { Table } from 'apache-arrow';
import { providerMetricsOf } from '../model/provider-metrics.js';
import { POSITION_CODES, POSITION_GROUPS, positionGroupOf, type Dataset } from '../model/schema.js';
import { HalfspaceError } from '../errors.js';
import { assignCohorts, COHORT_MINUTES_MIN, ROLE_COHORT_MIN, seasonPairsOf, type CohortAssignment } from './cohorts.js';
import { intColumn, numberColumn, rawColumn, type RawColumn } from './columns.js';
import type { DerivedSeasons, ProviderDerived } from './derived.js';
import { METRIC_KEYS, METRICS, type MetricKey } from './metrics.js';
import { PER90_MINUTES_MIN } from './per90.js';
import { RATIO_ATTEMPTS_MIN } from './accuracy.js';
import { CohortRanks } from './cohort-ranks.js';
import { onPitchGoalDifference } from './on-pitch.js';
import { ROLE_OF_POSITION, ROLES } from './roles.js';

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
  const minutesMin = checkedMinutesMin(options.minutesMin ?? COHORT_MINUTES_MIN);
  const ps = dataset.tables.player_seasons;
  const n = ps.numRows;
  const player_id = intColumn(ps, 'player_id');
  const season_id = intColumn(ps, 'season_id');
  const league_id = intColumn(ps, 'league_id');
  const team_id = intColumn(ps, 'team_id');
  const appearances = intColumn(ps, 'appearances');
  const minutes = numberColumn(ps, 'minutes');
  const { group, role } = groupsOf(dataset.tables.players, player_id);

  const computed = metricValues(ps, minutes);
  const roleCohortMin = options.roleCohortMin ?? ROLE_COHORT_MIN;
  const pairs = seasonPairsOf(league_id, season_id);
  const byRole = assignCohorts({ league_id, season_id, group: role, minutes }, minutesMin, 'role', pairs);
  const byGroup = assignCohorts({ league_id, season_id, group, minutes }, minutesMin, 'group', pairs);
  const { cohort, inCohort, cohorts, fallback } = chooseCohorts(byRole, byGroup, roleCohortMin);
  const rankable = new Map<MetricKey, Float64Array>();
  const ranks = new CohortRanks({
    values: computed,
    rankable: (key) => {
      let column = rankable.get(key);
      if (!column) rankable.set(key, (column = rankableValues(ps, key, computed[key])));
      return column;
    },
    byRole,
    byGroup,
    cohort,
    fallback,
    role,
    minutes,
    providerRating: numberColumn(ps, 'rating'),
    onPitch: onPitchGoalDifference(dataset, player_id, team_id, season_id),
  });
  const { values, percentiles } = completedOnRead(computed, ranks);

  const providerMetrics = providerDerivedOf(dataset, minutes, ranks);

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
    ratingIsProvider: ranks.ratingIsProvider,
    cohorts,
    provider: providerMetrics,
    ranks,
  };
}

/** `minutesMin` when it is a finite number ≥ 0; else throws a HalfspaceError `invalid_request`. */
function checkedMinutesMin(minutesMin: number): number {
  if (!Number.isFinite(minutesMin) || minutesMin < 0) {
    throw new HalfspaceError({
      code: 'invalid_request',
      message: `minutesMin must be a finite number ≥ 0, got ${minutesMin}`,
      param: 'minutesMin',
    });
  }
  return minutesMin;
}

/** Provider metrics (docs/scoring.md#provider-metrics): per 90 and ranked exactly like ours. */
function providerDerivedOf(dataset: Dataset, minutes: Float64Array, ranks: CohortRanks): ProviderDerived[] {
  const ps = dataset.tables.player_seasons;
  const n = ps.numRows;
  return providerMetricsOf(dataset).map((spec): ProviderDerived => {
    const totals = numberColumn(ps, spec.key);
    const per90 = new Float64Array(n);
    per90Into(per90, totals, minutes);
    const lowerIsBetter = spec.lower_is_better ?? false;
    return {
      key: spec.key,
      label: spec.label ?? spec.key,
      lowerIsBetter,
      totals,
      per90,
      percentiles: ranks.column(per90, lowerIsBetter),
    };
  });
}

/** The position-group and role index of every row's player, read from `players.position`. */
function groupsOf(players: Table, rowPlayer: Int32Array): { group: Uint8Array; role: Uint8Array } {
  const ids = intColumn(players, 'player_id');
  // One byte per code: group index in the low 4 bits, role index in the high 4.
  const groupOfCode = new Map<unknown, number>(
    POSITION_CODES.map((code) => [
      code,
      POSITION_GROUPS.indexOf(positionGroupOf(code)) | (ROLES.indexOf(ROLE_OF_POSITION[code]) << 4),
    ]),
  );
  const positions: unknown[] = [...(players.getChild('position') ?? [])];
  const groupOfId = new Map<number, number>();
  for (let j = 0; j < ids.length; j++) groupOfId.set(ids[j], groupOfCode.get(positions[j]) ?? NO_GROUP);
  const group = new Uint8Array(rowPlayer.length);
  const role = new Uint8Array(rowPlayer.length);
  for (let i = 0; i < rowPlayer.length; i++) {
    const id = rowPlayer[i];
    const g = groupOfId.get(id) ?? UNKNOWN_PLAYER;
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

/**
 * Values of the 23 computed metrics (rating is filled in later), NaN when not computable. Each
 * column is filled by a small loop function: called 23 times over columns of different typed-array
 * kinds, it is optimised once for all of them, where one long function with every loop inline
 * is deoptimised at each change of kind (bench:package).
 */
function metricValues(ps: Table, minutes: Float64Array): Record<MetricKey, Float64Array> {
  const n = ps.numRows;
  // cast: filled with every METRIC_KEYS key by the loop right below before anyone reads it.
  const values = {} as Record<MetricKey, Float64Array>;
  const cache = new Map<string, RawColumn>();
  const column = (name: string): RawColumn => {
    let c = cache.get(name);
    if (!c) cache.set(name, (c = rawColumn(ps, name)));
    return c;
  };
  // A column the dataset does not provide (all null, as the demo's event values) makes its metrics all NaN.
  const absent = (name: string) => (ps.getChild(name)?.nullCount ?? n) === n;
  for (const key of METRIC_KEYS) {
    const def = METRICS[key];
    const out = new Float64Array(n);
    if (def.kind === 'per90' && !absent(def.total)) {
      const { values: total, valid } = column(def.total);
      per90Into(out, total, minutes);
      if (valid) nullsInto(out, valid);
    } else if (def.kind === 'pct' && !absent(def.completed) && !absent(def.attempted)) {
      const done = column(def.completed);
      const tried = column(def.attempted);
      accuracyInto(out, done.values, tried.values);
      for (const valid of [done.valid, tried.valid]) if (valid) nullsInto(out, valid);
    } else {
      out.fill(NaN);
    }
    values[key] = out;
  }
  return values;
}

/** `out[i]` = total per 90 minutes, NaN under PER90_MINUTES_MIN: the same expression as per90() (one rounding, so equal rates tie exactly). */
function per90Into(out: Float64Array, total: ArrayLike<number>, minutes: Float64Array): void {
  for (let i = 0; i < out.length; i++) {
    const m = minutes[i];
    out[i] = m >= PER90_MINUTES_MIN ? (total[i] * 90) / m : NaN;
  }
}

/** `out[i]` = completed as a percentage of attempted, NaN without attempts: the same expression as accuracyPct(). */
function accuracyInto(out: Float64Array, done: ArrayLike<number>, tried: ArrayLike<number>): void {
  for (let i = 0; i < out.length; i++) {
    const a = tried[i];
    out[i] = a > 0 ? (done[i] * 100) / a : NaN;
  }
}

/** NaN where the validity mask says null. */
function nullsInto(out: Float64Array, valid: Uint8Array): void {
  for (let i = 0; i < out.length; i++) if (!valid[i]) out[i] = NaN;
}

type Columns = Record<MetricKey, Float64Array>;

/**
 * The value and percentile records of a derived table whose whole columns (`percentiles[key]`,
 * `values.rating`) rank every cohort on first read, then are plain properties; reports about one
 * row read through `ranks` and rank only that row's cohort (cohort-ranks.ts).
 */
function completedOnRead(computed: Columns, ranks: CohortRanks): { values: Columns; percentiles: Columns } {
  const values = { ...computed };
  const percentiles = { ...ranks.percentiles };
  const lazy: [Columns, MetricKey, () => Float64Array][] = [
    [values, 'rating', () => ranks.rating],
    ...METRIC_KEYS.map((key): [Columns, MetricKey, () => Float64Array] => [
      percentiles,
      key,
      () => ranks.percentiles[key],
    ]),
  ];
  const settle = () => {
    ranks.complete();
    for (const [record, key, read] of lazy)
      Object.defineProperty(record, key, { value: read(), enumerable: true, writable: true });
  };
  for (const [record, key, read] of lazy) {
    Object.defineProperty(record, key, {
      get: () => {
        settle();
        return read();
      },
      enumerable: true,
      configurable: true,
    });
  }
  return { values, percentiles };
}
