/* The Best XI season score's fairness rules (docs/methodology/bestxi.md#season-score), on hand-built rows. */
import { describe, expect, it } from 'vitest';
import {
  EVENT_PROFILE,
  EVENT_SHARE,
  fairPercentileOf,
  roleQualityOf,
  vibeMetricsOfRole,
} from '../../src/bestxi/score.js';
import { ratingComposite } from '../../src/stats/rating.js';
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

  it('is the rating composite alone without event values, and half and half with them', () => {
    const ps = { goals_per90: 80, shots_on_target_per90: 60, big_chances_per90: 70 };
    const table = rowOf('striker', ps);
    const composite = ratingComposite('striker', (k) => table.derived.percentiles[k][0]);
    expect(roleQualityOf(table, 0)).toBeCloseTo(composite, 10);
    const events = rowOf('striker', { ...ps, npxg_per90: 90, xa_per90: 40, xt_per90: 50 });
    const profile = 0.6 * 90 + 0.25 * 40 + 0.15 * 50;
    // The rating composite of a row with event values weighs them too (ratings v2: npxG beside goals).
    const eventComposite = ratingComposite('striker', (k) => events.derived.percentiles[k][0]);
    expect(eventComposite).not.toBeCloseTo(composite, 5);
    expect(roleQualityOf(events, 0)).toBeCloseTo((1 - EVENT_SHARE) * eventComposite + EVENT_SHARE * profile, 10);
  });

  it('judges no role on metrics outside his job, and every outfield profile sums to 1', () => {
    expect(vibeMetricsOfRole('goalkeeper').has('dribbles_per90')).toBe(false);
    expect(vibeMetricsOfRole('centre_back').has('tackles_padj_per90')).toBe(true);
    for (const role of ROLES) {
      const weights = Object.values(EVENT_PROFILE[role]);
      if (role === 'goalkeeper') expect(weights).toEqual([]);
      else expect(weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    }
  });
});
