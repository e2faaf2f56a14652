import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { POSITION_CODES } from '../../src/model/schema.js';
import { FEE_TIERS, feeTierRank } from '../../src/stats/fee-tier.js';
import { vibeCatalog } from '../../src/bestxi/vibes.js';

let engine: Engine;
beforeAll(() => {
  engine = Engine.open({ dataset: 'demo' });
});

describe('Best XI pool on the demo universe (property)', () => {
  it('every result satisfies every filter and results are ordered by vibe score', () => {
    const vibes = vibeCatalog().vibes;
    fc.assert(
      fc.property(
        fc.constantFrom(...vibes.map((v) => v.id)),
        fc.option(fc.uniqueArray(fc.constantFrom(...POSITION_CODES), { minLength: 1, maxLength: 5 }), {
          nil: undefined,
        }),
        fc.option(fc.constantFrom(...FEE_TIERS), { nil: undefined }),
        fc.option(fc.integer({ min: 1, max: 2 }), { nil: undefined }),
        fc.boolean(),
        fc.integer({ min: 1, max: 100 }),
        (vibe_id, accepts, min_fee_tier, max_league_tier, wc2026_only, limit) => {
          const r = engine.bestXiPool({ vibe_id, accepts, min_fee_tier, max_league_tier, wc2026_only, limit });
          if (!r.ok) throw new Error(r.error.message);
          const vibe = vibes.find((v) => v.id === vibe_id)!;
          const players = r.value.players;
          expect(players.length).toBeLessThanOrEqual(limit);
          for (const p of players) {
            if (accepts) expect(accepts).toContain(p.position);
            if (min_fee_tier) expect(feeTierRank(p.fee_tier!)).toBeGreaterThanOrEqual(feeTierRank(min_fee_tier));
            if (max_league_tier) expect(p.league!.tier).toBeLessThanOrEqual(max_league_tier);
            if (wc2026_only || vibe.filters.wc2026_only) expect(p.wc2026_nation).not.toBeNull();
            if (vibe.filters.max_age !== undefined) expect(p.age!).toBeLessThanOrEqual(vibe.filters.max_age);
            if (vibe.filters.min_age !== undefined) expect(p.age!).toBeGreaterThanOrEqual(vibe.filters.min_age);
            if (vibe.filters.max_fee_tier)
              expect(feeTierRank(p.fee_tier!)).toBeLessThanOrEqual(feeTierRank(vibe.filters.max_fee_tier));
            expect(p).not.toHaveProperty('image_url');
          }
          for (let i = 1; i < players.length; i++) {
            const [a, b] = [players[i - 1], players[i]];
            expect(a.vibe_score! > b.vibe_score! || (a.vibe_score === b.vibe_score && a.player_id < b.player_id)).toBe(
              true,
            );
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('fills a realistic pool for every vibe', () => {
    for (const vibe of vibeCatalog().vibes) {
      const r = engine.bestXiPool({ vibe_id: vibe.id, limit: 100 });
      if (!r.ok) throw new Error(r.error.message);
      expect(r.value.players.length, vibe.id).toBeGreaterThanOrEqual(11);
      expect(r.value.meta.form).toBe('appearances');
    }
  });
});
