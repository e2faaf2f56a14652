/*
 * On-pitch goal difference (docs/methodology/stats.md#on-pitch-goal-difference): the score while a
 * player was on the pitch, from appearances and the goals in the shots table, and its blend into
 * the model rating.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RowOf } from '../../src/model/schema.js';
import { onPitchGoalDifference, onPitchWindow } from '../../src/stats/on-pitch.js';
import { normalScoreOf, ON_PITCH_WEIGHT, withOnPitch } from '../../src/stats/rating.js';
import { completeRows, datasetOfRows, type DatasetRows } from '../helpers/complete-dataset.js';

type Shot = DatasetRows['shots'][number];
const shot = (team_id: number, player_id: number, minute: number, outcome: RowOf<'shots'>['outcome']): Shot => ({
  fixture_id: 1000,
  player_id,
  team_id,
  minute,
  x: 0.9,
  y: 0.5,
  body_part: 'foot',
  situation: 'open_play',
  xg: 0.2,
  xg_source: 'model',
  outcome,
});

/** The complete fixture's rows with fixture 1000 (team 10 at home to 11) holding the given shots. */
function rowsWithShots(shots: Shot[]): DatasetRows {
  const rows = completeRows();
  rows.shots = shots;
  return rows;
}

const ROW_PLAYER = Int32Array.of(1, 2);
const ROW_TEAM = Int32Array.of(10, 11);
const ROW_SEASON = Int32Array.of(100, 100);

describe('onPitchWindow', () => {
  it('puts a starter on from kick-off and a substitute on until the final whistle', () => {
    expect(onPitchWindow(true, 60, 94)).toEqual([0, 60]);
    expect(onPitchWindow(false, 20, 94)).toEqual([74, 94]);
  });
});

describe('onPitchGoalDifference', () => {
  it('counts only the goals scored while each player was on the pitch, per 90 of his minutes', () => {
    // Player 1 (team 10) plays all 90 minutes of fixture 1000; player 2 (team 11) comes on for
    // the last 12.5 and plays all 90 of fixture 1001, which has no shots: 102.5 minutes in all.
    const rows = rowsWithShots([
      shot(10, 1, 23, 'goal'),
      shot(11, 2, 80, 'goal'),
      shot(10, 1, 85, 'goal'),
      shot(10, 1, 88, 'on_target'),
    ]);
    const out = onPitchGoalDifference(datasetOfRows(rows), ROW_PLAYER, ROW_TEAM, ROW_SEASON);
    expect(out).not.toBeNull();
    expect(out![0]).toBeCloseTo(((2 - 1) * 90) / 90, 12);
    // On from 77.5: the goal at 80 is his team's, the one at 85 the opponent's.
    expect(out![1]).toBeCloseTo(((1 - 1) * 90) / 102.5, 12);
  });

  it('is absent when the dataset has no shots (season tables, the demo)', () => {
    const rows = rowsWithShots([]);
    expect(onPitchGoalDifference(datasetOfRows(rows), ROW_PLAYER, ROW_TEAM, ROW_SEASON)).toBeNull();
  });

  it('gives two full-match opponents opposite values that add up to the score (property)', () => {
    const goal = fc.record({ home: fc.boolean(), minute: fc.integer({ min: 0, max: 90 }) });
    fc.assert(
      fc.property(fc.array(goal, { minLength: 1, maxLength: 9 }), (goals) => {
        const rows = rowsWithShots(goals.map((g) => shot(g.home ? 10 : 11, g.home ? 1 : 2, g.minute, 'goal')));
        rows.appearances = [
          { fixture_id: 1000, player_id: 1, team_id: 10, started: true, minutes: 90, position: 'ST' },
          { fixture_id: 1000, player_id: 2, team_id: 11, started: true, minutes: 90, position: 'CM' },
        ];
        const out = onPitchGoalDifference(datasetOfRows(rows), ROW_PLAYER, ROW_TEAM, ROW_SEASON)!;
        const home = goals.filter((g) => g.home).length;
        expect(out[0]).toBeCloseTo(2 * home - goals.length, 12);
        expect(out[1]).toBeCloseTo(-out[0], 12);
      }),
      { numRuns: 60 },
    );
  });
});

describe('withOnPitch', () => {
  it('blends the on-pitch normal score in at ON_PITCH_WEIGHT and leaves the score alone without it', () => {
    // At the 50th percentile the on-pitch normal score is 0: (1 − w) × 1.
    expect(withOnPitch(1, 50)).toBeCloseTo(1 - ON_PITCH_WEIGHT, 9);
    expect(withOnPitch(1, Number.NaN)).toBe(1);
    expect(withOnPitch(Number.NaN, 80)).toBeNaN();
  });

  it('stays between the score and the on-pitch normal score (property)', () => {
    const z = fc.double({ min: -3, max: 3, noNaN: true });
    const pct = fc.double({ min: 0, max: 100, noNaN: true });
    fc.assert(
      fc.property(z, pct, (c, p) => {
        const b = withOnPitch(c, p);
        const q = normalScoreOf(p);
        expect(b).toBeGreaterThanOrEqual(Math.min(c, q) - 1e-9);
        expect(b).toBeLessThanOrEqual(Math.max(c, q) + 1e-9);
      }),
    );
  });
});
