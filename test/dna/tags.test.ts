import { describe, expect, it } from 'vitest';
import { DNA_DIMS } from '../../src/dna/features.js';
import {
  ROLE_P_ABOVE,
  ROLE_P_HIGH,
  ROLE_P_MEDIAN,
  ROLE_RULES,
  ROLE_TAGS,
  TRAIT_P,
  TRAIT_PAIR_P,
  TRAIT_RULES,
  TRAIT_TAGS,
  styleTagsOf,
  tagNamesOf,
} from '../../src/dna/tags.js';
import type { DnaVectors } from '../../src/dna/vectors.js';
import { METRIC_KEYS, type MetricKey } from '../../src/stats/metrics.js';
import { ROLE_GROUP, ROLES, type Role } from '../../src/stats/roles.js';
import { derivedOf } from './derived-fixture.js';

/** Background percentile for every metric not named: below every "≥" threshold, so every "≤ median" holds. */
const LOW = 10;

const dnaOf = (has: 0 | 1): DnaVectors => {
  const matrix = new Float32Array(DNA_DIMS);
  const hasVector = Uint8Array.of(has);
  return {
    n: 1,
    dims: DNA_DIMS,
    matrix,
    hasVector,
    z: new Float32Array(DNA_DIMS),
    search: { method: 'stats', matrix, hasVector },
  };
};

/**
 * One row of `role` whose role-cohort percentiles are given directly (value = percentile + 1000,
 * so evidence values are distinguishable). `missing` metrics have no percentile at all (a season
 * table without event values).
 */
function caseOf(role: Role, ps: Partial<Record<MetricKey, number>>, missing: readonly MetricKey[] = []) {
  const derived = derivedOf([{ group: ROLE_GROUP[role] }]);
  derived.role[0] = ROLES.indexOf(role);
  for (const key of METRIC_KEYS) {
    const p = missing.includes(key) ? Number.NaN : (ps[key] ?? LOW);
    derived.percentiles[key][0] = p;
    derived.values[key][0] = p + 1000;
  }
  return styleTagsOf(dnaOf(1), derived, 0)!;
}

/** Each role tag and percentiles exactly at its thresholds. */
const primaryCases: [Role, string, Partial<Record<MetricKey, number>>][] = [
  ['goalkeeper', 'Sweeper-Keeper', { passes_per90: ROLE_P_HIGH, pass_accuracy_pct: ROLE_P_ABOVE }],
  ['goalkeeper', 'Shot Stopper', { saves_per90: ROLE_P_HIGH }],
  ['goalkeeper', 'Commanding Keeper', { punches_per90: ROLE_P_HIGH }],
  ['centre_back', 'Ball-Playing CB', { progressive_passes_per90: ROLE_P_HIGH, passes_per90: ROLE_P_ABOVE }],
  ['centre_back', 'Front-Foot Defender', { interceptions_padj_per90: ROLE_P_HIGH, tackles_padj_per90: ROLE_P_ABOVE }],
  ['centre_back', 'Physical Stopper', { aerials_won_per90: ROLE_P_HIGH, clearances_padj_per90: ROLE_P_ABOVE }],
  ['full_back', 'Attacking Full-Back', { crosses_per90: ROLE_P_HIGH, xa_per90: ROLE_P_ABOVE }],
  [
    'full_back',
    'Inverted Full-Back',
    { passes_per90: ROLE_P_HIGH, pass_accuracy_pct: ROLE_P_ABOVE, crosses_per90: ROLE_P_MEDIAN },
  ],
  [
    'full_back',
    'Defensive Full-Back',
    { tackles_padj_per90: ROLE_P_HIGH, interceptions_padj_per90: ROLE_P_ABOVE, crosses_per90: ROLE_P_MEDIAN },
  ],
  ['midfielder', 'Ball-Winner', { tackles_padj_per90: ROLE_P_HIGH, ball_recovery_padj_per90: ROLE_P_ABOVE }],
  ['midfielder', 'Deep-Lying Playmaker', { passes_per90: ROLE_P_HIGH, progressive_passes_per90: ROLE_P_ABOVE }],
  [
    'midfielder',
    'Box-to-Box',
    { ball_recovery_padj_per90: ROLE_P_ABOVE, npxg_per90: ROLE_P_ABOVE, duels_won_per90: ROLE_P_MEDIAN },
  ],
  ['midfielder', 'Creator', { xa_per90: ROLE_P_HIGH, xt_per90: ROLE_P_ABOVE }],
  [
    'attacking_midfielder',
    'Inside Forward',
    { npxg_per90: ROLE_P_HIGH, shots_per90: ROLE_P_ABOVE, crosses_per90: ROLE_P_MEDIAN },
  ],
  ['attacking_midfielder', 'Playmaker', { xa_per90: ROLE_P_HIGH, passes_per90: ROLE_P_ABOVE }],
  ['attacking_midfielder', 'Winger', { crosses_per90: ROLE_P_HIGH, dribbles_per90: ROLE_P_ABOVE }],
  ['striker', 'Poacher', { npxg_per90: ROLE_P_HIGH, passes_per90: ROLE_P_MEDIAN }],
  ['striker', 'Target Man', { aerials_won_per90: ROLE_P_HIGH, duels_won_per90: ROLE_P_ABOVE }],
  ['striker', 'Link-up Forward', { xa_per90: ROLE_P_HIGH, passes_per90: ROLE_P_ABOVE }],
  [
    'striker',
    'Complete Forward',
    { npxg_per90: ROLE_P_ABOVE, xa_per90: ROLE_P_ABOVE, aerials_won_per90: ROLE_P_ABOVE, passes_per90: 70 },
  ],
];

