/*
 * Sportec's one coordinate conversion (docs/providers.md#sportec): metres from the bottom-left
 * corner into fractions of the pitch in the acting team's frame. Worked examples by hand, then
 * fast-check invariants.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sportecPitchPointOf } from '../../../src/providers/sportec/mapping.js';

describe('sportecPitchPointOf', () => {
  it('puts the centre spot at the centre for either team', () => {
    expect(sportecPitchPointOf(52.5, 34, true)).toEqual({ x: 0.5, y: 0.5 });
    expect(sportecPitchPointOf(52.5, 34, false)).toEqual({ x: 0.5, y: 0.5 });
  });

  it('puts the penalty spot 11 m from the goal each team attacks', () => {
    // Attacking toward x = 105 the spot is at 94 m; attacking toward x = 0 it is at 11 m.
    expect((1 - sportecPitchPointOf(94, 34, true).x) * 105).toBeCloseTo(11, 9);
    expect((1 - sportecPitchPointOf(11, 34, false).x) * 105).toBeCloseTo(11, 9);
  });

  it("measures y from the attacker's left: y = 68 m is the left touchline when attacking toward x = 105", () => {
    expect(sportecPitchPointOf(30, 68, true).y).toBe(0);
    expect(sportecPitchPointOf(30, 0, false).y).toBe(0);
    expect(sportecPitchPointOf(30, 68, false).y).toBe(1);
  });

  it('clamps points off the pitch to its edge', () => {
    expect(sportecPitchPointOf(107, -2, true)).toEqual({ x: 1, y: 1 });
  });

  it('gives the two teams mirror images of one point, inside the pitch', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 105, noNaN: true }), fc.double({ min: 0, max: 68, noNaN: true }), (x, y) => {
        const a = sportecPitchPointOf(x, y, true);
        const b = sportecPitchPointOf(x, y, false);
        expect(a.x + b.x).toBeCloseTo(1, 9);
        expect(a.y + b.y).toBeCloseTo(1, 9);
        for (const v of [a.x, a.y, b.x, b.y]) expect(v >= 0 && v <= 1).toBe(true);
      }),
    );
  });
});
