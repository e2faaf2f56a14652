/**
 * docs/design.md is a floor plan (its own first paragraph): what each room holds, how a request and
 * an ingest flow, the rules. Measurements belong in bench/results, so the page holds none, and it
 * stays short enough to read in one sitting.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const design = readFileSync(join(root, 'docs/design.md'), 'utf8');
/** The longest the floor plan may grow. */
const MAX_LINES = 300;
/** A figure with a unit of time, memory, speed-up or share, or a machine load: a measurement. */
const MEASUREMENT = /\d[\d,.]*\s?(ms|µs|s CPU|KB|MB|GB|%|×)(?![\w])|\bload \d|\bat load\b/;

describe('docs/design.md', () => {
  it(`has at most ${MAX_LINES} lines`, () => {
    expect(design.trimEnd().split('\n').length).toBeLessThanOrEqual(MAX_LINES);
  });

  it('quotes no measured figure', () => {
    const lines = design.split('\n').flatMap((line, i) => (MEASUREMENT.test(line) ? [`${i + 1}: ${line}`] : []));
    expect(lines).toEqual([]);
  });

  it('the figure pattern catches what it should', () => {
    for (const line of ['import +135 ms', 'RSS 114 MB', '2.2× slower', 'at load 14', '40 % slower'])
      expect(MEASUREMENT.test(line), line).toBe(true);
    for (const line of ['T1 (below 10M EUR)', '15 successful calls per UTC day', 'about 0.01 USD'])
      expect(MEASUREMENT.test(line), line).toBe(false);
  });
});