describe('style tag rules', () => {
  it('covers the vocabulary of docs/methodology/dna.md#style-tags, role by role', () => {
    expect(primaryCases.map((c) => c[1]).sort()).toEqual(Object.values(ROLE_TAGS).flat().sort());
    for (const role of ROLES) expect(ROLE_RULES[role].map((r) => r.tag)).toEqual(ROLE_TAGS[role]);
    expect(TRAIT_RULES.map((r) => r.tag)).toEqual([...TRAIT_TAGS]);
  });

  for (const [role, tag, ps] of primaryCases) {
    it(`${tag}: primary exactly at its thresholds, no clear role just past one`, () => {
      const at = caseOf(role, ps);
      expect(at.primary).toBe(tag);
      expect(at.tags[0]).toMatchObject({ tag, kind: 'role', fallback: false });
      const rule = ROLE_RULES[role].find((r) => r.tag === tag)!;
      expect(at.tags[0].evidence.map((e) => [e.metric, e.threshold, e.met])).toEqual(
        rule.conditions.map((c) => [c.metric, c.threshold, true]),
      );
      const first = at.tags[0].evidence[0];
      expect(first.value).toBe(first.percentile + 1000);
      // Move each condition one point to the wrong side: the role no longer holds, and no other role does.
      for (const c of rule.conditions) {
        const off = caseOf(role, { ...ps, [c.metric]: c.op === '>=' ? c.threshold - 1 : c.threshold + 1 });
        expect(off.tags[0].fallback, `${tag} with ${c.metric} off`).toBe(true);
      }
    });
  }

  it('reads the season-table stand-in when the event value or PAdj metric is missing, and only then', () => {
    // A season table: no xA, no PAdj tackles. Key passes and raw tackles decide.
    const table = caseOf('midfielder', { tackles_per90: 90, ball_recovery_per90: 70 }, [
      'tackles_padj_per90',
      'ball_recovery_padj_per90',
    ]);
    expect(table.primary).toBe('Ball-Winner');
    expect(table.tags[0].evidence.map((e) => e.metric)).toEqual(['tackles_per90', 'ball_recovery_per90']);
    // With PAdj present, the raw volume is not read: the busiest tackler of a team without the ball is no Ball-Winner.
    const events = caseOf('midfielder', { tackles_per90: 90, ball_recovery_per90: 70, tackles_padj_per90: 40 });
    expect(events.tags[0]).toMatchObject({ fallback: true });
  });

  it('picks the met role with the largest mean margin', () => {
    // Poacher: npxG 95, passes 40 → ((95 − 75) + (50 − 40)) / 2 = 15.
    // Target Man: aerials 100, duels 100 → ((100 − 75) + (100 − 60)) / 2 = 32.5 → wins.
    const t = caseOf('striker', { npxg_per90: 95, passes_per90: 40, aerials_won_per90: 100, duels_won_per90: 100 });
    expect(t.primary).toBe('Target Man');
    expect(t.tags[0].fallback).toBe(false);
    expect(t.traits).toEqual(['Aerial']);
  });

  it('falls back to the best-fitting role, marked, when no role holds', () => {
    const t = caseOf('striker', {});
    expect(t.tags[0].fallback).toBe(true);
    expect(t.tags[0].evidence.some((e) => !e.met)).toBe(true);
    expect(t.traits).toEqual([]);
  });

  it('gives traits at their threshold and not one point below; keepers get none', () => {
    const single: [(typeof TRAIT_TAGS)[number], MetricKey][] = [
      ['Prolific', 'goals_per90'],
      ['Dribbler', 'dribbles_per90'],
      ['Creative', 'xa_per90'],
      ['Aerial', 'aerials_won_per90'],
    ];
    for (const [tag, metric] of single) {
      expect(caseOf('striker', { [metric]: TRAIT_P }).traits, tag).toContain(tag);
      expect(caseOf('striker', { [metric]: TRAIT_P - 1 }).traits, tag).not.toContain(tag);
    }
    const both = { tackles_padj_per90: TRAIT_PAIR_P, interceptions_padj_per90: TRAIT_PAIR_P };
    expect(caseOf('full_back', both).traits).toContain('Defensive');
    expect(caseOf('full_back', { ...both, interceptions_padj_per90: TRAIT_PAIR_P - 1 }).traits).not.toContain(
      'Defensive',
    );
    expect(caseOf('goalkeeper', { goals_per90: 100, aerials_won_per90: 100 }).traits).toEqual([]);
    const tagged = caseOf('centre_back', { aerials_won_per90: 95, clearances_padj_per90: 70 });
    expect(tagNamesOf(tagged)).toEqual(['Physical Stopper', 'Aerial']);
    expect(tagged.tags[1]).toMatchObject({
      tag: 'Aerial',
      kind: 'trait',
      evidence: [{ metric: 'aerials_won_per90', percentile: 95, op: '>=', threshold: TRAIT_P, met: true }],
    });
  });

  it('returns null for a row without a vector', () => {
    expect(styleTagsOf(dnaOf(0), derivedOf([{ group: 'attacker' }]), 0)).toBeNull();
  });
});
