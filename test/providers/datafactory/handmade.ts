/*
 * A hand-made DataFactory match small enough to check by hand (docs/providers.md#datafactory;
 * handmade.test.ts checks it):
 * home 1 (A) and away 2 (B), two players a side, a first-half goal with its assist, a saved shot,
 * a substitution. Every expected value is worked out in a comment from the incidences below.
 */

const t = (half: number, m: number, s: number) => ({ half, m, s });
const player = (teamId: number, posnId: number, substitute: boolean, last: string) => ({
  teamId,
  posnId,
  substitute,
  name: { first: null, last, shortName: last },
});

/** The hand-made match of the header above, as DataFactory's JSON. */
export const DOC = {
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
