import { describe, expect, it } from 'vitest';
import { searchTopK } from '../../src/dna/search.js';
import { buildSimilarityIndex, slotOfPlayer } from '../../src/dna/similarity-index.js';

/** Index of 2-D vectors (zero-padded to 16 by the index). */
function index2d(
  rows: { v: [number, number]; id: number; group?: number; age?: number; fee?: number; tier?: number }[],
) {
  return buildSimilarityIndex({
    vectors: Float32Array.from(rows.flatMap((r) => r.v)),
    dims: 2,
    player_id: Int32Array.from(rows, (r) => r.id),
    group: Uint8Array.from(rows, (r) => r.group ?? 0),
    age: Int16Array.from(rows, (r) => r.age ?? -1),
    fee_tier: Uint8Array.from(rows, (r) => r.fee ?? 0),
    league_tier: Uint8Array.from(rows, (r) => r.tier ?? 0),
  });
}

describe('searchTopK', () => {
  it('ranks by cosine: (1,0) against (3,0), (4,3), (0,2), (-1,0)', () => {
    // Normalised: (1,0), (0.8,0.6), (0,1), (-1,0) → cosines 1, 0.8, 0, -1.
    const index = index2d([
      { v: [0, 2], id: 12 },
      { v: [-1, 0], id: 13 },
      { v: [3, 0], id: 10 },
      { v: [4, 3], id: 11 },
    ]);
    const hits = searchTopK(index, { vector: [1, 0], k: 3 });
    expect(hits.map((h) => h.player_id)).toEqual([10, 11, 12]);
    expect(hits.map((h) => h.score)).toEqual([expect.closeTo(1, 6), expect.closeTo(0.8, 6), expect.closeTo(0, 6)]);
    // By slot with the player excluded: player 10's own vector, 10 left out.
    const slot = slotOfPlayer(index, 10);
    expect(searchTopK(index, { slot, k: 2, exclude_player_id: 10 }).map((h) => h.player_id)).toEqual([11, 12]);
    // Rows map back to the caller's order (10 was the third input row).
    expect(index.row[slot]).toBe(2);
  });

  it('breaks exact ties by ascending player_id whatever the insertion order', () => {
    const index = index2d([5, 3, 4, 9, 1].map((id) => ({ v: [1, 1] as [number, number], id })));
    expect(searchTopK(index, { vector: [1, 1], k: 2 }).map((h) => h.player_id)).toEqual([1, 3]);
    expect(searchTopK(index, { vector: [1, 1], k: 3 }).map((h) => h.player_id)).toEqual([1, 3, 4]);
    const first3 = index2d([5, 3, 4].map((id) => ({ v: [1, 1] as [number, number], id })));
    expect(searchTopK(first3, { vector: [1, 1], k: 2 }).map((h) => h.player_id)).toEqual([3, 4]);
  });

  it('applies filters; an unknown value fails the filter on it', () => {
    const index = index2d([
      { v: [1, 0], id: 1, group: 3, age: 22, fee: 2, tier: 1 },
      { v: [1, 0.1], id: 2, group: 3, age: 30, fee: 2, tier: 1 }, // too old
      { v: [1, 0.2], id: 3, group: 3, age: 21, fee: 4, tier: 1 }, // too expensive
      { v: [1, 0.3], id: 4, group: 3, age: 20, fee: 1, tier: 2 }, // lower league
      { v: [1, 0.4], id: 5, group: 3, age: -1, fee: 1, tier: 1 }, // unknown age
      { v: [1, 0.5], id: 6, group: 2, age: 20, fee: 1, tier: 1 }, // midfielder
      { v: [1, 0.6], id: 7, group: 3, age: 24, fee: 3, tier: 1 },
    ]);
    const hits = searchTopK(index, {
      vector: [1, 0],
      k: 10,
      filters: { position_group: 'attacker', max_age: 24, max_fee_tier: 3, league_tier_max: 1 },
    });
    expect(hits.map((h) => h.player_id)).toEqual([1, 7]);
    expect(
      searchTopK(index, { vector: [1, 0], k: 10, filters: { position_group: 'midfielder' } }).map((h) => h.player_id),
    ).toEqual([6]);
    expect(searchTopK(index, { vector: [1, 0], k: 10, filters: { position_group: 'goalkeeper' } })).toEqual([]);
  });

  it('rejects k outside 1–50 as a bug (the request layer validates limit first)', () => {
    const index = index2d([{ v: [1, 0], id: 1 }]);
    expect(() => searchTopK(index, { vector: [1, 0], k: 0 })).toThrow(/k must be/);
    expect(() => searchTopK(index, { vector: [1, 0], k: 51 })).toThrow(/k must be/);
  });
});
