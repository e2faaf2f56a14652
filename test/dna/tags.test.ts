import { describe, expect, it } from 'vitest';
import { DNA_DIMS } from '../../src/dna/features.js';
import {
  ROLE_LEAN_SLACK,
  ROLE_P_ABOVE,
  ROLE_P_DEFINING,
  ROLE_P_HIGH,
  ROLE_P_LOW,
  ROLE_RELATIVE_TRAITS,
  ROLE_P_MEDIAN,
  ROLE_RULES,
  ROLE_TAGS,
  TRAIT_LEAGUE_P,
  TRAIT_P,
  TRAIT_PAIR_P,
  TRAIT_RULES,
  TRAIT_TAGS,
  type TagInput,
} from '../../src/dna/tag-rules.js';
import { styleTagsOf, tagNamesOf } from '../../src/dna/tags.js';
import { LOCATION_KEYS, type RowLocation } from '../../src/dna/row-location.js';
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
function caseOf(role: Role, ps: Partial<Record<TagInput, number>>, missing: readonly TagInput[] = []) {
  const derived = derivedOf([{ group: ROLE_GROUP[role] }]);
  derived.role[0] = ROLES.indexOf(role);
  for (const key of METRIC_KEYS) {
    const p = missing.includes(key) ? Number.NaN : (ps[key] ?? LOW);
    derived.percentiles[key][0] = p;
    derived.values[key][0] = p + 1000;
  }
  // Where he plays, given the same way; `withoutLocation` rows come from a dataset without zone counts.
  const location: RowLocation = {
    percentileAt: (key) => (missing.includes(key) ? Number.NaN : (ps[key] ?? LOW)),
    valueAt: (key) => (missing.includes(key) ? Number.NaN : (ps[key] ?? LOW) + 1000),
  };
  return styleTagsOf(dnaOf(1), derived, 0, location)!;
}

