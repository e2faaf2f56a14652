/**
 * Expected threat (xT) of a place on the pitch and the threat a move adds
 * (docs/methodology/values.md#xt): one 12 × 8 grid fitted on the Wyscout open data and shipped in
 * `xt-grid.json` (`npm run model:xg` refits it). Coordinates as in ShotFeatures: fractions of the
 * standard pitch (convert provider points with wyscoutPitchPointOf / statsBombPitchPointOf), x toward
 * the goal attacked, y from the attacking team's left.
 */
import { assert } from '../errors.js';
import XT_GRID from './xt-grid.json' with { type: 'json' };
import { XT_COLUMNS, XT_ROWS, xtCellOf } from './xt-fit.js';

/** Version of the shipped grid; changes whenever the grid does. */
export const XT_GRID_VERSION: string = XT_GRID.version;

const GRID: readonly number[] = XT_GRID.grid;
assert(GRID.length === XT_COLUMNS * XT_ROWS, 'xt-grid.json must hold 12 × 8 cells (run npm run model:xg)');

/**
 * The threat of the cell holding (x, y): the chance that possession there leads to a goal.
 * Points off the pitch are clamped onto its edge.
 * @example xtAt(0.95, 0.5) > xtAt(0.05, 0.5) // => true
 */
export function xtAt(x: number, y: number): number {
  return GRID[xtCellOf(x, y)]!;
}

/**
 * The threat a move from (x0, y0) to (x1, y1) adds: xtAt(end) − xtAt(start). Negative for a move
 * backwards; count it only for successful moves (a failed pass adds nothing: the ball is lost).
 * @example xtAddedOf(0.5, 0.5, 0.9, 0.5) > 0 // => true
 */
export function xtAddedOf(x0: number, y0: number, x1: number, y1: number): number {
  return xtAt(x1, y1) - xtAt(x0, y0);
}
