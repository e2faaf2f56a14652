/**
 * DnaRowVectors answers "has this row a DNA vector?" one stratum at a time (docs/design.md#first-answer):
 * for any table and any order of questions it must say exactly what the whole matrix says.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STYLE_FEATURES } from '../../src/dna/features.js';
import { DnaRowVectors } from '../../src/dna/row-vectors.js';
import { dnaVectorsOf, REFERENCE_ROWS_MIN, VECTOR_MINUTES_MIN } from '../../src/dna/vectors.js';
import { POSITION_GROUPS } from '../../src/model/schema.js';
import { derivedOf, type FixtureRow } from './derived-fixture.js';

const metrics = [...new Set(POSITION_GROUPS.flatMap((g) => STYLE_FEATURES[g].map((f) => f.metric)))];
// Few distinct values, so ties, zero standard deviations and all-average rows (no vector) happen.
const valueArb = fc.option(fc.constantFrom(0, 0.5, 1, 2.25, 7), { nil: undefined, freq: 4 });
const rowArb = fc.record({
  group: fc.constantFrom(...POSITION_GROUPS),
  season_id: fc.constantFrom(1, 2, 3),
  minutes: fc.constantFrom(0, VECTOR_MINUTES_MIN - 1, VECTOR_MINUTES_MIN, 300, 900),
  inCohort: fc.constantFrom<0 | 1>(0, 1),
  values: fc.array(valueArb, { minLength: metrics.length, maxLength: metrics.length }),
});
const tableArb = fc.array(rowArb, { minLength: 1, maxLength: 40 }).map((rows) =>
  rows.map(
    (r): FixtureRow => ({
      ...r,
      values: Object.fromEntries(metrics.flatMap((m, i) => (r.values[i] === undefined ? [] : [[m, r.values[i]]]))),
    }),
  ),
);

describe('DnaRowVectors', () => {
  it('says for every row, asked in any order, what dnaVectorsOf says', () => {
    fc.assert(
      fc.property(tableArb, fc.array(fc.nat()), fc.boolean(), (rows, order, pooled) => {
        const derived = derivedOf(rows);
        // Seasons 1 and 2 share a name when pooled (as leagues' seasons do), season 3 stays apart.
        const options = pooled ? { seasonKeyOf: (id: number) => (id === 3 ? '2019/20' : '2018/19') } : {};
        const whole = dnaVectorsOf(derived, options);
        const lazy = new DnaRowVectors(derived, options);
        const asked = [...order.map((k) => k % rows.length), ...rows.keys()];
        for (const row of asked) expect(lazy.hasVector(row), `row ${row}`).toBe(whole.hasVector[row] === 1);
      }),
      { numRuns: 400 },
    );
  });

  it('pools a stratum with too few cohort rows like the matrix does', () => {
    // One cohort row only (< REFERENCE_ROWS_MIN): both low-sample rows join the reference population.
    expect(REFERENCE_ROWS_MIN).toBe(2);
    const rows: FixtureRow[] = [
      { group: 'attacker', minutes: 900, values: { goals_per90: 1 } },
      { group: 'attacker', minutes: 300, inCohort: 0, values: { goals_per90: 1 } },
      { group: 'attacker', minutes: 300, inCohort: 0, values: { goals_per90: 3 } },
    ];
    const derived = derivedOf(rows);
    const whole = dnaVectorsOf(derived);
    // Mean 5/3 over the three rows, so the first row (1) is below average and has a direction.
    expect(Array.from(whole.hasVector)).toEqual([1, 1, 1]);
    const lazy = new DnaRowVectors(derived);
    expect([0, 1, 2].map((i) => lazy.hasVector(i))).toEqual([true, true, true]);
  });
});
