/**
 * Each player's derived rows in career order, the index behind `rowsOfPlayer` and `latestRowOf`
 * (docs/methodology/stats.md#implementation-and-performance). The rows are grouped by player on
 * first use and a player's few rows are put in career order when he is first asked for: a
 * question about one player does not sort the careers of the other 4,000 (docs/design.md#first-answer).
 */
import type { DerivedSeasons } from './derived.js';

/** The columns a career order reads. */
type CareerColumns = Pick<DerivedSeasons, 'n' | 'player_id' | 'season_id' | 'minutes'>;

/** Code-unit order: start dates are YYYY-MM-DD (validated), so this is date order, without localeCompare's cost. */
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const NO_ROWS: readonly number[] = Object.freeze([]);

/**
 * Player id → his derived rows, ordered by season start (`startOf` a season id, '' when unknown),
 * then minutes, then row, so the last is the main row of his latest season. Each player's rows are
 * ordered when first asked for, then kept.
 * @example new PlayerRows({ n: 2, player_id: Int32Array.of(7, 7), season_id: Int32Array.of(2, 1), minutes: Float64Array.of(90, 90) }, (id) => `202${id}-08-01`).of(7) // => [1, 0]
 */
export class PlayerRows {
  private readonly d: CareerColumns;
  private readonly startOf: (seasonId: number) => string;
  private byPlayer: Map<number, number[]> | null = null;
  /** Players whose list is in career order already. */
  private readonly ordered = new Set<number>();
  private seasonRank: Map<number, number> | null = null;

  constructor(d: CareerColumns, startOf: (seasonId: number) => string) {
    this.d = d;
    this.startOf = startOf;
  }

  /** The rows of player `id` in career order (empty when he has none). */
  of(id: number): readonly number[] {
    this.byPlayer ??= rowsByPlayer(this.d);
    const list = this.byPlayer.get(id);
    if (!list) return NO_ROWS;
    if (list.length > 1 && !this.ordered.has(id)) {
      const rank = (this.seasonRank ??= seasonRanksOf(this.d, this.startOf));
      const { season_id, minutes } = this.d;
      list.sort(
        (a, b) => (rank.get(season_id[a]) ?? 0) - (rank.get(season_id[b]) ?? 0) || minutes[a] - minutes[b] || a - b,
      );
    }
    this.ordered.add(id);
    return list;
  }

  /** Every player id with at least one row, in order of his first row. */
  ids(): IterableIterator<number> {
    this.byPlayer ??= rowsByPlayer(this.d);
    return this.byPlayer.keys();
  }
}

/**
 * Player id → all his derived rows in career order, every player ordered at once.
 * @example playerRowsOf({ n: 2, player_id: Int32Array.of(7, 7), season_id: Int32Array.of(2, 1), minutes: Float64Array.of(90, 90) }, (id) => `202${id}-08-01`).get(7) // => [1, 0]
 */
export function playerRowsOf(d: CareerColumns, startOf: (seasonId: number) => string): Map<number, number[]> {
  const rows = new PlayerRows(d, startOf);
  return new Map([...rows.ids()].map((id) => [id, [...rows.of(id)]]));
}

/** Each player's rows in table order. */
function rowsByPlayer(d: CareerColumns): Map<number, number[]> {
  const byPlayer = new Map<number, number[]>();
  for (let i = 0; i < d.n; i++) {
    const id = d.player_id[i];
    const list = byPlayer.get(id);
    if (list) list.push(i);
    else byPlayer.set(id, [i]);
  }
  return byPlayer;
}

/** Each season's start as its rank among the distinct starts (equal starts share a rank). */
function seasonRanksOf(d: CareerColumns, startOf: (seasonId: number) => string): Map<number, number> {
  const startOfSeason = new Map<number, string>();
  for (let i = 0; i < d.n; i++) {
    const id = d.season_id[i];
    if (!startOfSeason.has(id)) startOfSeason.set(id, startOf(id));
  }
  const starts = [...new Set(startOfSeason.values())].sort(byCodeUnit);
  const rankOfStart = new Map(starts.map((s, k) => [s, k]));
  const rankOfSeason = new Map<number, number>();
  for (const [id, start] of startOfSeason) rankOfSeason.set(id, rankOfStart.get(start) ?? 0);
  return rankOfSeason;
}
