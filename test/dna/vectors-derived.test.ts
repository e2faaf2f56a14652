import { describe, expect, it } from 'vitest';
import { featureSlotOf } from '../../src/dna/features.js';
import { styleTagsOf } from '../../src/dna/tags.js';
import { dnaVectorsOf } from '../../src/dna/vectors.js';
import { deriveSeasons } from '../../src/stats/derive.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

describe('dnaVectorsOf over deriveSeasons (tiny dataset)', () => {
  const derived = deriveSeasons(tinyDataset());
  const dna = dnaVectorsOf(derived);
  const rowOf = (id: number) => Array.from(derived.player_id).indexOf(id);
  const g = featureSlotOf('attacker', 'goals_per90');

  it('z-scores goals per 90 against the 900-minute attackers only', () => {
    // Cohort attackers (900 min): goals 9, 3, 6, 3, 0 → per 90: 0.9, 0.3, 0.6, 0.3, 0.0; mean 0.42.
    // Squared deviations 0.2304 + 0.0144 + 0.0324 + 0.0144 + 0.1764 = 0.468; sd = √(0.468 / 5) = 0.305941.
    // Player 1: (0.9 − 0.42) / 0.305941 = 1.56893. Player 5 (180 min, 2 goals → 1.0 per 90, not in
    // the cohort): (1.0 − 0.42) / 0.305941 = 1.89579.
    expect(dna.z[rowOf(1) * dna.dims + g]).toBeCloseTo(1.56893, 4);
    expect(dna.z[rowOf(5) * dna.dims + g]).toBeCloseTo(1.89579, 4);
    expect(derived.inCohort[rowOf(5)]).toBe(0);
  });

  it('gives every attacker a unit vector and a primary tag; the lone keeper is his own mean, so no vector', () => {
    for (const id of [1, 2, 3, 4, 5, 6]) {
      const i = rowOf(id);
      expect(dna.hasVector[i], `player ${id}`).toBe(1);
      expect(Math.hypot(...dna.matrix.subarray(i * dna.dims, (i + 1) * dna.dims))).toBeCloseTo(1, 5);
      expect(styleTagsOf(dna, derived, i)?.primary).toBeTruthy();
    }
    // Player 7 is the only goalkeeper of the season: mean = his values, sd = 0, every z = 0 → no direction.
    expect(dna.hasVector[rowOf(7)]).toBe(0);
    expect(styleTagsOf(dna, derived, rowOf(7))).toBeNull();
  });
});
