import fc from 'fast-check';
import { Table, vectorFromArray, type Vector } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { vectorOfKind } from '../../src/model/arrow/index.js';
import { arrowTypeOf, type ColumnKind } from '../../src/model/schema.js';
import { expectTablesEqual } from '../helpers/expect-tables-equal.js';

const values: Record<ColumnKind, fc.Arbitrary<unknown>> = {
  int32: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
  float64: fc.double({ noNaN: true }),
  utf8: fc.string({ unit: 'binary' }),
  bool: fc.boolean(),
  timestamp: fc.integer({ min: -8.64e15, max: 8.64e15 }),
};

describe('vectorOfKind', () => {
  it("builds the same column as Arrow's vectorFromArray, nulls included", () => {
    const column = fc
      .constantFrom<ColumnKind>('int32', 'float64', 'utf8', 'bool', 'timestamp')
      .chain((kind) =>
        fc.tuple(fc.constant(kind), fc.array(fc.option(values[kind], { nil: null }), { maxLength: 40 })),
      );
    fc.assert(
      fc.property(column, ([kind, xs]) => {
        const ours = vectorOfKind(kind, xs as (number | string | boolean | null)[]);
        const arrows = vectorFromArray(xs as never[], arrowTypeOf(kind) as never) as Vector;
        expect(String(ours.type)).toBe(String(arrows.type));
        expect(ours.nullCount).toBe(xs.filter((x) => x === null).length);
        expectTablesEqual(new Table({ c: ours }), new Table({ c: arrows }), kind);
      }),
      { numRuns: 300 },
    );
  });

  it('writes nulls as unset validity bits and text as one UTF-8 buffer', () => {
    const v = vectorOfKind('utf8', ['ab', null, 'é']);
    // 'ab' is 2 bytes, null 0, 'é' 2 bytes (C3 A9): offsets 0, 2, 2, 4.
    expect(Array.from(v.data[0].valueOffsets)).toEqual([0, 2, 2, 4]);
    expect(v.data[0].nullBitmap![0]).toBe(0b101);
    expect(v.get(2)).toBe('é');
  });
});
