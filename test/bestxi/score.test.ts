/* The Best XI season score's fairness rules (docs/methodology/bestxi.md#season-score), on hand-built rows. */
import { describe, expect, it } from 'vitest';
import { fairPercentileOf, vibeMetricsOfRole } from '../../src/bestxi/score.js';
import { ROLES, type Role } from '../../src/stats/roles.js';
import type { MetricKey } from '../../src/stats/metrics.js';
import { ROLE_GROUP } from '../../src/stats/roles.js';
import { derivedOf } from '../dna/derived-fixture.js';

/** A one-row context of `role` whose percentiles are given (others missing). */
function rowOf(role: Role, ps: Partial<Record<MetricKey, number>>) {
  const derived = derivedOf([{ group: ROLE_GROUP[role] }]);
  derived.role[0] = ROLES.indexOf(role);
  for (const [k, p] of Object.entries(ps)) derived.percentiles[k as MetricKey][0] = p;
  return { derived };
}

describe('Best XI season score', () => {
  it('reads possession-adjusted defending where the row has it, raw volume only where it has not', () => {
    const busyOnWeakTeam = rowOf('midfielder', { tackles_per90: 99, tackles_padj_per90: 20 });
    expect(fairPercentileOf(busyOnWeakTeam, 0, 'tackles_per90')).toBe(20);
    const seasonTable = rowOf('midfielder', { tackles_per90: 99 });
    expect(fairPercentileOf(seasonTable, 0, 'tackles_per90')).toBe(99);
  });

  it('judges a keeper on his own metrics only, every outfield role on ball-winning too, none on team outcomes', () => {
    expect(vibeMetricsOfRole('goalkeeper').has('dribbles_per90')).toBe(false);
    expect(vibeMetricsOfRole('goalkeeper').has('tackles_padj_per90')).toBe(false);
    // His distribution is his: a vibe asking for long passing reads a keeper's long balls, not a centre-back's.
    expect(vibeMetricsOfRole('goalkeeper').has('long_balls_per90')).toBe(true);
    expect(vibeMetricsOfRole('centre_back').has('long_balls_per90')).toBe(false);
    expect(vibeMetricsOfRole('centre_back').has('tackles_padj_per90')).toBe(true);
    // A forward who presses is judged on it among forwards (high_press); a centre-back's dribbles say nothing.
    expect(vibeMetricsOfRole('striker').has('ball_recovery_padj_per90')).toBe(true);
    expect(vibeMetricsOfRole('attacking_midfielder').has('tackles_padj_per90')).toBe(true);
    expect(vibeMetricsOfRole('centre_back').has('dribbles_per90')).toBe(false);
    for (const role of ROLES.filter((r) => r !== 'goalkeeper')) {
      expect(vibeMetricsOfRole(role).has('cleansheets_per90')).toBe(false);
      expect(vibeMetricsOfRole(role).has('goals_conceded_per90')).toBe(false);
    }
  });
});
