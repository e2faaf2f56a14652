import { Float64, Int32, Utf8, vectorFromArray } from 'apache-arrow';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { float64VectorOf, utf8VectorOf, validityOf, vectorOf } from '../../src/model/arrow.js';

const masks = fc.array(fc.constantFrom(0, 1), { maxLength: 70 }).map((xs) => Uint8Array.from(xs));

describe('model/arrow: columns built and read with apache-arrow’s API', () => {
  it('validityOf reads back the mask a vector was built with, across slices (chunk offsets)', () => {
    fc.assert(
      fc.property(masks, fc.nat(), (mask, cut) => {
        const xs = Float64Array.from(mask, (_, i) => i);
        const v = vectorOf(new Float64(), xs, mask);
        expect(v.nullCount).toBe(mask.filter((b) => b === 0).length);
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

  it('vectorOf and float64VectorOf hold the values and nulls of Arrow’s own vectorFromArray', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: -5, max: 5 }), { nil: null }), { maxLength: 40 }), (values) => {
        const mask = Uint8Array.from(values, (x) => (x === null ? 0 : 1));
        const ints = vectorOf(
          new Int32(),
          Int32Array.from(values, (x) => x ?? 0),
          mask,
        );
        expect(ints.toJSON()).toEqual(vectorFromArray(values, new Int32()).toJSON());
        const floats = float64VectorOf(Float64Array.from(values, (x) => x ?? NaN));
        expect(floats.toJSON()).toEqual(values);
        expect(floats.nullCount).toBe(values.filter((x) => x === null).length);
        expect(validityOf(ints) ?? new Uint8Array(values.length).fill(1)).toEqual(mask);
      }),
    );
  });

  it('utf8VectorOf reads back every string (any script, lone surrogates as U+FFFD), nulls as nulls', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.string({ unit: 'binary' }), { nil: null }), { maxLength: 50 }), (xs) => {
        const v = utf8VectorOf(xs);
        const expected = vectorFromArray(xs, new Utf8());
        expect(v.toArray()).toEqual(expected.toArray());
        expect(v.nullCount).toBe(xs.filter((x) => x === null).length);
        // The value buffer holds exactly the UTF-8 bytes of the strings, nothing more.
        const encoded = xs.reduce((s, x) => s + (x === null ? 0 : Buffer.byteLength(x)), 0);
        expect(v.data[0].values.length).toBe(encoded);
      }),
    );
  });
});
