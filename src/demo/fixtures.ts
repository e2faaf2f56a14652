/**
 * The fixture calendar: a double round robin per league-season (circle method, second half with
 * home and away swapped), one round per weekend from Friday to Sunday, with weekends off for
 * international breaks and the turn of the year.
 */
import type { Rng } from './rng.js';

/** Weekends (counted from the first round's, 0-based) without league football (docs/methodology/demo-data.md#calendar). */
export const BREAK_WEEKENDS: ReadonlySet<number> = new Set([3, 8, 13, 20]);

/** Kick-off slots of a round, as [day offset from Friday, UTC hour, UTC minute]; the first `n` are used (cycled beyond ten matches). */
const SLOTS: ReadonlyArray<readonly [number, number, number]> = [
  [0, 19, 0],
  [1, 11, 30],
  [1, 14, 0],
  [1, 14, 0],
  [1, 14, 0],
  [1, 16, 30],
  [2, 13, 0],
  [2, 15, 30],
  [2, 18, 0],
  [1, 19, 0],
];

/** One scheduled match (indices into the league-season's team list). */
interface ScheduledMatch {
  round: number;
  home: number;
  away: number;
  kickoffMs: number;
}

/**
 * The double round robin of `teamCount` teams (even), starting on `firstFriday`: 2 × (n − 1) rounds of
 * n / 2 matches, sorted by kick-off.
 * @example scheduleSeason(new Rng(1), 4, '2025-08-15').length // => 12
 */
export function scheduleSeason(rng: Rng, teamCount: number, firstFriday: string): ScheduledMatch[] {
  const order = rng.shuffled(Array.from({ length: teamCount }, (_, i) => i));
  const rounds: Array<Array<[number, number]>> = [];
  const rot = order.slice(1);
  for (let r = 0; r < teamCount - 1; r++) {
    const pairs: Array<[number, number]> = [];
    const line = [order[0], ...rot];
    for (let i = 0; i < teamCount / 2; i++) {
      const a = line[i];
      const b = line[teamCount - 1 - i];
      // Alternating sides keeps every team's home and away games balanced.
      pairs.push((r + i) % 2 === 0 ? [a, b] : [b, a]);
    }
    rounds.push(pairs);
    rot.unshift(rot.pop()!);
  }
  const all = [...rounds, ...rounds.map((pairs) => pairs.map(([a, b]): [number, number] => [b, a]))];
  const start = Date.parse(`${firstFriday}T00:00:00Z`);
  const out: ScheduledMatch[] = [];
  let weekend = 0;
  all.forEach((pairs, r) => {
    while (BREAK_WEEKENDS.has(weekend)) weekend++;
    // Leagues larger than the slot list reuse slots (two matches at the same time).
    const slots = rng.shuffled(pairs.map((_, i) => SLOTS[i % SLOTS.length]));
    pairs.forEach(([home, away], i) => {
      const [day, hour, minute] = slots[i];
      out.push({
        round: r + 1,
        home,
        away,
        kickoffMs: start + ((weekend * 7 + day) * 24 + hour) * 3_600_000 + minute * 60_000,
      });
    });
    weekend++;
  });
  return out.sort((a, b) => a.kickoffMs - b.kickoffMs || a.round - b.round || a.home - b.home);
}
