/**
 * A band is read on the similarity as shown (two decimals), so two results that print the same number
 * never carry different labels, and the CLI says whether two players agree by both being high on a
 * metric or both low (docs/methodology/dna.md#reading-a-score).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../helpers/run-cli.js';
import { bandOf, matchOf, similarityOf } from '../../src/dna/similarity.js';

describe('bandOf', () => {
  it('gives equal bands to similarities that show the same two decimals', () => {
    fc.assert(
      fc.property(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), (a, b) => {
        const [x, y] = [similarityOf(a), similarityOf(b)];
        if (x.toFixed(2) === y.toFixed(2) && matchOf(x) === matchOf(y)) expect(bandOf(x)).toBe(bandOf(y));
      }),
    );
    expect([bandOf(0.6499), bandOf(0.6501), bandOf(0.6449)]).toEqual(['partial', 'partial', 'different']);
  });

  it('keeps the documented thresholds on exact values', () => {
    expect([0.85, 0.75, 0.65, 0.64].map((x) => bandOf(x))).toEqual([
      'very similar',
      'strong overlap',
      'partial',
      'different',
    ]);
  });

  it('reads DNA v2 similarities on their own, higher floors', () => {
    // DNA v2 nearest-neighbour cosines sit higher (docs/methodology/dna.md#reading-a-score): 0.90 is
    // "very similar" between stats-only vectors but only "strong overlap" between v2 vectors.
    expect([0.95, 0.949, 0.944, 0.9, 0.88, 0.8, 0.72, 0.7149].map((x) => bandOf(x, 'zones'))).toEqual([
      'very similar',
      'very similar',
      'strong overlap',
      'strong overlap',
      'strong overlap',
      'partial',
      'partial',
      'different',
    ]);
    expect(bandOf(0.9, 'stats')).toBe('very similar');
    // Every band's floor is higher for v2 than for stats-only vectors.
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (x) => {
        const order = ['different', 'partial', 'strong overlap', 'very similar'];
        expect(order.indexOf(bandOf(x, 'zones'))).toBeLessThanOrEqual(order.indexOf(bandOf(x, 'stats')));
      }),
    );
  });
});

describe('halfspace similar, "agrees on"', () => {
  it('says "both high" or "both low" by the sign the two z-scores share', async () => {
    const json = await runCliCaptured('similar', '--name', 'Igor Teixeira', '--limit', '10', '--json');
    expect(json.code).toBe(0);
    const results = JSON.parse(json.stdout).data.results as {
      agreeing_metrics: { label: string; source_z: number; candidate_z: number }[];
    }[];
    const text = await runCliCaptured('similar', '--name', 'Igor Teixeira', '--limit', '10');
    for (const r of results)
      for (const m of r.agreeing_metrics) {
        expect(Math.sign(m.source_z)).toBe(Math.sign(m.candidate_z));
        const high = m.source_z >= 0;
        expect(text.stdout).toContain(`${m.label.toLowerCase()} (both ${high ? 'high' : 'low'})`);
      }
    expect(results.length).toBe(10);
  });
});
