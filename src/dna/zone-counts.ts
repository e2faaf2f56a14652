/**
 * The `player_zones` table of a dataset lined up with its derived rows
 * (docs/methodology/dna.md#location-features): the zone counts of each player-season, matched on
 * player, season and team.
 */
import type { Table } from 'apache-arrow';
import { ZONE_COLUMNS } from '../model/location-profile.js';
import type { DerivedSeasons } from '../stats/derived.js';

/** Zone counts per derived row (read by the DNA v2 features in zone-features.ts): row-major n × ZONE_COLUMNS.length, `has[i]` 1 when row i has counts. */
export interface ZoneCountsByRow {
  counts: Float64Array;
  has: Uint8Array;
}

/**
 * Zone counts per derived row from a `player_zones` table; null when the dataset has no such table
 * (CSV and season-table datasets) or it matches no row.
 * @example zoneCountsByRowOf(dataset.tables.player_zones, derived)?.has[0] // => 1
 */
export function zoneCountsByRowOf(table: Table | undefined, derived: DerivedSeasons): ZoneCountsByRow | null {
  if (!table || table.numRows === 0) return null;
  const Z = ZONE_COLUMNS.length;
  const rowOf = new Map<string, number>();
  for (let i = 0; i < derived.n; i++)
    rowOf.set(`${derived.player_id[i]}|${derived.season_id[i]}|${derived.team_id[i]}`, i);
  const ids = ['player_id', 'season_id', 'team_id'].map((c) => table.getChild(c)?.toArray());
  const columns = ZONE_COLUMNS.map((c) => table.getChild(c)?.toArray());
  const counts = new Float64Array(derived.n * Z);
  const has = new Uint8Array(derived.n);
  let matched = 0;
  for (let r = 0; r < table.numRows; r++) {
    const row = rowOf.get(`${ids[0]?.[r]}|${ids[1]?.[r]}|${ids[2]?.[r]}`);
    if (row === undefined) continue;
    has[row] = 1;
    matched++;
    for (let z = 0; z < Z; z++) counts[row * Z + z] = Number(columns[z]?.[r] ?? 0);
  }
  return matched > 0 ? { counts, has } : null;
}
