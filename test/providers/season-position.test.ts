import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PLACE_OF_POSITION, seasonPositionOf } from '../../src/providers/wyscout/match-positions.js';
import { POSITION_CODES, type PositionCode } from '../../src/model/positions.js';

describe('seasonPositionOf', () => {
  it('a winger on both flanks and sometimes up front stays a wide man', () => {
    // Wide: 600 + 620 + 400 = 1,620 minutes against 750 as a striker, so the place is wide and
    // its code with most minutes is RM (620), although ST alone has the most minutes of any code.
    const time = new Map<PositionCode, number>([
      ['ST', 750],
      ['RW', 600],
      ['LW', 400],
      ['RM', 620],
    ]);
    expect(seasonPositionOf(time)).toBe('RM');
  });

  it('a central midfielder who drifts to the left in a few matches stays central', () => {
    // DM 700 + CM 1,570 = 2,270 central against 300 wide.
    expect(
      seasonPositionOf(
        new Map<PositionCode, number>([
          ['LM', 300],
          ['CM', 1570],
          ['DM', 700],
        ]),
      ),
    ).toBe('CM');
  });

  it('is null without time and ignores zero entries', () => {
    expect(seasonPositionOf(new Map())).toBeNull();
    expect(
      seasonPositionOf(
        new Map<PositionCode, number>([
          ['ST', 0],
          ['CB', 10],
        ]),
      ),
    ).toBe('CB');
  });

  it('answers a code of the place with most time, the same for any order of the map', () => {
    const entry = fc.tuple(fc.constantFrom(...POSITION_CODES), fc.integer({ min: 1, max: 3000 }));
    fc.assert(
      fc.property(fc.uniqueArray(entry, { minLength: 1, maxLength: 8, selector: (e) => e[0] }), (entries) => {
        const time = new Map(entries);
        const code = seasonPositionOf(time)!;
        expect(seasonPositionOf(new Map([...entries].reverse()))).toBe(code);
        const byPlace = new Map<string, number>();
        for (const [c, t] of entries) byPlace.set(PLACE_OF_POSITION[c], (byPlace.get(PLACE_OF_POSITION[c]) ?? 0) + t);
        expect(byPlace.get(PLACE_OF_POSITION[code])).toBe(Math.max(...byPlace.values()));
        for (const [c, t] of entries)
          if (PLACE_OF_POSITION[c] === PLACE_OF_POSITION[code]) expect(t).toBeLessThanOrEqual(time.get(code)!);
      }),
    );
  });
});
