/**
 * Cohorts: the peer groups percentiles are computed in (docs/design.md#statistics, docs/methodology/stats.md#cohorts).
 */
import type { Cohort } from './derived.js';
import { POSITION_GROUPS } from '../model/schema.js';
import { ROLE_GROUP, ROLE_LABELS, ROLES } from './roles.js';

/**
 * Minimum minutes in a season for a player-season to belong to its cohort
 * (docs/methodology/stats.md#cohorts); configurable through `deriveSeasons(…, { minutesMin })`.
 */
export const COHORT_MINUTES_MIN = 450;

/**
 * Smallest role cohort a player is ranked in; a smaller one falls back to his position group's
 * cohort, and the response's `cohort.role` is then null (docs/methodology/stats.md#roles).
 */
export const ROLE_COHORT_MIN = 10;

/**
 * Largest cohort called small in verdict receipts: with n ≤ 20 members one place in the ranking
 * moves a percentile by 100 / n ≥ 5 points, so a short competition's percentiles are coarse
 * (a World Cup's attackers, n = 11, step by 9) (docs/methodology/stats.md#cohorts).
 */
export const SMALL_COHORT_MAX = 20;

/**
 * How a cohort is named wherever its percentiles are quoted (verdict headlines, card highlight and
 * caption), so they all name the same peers: the role's plural label, or the position group's
 * plural when the role cohort was too small and the group's was used.
 * @example cohortNameOf({ role: 'full_back', position_group: 'defender' }) // => 'full-backs and wing-backs'
 */
export function cohortNameOf(cohort: Pick<Cohort, 'role' | 'position_group'>): string {
  return cohort.role ? ROLE_LABELS[cohort.role] : `${cohort.position_group}s`;
}

/** Column inputs of {@link assignCohorts}, one entry per player-season row. */
export interface CohortInput {
  league_id: Int32Array;
  season_id: Int32Array;
  /** Index into POSITION_GROUPS (or into ROLES when cohorts are by role). */
  group: Uint8Array;
  minutes: Float64Array;
}

/** Cohort of every row, whether the row is a member, and the cohorts themselves. */
export interface CohortAssignment {
  /** Cohort id per row (its own or, for low-sample rows, its group's), -1 when none exists. */
  cohort: Int32Array;
  /** 1 when the row has at least `minutesMin` minutes and is part of its cohort. */
  inCohort: Uint8Array;
  cohorts: Cohort[];
}

/**
 * Puts every row in a cohort = same league × season × position group. Rows with at least
 * `minutesMin` minutes are members; rows below it point at their group's cohort without being
 * in it (low sample), or at -1 when that cohort has no members. Cohort ids follow the order of
 * each cohort's first member row, so the same table always gives the same ids. `pairs` is the
 * table's {@link seasonPairsOf}, passed when several assignments share it.
 * @example assignCohorts({ league_id: Int32Array.of(1, 1), season_id: Int32Array.of(7, 7), group: Uint8Array.of(3, 3), minutes: Float64Array.of(900, 100) }).cohort // => Int32Array [0, 0]
 */
export function assignCohorts(
  input: CohortInput,
  minutesMin: number = COHORT_MINUTES_MIN,
  by: 'group' | 'role' = 'group',
  pairs: SeasonPairs = seasonPairsOf(input.league_id, input.season_id),
): CohortAssignment {
  const groups = by === 'role' ? ROLES.length : POSITION_GROUPS.length;
  const { pairOf, pairLeague, pairSeason } = pairs;
  // Each pass over the rows is a small function of its own: run once at open on cold code, a small
  // loop is compiled fast where one long function was compiled again at each loop
  // (docs/design.md#opening-a-dataset).
  const slot = slotsOf(pairOf, input.group, groups);
  const { inCohort, slotCohort, firstSlots, sizes } = membersOf(
    slot,
    input.minutes,
    minutesMin,
    pairLeague.length * groups,
  );
  const cohorts = firstSlots.map((k, c): Cohort => {
    const pair = (k / groups) | 0;
    const role = by === 'role' ? ROLES[k - pair * groups] : null;
    return {
      id: c,
      league_id: pairLeague[pair],
      season_id: pairSeason[pair],
      position_group: role ? ROLE_GROUP[role] : POSITION_GROUPS[k - pair * groups],
      role,
      min_minutes: minutesMin,
      n: sizes[c],
    };
  });
  return { cohort: cohortsOfSlots(slot, slotCohort), inCohort, cohorts };
}

/** Each row's slot, pair × groups + group, or -1 for a row without a known group. */
function slotsOf(pairOf: Int32Array, group: Uint8Array, groups: number): Int32Array {
  const slot = new Int32Array(pairOf.length);
  for (let i = 0; i < slot.length; i++) slot[i] = group[i] < groups ? pairOf[i] * groups + group[i] : -1;
  return slot;
}

/**
 * The member rows (at least `minutesMin` minutes, a known group), each slot's cohort id (-1 for
 * a slot without members; ids in order of a cohort's first member), each cohort's slot and size.
 */
function membersOf(
  slot: Int32Array,
  minutes: Float64Array,
  minutesMin: number,
  slots: number,
): { inCohort: Uint8Array; slotCohort: Int32Array; firstSlots: number[]; sizes: Int32Array } {
  const inCohort = new Uint8Array(slot.length);
  const slotCohort = new Int32Array(slots).fill(-1);
  const firstSlots: number[] = [];
  const sizes = new Int32Array(slots);
  for (let i = 0; i < slot.length; i++) {
    const k = slot[i];
    if (k < 0 || !(minutes[i] >= minutesMin)) continue;
    inCohort[i] = 1;
    let c = slotCohort[k];
    if (c < 0) {
      c = firstSlots.length;
      slotCohort[k] = c;
      firstSlots.push(k);
    }
    sizes[c]++;
  }
  return { inCohort, slotCohort, firstSlots, sizes };
}

/** Each row's cohort: its slot's (members and low-sample rows alike), -1 when the slot has none. */
function cohortsOfSlots(slot: Int32Array, slotCohort: Int32Array): Int32Array {
  const cohort = new Int32Array(slot.length);
  for (let i = 0; i < slot.length; i++) cohort[i] = slot[i] < 0 ? -1 : slotCohort[slot[i]];
  return cohort;
}

/** The distinct league × season pairs of a table: each row's pair, and each pair's league and season. */
export type SeasonPairs = ReturnType<typeof seasonPairsOf>;

/** Numbers each distinct league × season pair in order of first appearance: every row's pair, and each pair's league and season. */
export function seasonPairsOf(league: Int32Array, season: Int32Array) {
  const pairs = new Map<number, Map<number, number>>();
  const pairLeague: number[] = [];
  const pairSeason: number[] = [];
  const pairOf = new Int32Array(league.length);
  for (let i = 0; i < league.length; i++) {
    let bySeason = pairs.get(league[i]);
    if (!bySeason) pairs.set(league[i], (bySeason = new Map()));
    let p = bySeason.get(season[i]);
    if (p === undefined) {
      p = pairLeague.length;
      bySeason.set(season[i], p);
      pairLeague.push(league[i]);
      pairSeason.push(season[i]);
    }
    pairOf[i] = p;
  }
  return { pairOf, pairLeague, pairSeason };
}
