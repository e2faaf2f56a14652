/**
 * columnValuesOf reads text and Int32 columns straight from their buffers: it must give exactly
 * what `vector.get` gives, nulls and several chunks included.
 */
import { Float64, Int32, Utf8, vectorFromArray, type DataType, type Vector } from 'apache-arrow';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnValuesOf } from '../../src/model/lazy-rows.js';

/** The values as `get` reads them, one by one. */
const viaGet = (v: Vector) => Array.from({ length: v.length }, (_, i) => v.get(i) ?? null);

/** One vector of `type` in one chunk per list. */
function chunked<T>(type: DataType, chunks: (T | null)[][]): Vector {
  const [first, ...rest] = chunks.map((c) => vectorFromArray(c, type));
  return rest.reduce((acc, v) => acc.concat(v), first);
}

describe('columnValuesOf', () => {
  it('reads text columns as get does (nulls, empty and non-ASCII strings, several chunks)', () => {
    const text = fc.option(fc.string({ unit: 'grapheme', maxLength: 8 }), { nil: null });
    fc.assert(
      fc.property(fc.array(fc.array(text, { maxLength: 20 }), { minLength: 1, maxLength: 4 }), (chunks) => {
        const v = chunked(new Utf8(), chunks);
        expect(columnValuesOf(v)).toEqual(viaGet(v));
      }),
    );
  });

  it('reads Int32 columns as get does, and other types through get', () => {
    const int = fc.option(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { nil: null });
    fc.assert(
      fc.property(fc.array(fc.array(int, { maxLength: 20 }), { minLength: 1, maxLength: 4 }), (chunks) => {
        const v = chunked(new Int32(), chunks);
        expect(columnValuesOf(v)).toEqual(viaGet(v));
        const f = chunked(new Float64(), chunks);
        expect(columnValuesOf(f)).toEqual(viaGet(f));
      }),
    );
  });
});
