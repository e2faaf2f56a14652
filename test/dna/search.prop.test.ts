import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POSITION_GROUPS } from '../../src/model/schema.js';
import { searchTopK, type SearchFilters } from '../../src/dna/search.js';
import { buildSimilarityIndex, type SimilarityIndex } from '../../src/dna/similarity-index.js';

const DIMS = 16;

/** Random index: vectors drawn partly from a small pool so exact score ties happen often. */
const indexArb = fc
  .record({
    pool: fc.array(fc.array(fc.integer({ min: -4, max: 4 }), { minLength: DIMS, maxLength: DIMS }), {
      minLength: 1,
      maxLength: 4,
    }),
    rows: fc.array(
      fc.record({
        pick: fc.nat(),
        // Exact copies of a pool vector (exact ties), copies nudged by ~1e-3 (near ties), or free vectors.
        nudge: fc.option(fc.tuple(fc.integer({ min: 0, max: DIMS - 1 }), fc.integer({ min: -20, max: 20 })), {
          nil: undefined,
          freq: 2,
        }),
        own: fc.option(fc.array(fc.float({ min: -1, max: 1, noNaN: true }), { minLength: DIMS, maxLength: DIMS }), {
          nil: undefined,
          freq: 3,
        }),
        group: fc.integer({ min: 0, max: 3 }),
        age: fc.integer({ min: -1, max: 40 }),
        fee: fc.integer({ min: 0, max: 5 }),
        tier: fc.integer({ min: 0, max: 3 }),
        season: fc.integer({ min: 0, max: 2 }),
        league: fc.integer({ min: -1, max: 2 }),
        // Minutes behind the vector, -1 unknown.
        minutes: fc.oneof(fc.constant(-1), fc.integer({ min: 90, max: 3000 })),
      }),
      { minLength: 1, maxLength: 200, size: 'medium' },
    ),
    idSeed: fc.integer({ min: 1, max: 1000 }),
  })
  .map(({ pool, rows, idSeed }) => {
    const n = rows.length;
    const vectors = new Float32Array(n * DIMS);
    rows.forEach((r, i) => {
      vectors.set(r.own ?? pool[r.pick % pool.length], i * DIMS);
      if (!r.own && r.nudge) vectors[i * DIMS + r.nudge[0]] += r.nudge[1] * 1e-4;
    });
    // Distinct player ids in a scrambled order, so tie-breaking by id is not tie-breaking by position.
    const player_id = Int32Array.from(rows, (_, i) => ((i * 7919 + idSeed) % 100_003) + 1);
    return buildSimilarityIndex({
      vectors,
      dims: DIMS,
      player_id,
      group: Uint8Array.from(rows, (r) => r.group),
      age: Int16Array.from(rows, (r) => r.age),
      fee_tier: Uint8Array.from(rows, (r) => r.fee),
      league_tier: Uint8Array.from(rows, (r) => r.tier),
      season: Int32Array.from(rows, (r) => r.season),
      league_id: Int32Array.from(rows, (r) => r.league),
      minutes: Float32Array.from(rows, (r) => r.minutes),
    });
  });

const filtersArb: fc.Arbitrary<SearchFilters> = fc.record(
  {
    position_group: fc.constantFrom(...POSITION_GROUPS),
    max_fee_tier: fc.integer({ min: 1, max: 5 }),
    min_fee_tier: fc.integer({ min: 1, max: 5 }),
    max_age: fc.integer({ min: 0, max: 40 }),
    league_tier_max: fc.integer({ min: 1, max: 3 }),
    season: fc.integer({ min: 0, max: 2 }),
    league_id: fc.integer({ min: 0, max: 2 }),
    min_minutes: fc.integer({ min: 0, max: 3000 }),
  },
  { requiredKeys: [] },
);

