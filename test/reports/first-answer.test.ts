import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';

/**
 * The first answer (import, open the demo, one scouting call) ranks only the cohorts of the player
 * asked about, and says exactly what an engine whose columns were ranked whole says.
 */
describe('a scouting report on a freshly opened engine', () => {
  // Every 300th demo player with a DNA vector in his latest season (so his style tags are read).
  const probe = Engine.open({ dataset: 'demo' });
  const asked = probe.players
    .filter((p, i) => i % 300 === 0 && probe.dna.hasVector[probe.latestRowOf(p.player_id)] === 1)
    .map((p) => ({ name: p.name, player_id: p.player_id }));

  it('ranks only the cohorts it reads: the whole percentile columns stay unranked', () => {
    const engine = Engine.open({ dataset: 'demo' });
    expect(asked.length).toBeGreaterThan(5);
    for (const request of asked) expect(engine.scouting(request).ok).toBe(true);
    expect(engine.derived.ranks?.isComplete).toBe(false);
  });

  it('answers exactly as an engine whose percentile columns were all ranked first', () => {
    const lazy = Engine.open({ dataset: 'demo' });
    const whole = Engine.open({ dataset: 'demo' });
    // Reading a whole column ranks every cohort at once.
    expect(whole.derived.percentiles.goals_per90.length).toBe(whole.derived.n);
    expect(whole.derived.ranks?.isComplete).toBe(true);
    for (const request of asked) {
      const a = lazy.scouting(request);
      const b = whole.scouting(request);
      expect(JSON.stringify(a)).toBe(JSON.stringify(b));
      expect(a.ok && a.value.data.dna.style_tags.length).toBeGreaterThan(0);
    }
  });
});

describe('a verdict and a player comparison on a freshly opened engine', () => {
  const probe = Engine.open({ dataset: 'demo' });
  const picked = probe.players.filter((_, i) => i % 400 === 7);

  it('rank only the cohorts they read, and answer as an engine whose columns were ranked whole', () => {
    const lazy = Engine.open({ dataset: 'demo' });
    const whole = Engine.open({ dataset: 'demo' });
    expect(whole.derived.values.rating.length).toBe(whole.derived.n);
    expect(picked.length).toBeGreaterThan(5);
    picked.forEach((p, k) => {
      const other = picked[(k + 1) % picked.length].name;
      const verdict = lazy.verdict({ player_id: p.player_id });
      expect(verdict.ok).toBe(true);
      expect(JSON.stringify(verdict)).toBe(JSON.stringify(whole.verdict({ player_id: p.player_id })));
      expect(JSON.stringify(lazy.player({ player_id: p.player_id, name2: other }))).toBe(
        JSON.stringify(whole.player({ player_id: p.player_id, name2: other })),
      );
    });
    expect(lazy.derived.ranks?.isComplete).toBe(false);
  });
});
