import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { demoDatasetDir } from '../../src/io/paths.js';
import { DNA_DIMS } from '../../src/dna/features.js';
import { defaultCandidateMinutesOf } from '../../src/dna/search-request.js';
import { Engine } from '../../src/engine.js';
import { feeTierOf, feeTierRank } from '../../src/stats/fee-tier.js';
import { referenceCosine } from './reference-cosine.js';

const haveDemo = existsSync(`${demoDatasetDir()}/dataset.json`);
if (!haveDemo) console.log(`skipping demo DNA search test: no demo dataset at ${demoDatasetDir()}`);

describe.skipIf(!haveDemo)('dnaSearch on the demo universe equals a brute-force recomputation', () => {
  it('for players of every group, with and without filters', { timeout: 60_000 }, () => {
    const engine = Engine.open({ dataset: 'demo' });
    const d = engine.derived;
    const latestWithVector = (id: number) => {
      const row = engine.latestRowOf(id);
      return row >= 0 && engine.dna.hasVector[row] ? row : -1;
    };
    // Four sources: the first player with a vector in each group, by player_id order.
    const sources = [0, 1, 2, 3].map(
      (g) =>
        engine.players.find((p) => {
          const row = latestWithVector(p.player_id);
          return row >= 0 && d.group[row] === g;
        })!,
    );
    const filterSets = [{}, { max_fee_tier: 'T2' as const, max_age: 25 }, { league_tier_max: 1 }, { min_minutes: 0 }];
    for (const source of sources) {
      const src = latestWithVector(source.player_id);
      for (const filters of filterSets) {
        const r = engine.dnaSearch({ player_id: source.player_id, filters, limit: 20 });
        expect(r.ok).toBe(true);
        if (!r.ok) continue;
        // Brute force: every other player whose latest row has a vector in the same group and passes the filters.
        const all: { id: number; cos: number }[] = [];
        for (const p of engine.players) {
          const row = latestWithVector(p.player_id);
          if (p.player_id === source.player_id || row < 0 || d.group[row] !== d.group[src]) continue;
          const tier = feeTierOf(p.market_value_eur);
          const age = engine.ageOf(p);
          const leagueTier = leagueTierOf(engine, p.team_id, row);
          if ('max_fee_tier' in filters && (!tier || feeTierRank(tier) > 2)) continue;
          if ('max_age' in filters && (age === null || age > 25)) continue;
          if ('league_tier_max' in filters && (leagueTier === null || leagueTier > 1)) continue;
          if (
            d.minutes[row] <
            ('min_minutes' in filters ? (filters.min_minutes ?? 0) : defaultCandidateMinutesOf(d.minutes[src]))
          )
            continue;
          all.push({ id: p.player_id, cos: referenceCosine(engine.dna.matrix, DNA_DIMS, src, row) });
        }
        all.sort((a, b) => b.cos - a.cos || a.id - b.id);
        const expected = all.slice(0, 20);
        const got = r.value.data.results;
        expect(got.length).toBe(expected.length);
        // Similarities agree to 1e-4 (rounding); ids agree except where two cosines tie within float32 noise.
        got.forEach((x, i) => {
          expect(x.similarity).toBeCloseTo(Math.max(0, expected[i].cos), 4);
          if (
            i + 1 < expected.length &&
            Math.abs(expected[i].cos - expected[i + 1].cos) > 1e-6 &&
            (i === 0 || Math.abs(expected[i].cos - expected[i - 1].cos) > 1e-6)
          ) {
            expect(x.player.player_id).toBe(expected[i].id);
          }
        });
      }
    }
  });
});

/** League tier shown for a player: his club's league, else the league of his latest season (docs/methodology/dna.md). */
function leagueTierOf(engine: Engine, teamId: number | null, row: number): number | null {
  const team = teamId === null ? undefined : engine.teamById(teamId);
  const leagueId = team?.league_id ?? engine.derived.league_id[row];
  return engine.leagueById(leagueId)?.tier ?? null;
}
