import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LastPlayedOf, PlayerRows } from '../../src/stats/player-rows.js';

type Columns = ConstructorParameters<typeof PlayerRows>[0];

/** Every player's rows as PlayerRows gives them, in order of his first row. */
function playerRowsOf(d: Columns, startOf: (id: number) => string, lastPlayedOf?: LastPlayedOf) {
  const rows = new PlayerRows(d, startOf, lastPlayedOf);
  return new Map([...new Set(d.player_id)].map((id) => [id, [...rows.of(id)]]));
}

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
});

describe('playerRowsOf with match dates (a mid-season move)', () => {
  it('puts the rows of one season in the order of his last match there, each in a place that season held', () => {
    // Rows of up to 3 players in 3 seasons (1 and 2 share a start); a row's last match is a day
    // number, or undefined (undated) for some.
    const row = fc.record({
      player: fc.integer({ min: 1, max: 3 }),
      season: fc.integer({ min: 1, max: 3 }),
      minutes: fc.integer({ min: 0, max: 3000 }),
      last: fc.option(fc.integer({ min: 1, max: 300 }), { nil: undefined }),
    });
    const startOf = (id: number) => (id === 3 ? '2018-07-01' : '2017-07-01');
    fc.assert(
      fc.property(fc.array(row, { maxLength: 40 }), (rows) => {
        const d = {
          n: rows.length,
          player_id: Int32Array.from(rows, (r) => r.player),
          season_id: Int32Array.from(rows, (r) => r.season),
          minutes: Float64Array.from(rows, (r) => r.minutes),
        };
        const withDates = playerRowsOf(d, startOf, (i) => rows[i].last);
        const without = reference(rows, startOf);
        for (const [player, list] of withDates) {
          const plain = without.get(player)!;
          expect([...list].sort((a, b) => a - b)).toEqual([...plain].sort((a, b) => a - b));
          for (let k = 0; k < list.length; k++) {
            // Every place holds a row of the season it held without dates.
            expect(rows[list[k]].season).toBe(rows[plain[k]].season);
            const season = list.filter((i) => rows[i].season === rows[list[k]].season);
            const dated = season.every((i) => rows[i].last !== undefined);
            // Within a dated season, last matches never go backwards; an undated season keeps its minutes order.
            for (let m = 1; m < season.length; m++)
              if (dated) expect(rows[season[m]].last!).toBeGreaterThanOrEqual(rows[season[m - 1]].last!);
              else expect(season[m]).toBe(plain.filter((i) => rows[i].season === rows[list[k]].season)[m]);
          }
        }
      }),
    );
  });

  it('shows the club he moved to although he played more minutes at the one he left', () => {
    // Rows 0 and 1: one season, 1,505 minutes at the first club (last match on day 20), 1,000 at the
    // second (last match on day 130); row 2 an earlier season.
    const d = {
      n: 3,
      player_id: Int32Array.of(9, 9, 9),
      season_id: Int32Array.of(2, 2, 1),
      minutes: Float64Array.of(1505, 1000, 3000),
    };
    const last = [20, 130, 250];
    const startOf = (id: number) => `201${id}-08-01`;
    expect(new PlayerRows(d, startOf, (i) => last[i]).of(9)).toEqual([2, 0, 1]);
    // Without dates (a season table), minutes decide as before: the main club's row is last.
    expect(new PlayerRows(d, startOf).of(9)).toEqual([2, 1, 0]);
  });
});
