/**
 * columnValuesOf reads text and Int32 columns straight from their buffers: it must give exactly
 * what `vector.get` gives, nulls and several chunks included.
 */
import { Float64, Int32, makeData, makeVector, Utf8, vectorFromArray, type DataType, type Vector } from 'apache-arrow';
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

  it('reads any bytes as get does: invalid UTF-8, a value cut inside a character, byte-order marks', () => {
    // ASCII values are cut from one Latin-1 reading of the chunk, the others decoded: every kind of byte must land right.
    // Mostly valid UTF-8 (ASCII, two-, three- and four-byte characters, a byte-order mark), now and then a stray byte.
    const piece = fc.constantFrom(
      [0x61],
      [0x20],
      [0xc3, 0xa9],
      [0xe2, 0x82, 0xac],
      [0xf0, 0x9f, 0x98, 0x80],
      [0xef, 0xbb, 0xbf],
      [0xff],
      [0xa9],
    );
    const cuts = fc.array(fc.nat({ max: 40 }), { maxLength: 8 });
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), cuts, (pieces, at) => {
        const bytes = pieces.flat();
        const ends = [...at.map((x) => Math.min(x, bytes.length)).sort((a, b) => a - b), bytes.length];
        const v = makeVector(
          makeData({
            type: new Utf8(),
            length: ends.length,
            valueOffsets: Int32Array.from([0, ...ends]),
            data: Uint8Array.from(bytes),
          }),
        );
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
