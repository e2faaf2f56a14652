/* The shared shot-creating walk (docs/methodology/event-values.md#sca) on hand-built chain actions, and its invariants. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCA_ACTIONS_PER_SHOT } from '../../src/providers/event-values.js';
import { type ChainAction, shotCreatorsOf } from '../../src/providers/shot-creating.js';

type Action = ChainAction<number>;
const same = (a: Action): Action => a;
const act = (over: Partial<Action>): Action => ({
  period: 1,
  team: 1,
  player: 7,
  shot: false,
  creating: false,
  onBall: false,
  ...over,
});
const pass = (player: number, team = 1) => act({ player, team, creating: true, onBall: true });
const shot = (team = 1) => act({ player: 9, team, shot: true, onBall: true });
const creatorsOfLast = (actions: Action[]) => shotCreatorsOf(actions, actions.length - 1, same);

describe('shotCreatorsOf', () => {
  it('credits the two nearest creating actions of the shooting team, nearest first', () => {
    // Passes by 4, 5 and 6, then the shot: 6 and 5 are the two nearest; 4 is past the limit.
    expect(creatorsOfLast([pass(4), pass(5), pass(6), shot()])).toEqual([6, 5]);
  });

  it('passes over actions that create nothing and the other team’s actions off the ball', () => {
    const carry = act({ player: 8, onBall: true });
    const theirTackleAttempt = act({ team: 2, player: 20 });
    expect(creatorsOfLast([pass(5), carry, theirTackleAttempt, shot()])).toEqual([5]);
  });

  it('stops where the shooting team’s possession began: the other team on the ball', () => {
    expect(creatorsOfLast([pass(4), pass(20, 2), pass(6), shot()])).toEqual([6]);
  });

  it('stops at an earlier shot of the shooting team and at the start of the period', () => {
    expect(creatorsOfLast([pass(4), shot(), pass(6), shot()])).toEqual([6]);
    expect(creatorsOfLast([pass(4), { ...pass(6), period: 2 }, { ...shot(), period: 2 }])).toEqual([6]);
  });

  it('credits a creating action without a named player to no one, and counts one player twice', () => {
    expect(creatorsOfLast([pass(6), act({ player: null, creating: true }), pass(6), shot()])).toEqual([6, 6]);
  });

  it('credits at most the limit, only creating actions of the shooting team, each before the shot', () => {
    const action = fc.record({
      period: fc.integer({ min: 1, max: 2 }),
      team: fc.integer({ min: 1, max: 2 }),
      player: fc.option(fc.integer({ min: 1, max: 30 })),
      shot: fc.boolean(),
      creating: fc.boolean(),
      onBall: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(action, { minLength: 1, maxLength: 30 }), (actions) => {
        const i = actions.length - 1;
        const creators = shotCreatorsOf(actions, i, same);
        expect(creators.length).toBeLessThanOrEqual(SCA_ACTIONS_PER_SHOT);
        const credited = actions
          .slice(0, i)
          .filter((a) => a.creating && a.player !== null && a.team === actions[i]!.team);
        for (const p of creators) expect(credited.some((a) => a.player === p)).toBe(true);
      }),
    );
  });
});
