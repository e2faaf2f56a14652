/**
 * docs/design.md#the-api-contract: integrators display the data source where the provider requires attribution. Every
 * JSON operation built from a dataset with an attribution line repeats it in `meta.attribution`.
 */
import { describe, expect, it } from 'vitest';
import { Engine } from '../src/engine.js';
import { tinyDataset } from './helpers/tiny-dataset.js';

const LINE = 'Data: Example Provider (test fixture)';

describe('attribution', () => {
  const data = tinyDataset();
  const engine = Engine.open({ dataset: { ...data, meta: { ...data.meta, attribution: LINE } } });
  const plain = Engine.open({ dataset: tinyDataset() });

  const calls = {
    player: (e: Engine) => e.player({ player_id: 1 }),
    scouting: (e: Engine) => e.scouting({ player_id: 1 }),
    verdict: (e: Engine) => e.verdict({ player_id: 1 }),
    dnaSearch: (e: Engine) => e.dnaSearch({ player_id: 1 }),
    alternatives: (e: Engine) => e.alternatives({ player_id: 1 }),
    bestXiPool: (e: Engine) => e.bestXiPool({ vibe_id: 'balanced' }),
    bestXiLineup: (e: Engine) => e.bestXiLineup({ player_ids: [1, 2] }),
    matchIntelligence: (e: Engine) => e.matchIntelligence({ league_name: 'Erste Liga', mode: 'recent', limit: 1 }),
  };

  for (const [name, call] of Object.entries(calls)) {
    it(`${name} carries the dataset's attribution line, and none when the dataset has none`, () => {
      const r = call(engine) as {
        ok: boolean;
        value?: { meta?: { attribution?: string } };
        error?: { message: string };
      };
      if (!r.ok) throw new Error(r.error!.message);
      expect(r.value!.meta?.attribution).toBe(LINE);
      const p = call(plain) as { ok: boolean; value?: { meta?: Record<string, unknown> } };
      expect(p.ok && p.value!.meta).not.toHaveProperty('attribution');
    });
  }
});
