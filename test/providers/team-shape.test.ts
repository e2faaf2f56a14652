import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { positionInShapeOf, SHAPE_MIN_PLAYERS, type ShapePlayer, teamShapeOf } from '../../src/providers/team-shape.js';

/** Players 1…n at the given (x, y): average event locations, 0–100 in the team's attacking frame. */
const team = (points: [number, number][]): ShapePlayer[] => points.map(([x, y], i) => ({ player_id: i + 1, x, y }));
const codes = (players: ShapePlayer[]) => {
  const shape = teamShapeOf(players)!;
  return players.map((p) => shape.positions.get(p.player_id));
};

describe('teamShapeOf', () => {
  it('a 4-3-3 whose left central midfielder drifts wide keeps him central (the Kroos case)', () => {
    // Back four (full-backs as high as the holder, as their events are), a holder at x 44, two
    // eights at x 50 — the left one at y 28, wider than the old rule's 14-unit wide-midfield line
    // (|28 − 50| = 22 would read LM) — two wingers high and inside (x 60–61, y 21 / 79), a
    // striker at x 64. Median x of the ten = 48, so the left eight sits at (dx +2, y 28):
    // 2² + 8² = 68 from the 4-3-3's CM slot (0, 36), 9² + 10² = 181 from a wide midfielder's
    // slot (+11, 18); the wingers fit LW/RW (+12, 22 / 78) better than LM/RM (+11, 18 / 80).
    const xi = team([
      [45, 10],
      [29, 32],
      [28, 68],
      [46, 90], // LB CB CB RB
      [50, 28],
      [44, 50],
      [50, 64], // CM DM CM
      [61, 21],
      [64, 50],
      [60, 79], // LW ST RW
    ]);
    expect(teamShapeOf(xi)!.formation).toBe('4-3-3');
    expect(codes(xi)).toEqual(['LB', 'CB', 'CB', 'RB', 'CM', 'DM', 'CM', 'LW', 'ST', 'RW']);
  });

  it('a 3-5-2 gives a back three and wing-backs, not full-backs and a centre-back pair', () => {
    // Three centre-backs across the width (y 27 / 50 / 73, x ≈ 30), wing-backs high and wide
    // (x 50, y 7 / 93), a midfield three and two strikers. Median x = 48.5.
    const xi = team([
      [31, 26],
      [28, 50],
      [31, 74], // CB CB CB
      [50, 7],
      [50, 93], // LWB RWB
      [49, 36],
      [43, 50],
      [49, 64], // CM DM CM
      [63, 42],
      [62, 58], // ST ST
    ]);
    expect(teamShapeOf(xi)!.formation).toBe('3-5-2');
    expect(codes(xi)).toEqual(['CB', 'CB', 'CB', 'LWB', 'RWB', 'CM', 'DM', 'CM', 'ST', 'ST']);
  });

  it('a 4-4-2 with wide midfielders: the wide men of a line of four are LM and RM', () => {
    // A flat four in midfield: the outside two at y 17 / 82 and x 58, the central pair at x 47.
    // Two strikers side by side at x 62. Median x = 47.5.
    const xi = team([
      [44, 10],
      [28, 31],
      [28, 69],
      [45, 90],
      [58, 17],
      [46, 42],
      [46, 58],
      [59, 82],
      [61, 44],
      [62, 56],
    ]);
    expect(teamShapeOf(xi)!.formation).toBe('4-4-2');
    expect(codes(xi)).toEqual(['LB', 'CB', 'CB', 'RB', 'LM', 'CM', 'CM', 'RM', 'ST', 'ST']);
  });

  it('a 4-2-3-1: a double pivot, a central attacking midfielder and wide forwards behind one striker', () => {
    // Pivot at x 43 (y 43 / 57), the three behind the striker at x 55–57 (y 24 / 48 / 75),
    // striker at x 63. Median x = 45.
    const xi = team([
      [44, 10],
      [26, 31],
      [26, 69],
      [46, 90],
      [43, 43],
      [43, 57],
      [57, 24],
      [55, 48],
      [56, 75],
      [63, 50],
    ]);
    expect(teamShapeOf(xi)!.formation).toBe('4-2-3-1');
    expect(codes(xi)).toEqual(['LB', 'CB', 'CB', 'RB', 'DM', 'DM', 'LW', 'AM', 'RW', 'ST']);
  });

  it('lets a registered group settle a near tie but not override a clear shape', () => {
    const xi = team([
      [44, 10],
      [26, 31],
      [26, 69],
      [46, 90],
      [43, 43],
      [43, 57],
      [57, 24],
      [55, 48],
      [56, 75],
      [63, 50],
    ]);
    const shape = teamShapeOf(xi)!;
    // Median x 45: the AM slot sits at (55, 48), the striker's at (61, 50). A man at (58.2, 49.5)
    // is 3.2² + 1.5² = 12.5 from the first and 2.8² + 0.5² = 8.1 from the second: a striker,
    // unless registered as a midfielder (the striker's slot then costs 8.1 + 60).
    expect(positionInShapeOf(shape, { player_id: 99, x: 58.2, y: 49.5 })).toBe('ST');
    expect(positionInShapeOf(shape, { player_id: 99, x: 58.2, y: 49.5, group: 'midfielder' })).toBe('AM');
    // The 3-5-2's wide men registered as midfielders are still wing-backs: every other place is far.
    const threeFiveTwo = team([
      [31, 26],
      [28, 50],
      [31, 74],
      [50, 7],
      [50, 93],
      [49, 36],
      [43, 50],
      [49, 64],
      [63, 42],
      [62, 58],
    ]).map((p) => (p.player_id === 4 || p.player_id === 5 ? { ...p, group: 'midfielder' as const } : p));
    expect(codes(threeFiveTwo).slice(3, 5)).toEqual(['LWB', 'RWB']);
  });

  it('fits nothing with fewer than SHAPE_MIN_PLAYERS located players', () => {
    const few = team(
      Array.from({ length: SHAPE_MIN_PLAYERS - 1 }, (_, i) => [30 + i * 5, 20 + i * 10] as [number, number]),
    );
    expect(teamShapeOf(few)).toBeNull();
  });

  it('a substitute takes the slot nearest to his own location', () => {
    const xi = team([
      [45, 10],
      [29, 32],
      [28, 68],
      [46, 90],
      [50, 28],
      [44, 50],
      [50, 64],
      [61, 21],
      [64, 50],
      [60, 79],
    ]);
    const shape = teamShapeOf(xi)!;
    expect(positionInShapeOf(shape, { player_id: 99, x: 61, y: 80 })).toBe('RW');
    expect(positionInShapeOf(shape, { player_id: 98, x: 49, y: 33 })).toBe('CM');
  });
});

describe('teamShapeOf invariants', () => {
  const point = fc.tuple(fc.integer({ min: 5, max: 95 }), fc.integer({ min: 0, max: 100 }));
  it('gives every player a position, never a goalkeeper, whatever the order they are listed in', () => {
    fc.assert(
      fc.property(fc.array(point, { minLength: SHAPE_MIN_PLAYERS, maxLength: 10 }), fc.integer(), (points, seed) => {
        const players = team(points);
        const shuffled = [...players].sort(
          (a, b) => ((a.player_id * 7919 + seed) % 13) - ((b.player_id * 7919 + seed) % 13),
        );
        const a = teamShapeOf(players)!;
        const b = teamShapeOf(shuffled)!;
        expect(a.positions.size).toBe(players.length);
        expect([...a.positions.values()]).not.toContain('GK');
        expect(b.formation).toBe(a.formation);
        expect([...b.positions]).toEqual(expect.arrayContaining([...a.positions]));
      }),
    );
  });
});
