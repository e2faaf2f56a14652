/**
 * Where a player plays, as style tags read it (docs/methodology/dna.md#style-tags): how high and
 * how wide his touches are, from the zone counts of `player_zones`, ranked within his role cohort
 * (same league, season and role, players who met the cohort's minutes). Datasets without zone counts
 * (CSV and season tables) have none, and a tag that needs them is not given on absent evidence.
 */
import type { Table } from 'apache-arrow';
import { ZONE_COLUMNS } from '../model/location-profile.js';
import { recordOf } from '../model/record-of.js';
import type { DerivedSeasons } from '../stats/derived.js';
import { zoneCountsByRowOf } from './zone-counts.js';
import { ZONE_FEATURES } from './zone-features.js';

/** The location measures tags read: touch height (mean x of touches, 0 own goal line – 100 opponent's) and touch width (share of touches in the two outer fifths of the pitch). */
export const LOCATION_KEYS = ['touch_height', 'touch_width'] as const;
export type LocationKey = (typeof LOCATION_KEYS)[number];

/** The DNA v2 feature each location measure is read with (one implementation of each). */
const FEATURE_OF: Record<LocationKey, string> = { touch_height: 'touch_x_mean', touch_width: 'touch_wing_share' };

/** Location values and role-cohort percentiles of every derived row. */
export interface RowLocation {
  /** Value of `key` in row (NaN without zone counts). */
  valueAt(key: LocationKey, row: number): number;
  /** Percentile 0–100 of `key` in row's role cohort: 100 × (values below + half the ties) / cohort size; NaN without a value or cohort. */
  percentileAt(key: LocationKey, row: number): number;
}

/**
 * The RowLocation of a dataset's derived rows; null when the dataset has no `player_zones` or they
 * match no row. Cost: one pass over the zone table, then each cohort sorted once per key on first use.
 * @example rowLocationOf(derived, dataset.tables.player_zones)?.percentileAt('touch_width', row) // => 38
 */
export function rowLocationOf(derived: DerivedSeasons, zonesTable: Table | undefined): RowLocation | null {
  const zones = zoneCountsByRowOf(zonesTable, derived);
  if (!zones) return null;
  const Z = ZONE_COLUMNS.length;
  const columns = recordOf(LOCATION_KEYS, (key) => {
    const feature = ZONE_FEATURES.find((f) => f.name === FEATURE_OF[key]);
    if (!feature) throw new RangeError(`no DNA v2 feature ${FEATURE_OF[key]}`);
    const column = new Float64Array(derived.n).fill(Number.NaN);
    for (let i = 0; i < derived.n; i++)
      if (zones.has[i]) column[i] = feature.value({ counts: zones.counts, base: i * Z, derived, i });
    return column;
  });
  const cohorts = new Map<string, Float64Array>();
  const cohortOf = (key: LocationKey, row: number): Float64Array => {
    const id = `${key}|${derived.league_id[row]}|${derived.season_id[row]}|${derived.role[row]}`;
    let sorted = cohorts.get(id);
    if (sorted) return sorted;
    const xs: number[] = [];
    for (let i = 0; i < derived.n; i++) {
      if (!derived.inCohort[i] || derived.role[i] !== derived.role[row]) continue;
      if (derived.league_id[i] !== derived.league_id[row] || derived.season_id[i] !== derived.season_id[row]) continue;
      const x = columns[key][i];
      if (!Number.isNaN(x)) xs.push(x);
    }
    sorted = Float64Array.from(xs).sort();
    cohorts.set(id, sorted);
    return sorted;
  };
  return {
    valueAt: (key, row) => columns[key][row],
    percentileAt: (key, row) => {
      const x = columns[key][row];
      const sorted = cohortOf(key, row);
      if (Number.isNaN(x) || sorted.length === 0) return Number.NaN;
      let below = 0;
      let ties = 0;
      for (const v of sorted) {
        if (v < x) below++;
        else if (v === x) ties++;
      }
      return Math.round((100 * (below + ties / 2)) / sorted.length);
    },
  };
}
