import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { rowsOf, tableFromRows, type Dataset } from '../../src/model/schema.js';
import { ELITE_MINUTES_MIN } from '../../src/verdict/rules.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

/*
 * Player 3 (CF, T5: 100,000,001 EUR, 900 minutes) with no goals, assists or shots. A striker; his
 * role cohort is below ROLE_COHORT_MIN, so he is ranked among the attackers (n = 5). His
 * percentiles: goals (0 + ½·2)/5 = 20, assists (0 + ½)/5 = 10, shots (0 + ½)/5 = 10, and 50 where
 * everybody has 0 (shots on target, big chances, key passes, dribbles, aerials, duels, and the event
 * values npxG and xA, zero for everyone here). Role output (striker weights) = goals .2 × 20 +
 * assists .1 × 10 + (npxG .2 + xA .1 + sot .1 + big chances .1 + .05 × 4) × 50 = 40 < 45 in fee
 * tier T5 → fraud (shot volume is not a striker's job: his weakest job metrics are the receipts).
 * Confidence: sample 900/1800 = 0.5 (no ratio among the receipts), margin (45 − 40)/20 = 0.25 →
 * 0.5 × (0.7 + 0.3 × 0.25) = 0.3875 → 0.39.
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
    expect(r.value.confidence).toBe(0.39);
    expect(r.value.rule.sample).toEqual({ minutes: 900, share: 0.5, elite_withheld: false });
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

  it('withholds elite one minute under ELITE_MINUTES_MIN and says why, worked by hand', () => {
    // Player 1 tops the five attackers of the cohort in every striker metric (90th percentile each,
    // (4 + ½)/5; npxG, xA and xT are 0 for everyone, 50th): role output goals .2 × 90 + npxG .2 × 50 +
    // assists .1 × 90 + xA .1 × 50 + (sot .1 + big chances .1 + key passes .05 + aerials .05 + duels
    // .05) × 90 + xT .05 × 50 = 76, two and more metrics at the 90th → elite numbers.
    const star = (minutes: number) => ({
      minutes,
      goals: 12,
      shots: 40,
      shots_on_target: 20,
      big_chances: 10,
      assists: 6,
      key_passes: 30,
      dribbles: 30,
      aerials_won: 40,
      duels_won: 80,
    });
    const at = (minutes: number) => {
      const r = Engine.open({ dataset: tinyDataset({ 1: star(minutes) }) }).verdict({ player_id: 1 });
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    };
    const short = at(ELITE_MINUTES_MIN - 1);
    // The next rule that holds: his finisher specialty (lead at the 90th, margin 0);
    // confidence 999/1800 × 0.7 = 0.3885 → 0.39.
    expect(short.verdict_code).toBe('specialist');
    expect(short.rule.sample.elite_withheld).toBe(true);
    expect(short.confidence).toBe(0.39);
    expect(short.narrative).toContain('Sample: 999 minutes, under the 1,000 an elite verdict needs');
    expect(short.headline).toMatch(/\(elite numbers on 999 minutes, too few to call\)\.$/);
    const full = at(ELITE_MINUTES_MIN);
    // Elite margin (76 − 65)/20 = 0.55: 1000/1800 × (0.7 + 0.165) = 0.4806 → 0.48.
    expect(full.verdict_code).toBe('elite');
    expect(full.rule.sample.elite_withheld).toBe(false);
    expect(full.confidence).toBe(0.48);
    expect(full.headline).not.toContain('too few');
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
