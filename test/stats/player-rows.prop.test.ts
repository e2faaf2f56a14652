import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PlayerRows, playerRowsOf } from '../../src/stats/player-rows.js';

/** The order as engine.ts stated it before it was indexed: season start (code units), minutes, row. */
function reference(rows: { player: number; season: number; minutes: number }[], startOf: (id: number) => string) {
  const byPlayer = new Map<number, number[]>();
  rows.forEach((r, i) => {
    byPlayer.set(r.player, [...(byPlayer.get(r.player) ?? []), i]);
  });
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  for (const list of byPlayer.values()) {
    list.sort(
      (a, b) => cmp(startOf(rows[a].season), startOf(rows[b].season)) || rows[a].minutes - rows[b].minutes || a - b,
    );
  }
  return byPlayer;
}

describe('playerRowsOf (each player’s rows in career order)', () => {
  it('orders by season start, then minutes, then row, for any rows; unknown seasons start first', () => {
    const row = fc.record({
      player: fc.integer({ min: 1, max: 6 }),
      season: fc.integer({ min: 1, max: 8 }),
      minutes: fc.integer({ min: 0, max: 3000 }),
    });
    // Seasons 7 and 8 are unknown (''); 1 and 2 share a start date.
    const startOf = (id: number) => (id >= 7 ? '' : `20${10 + Math.max(id, 2) * 2 - (id % 3)}-07-01`);
    fc.assert(
      fc.property(fc.array(row, { maxLength: 60 }), (rows) => {
        const d = {
          n: rows.length,
          player_id: Int32Array.from(rows, (r) => r.player),
          season_id: Int32Array.from(rows, (r) => r.season),
          minutes: Float64Array.from(rows, (r) => r.minutes),
        };
        expect(playerRowsOf(d, startOf)).toEqual(reference(rows, startOf));
      }),
    );
  });

  it('gives each player the same rows one at a time, in any order of asking, as all at once', () => {
    // Up to 30 players, so that more are asked for than are found by a scan before all rows are grouped.
    const row = fc.record({
      player: fc.integer({ min: 1, max: 30 }),
      season: fc.integer({ min: 1, max: 8 }),
      minutes: fc.integer({ min: 0, max: 3000 }),
    });
    const startOf = (id: number) => (id >= 7 ? '' : `20${10 + Math.max(id, 2) * 2 - (id % 3)}-07-01`);
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 80 }),
        fc.array(fc.integer({ min: 0, max: 31 }), { maxLength: 40 }),
        (rows, asks) => {
          const d = {
            n: rows.length,
            player_id: Int32Array.from(rows, (r) => r.player),
            season_id: Int32Array.from(rows, (r) => r.season),
            minutes: Float64Array.from(rows, (r) => r.minutes),
          };
          const expected = reference(rows, startOf);
          const lazy = new PlayerRows(d, startOf);
          for (const id of [...asks, ...Array.from({ length: 32 }, (_, k) => k)])
            expect(lazy.of(id)).toEqual(expected.get(id) ?? []);
          expect(playerRowsOf(d, startOf)).toEqual(expected);
          expect([...playerRowsOf(d, startOf).keys()]).toEqual([...expected.keys()]);
        },
      ),
    );
  });
});
