import { beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

/*
 * Attacker cohort of Erste Liga 2025/26 (≥ 450 minutes): players 1, 2, 3, 4, 6; player 5 has 180
 * minutes (low sample). goals_per90 = goals / 900 × 90: p1 0.9, p2 0.3, p3 0.6, p4 0.3, p6 0.0.
 * Percentile = 100 × (below + ½ equal) / n, n = 5:
 *   p1: (4 + ½·1)/5 = 90 → "elite";  p2: (1 + ½·2)/5 = 40 → "average";  p6: (0 + ½)/5 = 10 → "weak".
 * p5 (low sample): 2 goals / 180 × 90 = 1.0, above all 5 cohort values → (5 + 0)/5 = 100, no label.
 */
let engine: Engine;
beforeAll(() => {
  engine = Engine.open({ dataset: tinyDataset() });
});

describe('engine.scouting', () => {
  it('reports per-90 values and cohort percentiles worked by hand', () => {
    const r = engine.scouting({ name: 'Jörg Müller-Weiß' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.data.per90_stats.goals_per90).toBe(0.9);
    expect(r.value.data.percentiles.goals_per90).toMatchObject({
      value: 0.9,
      percentile: 90,
      label: 'elite',
      ordinal: '90th percentile',
    });
    expect(r.value.data.percentiles.goals_per90.cohort).toEqual({
      league_id: 1,
      league: 'Erste Liga',
      season_id: 100,
      season: '2025/26',
      position_group: 'attacker',
      // Five attackers: no role cohort reaches ROLE_COHORT_MIN, so the group's is used and role is null.
      role: null,
      min_minutes: 450,
      n: 5,
    });
    expect(r.value.data.percentiles.goals_per90.sample).toEqual({ minutes: 900, appearances: 10, level: 'ok' });
    expect(r.value.meta.entity_id).toBe(1);
    // Style tags: the tiny dataset has no passes, so no striker rule holds at its own thresholds; he
    // leans Complete Forward (docs/methodology/dna.md#style-tags), and his goals (90th among
    // attackers, the top of the league's outfield players) earn the Prolific trait, with its evidence.
    expect(r.value.data.dna.has_vector).toBe(true);
    expect(r.value.data.dna.style_tags).toEqual(['Complete Forward', 'Prolific']);
    expect(r.value.data.dna.style!.tags[1]).toMatchObject({
      tag: 'Prolific',
      evidence: [
        { metric: 'goals_per90', cohort: 'role', percentile: 90 },
        { metric: 'goals_per90', cohort: 'league_outfield', met: true },
      ],
    });
  });

  it('ranks a low-sample player against the cohort without claiming a label', () => {
    const r = engine.scouting({ player_id: 5 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.data.percentiles.goals_per90).toMatchObject({ value: 1, percentile: 100, label: null });
    expect(r.value.data.sample).toEqual({ minutes: 180, appearances: 4, level: 'low' });
  });

  it('shows only the group keys and never an EUR amount', () => {
    const r = engine.scouting({ player_id: 7 });
    if (!r.ok) throw new Error(r.error.message);
    expect(Object.keys(r.value.data.per90_stats)).toContain('saves_per90');
    expect(Object.keys(r.value.data.per90_stats)).not.toContain('goals_per90');
    // A lone goalkeeper: goals_conceded 1.0 per 90, (0 + ½)/1 = 50, inverted → 100 − 50 = 50.
    expect(r.value.data.percentiles.goals_conceded_per90.percentile).toBe(50);
    expect(JSON.stringify(r.value)).not.toMatch(/market_value|eur/i);
  });

  it('returns failures as values for bad requests', () => {
    const missing = engine.scouting({});
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.error).toMatchObject({ code: 'invalid_request', param: 'name' });
    const unknown = engine.scouting({ name: 'Nobody Atall' });
    if (!unknown.ok) expect(unknown.error.code).toBe('player_not_found');
    else throw new Error('expected player_not_found');
    const extra = engine.scouting({ name: 'Anton Berg', goals: 99 } as never);
    if (!extra.ok) expect(extra.error).toMatchObject({ code: 'invalid_request', param: 'goals' });
    else throw new Error('expected invalid_request for a stat value');
  });
});

describe('engine.player', () => {
  it('returns the docs/design.md#op-player shape with the latest season included', () => {
    const r = engine.player({ name: 'Tomi' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.data.profile).toMatchObject({
      player_id: 5,
      display_name: 'Tomi',
      position_group: 'attacker',
      fee_tier: null,
    });
    expect(r.value.data.recent_stats).toHaveLength(1);
    expect(r.value.data.recent_stats[0]).toMatchObject({ season: '2025/26', minutes: 180, totals: { goals: 2 } });
    expect(typeof r.value.summary).toBe('string');
    expect(r.value.data.narrative).toBeUndefined();
  });

  it('adds a deterministic narrative built from the facts', () => {
    const a = engine.player({ player_id: 1 }, { narrative: true });
    const b = engine.player({ player_id: 1 }, { narrative: true });
    if (!a.ok || !b.ok) throw new Error('expected success');
    expect(a.value.data.narrative).toBe(b.value.data.narrative);
    expect(a.value.data.narrative).toContain('900 minutes');
    expect(a.value.data.narrative).toContain('9 goals');
  });

  it('compares two players metric by metric (name2)', () => {
    const r = engine.player({ name: 'Jörg Müller-Weiß', name2: 'Anton Berg' });
    if (!r.ok) throw new Error(r.error.message);
    const goals = r.value.data.compare!.metrics.find((m) => m.metric === 'goals_per90')!;
    // 0.9 vs 0.3 goals per 90: player a leads.
    expect(goals).toMatchObject({ a: { value: 0.9, percentile: 90 }, b: { value: 0.3, percentile: 40 }, leader: 'a' });
    const { a, b, ties } = r.value.data.compare!.leads;
    expect(a + b + ties).toBeLessThanOrEqual(r.value.data.compare!.metrics.length);
  });

  it('names name2 when the second player is unknown', () => {
    const r = engine.player({ name: 'Anton Berg', name2: 'Zzyzx Qwerty' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'player_not_found', param: 'name2' });
  });
});