/** Each role tag and percentiles exactly at its thresholds. */
const primaryCases: [Role, string, Partial<Record<TagInput, number>>][] = [
  ['goalkeeper', 'Sweeper-Keeper', { passes_per90: ROLE_P_HIGH, pass_accuracy_pct: ROLE_P_ABOVE }],
  ['goalkeeper', 'Shot Stopper', { saves_per90: ROLE_P_HIGH }],
  ['goalkeeper', 'Commanding Keeper', { punches_per90: ROLE_P_HIGH }],
  ['goalkeeper', 'Distributor', { long_balls_per90: ROLE_P_HIGH, passes_per90: ROLE_P_MEDIAN }],
  ['centre_back', 'Ball-Playing CB', { progressive_passes_per90: ROLE_P_HIGH, passes_per90: ROLE_P_ABOVE }],
  ['centre_back', 'Front-Foot Defender', { interceptions_padj_per90: ROLE_P_HIGH, tackles_padj_per90: ROLE_P_ABOVE }],
  ['centre_back', 'Physical Stopper', { aerials_won_per90: ROLE_P_HIGH, clearances_padj_per90: ROLE_P_ABOVE }],
  ['centre_back', 'Covering Defender', { shots_blocked_padj_per90: ROLE_P_HIGH, clearances_padj_per90: ROLE_P_ABOVE }],
  ['full_back', 'Attacking Full-Back', { crosses_per90: ROLE_P_HIGH, xa_per90: ROLE_P_ABOVE }],
  ['full_back', 'Overlapping Full-Back', { touch_height: ROLE_P_HIGH, touch_width: ROLE_P_MEDIAN }],
  [
    'full_back',
    'Inverted Full-Back',
    {
      passes_per90: ROLE_P_HIGH,
      pass_accuracy_pct: ROLE_P_ABOVE,
      crosses_per90: ROLE_P_MEDIAN,
      touch_width: ROLE_P_LOW,
    },
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
  [
    'attacking_midfielder',
    'Two-Way Winger',
    { ball_recovery_padj_per90: ROLE_P_HIGH, tackles_padj_per90: ROLE_P_ABOVE },
  ],
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
    it(`${tag}: primary exactly at its thresholds, then only at a looser tier just past one`, () => {
      const at = caseOf(role, ps);
      expect(at.primary).toBe(tag);
      expect(at.tags[0]).toMatchObject({ tag, kind: 'role', fallback: false });
      const rule = ROLE_RULES[role].find((r) => r.tag === tag)!;
      expect(at.tags[0].evidence.map((e) => [e.metric, e.threshold, e.met])).toEqual(
        rule.conditions.map((c) => [c.metric, c.threshold, true]),
      );
      const first = at.tags[0].evidence[0];
      expect(first.value).toBe(first.percentile + 1000);
      // One point to the wrong side of any condition: the role no longer holds at its own thresholds
      // (whatever is shown comes from a looser tier, with looser thresholds in its evidence).
      for (const c of rule.conditions) {
        const off = caseOf(role, { ...ps, [c.metric]: c.op === '>=' ? c.threshold - 1 : c.threshold + 1 });
        const strict = off.tags[0].evidence.every(
          (e, i) => e.threshold === ROLE_RULES[role].find((r) => r.tag === off.primary)?.conditions[i]?.threshold,
        );
        expect(off.tags[0].fallback || !strict, `${tag} with ${c.metric} off`).toBe(true);
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

  it('leans: every condition within ROLE_LEAN_SLACK points, and not one point further', () => {
    // Ball-Winner at tackles 75 − 15 = 60, recoveries 60 − 15 = 45; defining metric below ROLE_P_DEFINING.
    const lean = {
      tackles_padj_per90: ROLE_P_HIGH - ROLE_LEAN_SLACK,
      ball_recovery_padj_per90: ROLE_P_ABOVE - ROLE_LEAN_SLACK,
    };
    expect(ROLE_P_HIGH - ROLE_LEAN_SLACK).toBeGreaterThanOrEqual(ROLE_P_DEFINING);
    const t = caseOf('midfielder', lean);
    expect(t.primary).toBe('Ball-Winner');
    expect(t.tags[0].evidence.map((e) => [e.threshold, e.met])).toEqual([
      [ROLE_P_HIGH - ROLE_LEAN_SLACK, true],
      [ROLE_P_ABOVE - ROLE_LEAN_SLACK, true],
    ]);
    // Recoveries one point further: only the defining metric (tackles 60 ≥ ROLE_P_DEFINING) still names the role.
    const defining = caseOf('midfielder', { ...lean, ball_recovery_padj_per90: lean.ball_recovery_padj_per90 - 1 });
    expect(defining.primary).toBe('Ball-Winner');
    expect(defining.tags[0].evidence).toHaveLength(1);
    expect(defining.tags[0].evidence[0]).toMatchObject({ metric: 'tackles_padj_per90', threshold: ROLE_P_DEFINING });
    // The defining metric one point below ROLE_P_DEFINING too: no role holds.
    const none = caseOf('midfielder', { tackles_padj_per90: ROLE_P_DEFINING - 1, ball_recovery_padj_per90: 10 });
    expect(none.tags[0].fallback).toBe(true);
  });

  it('names a trait absolute only at the league outfield threshold, else by its role-relative name', () => {
    // Five outfield players of one league-season, goals per 90 0.0, 0.1, 0.2, 0.3, 0.4: the 75th
    // percentile (linear between ranks) is 0.3. Row 0 is a centre-back at the top of his role (p95).
    const rows = [0.2, 0, 0.1, 0.3, 0.4].map((g) => ({ group: 'defender' as const, values: { goals_per90: g } }));
    const derived = derivedOf(rows);
    for (let i = 0; i < derived.n; i++) derived.role[i] = ROLES.indexOf('centre_back');
    derived.percentiles.goals_per90[0] = 95;
    const relative = styleTagsOf(dnaOf(1), derived, 0)!;
    expect(relative.traits).toEqual([ROLE_RELATIVE_TRAITS.Prolific]);
    expect(relative.tags.at(-1)!.evidence.at(-1)).toMatchObject({
      cohort: 'league_outfield',
      metric: 'goals_per90',
      threshold: TRAIT_LEAGUE_P,
      met: false,
      percentile: 60,
    });
    // 0.3 reaches the league's 75th percentile: Prolific.
    derived.values.goals_per90[0] = 0.3;
    derived.values.goals_per90[3] = 0.2;
    expect(styleTagsOf(dnaOf(1), derived, 0)!.traits).toEqual(['Prolific']);
    // Goalkeepers are not in the league's outfield cohort: a keeper's 0 does not lower the bar.
    derived.role[1] = ROLES.indexOf('goalkeeper');
    derived.values.goals_per90[0] = 0.29;
    expect(styleTagsOf(dnaOf(1), derived, 0)!.traits).toEqual([ROLE_RELATIVE_TRAITS.Prolific]);
  });

  it('gives a full-back a role that says where he plays only when the dataset says where he plays', () => {
    // Passes, accuracy and few crosses, tucked inside: inverted. Without zone counts (a season
    // table), the same numbers give no location role: it would stand on absent evidence.
    const inside = { passes_per90: 90, pass_accuracy_pct: 90, crosses_per90: 10, touch_width: 20, touch_height: 60 };
    expect(caseOf('full_back', inside).primary).toBe('Inverted Full-Back');
    expect(caseOf('full_back', { ...inside, touch_width: 60 }).primary).not.toBe('Inverted Full-Back');
    const none = caseOf('full_back', inside, LOCATION_KEYS);
    expect(none.primary).not.toBe('Inverted Full-Back');
    expect(none.primary).not.toBe('Overlapping Full-Back');
    // High and wide: overlapping, whatever his crossing volume.
    expect(caseOf('full_back', { touch_height: 90, touch_width: 70, crosses_per90: 40 }).primary).toBe(
      'Overlapping Full-Back',
    );
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
      evidence: [
        { metric: 'aerials_won_per90', cohort: 'role', percentile: 95, op: '>=', threshold: TRAIT_P, met: true },
        { metric: 'aerials_won_per90', cohort: 'league_outfield', threshold: TRAIT_LEAGUE_P, met: true },
      ],
    });
  });

  it('returns null for a row without a vector', () => {
    expect(styleTagsOf(dnaOf(0), derivedOf([{ group: 'attacker' }]), 0)).toBeNull();
  });
});
