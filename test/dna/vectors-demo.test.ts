import { existsSync } from 'node:fs';
import { mean, standardDeviation } from 'simple-statistics';
import { describe, expect, it } from 'vitest';
import { datasetFromDir } from '../../src/io/load.js';
import { demoDatasetDir } from '../../src/io/paths.js';
import { POSITION_GROUPS } from '../../src/model/schema.js';
import { STYLE_FEATURES } from '../../src/dna/features.js';
import { dnaVectorsOf, VECTOR_MINUTES_MIN } from '../../src/dna/vectors.js';
import { deriveSeasons } from '../../src/stats/derive.js';

const haveDemo = existsSync(`${demoDatasetDir()}/dataset.json`);
if (!haveDemo) console.log(`skipping demo DNA z-score test: no demo dataset at ${demoDatasetDir()}`);

// simple-statistics is the independent reference here: its mean and (population) standard deviation
// over each group × season's cohort rows must give every z-score of dnaVectorsOf.
describe.skipIf(!haveDemo)(
  'DNA z-scores on the demo universe equal simple-statistics mean and standard deviation',
  () => {
    it('for every feature of every group × season', { timeout: 60_000 }, () => {
      const derived = deriveSeasons(datasetFromDir(demoDatasetDir()));
      const dna = dnaVectorsOf(derived);
      const strata = new Map<string, number[]>();
      for (let i = 0; i < derived.n; i++) {
        if (derived.minutes[i] < VECTOR_MINUTES_MIN) continue;
        const key = `${derived.group[i]}|${derived.season_id[i]}`;
        if (!strata.has(key)) strata.set(key, []);
        strata.get(key)!.push(i);
      }
      let checked = 0;
      for (const rows of strata.values()) {
        const reference = rows.filter((i) => derived.inCohort[i] === 1);
        // Every demo stratum is large enough to use its cohort rows alone (REFERENCE_ROWS_MIN).
        expect(reference.length).toBeGreaterThanOrEqual(2);
        const features = STYLE_FEATURES[POSITION_GROUPS[derived.group[rows[0]]]];
        features.forEach((feature, slot) => {
          const values = reference.map((i) => derived.values[feature.metric][i]).filter((v) => !Number.isNaN(v));
          const mu = mean(values);
          const sd = standardDeviation(values);
          for (const i of rows) {
            const v = derived.values[feature.metric][i];
            const z = dna.z[i * dna.dims + slot];
            if (Number.isNaN(v)) {
              expect(z).toBeNaN();
              continue;
            }
            const expected = sd > 0 ? (v - mu) / sd : 0;
            expect(Math.abs(z - expected)).toBeLessThanOrEqual(1e-5 * Math.max(1, Math.abs(expected)));
            checked++;
          }
        });
      }
      expect(checked).toBeGreaterThan(10_000);
    });
  },
);
