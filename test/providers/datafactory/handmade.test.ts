/*
 * A hand-made DataFactory match small enough to check by hand (docs/providers.md#datafactory):
 * home 1 (A) and away 2 (B), two players a side, a first-half goal with its assist, a saved shot,
 * a substitution. Every expected value is worked out in a comment from the incidences below.
 */
import { describe, expect, it } from 'vitest';
import { dataFactoryMatchOf, dataFactoryDocumentOf } from '../../../src/providers/datafactory/index.js';
import { datasetFromOptaMatches } from '../../../src/providers/opta/dataset.js';
import { DATAFACTORY_SOURCE } from '../../../src/providers/datafactory/mapping.js';
import { rowsOf } from '../../../src/model/schema.js';
import { DOC } from './handmade.js';

const ingest = () =>
  datasetFromOptaMatches(
    [dataFactoryMatchOf(dataFactoryDocumentOf(JSON.stringify(DOC), 'hand.json'), 'hand.json')],
    DATAFACTORY_SOURCE,
  );

describe('a hand-made DataFactory match', () => {
  it('reads the score, the goal, the assist within 15 s and the save', () => {
    const { dataset, report } = ingest();
    expect(report[0]!.event_goals).toEqual({ home: 1, away: 0 });
    const row = (id: number) =>
      rowsOf(dataset.tables.player_seasons, 'player_seasons').find((r) => r.player_id === id)!;
    expect(row(12).goals).toBe(1);
    // Keeper A's pass at 10:00 is 10 s before the goal at 10:10: within the 15 s window.
    expect(row(11).assists).toBe(1);
    expect(row(11).xa).toBeCloseTo(rowsOf(dataset.tables.shots!, 'shots').find((s) => s.outcome === 'goal')!.xg, 12);
    expect(row(11).saves).toBe(1);
    // One steal code for tackles and interceptions: null, not 0.
    expect(row(11).tackles).toBeNull();
  });

  it('gives the substitute 30 minutes, the player he replaced 60, the coach nothing', () => {
    const { dataset } = ingest();
    const apps = rowsOf(dataset.tables.appearances!, 'appearances');
    const minutes = (id: number) => apps.find((a) => a.player_id === id)?.minutes;
    expect(minutes(12)).toBe(60);
    expect(minutes(13)).toBe(30);
    expect(minutes(11)).toBe(90);
    expect(minutes(99)).toBeUndefined();
  });

  it('turns the away shot in the second half toward the goal it attacks', () => {
    const { dataset } = ingest();
    const shot = rowsOf(dataset.tables.shots!, 'shots').find((s) => s.team_id === 2)!;
    // Period 2: away attacks toward x = 1, so x = (0.7 + 1) / 2 = 0.85 and y = (0.1 + 1) / 2 = 0.55.
    expect(shot.x).toBeCloseTo(0.85, 12);
    expect(shot.y).toBeCloseTo(0.55, 12);
    expect(shot.outcome).toBe('on_target');
  });

  it('puts 18:00 at GMT−3 at 21:00 UTC', () => {
    const f = rowsOf(ingest().dataset.tables.fixtures, 'fixtures')[0]!;
    expect(new Date(Number(f.kickoff)).toISOString()).toBe('2024-03-01T21:00:00.000Z');
  });
});
