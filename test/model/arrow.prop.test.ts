import { Float64, Int32, vectorFromArray } from 'apache-arrow';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bitAt,
  numericVectorOf,
  packBits,
  pushUtf8,
  utf8Buffer,
  utf8VectorFrom,
  utf8VectorOf,
  utf8VectorOfBuffer,
  validityOf,
} from '../../src/model/arrow/index.js';

const masks = fc.array(fc.constantFrom(0, 1), { maxLength: 70 }).map((xs) => Uint8Array.from(xs));

describe('data/arrow: the one bit packing and validity reader', () => {
  it('packBits then bitAt gives the mask back and counts the unset rows', () => {
    fc.assert(
      fc.property(masks, (mask) => {
        const { bitmap, unset } = packBits(mask);
        expect(bitmap.length).toBe((mask.length + 7) >> 3);
        expect(Array.from(mask, (_, i) => bitAt(bitmap, i))).toEqual(Array.from(mask));
        expect(unset).toBe(mask.filter((v) => v === 0).length);
      }),
    );
  });

  it('validityOf reads back the mask a vector was built with, across slices (chunk offsets)', () => {
    fc.assert(
      fc.property(masks, fc.nat(), (mask, cut) => {
        const xs = Float64Array.from(mask, (_, i) => i);
        const v = numericVectorOf(new Float64(), xs, mask);
        const got = validityOf(v);
        if (mask.includes(0)) expect(Array.from(got!)).toEqual(Array.from(mask));
        else expect(got).toBeNull();
        const from = mask.length ? cut % mask.length : 0;
        const sliced = validityOf(v.slice(from));
        const rest = Array.from(mask.subarray(from));
        if (rest.includes(0)) expect(Array.from(sliced!)).toEqual(rest);
        else expect(sliced).toBeNull();
      }),
    );
  });

  it('validityOf agrees with Arrow own isValid on vectors Arrow built', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: -5, max: 5 })), { maxLength: 40 }), (values) => {
        const v = vectorFromArray(values, new Int32());
        const got = validityOf(v);
        const expected = values.map((x) => (x === null ? 0 : 1));
        if (expected.includes(0)) expect(Array.from(got!)).toEqual(expected);
        else expect(got).toBeNull();
      }),
    );
  });

  it('utf8VectorFrom keeps the text of valid rows and nulls the others', () => {
    const v = utf8VectorFrom(Int32Array.of(0, 1, 1, 3), new TextEncoder().encode('abc'), Uint8Array.of(1, 0, 1));
    expect(v.toArray()).toEqual(['a', null, 'bc']);
    expect(v.nullCount).toBe(1);
  });
});

describe('data/arrow: the one UTF-8 column buffer', () => {
  it('utf8VectorOf and a grown Utf8Buffer read back every string (any script), nulls as nulls, and pick rows by index', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.string({ unit: 'grapheme' }), { nil: null }), { maxLength: 50 }), (xs) => {
        const v = utf8VectorOf(xs);
        expect(v.toArray()).toEqual(xs);
        expect(v.nullCount).toBe(xs.filter((x) => x === null).length);
        // The value buffer holds exactly the UTF-8 bytes of the strings, nothing more.
        const encoded = xs.reduce((s, x) => s + (x === null ? 0 : new TextEncoder().encode(x).length), 0);
        expect(v.data[0].values.length).toBe(encoded);
        const b = utf8Buffer(1, 1);
        xs.forEach((s, i) => {
          pushUtf8(b, i, s);
        });
        expect(utf8VectorOfBuffer(b, xs.length).toArray()).toEqual(xs);
        const picked = xs.map((_, i) => xs.length - 1 - i);
        expect(utf8VectorOfBuffer(b, xs.length, picked).toArray()).toEqual(picked.map((r) => xs[r]));
      }),
    );
  });
});
