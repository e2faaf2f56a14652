import { Float64, Int32, makeVector, Table, vectorFromArray } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { validityOf } from '../../src/model/arrow.js';
import { intColumn, numberColumn } from '../../src/stats/columns.js';

describe('Arrow column reading', () => {
  it('tells an Int32 null from a real 0 (toArray() gives 0 for both)', () => {
    const v = vectorFromArray([0, null, 3], new Int32());
    expect(Array.from(v.toArray() as Int32Array)).toEqual([0, 0, 3]);
    expect(Array.from(validityOf(v)!)).toEqual([1, 0, 1]);
    expect(validityOf(vectorFromArray([1, 2], new Int32()))).toBeNull();
  });

  it('reads nulls as NaN across several chunks and sliced data', () => {
    const a = vectorFromArray([1, null, 2], new Int32());
    const b = vectorFromArray([null, 5, 0, null], new Int32()).slice(1); // [5, 0, null], offset 1
    const t = new Table({ x: a.concat(b) });
    expect(t.getChild('x')!.data.length).toBe(2);
    expect(Array.from(numberColumn(t, 'x'))).toEqual([1, NaN, 2, 5, 0, NaN]);
  });

  it('reads float columns, a missing column as NaN, and int columns as Int32Array', () => {
    const t = new Table({ f: vectorFromArray([1.5, null], new Float64()), id: makeVector(Int32Array.of(7, 8)) });
    expect(Array.from(numberColumn(t, 'f'))).toEqual([1.5, NaN]);
    expect(Array.from(numberColumn(t, 'nope'))).toEqual([NaN, NaN]);
    expect(intColumn(t, 'id')).toEqual(Int32Array.of(7, 8));
  });
});
