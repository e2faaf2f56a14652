/* Expected threat: the fitted value iteration and the shipped grid. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  XT_COLUMNS,
  XT_ROWS,
  XT_TOLERANCE,
  type XtMove,
  type XtShot,
  fitXt,
  xtCellOf,
} from '../../src/event-models/xt-fit.js';
import { xtAddedOf, xtAt } from '../../src/event-models/xt.js';
import GRID from '../../src/event-models/xt-grid.json' with { type: 'json' };

const centre = (ix: number) => (ix + 0.5) / XT_COLUMNS;

describe('shipped xT grid', () => {
  it('holds 12 × 8 probabilities', () => {
    expect(GRID.grid).toHaveLength(XT_COLUMNS * XT_ROWS);
    for (const v of GRID.grid) expect(v >= 0 && v < 1).toBe(true);
  });

  it('rises toward goal through the centre, from the halfway line on', () => {
    for (const y of [3.5 / 8, 4.5 / 8]) {
      for (let ix = XT_COLUMNS / 2; ix < XT_COLUMNS - 1; ix++)
        expect(xtAt(centre(ix + 1), y)).toBeGreaterThan(xtAt(centre(ix), y));
    }
    // The central cells in front of goal are the most dangerous on the pitch, far above the own box.
    expect(Math.max(...GRID.grid)).toBe(Math.max(xtAt(0.99, 3.5 / 8), xtAt(0.99, 4.5 / 8)));
    expect(xtAt(0.99, 0.5)).toBeGreaterThan(10 * xtAt(0.01, 0.5));
  });

  it('is higher in the centre than on the wing near goal', () => {
    expect(xtAt(0.95, 0.5)).toBeGreaterThan(xtAt(0.95, 0.05));
  });

  it('adds end minus start, so a move and its reverse cancel', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (x0, y0, x1, y1) => {
          expect(xtAddedOf(x0, y0, x1, y1)).toBeCloseTo(xtAt(x1, y1) - xtAt(x0, y0), 12);
          expect(xtAddedOf(x0, y0, x1, y1) + xtAddedOf(x1, y1, x0, y0)).toBeCloseTo(0, 12);
        },
      ),
    );
  });
});

const point = fc.double({ min: 0, max: 0.9999, noNaN: true });
const moveArb: fc.Arbitrary<XtMove> = fc.record({ x0: point, y0: point, x1: point, y1: point, success: fc.boolean() });
const shotArb: fc.Arbitrary<XtShot> = fc.record({ x: point, y: point, goal: fc.boolean() });

describe('fitXt (value iteration)', () => {
  it('converges to the fixed point xT = s·g + m·T·xT, with values in [0, 1]', () => {
    fc.assert(
      fc.property(fc.array(moveArb, { maxLength: 300 }), fc.array(shotArb, { maxLength: 60 }), (moves, shots) => {
        const fit = fitXt(moves, shots);
        expect(fit.converged).toBe(true);
        for (const v of fit.grid) expect(v >= 0 && v <= 1).toBe(true);
        // Recompute one Bellman sweep from the counts: it must leave the grid (almost) unchanged.
        const cells = XT_COLUMNS * XT_ROWS;
        const actions = new Array(cells).fill(0);
        const next = new Array(cells).fill(0);
        for (const s of shots) {
          const c = xtCellOf(s.x, s.y);
          actions[c]++;
          if (s.goal) next[c] += 1;
        }
        for (const m of moves) actions[xtCellOf(m.x0, m.y0)]++;
        for (const m of moves) if (m.success) next[xtCellOf(m.x0, m.y0)] += fit.grid[xtCellOf(m.x1, m.y1)]!;
        for (let c = 0; c < cells; c++) {
          const bellman = actions[c] ? next[c] / actions[c] : 0;
          expect(Math.abs(bellman - fit.grid[c]!)).toBeLessThan(100 * XT_TOLERANCE);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('gives a cell whose every action is a scored shot the value 1, and passes into it a share of that', () => {
    const goalCell = { x: 0.95, y: 0.5 };
    const fit = fitXt(
      [
        { x0: 0.7, y0: 0.5, x1: goalCell.x, y1: goalCell.y, success: true },
        { x0: 0.7, y0: 0.5, x1: 0.9, y1: 0.5, success: false },
      ],
      [{ ...goalCell, goal: true }],
    );
    expect(fit.grid[xtCellOf(goalCell.x, goalCell.y)]).toBe(1);
    // Half of the moves from (0.7, 0.5) reach the goal cell: xT = ½ · 1.
    expect(fit.grid[xtCellOf(0.7, 0.5)]).toBeCloseTo(0.5, 12);
  });
});
