/**
 * The narrative claims only what the numbers support (docs/design.md#statistics): a low sample is "too small to
 * judge", a top percentile below "strong" is the best number but no standout.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { STRONG_MIN } from '../../src/stats/percentiles.js';

let engine: Engine;
beforeAll(() => {
  engine = Engine.open({ dataset: 'demo' });
});

const reportOf = (player_id: number) => {
  const r = engine.scouting({ player_id });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.data;
};

describe('narrativeOf on the demo universe', () => {
  it('makes no claim for a low sample (player 10101: 18 minutes, under 90 so no highlight at all)', () => {
    const d = reportOf(10101);
    expect(d.sample?.level).toBe('low');
    expect(d.highlight).toBeNull();
    expect(d.dna.narrative).toContain('The sample is too small to judge');
    expect(d.dna.narrative).not.toMatch(/standout|stand out/);
  });

  it('calls only a strong or better top percentile on a full sample a standout', () => {
    const checked = { standout: 0, best: 0, low: 0 };
    for (const p of engine.players.slice(0, 400)) {
      const d = reportOf(p.player_id);
      if (!d.highlight) continue;
      const n = d.dna.narrative;
      if (d.sample?.level === 'low') {
        expect(n, `${p.player_id}`).toContain('too small to judge');
        checked.low++;
      } else if (d.highlight.percentile >= STRONG_MIN) {
        expect(n, `${p.player_id}`).toContain(`The standout number is ${d.highlight.text}.`);
        checked.standout++;
      } else {
        expect(n, `${p.player_id}`).toContain(`The best number is ${d.highlight.text}.`);
        checked.best++;
      }
    }
    // The sample exercises every branch.
    expect(Math.min(checked.standout, checked.best, checked.low)).toBeGreaterThan(0);
  });
});
