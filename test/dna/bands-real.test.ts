/*
 * Similarity bands on a real season: the Premier League 2017/18 (Wyscout public dataset in
 * ../shared/real/wyscout; HALFSPACE_REAL_DIR overrides the location), skipped, saying why, when
 * absent. The bands must separate near-twins from the rest (docs/methodology/dna.md#reading-a-score):
 * "very similar" is for a player's closest matches, not for a whole top ten.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DNA_DIMS } from '../../src/dna/features.js';
import { bandOf, similarityOf } from '../../src/dna/similarity.js';
import { Engine } from '../../src/engine.js';
import { wyscoutIngest } from '../../src/providers/wyscout/dataset.js';
import { realDataPresent, realPath } from '../helpers/real-data.js';

const REAL = realPath('wyscout');
const present = realDataPresent('similarity bands real-data test', join(REAL, 'matches', 'matches_England.json'));

describe.skipIf(!present)('similarity bands on the Premier League 2017/18', () => {
  it('calls a quarter or fewer of the regulars\' 10th-nearest "very similar", and some nearest ones', () => {
    const engine = Engine.open({ dataset: wyscoutIngest(REAL, { competition: 'England' }).dataset });
    const { derived: d, dna } = engine;
    expect(dna.search.method).toBe('zones');
    const { matrix, hasVector } = dna.search;
    const pool: number[] = [];
    for (let i = 0; i < d.n; i++) if (hasVector[i] && d.minutes[i] >= 900) pool.push(i);
    let queries = 0;
    let tenthVery = 0;
    let firstVery = 0;
    for (const q of pool) {
      if (d.minutes[q] < 1350) continue;
      const scores: number[] = [];
      for (const i of pool) {
        if (d.group[i] !== d.group[q] || d.player_id[i] === d.player_id[q]) continue;
        let dot = 0;
        for (let k = 0; k < DNA_DIMS; k++) dot += matrix[q * DNA_DIMS + k] * matrix[i * DNA_DIMS + k];
        scores.push(dot);
      }
      scores.sort((a, b) => b - a);
      queries++;
      if (bandOf(similarityOf(scores[0]), dna.search.method) === 'very similar') firstVery++;
      if (bandOf(similarityOf(scores[9]), dna.search.method) === 'very similar') tenthVery++;
    }
    expect(queries).toBeGreaterThan(200);
    expect(tenthVery / queries).toBeLessThanOrEqual(0.25);
    expect(firstVery / queries).toBeGreaterThanOrEqual(0.1);
  }, 300_000);
});
