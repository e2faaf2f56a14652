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

const t = (half: number, m: number, s: number) => ({ half, m, s });
const player = (teamId: number, posnId: number, substitute: boolean, last: string) => ({
  teamId,
  posnId,
  substitute,
  name: { first: null, last, shortName: last },
});

const DOC = {
  match: {
    matchId: 7,
    homeTeamId: 1,
    awayTeamId: 2,
    homeTeamName: 'A',
    awayTeamName: 'B',
    date: '20240301',
    scheduledStart: '18:00',
    gmt: -3,
    competition: 'Hand League',
    competitionId: 9,
  },
  scoreStatus: { '1': { score: 1 }, '2': { score: 0 } },
  players: {
    '11': player(1, 1, false, 'Keeper A'),
    '12': player(1, 4, false, 'Striker A'),
    '13': player(1, 4, true, 'Sub A'),
    '21': player(2, 1, false, 'Keeper B'),
    '22': player(2, 3, false, 'Mid B'),
    '99': player(1, 5, false, 'Coach A'),
  },
  incidences: {
    status: {
      '1': { type: 1, t: t(0, 0, 0) },
      '50': { type: 17, t: t(1, 45, 0) },
      '51': { type: 18, t: t(2, 45, 0) },
      '90': { type: 2, t: t(2, 90, 0) },
    },
    correctPasses: {
      // The kick-off from the centre spot, then Keeper A to Striker A, 20 s before the goal.
      '2': {
        type: 180,
        t: t(1, 0, 1),
        team: 1,
        plyrId: 12,
        recvId: 11,
        coord: { '1': { x: 0, y: 0 }, '2': { x: -0.4, y: 0 } },
      },
      '3': {
        type: 180,
        t: t(1, 10, 0),
        team: 1,
        plyrId: 11,
        recvId: 12,
        coord: { '1': { x: -0.8, y: 0 }, '2': { x: 0.6, y: 0.1 } },
      },
    },
    goals: { '4': { type: 9, t: t(1, 10, 10), team: 1, plyrId: 12, assBy: 11, coord: { '1': { x: 0.8, y: 0 } } } },
    shots: {
      '4': { type: 9, t: t(1, 10, 10), team: 1, plyrId: 12, assBy: 11, coord: { '1': { x: 0.8, y: 0 } } },
      // Mid B's shot in the second half (B attacks toward x = 1 then), caught by Keeper A.
      '60': { type: 35, t: t(2, 50, 0), team: 2, plyrId: 22, ctchBy: 11, coord: { '1': { x: 0.7, y: 0.1 } } },
    },
    substitutions: { '70': { type: 7, t: t(2, 60, 0), team: 1, offId: 12, inId: 13 } },
  },
};

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
