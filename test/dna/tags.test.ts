import { describe, expect, it } from 'vitest';
import { POSITION_GROUPS, type PositionGroup } from '../../src/data/schema.js';
import { DNA_DIMS, STYLE_FEATURES, featureSlotOf } from '../../src/dna/features.js';
import {
  ROLE_RULES,
  ROLE_TAGS,
  ROLE_Z_ABOVE,
  ROLE_Z_AVERAGE,
  ROLE_Z_HIGH,
  TRAIT_PAIR_Z,
  TRAIT_RULES,
  TRAIT_TAGS,
  TRAIT_Z,
  styleTagsOf,
  tagNamesOf,
} from '../../src/dna/tags.js';
import type { DnaVectors } from '../../src/dna/vectors.js';
import type { MetricKey } from '../../src/stats/metrics.js';
import { derivedOf } from './derived-fixture.js';

/** Background z for every feature not named: far below every role threshold and every "≤ 0" is met. */
const LOW = -2;

/** One row of `group` whose z-scores are given directly (value = z + 10 so evidence values are distinguishable). */
function caseOf(group: PositionGroup, zs: Partial<Record<MetricKey, number>>) {
  const features = STYLE_FEATURES[group];
  const z = new Float32Array(DNA_DIMS).fill(Number.NaN);
  const values: Partial<Record<MetricKey, number>> = {};
  features.forEach((f, s) => {
    z[s] = zs[f.metric] ?? LOW;
    values[f.metric] = z[s] + 10;
  });
  const matrix = new Float32Array(DNA_DIMS);
  const hasVector = Uint8Array.of(1);
  const dna: DnaVectors = {
    n: 1,
    dims: DNA_DIMS,
    matrix,
    hasVector,
    z,
    search: { method: 'stats', matrix, hasVector },
  };
  const derived = derivedOf([{ group, values }]);
  return styleTagsOf(dna, derived, 0)!;
}

const primaryCases: [PositionGroup, string, Partial<Record<MetricKey, number>>][] = [
  [
    'attacker',
    'Complete Forward',
    { goals_per90: ROLE_Z_ABOVE, key_passes_per90: ROLE_Z_ABOVE, aerials_won_per90: ROLE_Z_ABOVE },
  ],
  ['attacker', 'Poacher', { goals_per90: ROLE_Z_HIGH, key_passes_per90: ROLE_Z_AVERAGE }],
  ['attacker', 'Target Man', { aerials_won_per90: ROLE_Z_HIGH, duels_won_per90: ROLE_Z_ABOVE }],
  ['attacker', 'Inside Forward', { dribbles_per90: ROLE_Z_HIGH, shots_per90: ROLE_Z_ABOVE }],
  ['attacker', 'Link-up Forward', { key_passes_per90: ROLE_Z_HIGH, assists_per90: ROLE_Z_ABOVE }],
  ['midfielder', 'Creator', { key_passes_per90: ROLE_Z_HIGH, big_chances_per90: ROLE_Z_ABOVE }],
  ['midfielder', 'Metronome', { passes_per90: ROLE_Z_HIGH, pass_accuracy_pct: ROLE_Z_ABOVE }],
  ['midfielder', 'Ball-Winner', { tackles_per90: ROLE_Z_HIGH, interceptions_per90: ROLE_Z_ABOVE }],
  [
    'midfielder',
    'Box-to-Box',
    { ball_recovery_per90: ROLE_Z_ABOVE, shots_per90: ROLE_Z_ABOVE, duels_won_per90: ROLE_Z_AVERAGE },
  ],
  ['defender', 'Ball-Playing CB', { long_balls_per90: ROLE_Z_HIGH, passes_per90: ROLE_Z_ABOVE }],
  ['defender', 'Physical Stopper', { aerials_won_per90: ROLE_Z_HIGH, clearances_per90: ROLE_Z_ABOVE }],
  ['defender', 'Active Full-Back', { crosses_per90: ROLE_Z_HIGH, key_passes_per90: ROLE_Z_ABOVE }],
  ['goalkeeper', 'Sweeper-Keeper', { passes_per90: ROLE_Z_HIGH, pass_accuracy_pct: ROLE_Z_ABOVE }],
  ['goalkeeper', 'Shot Stopper', { saves_per90: ROLE_Z_HIGH }],
  ['goalkeeper', 'Commanding Keeper', { punches_per90: ROLE_Z_HIGH }],
];