function passes(index: SimilarityIndex, s: number, f: SearchFilters): boolean {
  if (f.position_group !== undefined && POSITION_GROUPS[index.group[s]] !== f.position_group) return false;
  if (f.max_fee_tier !== undefined && (index.fee_tier[s] === 0 || index.fee_tier[s] > f.max_fee_tier)) return false;
  if (f.min_fee_tier !== undefined && index.fee_tier[s] < f.min_fee_tier) return false;
  if (f.max_age !== undefined && (index.age[s] < 0 || index.age[s] > f.max_age)) return false;
  if (f.league_tier_max !== undefined && (index.league_tier[s] === 0 || index.league_tier[s] > f.league_tier_max))
    return false;
  if (f.season !== undefined && index.season[s] !== f.season) return false;
  if (f.league_id !== undefined && index.league_id[s] !== f.league_id) return false;
  if (f.min_minutes !== undefined && (index.minutes[s] < 0 || index.minutes[s] < f.min_minutes)) return false;
  return true;
}

/** Brute force: score every candidate in float64 from the stored float32 values, sort, cut. */
function bruteForce(index: SimilarityIndex, querySlot: number, k: number, f: SearchFilters, exclude: number) {
  const q = index.vectors.subarray(querySlot * DIMS, (querySlot + 1) * DIMS);
  const all: { player_id: number; score: number }[] = [];
  for (let s = 0; s < index.count; s++) {
    if (index.player_id[s] === exclude || !passes(index, s, f)) continue;
    let score = 0;
    for (let d = 0; d < DIMS; d++) score += q[d] * index.vectors[s * DIMS + d];
    all.push({ player_id: index.player_id[s], score });
  }
  all.sort((a, b) => b.score - a.score || a.player_id - b.player_id);
  return all.slice(0, k);
}

describe('searchTopK (properties)', () => {
  it('equals a brute-force exact scan, ties by player_id', () => {
    fc.assert(
      fc.property(
        indexArb,
        fc.nat(),
        fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 50 })),
        filtersArb,
        fc.boolean(),
        (index, qi, k, filters, excludeSelf) => {
          const slot = qi % index.count;
          const exclude = excludeSelf ? index.player_id[slot] : -1;
          const got = searchTopK(index, { slot, k, filters, exclude_player_id: excludeSelf ? exclude : undefined });
          expect(got.map((h) => ({ player_id: h.player_id, score: h.score }))).toEqual(
            bruteForce(index, slot, k, filters, exclude),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('returns only candidates that pass every filter, and no passing candidate outside the results beats the last one', () => {
    fc.assert(
      fc.property(indexArb, fc.nat(), fc.integer({ min: 1, max: 20 }), filtersArb, (index, qi, k, filters) => {
        const slot = qi % index.count;
        const self = index.player_id[slot];
        const got = searchTopK(index, { slot, k, filters, exclude_player_id: self });
        const inResults = new Set(got.map((h) => h.player_id));
        for (const h of got) {
          expect(passes(index, h.slot, filters)).toBe(true);
          expect(h.player_id).not.toBe(self);
        }
        const q = index.vectors.subarray(slot * DIMS, (slot + 1) * DIMS);
        let passing = 0;
        for (let s = 0; s < index.count; s++) {
          if (index.player_id[s] === self || !passes(index, s, filters)) continue;
          passing++;
          if (inResults.has(index.player_id[s]) || got.length === 0) continue;
          let score = 0;
          for (let d = 0; d < DIMS; d++) score += q[d] * index.vectors[s * DIMS + d];
          expect(score).toBeLessThanOrEqual(got[got.length - 1].score);
        }
        expect(got.length).toBe(Math.min(k, passing));
      }),
      { numRuns: 200 },
    );
  });

  it('stores unit vectors and accepts a raw query vector (scores within float rounding of the stored one)', () => {
    fc.assert(
      fc.property(indexArb, fc.nat(), (index, qi) => {
        const slot = qi % index.count;
        const stored = index.vectors.subarray(slot * DIMS, (slot + 1) * DIMS);
        const norm = Math.hypot(...stored);
        if (norm === 0) return;
        expect(norm).toBeCloseTo(1, 5);
        const raw = Array.from(stored, (x) => x * 3);
        const a = searchTopK(index, { vector: raw, k: 5 });
        const b = searchTopK(index, { slot, k: 5 });
        expect(a.map((h) => h.score)).toEqual(b.map((h) => expect.closeTo(h.score, 6)));
      }),
      { numRuns: 100 },
    );
  });
});
