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

describe('text codes', () => {
  it('reads short ASCII codes from the Arrow bytes, nulls as -1, long text as -2', async () => {
    const { Utf8 } = await import('apache-arrow');
    const { textCodes, textCodeOf } = await import('../../src/stats/columns.js');
    const t = new Table({ p: vectorFromArray(['GK', null, 'LWB', 'LONG'], new Utf8()) });
    // 'G' = 0x47, 'K' = 0x4b → 0x474b00; 'LWB' → 0x4c5742
    expect(Array.from(textCodes(t, 'p'))).toEqual([0x474b00, -1, 0x4c5742, -2]);
    expect(textCodeOf('GK')).toBe(0x474b00);
    expect(textCodeOf('LWB')).toBe(0x4c5742);
  });
});
