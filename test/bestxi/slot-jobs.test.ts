/* The job of a Best XI slot (docs/methodology/bestxi.md#slot-jobs), on hand-built rows. */
import { describe, expect, it } from 'vitest';
import { SLOT_JOB_SHARE, slotJobScoreOf, slotScoreOf } from '../../src/bestxi/pick.js';
import { vibeById } from '../../src/bestxi/vibes.js';
import { ROLE_GROUP, ROLES, type Role } from '../../src/stats/roles.js';
import type { MetricKey } from '../../src/stats/metrics.js';
import { derivedOf } from '../dna/derived-fixture.js';

function rowOf(role: Role, ps: Partial<Record<MetricKey, number>>) {
  const derived = derivedOf([{ group: ROLE_GROUP[role] }]);
  derived.role[0] = ROLES.indexOf(role);
  for (const [k, p] of Object.entries(ps)) derived.percentiles[k as MetricKey][0] = p;
  return { derived };
}

describe('slot jobs', () => {
  it('scores a holding midfielder on winning the ball back (PAdj) and starting play, a striker on his goals', () => {
    // (90 + 80 + 70 + 60 + 50) / 5 = 70; the raw tackles' 99th is read through its PAdj twin, 90.
    const holder = rowOf('midfielder', {
      tackles_per90: 99,
      tackles_padj_per90: 90,
      interceptions_padj_per90: 80,
      ball_recovery_padj_per90: 70,
      progressive_passes_per90: 60,
      pass_accuracy_pct: 50,
    });
    expect(slotJobScoreOf(holder, 0, 'DM')).toBe(70);
    expect(slotJobScoreOf(rowOf('striker', { goals_per90: 99, npxg_per90: 95 }), 0, 'ST')).toBe(97);
  });

  it('gives no job score out of the job’s role (another cohort’s percentiles do not compare) nor for a slot without a job', () => {
    const centreBack = rowOf('centre_back', { tackles_padj_per90: 99, interceptions_padj_per90: 99 });
    expect(slotJobScoreOf(centreBack, 0, 'DM')).toBeNaN();
    expect(slotJobScoreOf(rowOf('midfielder', { tackles_padj_per90: 99 }), 0, 'CM')).toBeNaN();
  });

  it('blends a third of the job into a balanced pick score and leaves a style vibe’s score alone', () => {
    const balanced = vibeById('balanced')!;
    const press = vibeById('high_press')!;
    expect(slotScoreOf(80, 95, balanced)).toBeCloseTo((1 - SLOT_JOB_SHARE) * 80 + SLOT_JOB_SHARE * 95, 10);
    expect(slotScoreOf(80, Number.NaN, balanced)).toBe(80);
    expect(slotScoreOf(80, 95, press)).toBe(80);
  });
});
