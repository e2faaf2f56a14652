/* The shipped xG model: its JSON matches the design, and its predictions behave like football. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ShotFeatures, type ShotSituation, shotDistanceM } from '../../src/event-models/shot.js';
import { PENALTY_XG, XG_MODEL_VERSION, xgOf } from '../../src/event-models/xg.js';
import { xgColumnNamesOf } from '../../src/event-models/xg-design.js';
import MODEL from '../../src/event-models/xg-model.json' with { type: 'json' };

const shot = (over: Partial<ShotFeatures>): ShotFeatures => ({
  x: 0.9,
  y: 0.5,
  bodyPart: 'foot',
  situation: 'open_play',
  assist: 'pass',
  ...over,
});

describe('shipped xG model', () => {
  it('names its version and the design columns in order', () => {
    expect(XG_MODEL_VERSION).toBe(MODEL.version);
    expect(MODEL.columns).toEqual(xgColumnNamesOf('full'));
    expect(MODEL.coefficients).toHaveLength(MODEL.columns.length);
  });

  it('gives every penalty the training conversion rate (between 0.7 and 0.8 in top leagues)', () => {
    expect(xgOf(shot({ situation: 'penalty', x: 0.2 }))).toBe(PENALTY_XG);
    expect(PENALTY_XG).toBeGreaterThan(0.7);
    expect(PENALTY_XG).toBeLessThan(0.8);
  });

  it('stays in (0, 1) anywhere on the pitch', () => {
    const situations: ShotSituation[] = [
      'open_play',
      'counter_attack',
      'direct_free_kick',
      'corner',
      'other_set_piece',
    ];
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom('foot' as const, 'head' as const, 'other' as const),
        fc.constantFrom(...situations),
        fc.constantFrom(
          'none' as const,
          'pass' as const,
          'cross' as const,
          'through_ball' as const,
          'rebound' as const,
        ),
        (x, y, bodyPart, situation, assist) => {
          const p = xgOf({ x, y, bodyPart, situation, assist });
          expect(p).toBeGreaterThan(0);
          expect(p).toBeLessThan(1);
        },
      ),
    );
  });

  it('falls as a central open-play shot moves back from 6 m to 35 m', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 6, max: 34, noNaN: true }),
        fc.double({ min: 0.5, max: 10, noNaN: true }),
        (d, step) => {
          const near = shot({ x: 1 - d / 105 });
          const far = shot({ x: 1 - Math.min(35, d + step) / 105 });
          expect(xgOf(far)).toBeLessThan(xgOf(near));
        },
      ),
    );
  });

  it('rates football facts: a header below a shot with the foot, a through ball above a square pass, a 30 m shot rare', () => {
    expect(xgOf(shot({ bodyPart: 'head' }))).toBeLessThan(xgOf(shot({})));
    expect(xgOf(shot({ assist: 'through_ball' }))).toBeGreaterThan(xgOf(shot({ assist: 'pass' })));
    const thirty = shot({ x: 1 - 30 / 105, assist: 'none' });
    expect(shotDistanceM(thirty.x, thirty.y)).toBeCloseTo(30, 6);
    expect(xgOf(thirty)).toBeLessThan(0.05);
    // From the penalty spot in open play, most analysts' models give 0.2–0.45.
    const spot = xgOf(shot({ x: 1 - 11 / 105 }));
    expect(spot).toBeGreaterThan(0.2);
    expect(spot).toBeLessThan(0.45);
  });
});
