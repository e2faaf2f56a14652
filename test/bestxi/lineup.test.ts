import { beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { coverageLevelOf } from '../../src/bestxi/lineup.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

let engine: Engine;
beforeAll(() => {
  engine = Engine.open({ dataset: tinyDataset({ 1: { tackles: 20, interceptions: 10, clearances: 5 } }) });
});

describe('best-xi lineup aggregates', () => {
  it('equals a hand computation', () => {
    const r = engine.bestXiLineup({ player_ids: [1, 2, 7] });
    if (!r.ok) throw new Error(r.error.message);
    // Market values 45,000,000 + 9,999,999 + 2,000,000 = 56,999,999 EUR → T3 (30M ≤ v < 60M).
    expect(r.value.primary.lineup_fee_tier).toBe('T3');
    // Ratings (provider): (7.4 + 6.8 + 6.9) / 3 = 7.0333 → 7.03.
    expect(r.value.primary.avg_rating).toBe(7.03);
    // Goals + assists per 90 over 900 minutes each: (9 + 2)/10 + (3 + 1)/10 + 0 = 1.5.
    expect(r.value.primary.ga_per90).toBe(1.5);
    // Player 1: (20 + 10 + 5) / 900 × 90 = 3.5; the others have none.
    expect(r.value.primary.def_per90).toBe(3.5);
    // Ages on 2026-03-01: 25 (b. 2000-05-10), 32 (b. 1994-01-01), 35 (b. 1990-08-08) → 30.67 → 30.7.
    expect(r.value.secondary.avg_age).toBe(30.7);
    expect(r.value.secondary.total_minutes).toBe(2700);
    expect(r.value.secondary.shape).toEqual({ goalkeeper: 1, defender: 0, midfielder: 0, attacker: 2 });
    expect(r.value.secondary.nationalities).toEqual([
      { nationality: 'Germany', players: 2 },
      { nationality: 'Netherlands', players: 1 },
    ]);
    expect(r.value.data_coverage).toEqual({
      players_with_stats: 3,
      requested: 3,
      ratio: 1,
      level: 'full',
      fee_values_known: 3,
    });
    expect(JSON.stringify(r.value)).not.toMatch(/market_value|_eur/);
  });

  it('refuses duplicates, unknown ids and bad sizes, naming them', () => {
    const dup = engine.bestXiLineup({ player_ids: [1, 2, 1] });
    expect(dup.ok ? null : dup.error).toMatchObject({
      code: 'invalid_request',
      param: 'player_ids',
      duplicate_ids: [1],
    });
    const unknown = engine.bestXiLineup({ player_ids: [1, 999] });
    expect(unknown.ok ? null : unknown.error).toMatchObject({
      code: 'invalid_request',
      param: 'player_ids',
      unknown_ids: [999],
    });
    const none = engine.bestXiLineup({ player_ids: [] });
    expect(none.ok ? null : none.error).toMatchObject({ code: 'invalid_request', param: 'player_ids' });
    const twelve = engine.bestXiLineup({ player_ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] });
    expect(twelve.ok ? null : twelve.error).toMatchObject({ code: 'invalid_request', param: 'player_ids' });
    const vibe = engine.bestXiLineup({ player_ids: [1], vibe_id: 'nope' });
    expect(vibe.ok ? null : vibe.error).toMatchObject({ code: 'invalid_request', param: 'vibe_id' });
  });

  it('puts coverage levels at their boundaries', () => {
    expect(coverageLevelOf(1)).toBe('full');
    expect(coverageLevelOf(10 / 11)).toBe('partial');
    expect(coverageLevelOf(0.5)).toBe('partial');
    expect(coverageLevelOf(0.49)).toBe('low');
    expect(coverageLevelOf(0)).toBe('low');
  });
});

describe('best-xi pool', () => {
  it('refuses unknown vibes and fills full/byIds modes from the registry', () => {
    const bad = engine.bestXiPool({ vibe_id: 'tiki_taka_2099' });
    expect(bad.ok ? null : bad.error).toMatchObject({ code: 'invalid_request', param: 'vibe_id' });
    const byIds = engine.bestXiPool({ mode: 'byIds', player_ids: [7, 1] });
    if (!byIds.ok) throw new Error(byIds.error.message);
    expect(byIds.value.players.map((p) => p.player_id)).toEqual([7, 1]);
    const missing = engine.bestXiPool({ mode: 'full' });
    expect(missing.ok ? null : missing.error).toMatchObject({ code: 'invalid_request', param: 'player_id' });
  });

  it('keeps only accepted positions, in descending vibe score, without image_url', () => {
    const r = engine.bestXiPool({ vibe_id: 'balanced', accepts: ['ST', 'CF'] });
    if (!r.ok) throw new Error(r.error.message);
    // ST/CF with ≥ 450 minutes: players 1, 2, 3, 6 (player 5 is a RW with 180 minutes).
    expect(r.value.players.map((p) => p.player_id).sort()).toEqual([1, 2, 3, 6]);
    const scores = r.value.players.map((p) => p.vibe_score!);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(JSON.stringify(r.value)).not.toMatch(/image_url|market_value/);
    // The tiny dataset has no appearances table: form is unavailable and the season score stands alone.
    expect(r.value.meta.form).toBe('unavailable');
    expect(r.value.players[0].vibe_score).toBe(r.value.players[0].season_score);
  });
});
