/**
 * docs/scoring.md "Column maps" is a promise: each worked example (files, command, expected rows
 * and summary) runs here exactly as written, on the BUILT binary.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/io/csv/parse.js';
import { ensureBuilt, ROOT, runBuiltSync } from '../helpers/built-cli.js';

const doc = readFileSync(join(ROOT, 'docs', 'scoring.md'), 'utf8');
const section = doc.slice(doc.indexOf("## Column maps: analysts' exports"), doc.indexOf('## Performance'));
/** Fenced blocks in order: info string and body. */
const blocks = [...section.matchAll(/```([^\n]*)\n([\s\S]*?)```/g)].map((m) => ({ info: m[1].trim(), body: m[2] }));

let tmp: string;
beforeAll(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'halfspace-map-docs-'));
}, 180_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Rows of an output CSV as objects of text cells. */
function csvRows(file: string): Record<string, string | null>[] {
  const records: (string | null)[][] = [];
  parseCsv(readFileSync(file, 'utf8'), file, (fields) => records.push(fields));
  const [head, ...rows] = records;
  return rows.map((r) => Object.fromEntries(head.map((h, j) => [h as string, r[j]])));
}

describe('docs/scoring.md column-map examples', () => {
  it('has the three worked examples', () => {
    expect(blocks.filter((b) => b.info === 'sh').length).toBe(3);
    expect(blocks.filter((b) => b.info.startsWith('json expect=')).length).toBe(6);
  });

  it('runs every example as written and gets the documented rows and summary', () => {
    let summary: Record<string, unknown> | null = null;
    let checked = 0;
    for (const b of blocks) {
      const file = /file=(\S+)/.exec(b.info)?.[1];
      if (file) writeFileSync(join(tmp, file), b.body);
      if (b.info === 'sh') {
        const line = b.body.trim();
        expect(line.startsWith('halfspace ')).toBe(true);
        const r = runBuiltSync(line.slice('halfspace '.length).split(/\s+/), { cwd: tmp });
        expect(r.stderr, line).toBe('');
        expect(r.code, line).toBe(0);
        summary = JSON.parse(r.stdout).map;
      }
      if (b.info === 'json expect=summary') {
        expect(summary).toMatchObject(JSON.parse(b.body));
        checked++;
      }
      if (b.info === 'json expect=scores.csv') {
        const rows = csvRows(join(tmp, 'scores.csv'));
        for (const want of JSON.parse(b.body) as Record<string, string | number>[]) {
          const got = rows.find((r) => r.name === want.name);
          expect(got, String(want.name)).toBeDefined();
          for (const [k, v] of Object.entries(want)) {
            // Numbers as printed may carry float noise (0.37800000000000006); compare them as numbers.
            if (typeof v === 'number') expect(Number(got![k]), `${want.name} ${k}`).toBeCloseTo(v, 9);
            else expect(got![k], `${want.name} ${k}`).toBe(v);
          }
        }
        checked++;
      }
    }
    expect(checked).toBe(6);
  });
});
