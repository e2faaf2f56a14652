/* Shot geometry on the 105 × 68 m pitch the fractions are scaled to. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GOAL_WIDTH_M, shotAngleRad, shotDistanceM } from '../../src/event-models/shot.js';

const SPOT_X = 1 - 11 / 105;

describe('shot geometry', () => {
  it('puts the penalty spot 11 m out, the goal mouth seen under 2·atan(3.66 / 11)', () => {
    expect(shotDistanceM(SPOT_X, 0.5)).toBeCloseTo(11, 9);
    expect(shotAngleRad(SPOT_X, 0.5)).toBeCloseTo(2 * Math.atan(GOAL_WIDTH_M / 2 / 11), 9);
  });

  it('sees the whole mouth (π) on the goal line between the posts and none (0) beside them', () => {
    expect(shotAngleRad(1, 0.5)).toBeCloseTo(Math.PI, 9);
    expect(shotAngleRad(1, 0.2)).toBe(0);
  });

  it('is symmetric across the pitch and the angle stays in [0, π]', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (x, y) => {
        expect(shotDistanceM(x, y)).toBeCloseTo(shotDistanceM(x, 1 - y), 9);
        expect(shotAngleRad(x, y)).toBeCloseTo(shotAngleRad(x, 1 - y), 9);
        const a = shotAngleRad(x, y);
        expect(a).toBeGreaterThanOrEqual(0);
        expect(a).toBeLessThanOrEqual(Math.PI);
      }),
    );
  });

  it('narrows the angle as a central shot moves away from goal', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 0.99, noNaN: true }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        (x, share) => {
          const far = x * (1 - share);
          expect(shotAngleRad(far, 0.5)).toBeLessThanOrEqual(shotAngleRad(x, 0.5));
          expect(shotDistanceM(far, 0.5)).toBeGreaterThan(shotDistanceM(x, 0.5));
        },
      ),
    );
  });
});
