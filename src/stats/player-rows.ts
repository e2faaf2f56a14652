/**
 * Each player's derived rows in career order, the index behind `rowsOfPlayer` and `latestRowOf`
 * (docs/methodology/stats.md#implementation-and-performance). A player's career is sorted when he
 * is first asked for, so a question about one player does not sort the careers of all the others.
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

/**
 * Player id → his derived rows in career order: by season start (`startOf` a season id, '' when
 * unknown), then minutes, then row, the rows of one season by his last match for each club
 * (`lastPlayedOf` a row, epoch ms) when all are dated (docs/methodology/stats.md#which-row-stands-for-a-player).
 * A player's rows are ordered when he is first asked for.
 * @example new PlayerRows({ n: 2, player_id: Int32Array.of(7, 7), season_id: Int32Array.of(2, 1), minutes: Float64Array.of(90, 90) }, (id) => `202${id}-08-01`).of(7) // => [1, 0]
 */
export class PlayerRows {
  private readonly d: CareerColumns;
  private readonly startOf: (seasonId: number) => string;
  private readonly lastPlayedOf: LastPlayedOf;
  /** Player → his rows, in table order until he is in {@link ordered}; null until the first question. */
  private lists: Map<number, number[]> | null = null;
  private readonly ordered = new Set<number>();

  constructor(d: CareerColumns, startOf: (seasonId: number) => string, lastPlayedOf: LastPlayedOf = unknownDate) {
    this.d = d;
    this.startOf = startOf;
    this.lastPlayedOf = lastPlayedOf;
  }

  /** The rows of player `id` in career order (empty when he has none). */
  of(id: number): readonly number[] {
    this.lists ??= groupedRows(this.d);
    const list = this.lists.get(id);
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
    for (const [k, p] of places.entries()) list[p] = dated[k].row;
  }
}

/** The first place in `list` of a row of `season`. */
function firstPlaceOf(list: readonly number[], d: CareerColumns, season: number): number {
  return list.findIndex((r) => d.season_id[r] === season);
}

/** Every player's rows, in table order. */
function groupedRows(d: CareerColumns): Map<number, number[]> {
  const lists = new Map<number, number[]>();
  for (let i = 0; i < d.n; i++) {
    const list = lists.get(d.player_id[i]);
    if (list) list.push(i);
    else lists.set(d.player_id[i], [i]);
  }
  return lists;
}
