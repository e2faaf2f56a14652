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
 * each cohort's first member row, so the same table always gives the same ids.
 * @example assignCohorts({ league_id: Int32Array.of(1, 1), season_id: Int32Array.of(7, 7), group: Uint8Array.of(3, 3), minutes: Float64Array.of(900, 100) }).cohort // => Int32Array [0, 0]
 */
export function assignCohorts(
  input: CohortInput,
  minutesMin: number = COHORT_MINUTES_MIN,
  by: 'group' | 'role' = 'group',
): CohortAssignment {
  const n = input.minutes.length;
  const { group, minutes } = input;
  const groups = by === 'role' ? ROLES.length : POSITION_GROUPS.length;
  const { pairOf, pairLeague, pairSeason } = seasonPairsOf(input.league_id, input.season_id);
  const slot = new Int32Array(n);
  for (let i = 0; i < n; i++) slot[i] = group[i] < groups ? pairOf[i] * groups + group[i] : -1;
  const slotCohort = new Int32Array(pairLeague.length * groups).fill(-1);
  const cohorts: Cohort[] = [];
  const inCohort = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const k = slot[i];
    if (k < 0 || !(minutes[i] >= minutesMin)) continue;
    inCohort[i] = 1;
    let c = slotCohort[k];
    if (c < 0) {
      c = cohorts.length;
      slotCohort[k] = c;
      const pair = (k / groups) | 0;
      const role = by === 'role' ? ROLES[k - pair * groups] : null;
      cohorts.push({
        id: c,
        league_id: pairLeague[pair],
        season_id: pairSeason[pair],
        position_group: role ? ROLE_GROUP[role] : POSITION_GROUPS[k - pair * groups],
        role,
        min_minutes: minutesMin,
        n: 0,
      });
    }
    cohorts[c].n++;
  }
  const cohort = new Int32Array(n);
  for (let i = 0; i < n; i++) cohort[i] = slot[i] < 0 ? -1 : slotCohort[slot[i]];
  return { cohort, inCohort, cohorts };
}

/**
 * Numbers each distinct league × season pair in order of first appearance: every row's pair, and
 * each pair's league and season. The last pair is cached because tables come grouped by season.
 */
function seasonPairsOf(
  league: Int32Array,
  season: Int32Array,
): { pairOf: Int32Array; pairLeague: number[]; pairSeason: number[] } {
  const pairs = new Map<number, Map<number, number>>();
  const pairLeague: number[] = [];
  const pairSeason: number[] = [];
  const pairOf = new Int32Array(league.length);
  let lastLeague = NaN;
  let lastSeason = NaN;
  let lastPair = -1;
  for (let i = 0; i < league.length; i++) {
    const l = league[i];
    const s = season[i];
    if (l !== lastLeague || s !== lastSeason) {
      let bySeason = pairs.get(l);
      if (!bySeason) pairs.set(l, (bySeason = new Map()));
      let p = bySeason.get(s);
      if (p === undefined) {
        p = pairLeague.length;
        bySeason.set(s, p);
        pairLeague.push(l);
        pairSeason.push(s);
      }
      lastLeague = l;
      lastSeason = s;
      lastPair = p;
    }
    pairOf[i] = lastPair;
  }
  return { pairOf, pairLeague, pairSeason };
}

/** Member rows grouped by cohort: rows of cohort c are `rows[offsets[c] … offsets[c + 1])`, in table order. */
export interface CohortMembers {
  offsets: Int32Array;
  rows: Int32Array;
}

/**
 * Groups member rows by cohort with a counting sort (linear time), for per-cohort loops.
 * @example membersByCohort(Int32Array.of(1, 0, 1), Uint8Array.of(1, 1, 1), 2).rows // => Int32Array [1, 0, 2]
 */
export function membersByCohort(cohort: Int32Array, inCohort: Uint8Array, nCohorts: number): CohortMembers {
  const offsets = new Int32Array(nCohorts + 1);
  for (let i = 0; i < cohort.length; i++) if (inCohort[i]) offsets[cohort[i] + 1]++;
  for (let c = 0; c < nCohorts; c++) offsets[c + 1] += offsets[c];
  const next = offsets.slice(0, nCohorts);
  const rows = new Int32Array(offsets[nCohorts]);
  for (let i = 0; i < cohort.length; i++) if (inCohort[i]) rows[next[cohort[i]]++] = i;
  return { offsets, rows };
}
