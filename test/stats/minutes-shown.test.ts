/**
 * Fractional minutes (event providers time them to the second) stay exact in every rate and are
 * rounded to whole minutes only where a response shows them (docs/methodology/stats.md#minutes).
 */
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

// Players 1 and 2 play a fraction of a minute off 900; player 5 scores 2 in 135.5 minutes.
const engine = Engine.open({
  dataset: tinyDataset({ 1: { minutes: 900.4 }, 2: { minutes: 900.6 }, 5: { minutes: 135.5 } }),
});

const scouting = (player_id: number) => {
  const r = engine.scouting({ player_id });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.data;
};

describe('minutes in responses', () => {
  it('are whole minutes, rounded half up, while per-90 rates use the exact minutes', () => {
    const one = scouting(1);
    expect(one.stats[0]?.minutes).toBe(900);
    expect(one.sample?.minutes).toBe(900);
    expect(scouting(2).stats[0]?.minutes).toBe(901);
    // 2 goals in 135.5 minutes = 1.328… per 90 → 1.33; from the shown 136 minutes it would be 1.32.
    const five = scouting(5);
    expect(five.stats[0]?.minutes).toBe(136);
    expect(five.stats[0]?.per90.goals_per90).toBe(1.33);
  });

  it('round a lineup total once, from the exact sum (900.4 + 900.6 = 1801, not 900 + 901)', () => {
    const r = engine.bestXiLineup({ player_ids: [1, 2] });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.secondary.total_minutes).toBe(1801);
  });

  it('are whole in the Best XI pool', () => {
    const pool = engine.bestXiPool({ vibe_id: 'balanced', mode: 'byIds', player_ids: [1, 2] });
    if (!pool.ok) throw new Error(pool.error.message);
    expect(pool.value.players.map((p) => p.minutes).sort()).toEqual([900, 901]);
  });
});
