/*
 * scoreTableOf on the tiny dataset (test/helpers/tiny-dataset.ts), as-of 2026-03-01.
 * Attacker cohort (≥ 450 min): players 1, 2, 3, 4, 6 (n = 5); player 5 has 180 minutes (low sample).
 *   goals_per90 = goals × 90 / 900: p1 0.9 → percentile (4 below + ½·1 equal)/5 = 90.
 *   p5: 2 × 90 / 180 = 1.0, above all five → 100, sample "low".
 * Age of p1 (born 2000-05-10) on 2026-03-01: 25 (birthday not yet reached).
 * Fee tiers: 45,000,000 → T3; 9,999,999 → T1; 100,000,001 → T5; p5 has no value → null.
 * p1 has a provider rating 7.4 → rating 7.4, source "provider".
 */
import { describe, expect, it } from 'vitest';
import { SCORE_COLUMNS, scoreTableOf } from '../../src/scoring/score-table.js';
import { Engine } from '../../src/engine.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

const rowsByPlayer = (table: ReturnType<typeof scoreTableOf>) =>
  new Map(
    table.toArray().map((r) => {
      const o = r.toJSON() as Record<string, unknown>;
      return [o.player_id as number, o];
    }),
  );

describe('scoreTableOf', () => {
  const table = scoreTableOf(tinyDataset());
  const rows = rowsByPlayer(table);

  it('writes every player-season with the documented columns in order', () => {
    expect(table.numRows).toBe(7);
    expect(table.schema.fields.map((f) => f.name)).toEqual([...SCORE_COLUMNS]);
    // 16 identity/profile/total columns + 37 counting + 37 × 2 metric columns + 3 rating + 4 cohort + 2 style + 16 DNA.
    expect(SCORE_COLUMNS.length).toBe(16 + 37 + 74 + 3 + 4 + 2 + 16);
  });

  it('carries identity, profile and totals', () => {
    expect(rows.get(1)).toMatchObject({
      name: 'Jörg Müller-Weiß',
      team_id: 10,
      team: 'FC Nordhafen',
      league_id: 1,
      league: 'Erste Liga',
      season_id: 100,
      season: '2025/26',
      position: 'ST',
      position_group: 'attacker',
      age: 25,
      fee_tier: 'T3',
      appearances: 10,
      starts: 10,
      minutes: 900,
      goals: 9,
      shots: 30,
    });
    expect(rows.get(2)!.fee_tier).toBe('T1');
    expect(rows.get(3)!.fee_tier).toBe('T5');
    expect(rows.get(5)!.fee_tier).toBeNull();
  });

  it('adds per-90 values, percentiles, cohort and sample level', () => {
    expect(rows.get(1)).toMatchObject({
      goals_per90: 0.9,
      goals_per90_percentile: 90,
      cohort_n: 5,
      cohort_min_minutes: 450,
      sample: 'ok',
    });
    expect(rows.get(5)).toMatchObject({ goals_per90: 1, goals_per90_percentile: 100, sample: 'low' });
    // Goalkeeper 7: 30 saves in 900 minutes = 3.0 per 90; alone in his cohort.
    expect(rows.get(7)).toMatchObject({ position_group: 'goalkeeper', saves_per90: 3, cohort_n: 1 });
  });

  it('prefers the provider rating and says so', () => {
    expect(rows.get(1)).toMatchObject({ rating: 7.4, rating_source: 'provider' });
  });

  it('uses the model rating when the provider gave none', () => {
    const r = rowsByPlayer(scoreTableOf(tinyDataset({ 1: { rating: null } }))).get(1)!;
    expect(r.rating_source).toBe('model');
    // The model maps a weighted composite of percentiles onto 5.0–9.5 (docs/methodology).
    expect(r.rating as number).toBeGreaterThanOrEqual(5);
    expect(r.rating as number).toBeLessThanOrEqual(9.5);
  });

  it('gives the same style tags as the engine', () => {
    const engine = Engine.open({ dataset: tinyDataset() });
    const s = engine.scouting({ player_id: 1 });
    expect(s.ok).toBe(true);
    if (!s.ok) return;
    const [role, ...traits] = s.value.data.dna.style_tags;
    expect(rows.get(1)!.style_role).toBe(role);
    expect(rows.get(1)!.style_traits).toBe(traits.length ? traits.join(', ') : null);
  });

  it('writes the DNA vector with unit length', () => {
    const r = rows.get(1)!;
    const v = Array.from({ length: 16 }, (_, k) => r[`dna_${k + 1}`] as number);
    // L2-normalised (docs/design.md#dna-and-similarity): Σ v² = 1 up to float32 rounding.
    expect(v.reduce((s, x) => s + x * x, 0)).toBeCloseTo(1, 5);
  });

  it('leaves per-90 values, percentiles and style null under 90 minutes', () => {
    // Player 5 with 60 minutes: per-90 undefined below 90 minutes (docs/design.md#statistics).
    const r = rowsByPlayer(scoreTableOf(tinyDataset({ 5: { minutes: 60 } }))).get(5)!;
    expect(r).toMatchObject({
      minutes: 60,
      goals: 2,
      goals_per90: null,
      goals_per90_percentile: null,
      style_role: null,
      style_traits: null,
      dna_1: null,
      dna_16: null,
    });
  });

  it('takes ages on the as-of date given', () => {
    // Born 2000-05-10: 26 on 2026-05-10.
    expect(rowsByPlayer(scoreTableOf(tinyDataset(), { asOf: '2026-05-10' })).get(1)!.age).toBe(26);
  });

  it('reports progress up to the row count', () => {
    const calls: number[] = [];
    scoreTableOf(tinyDataset(), { onProgress: (done, total) => calls.push(done, total) });
    expect(calls.slice(-2)).toEqual([7, 7]);
  });
});
