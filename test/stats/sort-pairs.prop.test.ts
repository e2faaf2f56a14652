import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketSortPairs, sortPairs } from '../../src/stats/sort-pairs.js';

// Values drawn from few distinct numbers (ties), a heavy tail, or anything finite.
const valuesArb = fc.oneof(
  fc.array(
    fc.integer({ min: 0, max: 5 }).map((x) => x / 3),
    { maxLength: 300 },
  ),
  fc.array(
    fc.double({ min: 0, max: 1, noNaN: true }).map((x) => x ** 8 * 1e6),
    { maxLength: 300 },
  ),
  fc.array(fc.double({ min: -1e9, max: 1e9, noNaN: true }), { maxLength: 300 }),
);

function check(input: number[], sortedValues: Float64Array, sortedRows: Int32Array): void {
  // -0 and +0 compare equal, so they may come out in either order: compare them as +0.
  const plain = (xs: ArrayLike<number>) => Array.from(xs, (x) => x + 0);
  const expected = Float64Array.from(input).sort();
  expect(plain(sortedValues)).toEqual(plain(expected));
  // the payload moved with its value: every row appears once and points at an equal input value
  expect(Array.from(sortedRows).sort((a, b) => a - b)).toEqual(input.map((_, i) => i));
  sortedRows.forEach((r, j) => {
    expect(input[r] + 0).toBe(sortedValues[j] + 0);
  });
}

describe('sortPairs / bucketSortPairs', () => {
  it('sortPairs sorts values ascending and carries the rows along', () => {
    fc.assert(
      fc.property(valuesArb, (input) => {
        const v = Float64Array.from(input);
        const r = Int32Array.from(input, (_, i) => i);
        sortPairs(v, r, 0, v.length);
        check(input, v, r);
      }),
    );
  });

  it('bucketSortPairs gives the same order into the output arrays', () => {
    fc.assert(
      fc.property(valuesArb, (input) => {
        const v = Float64Array.from(input);
        const r = Int32Array.from(input, (_, i) => i);
        const ov = new Float64Array(v.length);
        const or = new Int32Array(v.length);
        const min = input.length ? Math.min(...input) : 0;
        const max = input.length ? Math.max(...input) : 0;
        bucketSortPairs(v, r, ov, or, 0, v.length, min, max, new Int32Array(v.length + 1));
        check(input, ov, or);
      }),
    );
  });

  it('sorts only the given range', () => {
    const v = Float64Array.of(9, 3, 1, 2, 0);
    const r = Int32Array.of(0, 1, 2, 3, 4);
    sortPairs(v, r, 1, 4);
    expect(Array.from(v)).toEqual([9, 1, 2, 3, 0]);
    expect(Array.from(r)).toEqual([0, 2, 3, 1, 4]);
  });
});
