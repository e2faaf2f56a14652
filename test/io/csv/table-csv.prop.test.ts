import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Table } from 'apache-arrow';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { utf8VectorOf } from '../../../src/model/arrow.js';
import { float32Text } from '../../../src/io/number-text.js';
import type { CsvField } from '../../../src/io/csv/parse.js';
import { readCsvFile } from '../../../src/io/csv/stream.js';
import { tableToCsvFile, tableToJsonlFile } from '../../../src/io/csv/table-csv.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-csv-prop-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Text built from CSV's special characters, both delimiters, line ends, non-ASCII letters and any other character. */
const text = fc.string({
  unit: fc.oneof(
    fc.constantFrom(',', ';', '\t', '"', '""', '\n', '\r', '\r\n', ' ', 'é', 'Ł', '😀', '\uFEFF'),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});

describe('CSV write → read (property)', () => {
  it('reads back every string exactly, nulls as nulls, across block-sized files', () => {
    let run = 0;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.option(text, { nil: null }), fc.option(text, { nil: null })), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.integer({ min: 4, max: 64 }),
        (rows, blockBytes) => {
          const table = new Table({ a: utf8VectorOf(rows.map((r) => r[0])), b: utf8VectorOf(rows.map((r) => r[1])) });
          const path = join(dir, `t${run++}.csv`);
          tableToCsvFile(table, path);
          const records: CsvField[][] = [];
          const lines: number[] = [];
          const whole: number[] = [];
          // Tiny blocks cut records, quoted line breaks and multi-byte characters at every position.
          const info = readCsvFile(
            path,
            (fields, line) => {
              records.push(fields);
              lines.push(line);
            },
            { blockBytes },
          );
          readCsvFile(path, (_, line) => whole.push(line));
          expect(lines).toEqual(whole);
          expect(info.delimiter).toBe(',');
          expect(records[0]).toEqual(['a', 'b']);
          expect(records.slice(1)).toEqual(rows);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('JSON lines read back every string exactly', () => {
    let run = 0;
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.oneof(text, fc.string({ unit: 'binary' })), { nil: null }), {
          minLength: 1,
          maxLength: 20,
        }),
        (xs) => {
          const path = join(dir, `j${run++}.jsonl`);
          tableToJsonlFile(new Table({ 'a "key"': utf8VectorOf(xs) }), path);
          const back = readFileSync(path, 'utf8')
            .trimEnd()
            .split('\n')
            .map((l) => JSON.parse(l) as Record<string, unknown>);
          expect(back).toEqual(xs.map((x) => ({ 'a "key"': x })));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('float32Text reads back to the same float32 for every finite float32', () => {
    fc.assert(
      fc.property(fc.float({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const t = float32Text(x);
        expect(Math.fround(Number(t))).toBe(Object.is(x, -0) ? 0 : x);
        expect(t).toMatch(/^-?\d+(\.\d+)?(e[+-]\d+)?$/);
      }),
      { numRuns: 5000 },
    );
  });
});
