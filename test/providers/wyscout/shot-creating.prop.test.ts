/* Invariants of Wyscout shot-creating actions on random event streams (fast-check). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCA_ACTIONS_PER_SHOT } from '../../../src/providers/event-values.js';
import type { WyscoutEvent } from '../../../src/providers/wyscout/read.js';
import { wyscoutShotCreatorsOf } from '../../../src/providers/wyscout/event-values.js';

/** A random Wyscout event among the kinds the walk reads (passes, duels, fouls, set pieces, touches, shots, stoppages). */
const anEvent = fc.record({
  kind: fc.constantFrom(
    [8, 85],
    [8, 80],
    [1, 11],
    [1, 12],
    [2, 20],
    [3, 31],
    [3, 36],
    [3, 35],
    [7, 72],
    [7, 71],
    [10, 100],
    [5, 50],
    [9, 90],
  ),
  team: fc.constantFrom(1, 2),
  player: fc.integer({ min: 0, max: 6 }),
  tags: fc.subarray([503, 504, 701, 703, 1801, 1802]),
  period: fc.constantFrom('1H', '2H'),
});

describe('wyscoutShotCreatorsOf on random streams', () => {
  it('credits at most two actions, each to a player of the shooting team who acted before the shot', () => {
    fc.assert(
      fc.property(fc.array(anEvent, { minLength: 1, maxLength: 30 }), (drawn) => {
        const events: WyscoutEvent[] = drawn.map((d, i) => ({
          eventId: d.kind[0]!,
          subEventId: d.kind[1]!,
          matchPeriod: d.period,
          eventSec: i,
          teamId: d.team,
          // Players 1–3 play for team 1, 4–6 for team 2; 0 is no player.
          playerId: d.player === 0 ? 0 : d.team === 1 ? d.player % 3 || 3 : 3 + (d.player % 3 || 3),
          x: 50,
          y: 50,
          endX: null,
          endY: null,
          tags: d.tags,
        }));
        const shot = { ...events[events.length - 1]!, eventId: 10, subEventId: 100 };
        events[events.length - 1] = shot;
        const creators = wyscoutShotCreatorsOf(events, events.length - 1);
        expect(creators.length).toBeLessThanOrEqual(SCA_ACTIONS_PER_SHOT);
        const ownBefore = new Set(
          events
            .slice(0, -1)
            .filter((e) => e.teamId === shot.teamId && e.playerId !== 0)
            .map((e) => e.playerId),
        );
        for (const c of creators) expect(ownBefore.has(c)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
