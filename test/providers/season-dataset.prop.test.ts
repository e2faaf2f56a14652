/*
 * addToSeasonLine sums each counting column over a season's match lines
 * (src/providers/season-dataset.ts): whatever the order of a line's totals keys, each column's sum
 * is the same number as adding that column's values one by one in match order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTING_COLUMNS } from '../../src/model/schema.js';
import { type CountingTotals, emptyTotals } from '../../src/providers/counting-totals.js';
import { addToSeasonLine, type SeasonLine } from '../../src/providers/season-dataset.js';

/** The totals of `values` (one per column, schema order), with their keys in `order`'s order. */
function totalsOf(values: readonly number[], order: readonly number[]): CountingTotals {
  const totals = emptyTotals();
  for (const c of COUNTING_COLUMNS) Reflect.deleteProperty(totals, c);
  for (const i of order) totals[COUNTING_COLUMNS[i]] = values[i];
  return totals;
}

const n = COUNTING_COLUMNS.length;
const lineArb = fc.record({
  values: fc.array(fc.oneof(fc.integer({ min: 0, max: 30 }), fc.double({ noNaN: true, min: -5, max: 5 })), {
    minLength: n,
    maxLength: n,
  }),
  shuffled: fc.boolean(),
  order: fc.shuffledSubarray(
    Array.from({ length: n }, (_, i) => i),
    { minLength: n, maxLength: n },
  ),
});

describe('addToSeasonLine', () => {
  it('sums every column in match order, whatever the order of the totals keys (property)', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 12 }), (matches) => {
        const lines = new Map<string, SeasonLine>();
        const expected = new Array<number>(n).fill(0);
        for (const m of matches) {
          const order = m.shuffled ? m.order : COUNTING_COLUMNS.map((_, i) => i);
          const totals = totalsOf(m.values, order);
          addToSeasonLine(lines, { player_id: 7, team_id: 3, appeared: true, started: false, totals }, 60);
          for (let i = 0; i < n; i++) expected[i] += m.values[i];
        }
        const season = lines.get('7:3');
        expect(season?.appearances).toBe(matches.length);
        for (const [i, c] of COUNTING_COLUMNS.entries()) expect(Object.is(season?.totals[c], expected[i])).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
