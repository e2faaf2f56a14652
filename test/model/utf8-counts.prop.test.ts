import fc from 'fast-check';
import { vectorFromArray, Utf8, type Vector } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { utf8CountsOf, utf8VectorOf } from '../../src/model/arrow/index.js';

/** The counts by decoding every row: what utf8CountsOf must equal. */
const countsByDecoding = (xs: readonly (string | null)[]): Map<string | null, number> => {
  const m = new Map<string | null, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
};
/** Entries in one order (null first, then by code units), to compare two count maps. */
const sorted = (m: Map<string | null, number>) =>
  [...m].sort(([a], [b]) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1));

// Few distinct values (the summary's case) and many (past the byte-compare limit), any Unicode.
const few = fc.option(fc.constantFrom('ok', 'low', 'model', 'provider', 'é', ''), { nil: null });
const many = fc.option(fc.string({ unit: 'binary', maxLength: 4 }), { nil: null });

describe('utf8CountsOf', () => {
  it('counts as decoding every row would, nulls included', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(few, many), { maxLength: 200 }), (xs) => {
        expect(sorted(utf8CountsOf(utf8VectorOf(xs)))).toEqual(sorted(countsByDecoding(xs)));
      }),
    );
  });

  it('reads every chunk of a chunked vector and the rows of a slice only', () => {
    fc.assert(
      fc.property(
        fc.array(few, { maxLength: 60 }),
        fc.array(many, { maxLength: 60 }),
        fc.nat(),
        fc.nat(),
        (a, b, i, j) => {
          const chunked = (vectorFromArray(a, new Utf8()) as Vector).concat(vectorFromArray(b, new Utf8()) as Vector);
          const all = [...a, ...b];
          expect(sorted(utf8CountsOf(chunked))).toEqual(sorted(countsByDecoding(all)));
          const from = all.length ? i % all.length : 0;
          const to = from + (all.length - from ? j % (all.length - from) : 0);
          const slice = utf8VectorOf(all).slice(from, to);
          expect(sorted(utf8CountsOf(slice))).toEqual(sorted(countsByDecoding(all.slice(from, to))));
        },
      ),
    );
  });

  it('counts a hand-made summary column', () => {
    // 2 × "ok", 1 × "low", 1 null.
    expect(sorted(utf8CountsOf(utf8VectorOf(['ok', null, 'low', 'ok'])))).toEqual([
      [null, 1],
      ['low', 1],
      ['ok', 2],
    ]);
  });
});
