import { describe, expect, it } from 'vitest';
import {
  type LocatedAppearance,
  MATCH_POSITION_MIN_EVENTS,
  matchPositionsOf,
} from '../../../src/providers/wyscout/match-positions.js';
import type { WyscoutRole } from '../../../src/providers/wyscout/mapping.js';

/** One appearance of team 1 in fixture 10 whose `located` events all sit at (x, y). */
const at = (player_id: number, x: number, y: number, started = true, located = 20): LocatedAppearance => ({
  fixture_id: 10,
  team_id: 1,
  player_id,
  started,
  sum_x: x * located,
  sum_y: y * located,
  located,
});

// A 4-3-3 (the hand-worked one of test/providers/team-shape.test.ts) with its goalkeeper, player 1.
const XI = [
  at(1, 8, 50),
  at(2, 45, 10),
  at(3, 29, 32),
  at(4, 28, 68),
  at(5, 46, 90),
  at(6, 50, 28),
  at(7, 44, 50),
  at(8, 50, 64),
  at(9, 61, 21),
  at(10, 64, 50),
  at(11, 60, 79),
];
const roles = (id: number): WyscoutRole => (id === 1 ? 'GK' : id === 6 ? 'MD' : 'DF');

describe('matchPositionsOf', () => {
  it("gives each starter his slot in the team's shape, whatever his Wyscout role, and the goalkeeper GK", () => {
    // Player 6 (left eight at y 28) reads LM by the location rule alone (|28 − 50| ≥ 14); in the shape he is CM.
    expect(matchPositionsOf(XI, roles)).toEqual(['GK', 'LB', 'CB', 'CB', 'RB', 'CM', 'DM', 'CM', 'LW', 'ST', 'RW']);
  });

  it('places a substitute by his own location within the shape, and leaves a thinly located one to his season', () => {
    const sub = at(12, 61, 80, false);
    const thin = at(13, 61, 80, false, MATCH_POSITION_MIN_EVENTS - 1);
    const out = matchPositionsOf([...XI, sub, thin], roles);
    expect(out[11]).toBe('RW');
    expect(out[12]).toBeNull();
  });

  it("falls back to the location rule when too few starters are located to fit the team's shape", () => {
    const sparse = XI.map((a) =>
      a.player_id > 6 ? { ...a, located: 1, sum_x: a.sum_x / 20, sum_y: a.sum_y / 20 } : a,
    );
    // Player 6 (MD) at y 28: the location rule's wide midfielder.
    expect(matchPositionsOf(sparse, roles)[5]).toBe('LM');
  });
});
