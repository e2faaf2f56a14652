/*
 * DataFactory's one coordinate conversion (docs/providers.md#datafactory): its −1…1 grid into
 * fractions of the pitch in the acting team's frame. Worked examples by hand, then fast-check.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dataFactoryPitchPointOf } from '../../../src/providers/datafactory/mapping.js';

describe('dataFactoryPitchPointOf', () => {
  it('puts the grid origin on the centre spot and x = 1 on the goal line attacked', () => {
    expect(dataFactoryPitchPointOf(0, 0, true)).toEqual({ x: 0.5, y: 0.5 });
    expect(dataFactoryPitchPointOf(1, 0, true).x).toBe(1);
    expect(dataFactoryPitchPointOf(-1, 0, false).x).toBe(1);
  });

  it('puts y = −1 on the left touchline of the team attacking toward x = 1, on the right of the other', () => {
    expect(dataFactoryPitchPointOf(0.5, -1, true).y).toBe(0);
    expect(dataFactoryPitchPointOf(-0.5, -1, false).y).toBe(1);
  });

  it('gives the two teams mirror images of one point, inside the pitch', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1.2, max: 1.2, noNaN: true }),
        fc.double({ min: -1.2, max: 1.2, noNaN: true }),
        (x, y) => {
          const a = dataFactoryPitchPointOf(x, y, true);
          const b = dataFactoryPitchPointOf(x, y, false);
          expect(a.x + b.x).toBeCloseTo(1, 9);
          expect(a.y + b.y).toBeCloseTo(1, 9);
          for (const v of [a.x, a.y, b.x, b.y]) expect(v >= 0 && v <= 1).toBe(true);
        },
      ),
    );
  });
});
