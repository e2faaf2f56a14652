import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import {
  BLEND_CHEAPER,
  BLEND_SIMILARITY,
  BLEND_YOUNGER,
  blendOf,
  cheaperOf,
  youngerOf,
} from '../../src/dna/alternatives.js';
import { CAST, dnaUniverse, type UniversePlayer } from './dna-dataset.js';

const engine = Engine.open({ dataset: dnaUniverse() });

describe('blend parts', () => {
  it('scores cheaper tiers and younger ages, clamped, unknown = 0', () => {
    expect([BLEND_SIMILARITY, BLEND_CHEAPER, BLEND_YOUNGER]).toEqual([0.7, 0.2, 0.1]);
    expect(cheaperOf('T4', 'T1')).toBe(0.75); // 3 tiers cheaper / 4
    expect(cheaperOf('T1', 'T5')).toBe(-1);
    expect(cheaperOf(null, 'T1')).toBe(0);
    expect(youngerOf(30, 21)).toBe(0.9); // 9 years / 10
    expect(youngerOf(20, 35)).toBe(-1); // -15 / 10 clamped
    expect(youngerOf(30, null)).toBe(0);
    // 0.7 × 0.9 + 0.2 × 0.5 + 0.1 × 0.9 = 0.63 + 0.1 + 0.09 = 0.82
    expect(blendOf(0.9, 0.5, 0.9).score).toBe(0.82);
  });
});

describe('engine.alternatives', () => {
  it('ranks the cheaper, younger twin first, ahead of the equally similar expensive clone', () => {
    const r = engine.alternatives({ name: 'Arno Vale' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const { data } = r.value;
    expect(data.mode).toBe('dna_hybrid');
    // Twin (T1, 21): 0.7 × 1 + 0.2 × (4 − 1) / 4 + 0.1 × (30 − 21) / 10 = 0.7 + 0.15 + 0.09 = 0.94.
    // Clone (T4, 30): 0.7 × 1 + 0 + 0 = 0.7.
    expect(data.results[0].player.player_id).toBe(2);
    expect(data.results[0].blend).toEqual({ score: 0.94, similarity: 1, cheaper: 0.75, younger: 0.9 });
    const clone = data.results.find((x) => x.player.player_id === 3)!;
    expect(clone.blend!.score).toBe(0.7);
    // Sorted by blend score, descending.
    const scores = data.results.map((x) => x.blend!.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // Every result is an attacker found by DNA (the whole group fits in the 50-vector recall) with per-90 highlights.
    for (const x of data.results) {
      expect(x.player.position_group).toBe('attacker');
      expect(x.recall_source).toBe('dna');
      expect(Array.isArray(x.per90)).toBe(true);
    }
    expect(r.value.meta.beta).toBe(true);
  });

  it('marks same-league peers found only by the league recall as league_peer', () => {
    // 50 exact copies of the poacher in league 2 (ids 100–149, T5, age 40) and 5 more in league 1
    // (ids 200–204, T1, age 18): all tie at similarity 1, and ties go to the lower player_id, so the
    // 50-vector DNA recall holds 2, 3 and 100–147; only the league pass finds 200–204. Their blend
    // 0.7 × 1 + 0.2 × 0.75 + 0.1 × 1 (12 years younger, clamped) = 0.95 puts them first.
    const big = Engine.open({ dataset: dnaUniverse({}, crowdedCast()) });
    const r = big.alternatives({ player_id: 1 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const peers = r.value.data.results.filter((x) => x.recall_source === 'league_peer');
    expect(peers.map((p) => p.player.name).sort()).toEqual([
      'Near Home 0',
      'Near Home 1',
      'Near Home 2',
      'Near Home 3',
      'Near Home 4',
    ]);
    for (const p of peers) expect(p.player.league).toBe('Erste Liga');
    expect(r.value.data.results.slice(0, 5).map((x) => [x.player.player_id, x.blend!.score])).toEqual(
      [200, 201, 202, 203, 204].map((id) => [id, 0.95]),
    );
    const search = big.dnaSearch({ player_id: 1, limit: 50 });
    expect(search.ok && search.value.data.results.map((x) => x.player.player_id)).toEqual([
      2,
      3,
      ...Array.from({ length: 48 }, (_, i) => 100 + i),
    ]);
  });

  it('falls back to same position and same or cheaper value band without a DNA vector', () => {
    // Ivo Short (ST, T1, 60 minutes): other STs in T1 are Bruno Vale (2, 5M, 21) and Jan Ersatz (10, 8M, 24) → younger first.
    const r = engine.alternatives({ name: 'Ivo Short' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.data.mode).toBe('fallback');
    expect(r.value.data.results.map((x) => [x.player.player_id, x.recall_source, x.similarity])).toEqual([
      [2, 'position_band', null],
      [10, 'position_band', null],
    ]);
    expect(r.value.data.note).toMatch(/no DNA vector/);
  });
});

/** The default cast plus 50 copies of the poacher in league 2 and 5 in league 1. */
function crowdedCast(): UniversePlayer[] {
  const extra: UniversePlayer[] = [];
  for (let i = 0; i < 50; i++) {
    extra.push({
      player_id: 100 + i,
      name: `Far Away ${i}`,
      position: 'ST',
      team_id: 21,
      birth_date: '1985-06-01',
      market_value_eur: 150_000_000,
      totals: CAST[0].totals,
    });
  }
  for (let i = 0; i < 5; i++) {
    extra.push({
      player_id: 200 + i,
      name: `Near Home ${i}`,
      position: 'ST',
      team_id: 11,
      birth_date: '2007-06-01',
      market_value_eur: 2_000_000,
      totals: CAST[0].totals,
    });
  }
  return [...CAST, ...extra];
}
