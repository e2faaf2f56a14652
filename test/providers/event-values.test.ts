/*
 * The shared event-value rules (docs/methodology/event-values.md): possession from time on the
 * ball, the PAdj scaling with the chapter's worked example, and the progression zones, each
 * checked against numbers worked out by hand in the comments.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyTotals } from '../../src/providers/counting-totals.js';
import { COUNTING_COLUMNS } from '../../src/model/schema.js';
import {
  adjustForPossession,
  inPenaltyArea,
  PADJ_COLUMNS,
  padjFactorOf,
  possessionAndPadjOf,
  possessionOf,
  progressionOf,
} from '../../src/providers/event-values.js';

const line = (team_id: number, totals: Partial<ReturnType<typeof emptyTotals>> = {}) => ({
  team_id,
  totals: { ...emptyTotals(), ...totals },
});

describe('possession', () => {
  it('is each team’s share of the time on the ball', () => {
    // 1,800 s against 1,200 s of 3,000 s held: 60 % and 40 %.
    const p = possessionOf(
      new Map([
        [1, 1800],
        [2, 1200],
      ]),
      [1, 2],
    );
    expect(p.get(1)).toBe(60);
    expect(p.get(2)).toBe(40);
  });
  it('gives a side that never had the ball 0, and is unknown when nobody had it', () => {
    expect(possessionOf(new Map([[1, 10]]), [1, 2]).get(2)).toBe(0);
    expect(possessionOf(new Map(), [1, 2]).size).toBe(0);
  });
  it('always sums to 100 over both sides (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e5, noNaN: true }),
        fc.double({ min: 0, max: 1e5, noNaN: true }),
        (a, b) => {
          fc.pre(a + b > 0);
          const p = possessionOf(
            new Map([
              [1, a],
              [2, b],
            ]),
            [1, 2],
          );
          expect(p.get(1)! + p.get(2)!).toBeCloseTo(100, 9);
        },
      ),
    );
  });
});

describe('PAdj', () => {
  it('scales to 50 % possession by the opponent’s share (the worked example)', () => {
    // 40 % own possession → opponent 60 % → × 50 / 60.
    expect(padjFactorOf(40)).toBeCloseTo(50 / 60, 12);
    const cb = line(1, { tackles: 3, interceptions: 6, clearances: 4, shots_blocked: 1, ball_recoveries: 12 });
    adjustForPossession([cb], new Map([[1, 40]]));
    expect(cb.totals.tackles_padj).toBeCloseTo(2.5, 12);
    expect(cb.totals.interceptions_padj).toBeCloseTo(5, 12);
    expect(cb.totals.ball_recoveries_padj).toBeCloseTo(10, 12);
    // 67 % own possession, 2 tackles → 2 × 50 / 33 = 3.0303…
    const next = line(1, { tackles: 2 });
    adjustForPossession([next], new Map([[1, 67]]));
    expect(next.totals.tackles_padj).toBeCloseTo(3.0303, 4);
    expect(cb.totals.tackles).toBe(3); // the raw column stays
  });
  it('sets every adjusted column of PADJ_COLUMNS from its raw one, and no other column', () => {
    const raw = Object.fromEntries(PADJ_COLUMNS.map(([r], k) => [r, k + 2]));
    const l = line(1, raw);
    const before = { ...l.totals };
    adjustForPossession([l], new Map([[1, 60]]));
    for (const [r, adjusted] of PADJ_COLUMNS) expect(l.totals[adjusted]).toBe(l.totals[r] * padjFactorOf(60));
    const adjustedColumns = new Set<string>(PADJ_COLUMNS.map(([, a]) => a));
    for (const c of COUNTING_COLUMNS) if (!adjustedColumns.has(c)) expect(l.totals[c]).toBe(before[c]);
  });
  it('is the raw count at 50 %, unchanged without possession, finite at 100 %', () => {
    expect(padjFactorOf(50)).toBe(1);
    expect(padjFactorOf(undefined)).toBe(1);
    expect(padjFactorOf(100)).toBe(50);
  });
  it('grows with the team’s own possession (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 99, noNaN: true }), fc.double({ min: 0, max: 99, noNaN: true }), (a, b) => {
        if (b - a > 1e-9) expect(padjFactorOf(a)).toBeLessThan(padjFactorOf(b));
      }),
    );
  });
  it('is set for both sides of a match from the time each held the ball', () => {
    const home = line(1, { tackles: 4 });
    const away = line(2, { tackles: 4 });
    // Home held 2,250 s of 3,000 (75 %): its tackles count × 2, the away side’s × 50 / 75.
    const p = possessionAndPadjOf(
      [home, away],
      new Map([
        [1, 2250],
        [2, 750],
      ]),
      [1, 2],
    );
    expect(p.get(1)).toBe(75);
    expect(home.totals.tackles_padj).toBeCloseTo(8, 12);
    expect(away.totals.tackles_padj).toBeCloseTo((4 * 50) / 75, 12);
  });
});

describe('progression', () => {
  it('counts a move ≥ 10 m closer to the goal from outside the own 40 %', () => {
    // From the halfway line to x = 0.6: 10.5 m closer along the centre line.
    expect(progressionOf(0.5, 0.5, 0.6, 0.5).progressive).toBe(true);
    // 0.09 of 105 m = 9.45 m: short of 10 m.
    expect(progressionOf(0.5, 0.5, 0.59, 0.5).progressive).toBe(false);
    // A long ball from the own 40 % is not progressive (FBref leaves them out).
    expect(progressionOf(0.2, 0.5, 0.7, 0.5).progressive).toBe(false);
  });
  it('counts any move into the box, and flags the final third and the box', () => {
    // 3 m closer, but into the penalty area from outside it.
    const p = progressionOf(0.8, 0.5, 0.87, 0.5);
    expect(p).toEqual({ progressive: true, intoFinalThird: false, intoBox: true });
    expect(progressionOf(0.6, 0.5, 0.7, 0.5).intoFinalThird).toBe(true);
    expect(progressionOf(0.7, 0.5, 0.75, 0.5).intoFinalThird).toBe(false);
  });
  it('places the penalty area 16.5 m deep and 40.32 m wide', () => {
    expect(inPenaltyArea(1 - 16 / 105, 0.5)).toBe(true);
    expect(inPenaltyArea(1 - 17 / 105, 0.5)).toBe(false);
    expect(inPenaltyArea(0.95, 0.5 + 20 / 68)).toBe(true);
    expect(inPenaltyArea(0.95, 0.5 + 21 / 68)).toBe(false);
  });
});
