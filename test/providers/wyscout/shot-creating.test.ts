/*
 * Shot-creating actions on hand-built Wyscout event lists. Ids follow Wyscout v2's tables: eventId
 * 8 pass (85 simple), 10 shot, 3 free kick (31 free kick, 35 penalty), 2 foul, 1 duel (11 ground
 * attacking, 12 ground defending), 7 others on the ball (71 clearance, 72 touch), 5 interruption;
 * tags 503 take-on left, 703 won, 1801 accurate, 1802 not accurate.
 */
import { describe, expect, it } from 'vitest';
import type { WyscoutEvent } from '../../../src/providers/wyscout/read.js';
import { wyscoutShotCreatorsOf } from '../../../src/providers/wyscout/event-values.js';

const US = 1;
const THEM = 2;
let clock = 100;
function ev(over: Partial<WyscoutEvent> & { eventId: number; subEventId: number | null }): WyscoutEvent {
  clock += 1;
  return {
    matchPeriod: '1H',
    eventSec: clock,
    teamId: US,
    playerId: 7,
    x: 50,
    y: 50,
    endX: null,
    endY: null,
    tags: [],
    ...over,
  };
}
const pass = (player: number, tags = [1801]) => ev({ eventId: 8, subEventId: 85, playerId: player, tags });
const shot = (player = 7) => ev({ eventId: 10, subEventId: 100, playerId: player, x: 90, y: 45, tags: [402] });
const creatorsOfLast = (events: WyscoutEvent[]) => wyscoutShotCreatorsOf(events, events.length - 1);

describe('wyscoutShotCreatorsOf', () => {
  it('credits the two nearest completed passes, nearest first, and nothing further back', () => {
    expect(creatorsOfLast([pass(4), pass(5), pass(6), shot()])).toEqual([6, 5]);
  });

  it('credits the shooter’s own won take-on and his own pass of a one-two', () => {
    const takeOn = ev({ eventId: 1, subEventId: 11, playerId: 7, tags: [503, 703] });
    const tackleAttempt = ev({ eventId: 1, subEventId: 12, teamId: THEM, playerId: 30, tags: [701] });
    expect(creatorsOfLast([pass(9), takeOn, tackleAttempt, shot()])).toEqual([7, 9]);
    expect(creatorsOfLast([pass(7), pass(9), shot()])).toEqual([9, 7]);
  });

  it('skips a failed pass and a lost take-on: neither is credited', () => {
    const lostTakeOn = ev({ eventId: 1, subEventId: 11, playerId: 8, tags: [503, 701] });
    expect(creatorsOfLast([pass(4), lostTakeOn, pass(5, [1802]), shot()])).toEqual([4]);
  });

  it('stops where the team’s possession began: an opponent’s pass or clearance, the ball going out', () => {
    expect(
      creatorsOfLast([pass(4), ev({ eventId: 8, subEventId: 85, teamId: THEM, playerId: 30 }), pass(5), shot()]),
    ).toEqual([5]);
    expect(creatorsOfLast([pass(4), ev({ eventId: 7, subEventId: 71, teamId: THEM, playerId: 30 }), shot()])).toEqual(
      [],
    );
    expect(creatorsOfLast([pass(4), ev({ eventId: 5, subEventId: 50, playerId: 0 }), shot()])).toEqual([]);
  });

  it('passes over an opponent’s mere touch, as a deflection leaves the ball with the team', () => {
    expect(
      creatorsOfLast([pass(4), ev({ eventId: 7, subEventId: 72, teamId: THEM, playerId: 30 }), pass(5), shot()]),
    ).toEqual([5, 4]);
  });

  it('credits the set-piece pass and the foul drawn before it to the fouled player', () => {
    const duel = ev({ eventId: 1, subEventId: 11, playerId: 10, tags: [701] });
    const foul = ev({ eventId: 2, subEventId: 20, teamId: THEM, playerId: 30 });
    const freeKick = ev({ eventId: 3, subEventId: 31, playerId: 8, tags: [1801] });
    expect(creatorsOfLast([pass(4), duel, foul, freeKick, shot()])).toEqual([8, 10]);
  });

  it('credits the fouled player for a penalty, and nothing behind an earlier shot of the team', () => {
    const duel = ev({ eventId: 1, subEventId: 11, playerId: 10, tags: [703] });
    const foul = ev({ eventId: 2, subEventId: 20, teamId: THEM, playerId: 30 });
    const penalty = ev({ eventId: 3, subEventId: 35, playerId: 7, x: 90, y: 50, tags: [402] });
    expect(creatorsOfLast([duel, foul, penalty])).toEqual([10]);
    expect(creatorsOfLast([pass(4), shot(9), shot()])).toEqual([]);
  });

  it('looks no further back than the period', () => {
    const lastOfFirstHalf = pass(4);
    const kickOff = ev({ eventId: 8, subEventId: 85, matchPeriod: '2H', eventSec: 1, playerId: 5, tags: [1801] });
    expect(
      creatorsOfLast([lastOfFirstHalf, kickOff, shot()].map((e, i) => (i === 2 ? { ...e, matchPeriod: '2H' } : e))),
    ).toEqual([5]);
  });
});
