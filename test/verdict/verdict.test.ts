import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { rowsOf, tableFromRows, type Dataset } from '../../src/model/schema.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

/*
 * Player 3 (CF, T5: 100,000,001 EUR, 900 minutes) with no goals, assists or shots. A striker; his
 * role cohort is below ROLE_COHORT_MIN, so he is ranked among the attackers (n = 5). His
 * percentiles: goals (0 + ½·2)/5 = 20, assists (0 + ½)/5 = 10, shots (0 + ½)/5 = 10, and 50 where
 * everybody has 0 (shots on target, big chances, key passes, dribbles, aerials, duels, and the event
 * values npxG and xA, zero for everyone here). Role output (striker weights) = goals .2 × 20 +
 * assists .1 × 10 + (npxG .2 + xA .1 + sot .1 + big chances .1 + .05 × 4) × 50 = 40 < 45 in fee
 * tier T5 → fraud (shot volume is not a striker's job: his weakest job metrics are the receipts). Confidence: sample 900/1800 = 0.5, margin (45 − 40)/20 = 0.25
 * → 0.4 + 0.6 × (0.25 + 0.125) = 0.625 → 0.63.
 */
const fraudData = () => tinyDataset({ 3: { goals: 0, assists: 0, shots: 0 } });

describe('engine.verdict', () => {
  it('finds the fraud worked out by hand, with receipts and no EUR amount', () => {
    const engine = Engine.open({ dataset: fraudData() });
    const r = engine.verdict({ player_name: 'Luca Ferrante' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.verdict_code).toBe('fraud');
    expect(r.value.rule.output_score).toBe(40);
    expect(r.value.rule.role).toBe('striker');
    expect(r.value.confidence).toBe(0.63);
    expect(r.value.fee_tier).toBe('T5');
    expect(r.value.evidence.map((e) => e.metric)).toEqual(['assists_per90', 'goals_per90', 'aerials_won_per90']);
    expect(r.value.evidence[0]).toMatchObject({
      percentile: 10,
      value: 0,
      cohort: 'attackers (role cohort too small), Erste Liga 2025/26 (n = 5, a small cohort)',
    });
    expect(r.value.headline).toContain('T5');
    expect(r.value.headline).not.toMatch(/€|EUR|\d{6,}/);
  });

  it('falls back for a low-sample player', () => {
    const engine = Engine.open({ dataset: tinyDataset() });
    const r = engine.verdict({ player_id: 5 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toMatchObject({ verdict_code: 'fallback', confidence: 0, rule: { reason: 'not_enough_data' } });
  });

  it('cannot be forced by the caller and names player_name on identity errors', () => {
    const engine = Engine.open({ dataset: tinyDataset() });
    const forced = engine.verdict({ player_id: 1, verdict_code: 'elite' } as never);
    expect(forced.ok ? null : forced.error).toMatchObject({ code: 'invalid_request', param: 'verdict_code' });
    const missing = engine.verdict({} as never);
    expect(missing.ok ? null : missing.error).toMatchObject({ code: 'invalid_request', param: 'player_name' });
    const unknown = engine.verdict({ player_name: 'Qqq Zzz' });
    expect(unknown.ok ? null : unknown.error).toMatchObject({ code: 'player_not_found', param: 'player_name' });
  });

  it('never leaks an EUR amount, whatever the market values (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000, max: 300_000_000 }), fc.integer({ min: 1, max: 7 }), (value, playerId) => {
        const data = tinyDataset();
        const engine = Engine.open({ dataset: withValue(data, playerId, value) });
        const r = engine.verdict({ player_id: playerId });
        if (!r.ok) return false;
        const text = JSON.stringify(r.value);
        return !text.includes(String(value)) && !/market_value|_eur|€/i.test(text);
      }),
      { numRuns: 40 },
    );
  });
});

function withValue(data: Dataset, playerId: number, value: number): Dataset {
  const players = rowsOf(data.tables.players, 'players').map((p) =>
    p.player_id === playerId ? { ...p, market_value_eur: value } : p,
  );
  return { ...data, tables: { ...data.tables, players: tableFromRows('players', players) } };
}
