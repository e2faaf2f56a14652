/*
 * IdSet (src/providers/wyscout/id-set.ts), the lookup table the per-event rules ask instead of a
 * `Set`: for any ids it holds and any value asked, it answers as a `Set` of the same ids does.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdSet } from '../../../src/providers/wyscout/id-set.js';

const asked = fc.oneof(
  fc.integer({ min: -5, max: 1100 }),
  fc.constant(null),
  fc.double({ noNaN: false }),
  fc.constantFrom(0.5, -0, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31),
);

describe('IdSet', () => {
  it('answers as a Set of the same ids', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1023 }), { maxLength: 20 }), fc.array(asked), (ids, queries) => {
        const set = new Set<number | null>(ids);
        const table = new IdSet(ids);
        for (const id of [...ids, ...queries]) expect(table.has(id)).toBe(set.has(id));
      }),
    );
  });

  it('refuses ids it cannot hold', () => {
    for (const bad of [-1, 1024, 1.5, Number.NaN]) expect(() => new IdSet([3, bad])).toThrow(RangeError);
  });
});
