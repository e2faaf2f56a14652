/* Mapping a provider axis onto the standard pitch between the markings. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STANDARD_LENGTH_MARKS_M, onStandardAxis } from '../../src/event-models/pitch.js';

const WYSCOUT_X = [0, 6, 10, 16, 50, 84, 90, 94, 100];

describe('onStandardAxis', () => {
  it('puts every provider marking on the standard marking', () => {
    WYSCOUT_X.forEach((v, i) => {
      expect(onStandardAxis(v, WYSCOUT_X, STANDARD_LENGTH_MARKS_M)).toBeCloseTo(STANDARD_LENGTH_MARKS_M[i]! / 105, 12);
    });
  });

  it('interpolates between markings: halfway from the box edge (84) to the spot (90) is 91.25 m', () => {
    expect(onStandardAxis(87, WYSCOUT_X, STANDARD_LENGTH_MARKS_M)).toBeCloseTo(91.25 / 105, 12);
  });

  it('is monotone and stays in [0, 1]', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -20, max: 120, noNaN: true }),
        fc.double({ min: -20, max: 120, noNaN: true }),
        (a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const fl = onStandardAxis(lo, WYSCOUT_X, STANDARD_LENGTH_MARKS_M);
          const fh = onStandardAxis(hi, WYSCOUT_X, STANDARD_LENGTH_MARKS_M);
          expect(fl).toBeLessThanOrEqual(fh);
          expect(fl >= 0 && fh <= 1).toBe(true);
        },
      ),
    );
  });
});
