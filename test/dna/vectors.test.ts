import { describe, expect, it } from 'vitest';
import { DNA_DIMS, STYLE_FEATURES, featureSlotOf } from '../../src/dna/features.js';
import { cosineOfRows, dnaVectorsOf, Z_CLIP } from '../../src/dna/vectors.js';
import { derivedOf, flat } from './derived-fixture.js';

const ATT = STYLE_FEATURES.attacker.map((f) => f.metric);
const att = (values: Parameters<typeof flat>[2], extra: object = {}) => ({
  group: 'attacker' as const,
  values: flat(ATT, 1, values),
  ...extra,
});
const row = (m: Float32Array, i: number) => Array.from(m.subarray(i * DNA_DIMS, (i + 1) * DNA_DIMS));

describe('dnaVectorsOf', () => {
  it('z-scores one feature against the group-season mean and population sd', () => {
    // goals 0.2, 0.4, 0.6: mean 0.4, sd = sqrt((0.04 + 0 + 0.04) / 3) = 0.16330 → z = ∓1.22474.
    const dna = dnaVectorsOf(
      derivedOf([att({ goals_per90: 0.2 }), att({ goals_per90: 0.4 }), att({ goals_per90: 0.6 })]),
    );
    expect(dna.dims).toBe(16);
    expect(dna.z[0]).toBeCloseTo(-1.22474, 4);
    expect(dna.z[DNA_DIMS]).toBeCloseTo(0, 6);
    expect(dna.z[2 * DNA_DIMS]).toBeCloseTo(1.22474, 4);
    // Every other feature is 1 for everyone: sd 0 → z 0.
    expect(dna.z[featureSlotOf('attacker', 'dribbles_per90')]).toBe(0);
    // Only the goals slot is non-zero, so normalising gives ∓1 there.
    expect(row(dna.matrix, 0)[0]).toBeCloseTo(-1, 6);
    expect(row(dna.matrix, 2)[0]).toBeCloseTo(1, 6);
    // The middle row is exactly average everywhere: nothing to normalise, no vector.
    expect(Array.from(dna.hasVector)).toEqual([1, 0, 1]);
    expect(row(dna.matrix, 1).every((x) => x === 0)).toBe(true);
  });

  it('applies feature weights before L2 normalisation', () => {
    // goals (weight 1) and shots on target (weight 0.5) both at z = ±1.22474:
    // weighted (1.22474, 0.61237), norm 1.22474 × √1.25 → (1/√1.25, 0.5/√1.25) = (0.89443, 0.44721).
    const sot = featureSlotOf('attacker', 'shots_on_target_per90');
    expect(STYLE_FEATURES.attacker[sot].weight).toBe(0.5);
    const dna = dnaVectorsOf(
      derivedOf([
        att({ goals_per90: 0.2, shots_on_target_per90: 1 }),
        att({ goals_per90: 0.4, shots_on_target_per90: 2 }),
        att({ goals_per90: 0.6, shots_on_target_per90: 3 }),
      ]),
    );
    const r = row(dna.matrix, 2);
    expect(r[0]).toBeCloseTo(0.89443, 4);
    expect(r[sot]).toBeCloseTo(0.44721, 4);
    const norm = Math.hypot(...r);
    expect(norm).toBeCloseTo(1, 6);
    // Slots past the group's 11 features stay zero.
    expect(r.slice(STYLE_FEATURES.attacker.length).every((x) => x === 0)).toBe(true);
  });

  it('pools leagues within a season but keeps seasons apart (seasonKeyOf merges league-seasons)', () => {
    // League 1 season 100: goals 0.2 / 0.6; league 2 season 200: goals 1.2 / 1.6.
    const rows = [
      att({ goals_per90: 0.2 }, { league_id: 1, season_id: 100 }),
      att({ goals_per90: 0.6 }, { league_id: 1, season_id: 100 }),
      att({ goals_per90: 1.2 }, { league_id: 2, season_id: 200 }),
      att({ goals_per90: 1.6 }, { league_id: 2, season_id: 200 }),
    ];
    // Apart: each pair has mean ± 0.2 and sd 0.2 → z = -1, +1, -1, +1.
    const apart = dnaVectorsOf(derivedOf(rows));
    expect([0, 1, 2, 3].map((i) => apart.z[i * DNA_DIMS])).toEqual([-1, 1, -1, 1].map((x) => expect.closeTo(x, 5)));
    // Same season name: mean 0.9, sd = sqrt((0.49 + 0.09 + 0.09 + 0.49) / 4) = sqrt(0.29) = 0.53852.
    // z(0.2) = -0.7 / 0.53852 = -1.29987; z(1.6) = +1.29987.
    const pooled = dnaVectorsOf(derivedOf(rows), { seasonKeyOf: () => '2025/26' });
    expect(pooled.z[0]).toBeCloseTo(-1.29987, 4);
    expect(pooled.z[3 * DNA_DIMS]).toBeCloseTo(1.29987, 4);
    // Groups never share a stratum: a midfielder with goals 5 does not move the attackers' mean.
    const withMid = dnaVectorsOf(derivedOf([...rows.slice(0, 2), { group: 'midfielder', values: { goals_per90: 5 } }]));
    expect(withMid.z[0]).toBeCloseTo(-1, 5);
  });

  it('takes mean and sd over cohort rows only; low-minute rows are scored but do not count', () => {
    // Reference: 0.2 and 0.6 (mean 0.4, sd 0.2). The 300-minute row (not in cohort) with 2.0
    // scores z = (2.0 - 0.4) / 0.2 = 8; the 60-minute row gets no vector at all.
    const dna = dnaVectorsOf(
      derivedOf([
        att({ goals_per90: 0.2 }),
        att({ goals_per90: 0.6 }),
        att({ goals_per90: 2.0 }, { minutes: 300 }),
        att({ goals_per90: 0.4 }, { minutes: 60 }),
      ]),
    );
    expect(dna.z[2 * DNA_DIMS]).toBeCloseTo(8, 4);
    expect(Array.from(dna.hasVector)).toEqual([1, 1, 1, 0]);
    expect(Number.isNaN(dna.z[3 * DNA_DIMS])).toBe(true);
  });

  it('clips z at ±3 in the vector but keeps the raw z for tags', () => {
    // z = 8 (previous case) alongside dribbles z = 1: clipped weighted (3, 1) → (3/√10, 1/√10) = (0.94868, 0.31623).
    const dr = featureSlotOf('attacker', 'dribbles_per90');
    const dna = dnaVectorsOf(
      derivedOf([
        att({ goals_per90: 0.2, dribbles_per90: 1 }),
        att({ goals_per90: 0.6, dribbles_per90: 3 }),
        att({ goals_per90: 2.0, dribbles_per90: 3 }, { minutes: 300 }),
      ]),
    );
    expect(Z_CLIP).toBe(3);
    expect(dna.z[2 * DNA_DIMS]).toBeCloseTo(8, 4);
    expect(dna.matrix[2 * DNA_DIMS]).toBeCloseTo(0.94868, 4);
    expect(dna.matrix[2 * DNA_DIMS + dr]).toBeCloseTo(0.31623, 4);
  });

  it('falls back to every row with a vector when a group-season has fewer than 2 cohort rows', () => {
    // Only one cohort row, so the reference is all three (≥ 90 min): 0.2, 0.4, 0.6 → z(0.6) = 1.22474.
    const dna = dnaVectorsOf(
      derivedOf([
        att({ goals_per90: 0.2 }, { minutes: 900 }),
        att({ goals_per90: 0.4 }, { minutes: 200 }),
        att({ goals_per90: 0.6 }, { minutes: 200 }),
      ]),
    );
    expect(dna.z[2 * DNA_DIMS]).toBeCloseTo(1.22474, 4);
  });

  it('treats a missing accuracy value as neutral: z NaN, slot 0 in the vector', () => {
    const ca = featureSlotOf('attacker', 'cross_accuracy_pct');
    const dna = dnaVectorsOf(
      derivedOf([
        att({ goals_per90: 0.2, cross_accuracy_pct: 20 }),
        att({ goals_per90: 0.6, cross_accuracy_pct: 30 }),
        att({ goals_per90: 0.6, cross_accuracy_pct: Number.NaN }),
      ]),
    );
    expect(Number.isNaN(dna.z[2 * DNA_DIMS + ca])).toBe(true);
    expect(dna.matrix[2 * DNA_DIMS + ca]).toBe(0);
    expect(dna.hasVector[2]).toBe(1);
  });

  it('gives cosine 1 for identical styles and -1 for mirrored ones', () => {
    const dna = dnaVectorsOf(
      derivedOf([att({ goals_per90: 0.2 }), att({ goals_per90: 0.6 }), att({ goals_per90: 0.6 })]),
    );
    expect(cosineOfRows(dna, 1, 2)).toBeCloseTo(1, 6);
    expect(cosineOfRows(dna, 0, 1)).toBeCloseTo(-1, 6);
  });
});
