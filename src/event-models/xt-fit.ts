/**
 * Fitting the expected-threat grid by value iteration, xT(c) = s(c) · g(c) + m(c) · Σ_d T(c → d) · xT(d)
 * (Karun Singh, 2018; the terms: docs/methodology/values.md#xt). Pure.
 */

/** Cells along the length (x). */
export const XT_COLUMNS = 12;
/** Cells across (y). */
export const XT_ROWS = 8;
/** Value iteration stops when no cell changes by more than this. */
export const XT_TOLERANCE = 1e-9;
/** …or after this many sweeps. */
export const XT_MAX_ITERATIONS = 500;

/** A move (pass or carry) from one point to another, in pitch fractions; `success` when the team kept the ball. */
export interface XtMove {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  success: boolean;
}

/** A shot for the xT fit: where from and whether it scored. */
export interface XtShot {
  x: number;
  y: number;
  goal: boolean;
}

/**
 * Index of the cell holding a point (fractions; clamped onto the pitch): `ix * XT_ROWS + iy`.
 * @example xtCellOf(0.99, 0.5) // => 92 (the last column, row 4)
 */
export function xtCellOf(x: number, y: number): number {
  const ix = Math.min(XT_COLUMNS - 1, Math.max(0, Math.floor(x * XT_COLUMNS)));
  const iy = Math.min(XT_ROWS - 1, Math.max(0, Math.floor(y * XT_ROWS)));
  return ix * XT_ROWS + iy;
}

/** The fitted grid, cell by cell (`ix * XT_ROWS + iy`), and how the iteration ended (`lastChange`: the largest change in the last sweep). */
export type XtFit = ReturnType<typeof fitXt>;

/**
 * Fits the xT grid from moves and shots by value iteration, starting from zero. Converges because
 * each cell keeps only a share m(c) · Σ T < 1 of its neighbours' value. Cells with no action are 0.
 * @example fitXt([], [{ x: 0.95, y: 0.5, goal: true }]).grid[xtCellOf(0.95, 0.5)] // => 1
 */
export function fitXt(moves: readonly XtMove[], shots: readonly XtShot[]) {
  const cells = XT_COLUMNS * XT_ROWS;
  const shotCount = new Float64Array(cells);
  const goalCount = new Float64Array(cells);
  const moveCount = new Float64Array(cells);
  const transitions = new Map<number, Map<number, number>>();
  for (const s of shots) {
    const c = xtCellOf(s.x, s.y);
    shotCount[c] += 1;
    if (s.goal) goalCount[c] += 1;
  }
  for (const m of moves) {
    const c = xtCellOf(m.x0, m.y0);
    moveCount[c] += 1;
    if (!m.success) continue;
    const d = xtCellOf(m.x1, m.y1);
    let row = transitions.get(c);
    if (!row) transitions.set(c, (row = new Map()));
    row.set(d, (row.get(d) ?? 0) + 1);
  }
  // Per cell: the immediate value s·g and the weights m·T(c → d), as flat lists for the sweeps.
  const immediate = new Float64Array(cells);
  const targets: number[][] = [];
  const weights: number[][] = [];
  for (let c = 0; c < cells; c++) {
    const actions = shotCount[c]! + moveCount[c]!;
    targets.push([]);
    weights.push([]);
    if (actions === 0) continue;
    if (shotCount[c]! > 0) immediate[c] = (shotCount[c]! / actions) * (goalCount[c]! / shotCount[c]!);
    const row = [...(transitions.get(c) ?? new Map<number, number>())].sort((a, b) => a[0] - b[0]);
    for (const [d, n] of row) {
      targets[c]!.push(d);
      // m(c) · T(c → d) = (moves / actions) · (n / moves) = n / actions.
      weights[c]!.push(n / actions);
    }
  }
  let grid = new Float64Array(cells);
  let lastChange = Number.POSITIVE_INFINITY;
  for (let iter = 1; iter <= XT_MAX_ITERATIONS; iter++) {
    const next = new Float64Array(cells);
    lastChange = 0;
    for (let c = 0; c < cells; c++) {
      let v = immediate[c]!;
      const t = targets[c]!;
      const w = weights[c]!;
      for (let k = 0; k < t.length; k++) v += w[k]! * grid[t[k]!]!;
      next[c] = v;
      lastChange = Math.max(lastChange, Math.abs(v - grid[c]!));
    }
    grid = next;
    if (lastChange < XT_TOLERANCE) return { grid: [...grid], iterations: iter, converged: true, lastChange };
  }
  return { grid: [...grid], iterations: XT_MAX_ITERATIONS, converged: false, lastChange };
}
