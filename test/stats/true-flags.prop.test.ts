/**
 * trueFlagsOf reads a Bool column's bits chunk by chunk: it must say true exactly where `get`
 * gives true, whatever the nulls, chunks and slice offsets.
 */
import { Bool, Table, vectorFromArray, type Vector } from 'apache-arrow';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trueFlagsOf } from '../../src/stats/columns.js';

const flag = fc.option(fc.boolean(), { nil: null });

describe('trueFlagsOf', () => {
  it('is 1 exactly where get gives true, over several chunks and a slice', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(flag, { maxLength: 40 }), { minLength: 1, maxLength: 4 }),
        fc.nat(),
        (chunks, cut) => {
          const [first, ...rest] = chunks.map((c) => vectorFromArray(c, new Bool()));
          const whole: Vector = rest.reduce((acc, v) => acc.concat(v), first);
          const from = whole.length === 0 ? 0 : cut % whole.length;
          for (const v of [whole, whole.slice(from)]) {
            const t = new Table({ s: v });
            const expected = Array.from({ length: v.length }, (_, i) => (v.get(i) === true ? 1 : 0));
            expect(Array.from(trueFlagsOf(t, 's'))).toEqual(expected);
          }
        },
      ),
    );
  });

  it('reads a missing column as all false', () => {
    const t = new Table({ x: vectorFromArray([true, true], new Bool()) });
    expect(Array.from(trueFlagsOf(t, 'started'))).toEqual([0, 0]);
  });
});
