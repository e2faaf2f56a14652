/**
 * README's Performance table is bench/results, not prose: the table between its markers must be
 * exactly what bench/readme-figures.ts writes from the latest bench/results/*.json, every row names
 * an npm bench script that exists and a result file of a dated run, and docs/library.md and
 * docs/design.md quote no measured figure of their own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { performanceRows, performanceTable, ROOT, TABLE_END, TABLE_START, withTable } from '../bench/readme-figures.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
  .scripts;

describe("README's Performance table", () => {
  it('is exactly the table bench/results gives (run `npm run readme:figures` after a bench)', () => {
    expect(readme).toContain(TABLE_START);
    expect(withTable(readme, performanceTable())).toBe(readme);
  });

  it('names, on every row, a bench script of package.json and the date of its run', () => {
    const rows = performanceRows();
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const r of rows) expect(scripts[r.bench], r.bench).toBeDefined();
    const body = readme.slice(readme.indexOf(TABLE_START), readme.indexOf(TABLE_END));
    const dated = body.split('\n').filter((l) => /^\| .*of \d{4}-\d{2}-\d{2} \|$/.test(l));
    expect(dated).toHaveLength(rows.length);
  });

  it('fails on a README that quotes an old figure', () => {
    const stale = readme.replace(
      /\| `Engine.open` on the demo universe \| [^|]+\|/,
      '| `Engine.open` on the demo universe | 313 ms |',
    );
    expect(stale).not.toBe(readme);
    expect(withTable(stale, performanceTable())).not.toBe(stale);
  });

  it('is the only place outside bench/results that quotes a measured figure: docs/library.md and docs/design.md point to it', () => {
    // A figure: a number followed by a unit of time, memory or throughput.
    const figure = /\b\d[\d,.]*\s?(ms|s|MB|GB|req\/s|µs)\b/;
    for (const doc of ['docs/library.md', 'docs/design.md']) {
      const lines = readFileSync(join(ROOT, doc), 'utf8').split('\n');
      const quoted = lines.filter((l) => figure.test(l));
      expect(quoted, doc).toEqual([]);
    }
  });

  it('docs/cards.md’s Performance section points to bench/results and quotes no figure of its own', () => {
    const figure = /\b\d[\d,.]*\s?(ms|s|MB|GB|req\/s|µs|×)(?!\w)/;
    const page = readFileSync(join(ROOT, 'docs/cards.md'), 'utf8');
    const section = page.slice(page.indexOf('## Performance')).split(/\n## /)[0]!;
    expect(section).toContain('bench/results/cards.md');
    expect(section).toContain('npm run readme:figures');
    expect(section.split('\n').filter((l) => figure.test(l))).toEqual([]);
  });
});
