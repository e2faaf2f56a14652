/* Shot-creating actions on hand-built StatsBomb events (StatsBomb's type names and possession numbers). */
import { describe, expect, it } from 'vitest';
import type { StatsBombEvent } from '../../../src/providers/statsbomb/read.js';
import { statsBombShotCreatorsOf } from '../../../src/providers/statsbomb/event-values.js';

const US = { id: 1, name: 'Us' };
const THEM = { id: 2, name: 'Them' };
const player = (id: number) => ({ id, name: `P${id}` });
const ref = (name: string) => ({ id: 0, name });
let n = 0;
function ev(over: Partial<StatsBombEvent> & { type: { id: number; name: string } }): StatsBombEvent {
  n += 1;
  return {
    id: `e${n}`,
    index: n,
    period: 1,
    minute: 10,
    second: 0,
    team: US,
    player: player(7),
    possession: 5,
    possession_team: US,
    ...over,
  };
}
const pass = (id: number, over: Partial<StatsBombEvent> = {}) =>
  ev({ type: ref('Pass'), player: player(id), pass: {}, ...over });
const shot = (over: Partial<StatsBombEvent> = {}) =>
  ev({ type: ref('Shot'), shot: { outcome: ref('Saved'), statsbomb_xg: 0.1 }, ...over });
const creatorsOfLast = (events: StatsBombEvent[]) => statsBombShotCreatorsOf(events, events.length - 1);

describe('statsBombShotCreatorsOf', () => {
  it('credits the two nearest completed passes and dribbles of the possession, nearest first', () => {
    const dribble = ev({ type: ref('Dribble'), player: player(7), dribble: { outcome: ref('Complete') } });
    const carry = ev({ type: ref('Carry'), player: player(7) });
    expect(creatorsOfLast([pass(4), pass(5), dribble, carry, shot()])).toEqual([7, 5]);
  });

  it('skips incomplete passes and failed dribbles, and passes over the opponent’s pressure', () => {
    const failed = pass(5, { pass: { outcome: ref('Incomplete') } });
    const lost = ev({ type: ref('Dribble'), player: player(8), dribble: { outcome: ref('Incomplete') } });
    const pressure = ev({ type: ref('Pressure'), team: THEM, player: player(30) });
    expect(creatorsOfLast([pass(4), failed, lost, pressure, shot()])).toEqual([4]);
  });

  it('stops at the start of the possession', () => {
    expect(creatorsOfLast([pass(4, { possession: 4 }), pass(5), shot()])).toEqual([5]);
  });

  it('credits the foul won before a free kick across the possession boundary, and goes on if the ball was ours', () => {
    const before = pass(3, { possession: 4 });
    const fouled = ev({ type: ref('Foul Committed'), team: THEM, player: player(30), possession: 4 });
    const won = ev({ type: ref('Foul Won'), player: player(10), possession: 4 });
    const freeKick = pass(8, { pass: { type: ref('Free Kick') } });
    expect(creatorsOfLast([before, fouled, won, freeKick, shot()])).toEqual([8, 10]);
    expect(
      creatorsOfLast([
        before,
        won,
        fouled,
        shot({ shot: { outcome: ref('Goal'), statsbomb_xg: 0.78, type: ref('Penalty') } }),
      ]),
    ).toEqual([10, 3]);
  });

  it('stops behind an earlier shot of the team, and at the period', () => {
    expect(creatorsOfLast([pass(4), shot({ player: player(9) }), shot()])).toEqual([]);
    expect(creatorsOfLast([pass(4), pass(5, { period: 2 }), shot({ period: 2 })])).toEqual([5]);
  });

  it('stops at an opponent’s touch when the stream has no possession numbers', () => {
    const noChain = { possession: null, possession_team: null };
    expect(
      creatorsOfLast([pass(4, noChain), pass(20, { ...noChain, team: THEM }), pass(5, noChain), shot(noChain)]),
    ).toEqual([5]);
  });
});