describe('style tag rules', () => {
  it('covers the DESIGN §4 vocabulary, each role rule over its own group features', () => {
    expect(primaryCases.map((c) => c[1]).sort()).toEqual(Object.values(ROLE_TAGS).flat().sort());
    for (const group of POSITION_GROUPS) {
      expect(ROLE_RULES[group].map((r) => r.tag)).toEqual(ROLE_TAGS[group]);
      for (const rule of ROLE_RULES[group])
        for (const c of rule.conditions)
          expect(featureSlotOf(group, c.metric), `${rule.tag} ${c.metric}`).toBeGreaterThanOrEqual(0);
    }
    expect(TRAIT_RULES.map((r) => r.tag)).toEqual([...TRAIT_TAGS]);
  });

  for (const [group, tag, zs] of primaryCases) {
    it(`${tag}: primary exactly at its thresholds, fallback just below`, () => {
      const at = caseOf(group, zs);
      expect(at.primary).toBe(tag);
      expect(at.tags[0]).toMatchObject({ tag, kind: 'role', fallback: false });
      const rule = ROLE_RULES[group].find((r) => r.tag === tag)!;
      expect(at.tags[0].evidence.map((e) => [e.metric, e.threshold, e.met])).toEqual(
        rule.conditions.map((c) => [c.metric, c.threshold, true]),
      );
      // Evidence carries the z-score and the value (z + 10 in this fixture).
      const first = at.tags[0].evidence[0];
      expect(first.value).toBeCloseTo(first.z + 10, 5);
      // Move each condition 0.01 to the wrong side: the role no longer holds, and no other role does.
      for (const c of rule.conditions) {
        const off = caseOf(group, { ...zs, [c.metric]: c.op === '>=' ? c.threshold - 0.01 : c.threshold + 0.01 });
        expect(off.tags[0].fallback, `${tag} with ${c.metric} off`).toBe(true);
        if (off.primary === tag) expect(off.tags[0].evidence.find((e) => e.metric === c.metric)!.met).toBe(false);
      }
    });
  }

  it('picks the met role with the largest mean margin', () => {
    // Poacher: goals 2, key passes 0 → ((2 - 1) + (0 - 0)) / 2 = 0.5.
    // Inside Forward: dribbles 1.5, shots 1.5 → ((1.5 - 1) + (1.5 - 0.5)) / 2 = 0.75 → wins.
    const t = caseOf('attacker', { goals_per90: 2, key_passes_per90: 0, dribbles_per90: 1.5, shots_per90: 1.5 });
    expect(t.primary).toBe('Inside Forward');
    expect(t.tags[0].fallback).toBe(false);
    // Traits: dribbles 1.5 meets Dribbler (threshold 1.5) and goals 2 ≥ 1.5 gives Prolific.
    expect(t.traits).toEqual(['Prolific', 'Dribbler']);
  });

  it('falls back to the best-fitting role when no role holds', () => {
    // All z = -2. Mean margins: Complete Forward (-2.5 × 3) / 3 = -2.5; Poacher ((-2 - 1) + (0 + 2)) / 2 = -0.5;
    // Target Man, Inside Forward, Link-up Forward ((-3) + (-2.5)) / 2 = -2.75 → Poacher.
    const t = caseOf('attacker', {});
    expect(t.primary).toBe('Poacher');
    expect(t.tags[0].fallback).toBe(true);
    expect(t.tags[0].evidence.map((e) => e.met)).toEqual([false, true]);
    expect(t.traits).toEqual([]);
  });

  it('gives traits at their threshold and not 0.01 below', () => {
    const single: [TraitName, MetricKey][] = [
      ['Prolific', 'goals_per90'],
      ['Dribbler', 'dribbles_per90'],
      ['Creative', 'key_passes_per90'],
      ['Aerial', 'aerials_won_per90'],
    ];
    for (const [tag, metric] of single) {
      expect(caseOf('attacker', { [metric]: TRAIT_Z }).traits, tag).toContain(tag);
      expect(caseOf('attacker', { [metric]: TRAIT_Z - 0.01 }).traits, tag).not.toContain(tag);
    }
    const both = { tackles_per90: TRAIT_PAIR_Z, interceptions_per90: TRAIT_PAIR_Z };
    expect(caseOf('midfielder', both).traits).toContain('Defensive');
    expect(caseOf('midfielder', { ...both, interceptions_per90: TRAIT_PAIR_Z - 0.01 }).traits).not.toContain(
      'Defensive',
    );
    // Attackers have no tackles feature, so Defensive never applies to them.
    expect(caseOf('attacker', {}).traits).not.toContain('Defensive');
    const tagged = caseOf('defender', { aerials_won_per90: 2, clearances_per90: 1 });
    expect(tagNamesOf(tagged)).toEqual(['Physical Stopper', 'Aerial']);
    expect(tagged.tags[1]).toMatchObject({
      tag: 'Aerial',
      kind: 'trait',
      evidence: [{ metric: 'aerials_won_per90', z: 2, op: '>=', threshold: TRAIT_Z, met: true }],
    });
  });

  it('returns null for a row without a vector', () => {
    const dna: DnaVectors = {
      n: 1,
      dims: DNA_DIMS,
      matrix: new Float32Array(DNA_DIMS),
      hasVector: Uint8Array.of(0),
      z: new Float32Array(DNA_DIMS),
      search: { method: 'stats', matrix: new Float32Array(DNA_DIMS), hasVector: Uint8Array.of(0) },
    };
    expect(styleTagsOf(dna, derivedOf([{ group: 'attacker' }]), 0)).toBeNull();
  });
});

type TraitName = (typeof TRAIT_TAGS)[number];
