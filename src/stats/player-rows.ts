/**
 * Each player's derived rows in career order, the index behind `rowsOfPlayer` and `latestRowOf`
 * (docs/methodology/stats.md#implementation-and-performance): built once at open, so it compares
 * season starts as small integers rather than looking dates up in every comparison.
 */
import type { DerivedSeasons } from './derived.js';

/** Code-unit order: start dates are YYYY-MM-DD (validated), so this is date order, without localeCompare's cost. */
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Player id → his derived rows, ordered by season start (`startOf` a season id, '' when unknown),
 * then minutes, then row, so the last is the main row of his latest season.
 * @example playerRowsOf({ n: 2, player_id: Int32Array.of(7, 7), season_id: Int32Array.of(2, 1), minutes: Float64Array.of(90, 90) }, (id) => `202${id}-08-01`).get(7) // => [1, 0]
 */
export function playerRowsOf(
  d: Pick<DerivedSeasons, 'n' | 'player_id' | 'season_id' | 'minutes'>,
  startOf: (seasonId: number) => string,
): Map<number, number[]> {
  const rank = startRanksOf(d, startOf);
  const byPlayer = new Map<number, number[]>();
  for (let i = 0; i < d.n; i++) {
    const id = d.player_id[i];
    const list = byPlayer.get(id);
    if (list) list.push(i);
    else byPlayer.set(id, [i]);
  }
  for (const list of byPlayer.values()) {
    if (list.length > 1) list.sort((a, b) => rank[a] - rank[b] || d.minutes[a] - d.minutes[b] || a - b);
  }
  return byPlayer;
}

/** Each row's season start as its rank among the distinct starts (equal starts share a rank). */
function startRanksOf(d: Pick<DerivedSeasons, 'n' | 'season_id'>, startOf: (seasonId: number) => string): Int32Array {
  const startOfSeason = new Map<number, string>();
  for (let i = 0; i < d.n; i++) {
    const id = d.season_id[i];
    if (!startOfSeason.has(id)) startOfSeason.set(id, startOf(id));
  }
  const starts = [...new Set(startOfSeason.values())].sort(byCodeUnit);
  const rankOfStart = new Map(starts.map((s, k) => [s, k]));
  const rankOfSeason = new Map<number, number>();
  for (const [id, start] of startOfSeason) rankOfSeason.set(id, rankOfStart.get(start) ?? 0);
  const rank = new Int32Array(d.n);
  for (let i = 0; i < d.n; i++) rank[i] = rankOfSeason.get(d.season_id[i]) ?? 0;
  return rank;
}
