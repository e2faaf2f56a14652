/**
 * Each player's derived rows in career order, the index behind `rowsOfPlayer` and `latestRowOf`
 * (docs/methodology/stats.md#implementation-and-performance). Built as questions need it: a
 * question about one player does not group and sort the careers of the other 4,000
 * (docs/design.md#opening-a-dataset).
 */
import type { DerivedSeasons } from './derived.js';

/** The columns a career order reads. */
type CareerColumns = Pick<DerivedSeasons, 'n' | 'player_id' | 'season_id' | 'minutes'>;

/** Code-unit order: start dates are YYYY-MM-DD (validated), so this is date order, without localeCompare's cost. */
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const NO_ROWS: readonly number[] = Object.freeze([]);

/** A row → the kickoff of the player's last match in it (epoch ms), undefined when not known. */
export type LastPlayedOf = (row: number) => number | undefined;

const unknownDate: LastPlayedOf = () => undefined;

/** Players asked for before all rows are grouped: each such question scans the player column once. */
const SCANS_BEFORE_GROUPING = 16;

/**
 * Player id → his derived rows, ordered by season start (`startOf` a season id, '' when unknown),
 * then minutes, then row; then the rows of one season (a mid-season move) are put in the order of
 * his last match for each club (`lastPlayedOf` a row, epoch ms), in the places those rows held,
 * when every one of them is dated. The last is the row of the club he played for last in his
 * latest season, the one that stands for him (docs/methodology/stats.md#which-row-stands-for-a-player).
 * The first questions each scan the player column for one player; after
 * {@link SCANS_BEFORE_GROUPING} of them every player's rows are grouped at once. A player's rows are ordered when he is first asked for.
 * @example new PlayerRows({ n: 2, player_id: Int32Array.of(7, 7), season_id: Int32Array.of(2, 1), minutes: Float64Array.of(90, 90) }, (id) => `202${id}-08-01`).of(7) // => [1, 0]
 */
export class PlayerRows {
  private readonly d: CareerColumns;
  private readonly startOf: (seasonId: number) => string;
  private readonly lastPlayedOf: LastPlayedOf;
  /** Player → his rows: complete lists, in table order until he is in {@link ordered}. */
  private readonly lists = new Map<number, number[]>();
  private readonly ordered = new Set<number>();
  private grouped = false;
  private scans = 0;

  constructor(d: CareerColumns, startOf: (seasonId: number) => string, lastPlayedOf: LastPlayedOf = unknownDate) {
    this.d = d;
    this.startOf = startOf;
    this.lastPlayedOf = lastPlayedOf;
  }

  /** The rows of player `id` in career order (empty when he has none). */
  of(id: number): readonly number[] {
    const list = this.lists.get(id) ?? this.find(id);
    if (!list) return NO_ROWS;
    if (!this.ordered.has(id)) {
      if (list.length > 1) {
        list.sort(careerOrder(this.d, this.startOf));
        lastClubLast(list, this.d, this.lastPlayedOf);
      }
      this.ordered.add(id);
    }
    return list;
  }

  /** Every player id with at least one row, in order of his first row. */
  ids(): number[] {
    return [...new Set(this.d.player_id.subarray(0, this.d.n))];
  }

  /** The rows of a player not asked for before, by a scan or from the grouping of all rows. */
  private find(id: number): number[] | undefined {
    if (!this.grouped && this.scans < SCANS_BEFORE_GROUPING) {
      this.scans++;
      const rows = rowsOfOne(this.d, id);
      if (rows.length > 0) this.lists.set(id, rows);
      return rows.length > 0 ? rows : undefined;
    }
    if (!this.grouped) {
      groupInto(this.lists, this.d);
      this.grouped = true;
    }
    return this.lists.get(id);
  }
}

/**
 * Player id → all his derived rows in career order, every player ordered at once.
 * @example playerRowsOf({ n: 2, player_id: Int32Array.of(7, 7), season_id: Int32Array.of(2, 1), minutes: Float64Array.of(90, 90) }, (id) => `202${id}-08-01`).get(7) // => [1, 0]
 */
export function playerRowsOf(
  d: CareerColumns,
  startOf: (seasonId: number) => string,
  lastPlayedOf: LastPlayedOf = unknownDate,
): Map<number, number[]> {
  const rows = new PlayerRows(d, startOf, lastPlayedOf);
  return new Map(rows.ids().map((id) => [id, [...rows.of(id)]]));
}

/** Season start, then minutes, then row; each season's start looked up once. */
function careerOrder(d: CareerColumns, startOf: (seasonId: number) => string): (a: number, b: number) => number {
  const starts = new Map<number, string>();
  const start = (row: number) => {
    const id = d.season_id[row];
    let s = starts.get(id);
    if (s === undefined) starts.set(id, (s = startOf(id)));
    return s;
  };
  return (a, b) => byCodeUnit(start(a), start(b)) || d.minutes[a] - d.minutes[b] || a - b;
}

/**
 * Puts the rows of each season that has several (one per club) in the order of his last match for
 * each, in the places they hold; a season with an undated row keeps its minutes order. Rows of other
 * seasons do not move, so a cup of the same start is never swapped with a league row.
 */
function lastClubLast(list: number[], d: CareerColumns, lastPlayedOf: LastPlayedOf): void {
  for (let i = 0; i < list.length; i++) {
    const season = d.season_id[list[i]];
    const places = [i];
    for (let j = i + 1; j < list.length; j++) if (d.season_id[list[j]] === season) places.push(j);
    if (places.length < 2 || places[0] !== firstPlaceOf(list, d, season)) continue;
    const dated = places.map((p) => ({ row: list[p], last: lastPlayedOf(list[p]) }));
    if (dated.some((x) => x.last === undefined)) continue;
    // Array.prototype.sort is stable: clubs last played on the same day keep their minutes order.
    dated.sort((a, b) => a.last! - b.last!);
    places.forEach((p, k) => {
      list[p] = dated[k].row;
    });
  }
}

/** The first place in `list` of a row of `season`. */
function firstPlaceOf(list: readonly number[], d: CareerColumns, season: number): number {
  return list.findIndex((r) => d.season_id[r] === season);
}

/** The rows of one player, in table order. */
function rowsOfOne(d: CareerColumns, id: number): number[] {
  const rows: number[] = [];
  const ids = d.player_id;
  for (let i = 0; i < d.n; i++) if (ids[i] === id) rows.push(i);
  return rows;
}

/** Adds every player's rows, in table order, to `lists`, keeping the players it holds already (complete). */
function groupInto(lists: Map<number, number[]>, d: CareerColumns): void {
  const known = new Set(lists.keys());
  for (let i = 0; i < d.n; i++) {
    const id = d.player_id[i];
    if (known.has(id)) continue;
    const list = lists.get(id);
    if (list) list.push(i);
    else lists.set(id, [i]);
  }
}
