/*
 * concatTables (docs/merging.md#cost): tables of the schema joined by copying their column buffers
 * write the same Arrow IPC bytes as tableFromRows of all their rows, whatever the split, the nulls,
 * the strings (multi-byte UTF-8 included) or the bools; a table it cannot copy as is gives null.
 */
import { tableToIPC, type Table } from 'apache-arrow';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { concatTables } from '../../src/model/concat-columns.js';
import { type ColumnKind, recordsOf, SCHEMA, type TableName, tableFromRows } from '../../src/model/schema.js';

/** A value of a column of `kind`, or null. */
const cellOf = (kind: ColumnKind): fc.Arbitrary<unknown> => {
  const value: Record<ColumnKind, fc.Arbitrary<unknown>> = {
    int32: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
    float64: fc.double({ noNaN: true }),
    utf8: fc.string({ unit: 'grapheme', maxLength: 8 }),
    bool: fc.boolean(),
    timestamp: fc.integer({ min: 0, max: 4_102_444_800_000 }),
  };
  return fc.option(value[kind], { freq: 4 });
};
/** Rows of table `name` with every schema column drawn (nulls included). */
const rowsArb = (name: TableName, minLength = 0, maxLength = 40) =>
  fc.array(
    fc.record(Object.fromEntries(Object.entries(SCHEMA[name].columns).map(([col, c]) => [col, cellOf(c.kind)]))),
    { minLength, maxLength },
  );
/** Cut points that split `n` rows into parts (empty parts excluded: a part of no rows has no chunk to copy). */
const partsOf = (rows: Record<string, unknown>[], cuts: number[]): Record<string, unknown>[][] => {
  const at = [...new Set(cuts.map((c) => c % (rows.length + 1)))].sort((a, b) => a - b);
  const bounds = [0, ...at, rows.length];
  return bounds
    .slice(1)
    .map((end, i) => rows.slice(bounds[i], end))
    .filter((p) => p.length > 0);
};
const bytesOf = (t: Table): Buffer => Buffer.from(tableToIPC(t, 'file'));

describe('concatTables', () => {
  const cases = [
    ['appearances', 0, 40, 60],
    ['shots', 0, 40, 60],
    ['fixtures', 0, 40, 60],
    ['players', 0, 40, 60],
    // Bitmaps past 512 rows (64 bytes, the builders' first size).
    ['appearances', 500, 1500, 4],
  ] as const;
  for (const [name, min, max, runs] of cases)
    it(`writes the bytes of tableFromRows of every row (${name}, ${min}-${max} rows, property)`, () => {
      fc.assert(
        fc.property(rowsArb(name, min, max), fc.array(fc.nat(), { maxLength: 4 }), (rows, cuts) => {
          const parts = partsOf(rows, cuts);
          fc.pre(parts.length > 0);
          const joined = concatTables(
            name,
            parts.map((p) => tableFromRows(name, p)),
          );
          expect(joined).not.toBeNull();
          expect(bytesOf(joined!).equals(bytesOf(tableFromRows(name, rows)))).toBe(true);
          expect(recordsOf(joined!)).toEqual(recordsOf(tableFromRows(name, rows)));
        }),
        { numRuns: runs },
      );
    });

  it('sizes a joined bitmap as the builders do at every 64-byte boundary (all-null and mixed columns)', () => {
    // 511, 512 and 1024 rows once gave a bitmap 64 bytes longer than tableFromRows's (rounding twice).
    for (const n of [1, 63, 64, 65, 511, 512, 513, 1023, 1024, 1025])
      for (const nullEvery of [1, 3]) {
        const rows: Record<string, unknown>[] = Array.from({ length: n }, (_, i) => ({
          fixture_id: i % nullEvery === 0 ? null : i,
          player_id: null,
          team_id: i,
          started: i % nullEvery === 0 ? null : true,
          minutes: null,
          position: i % nullEvery === 0 ? null : 'CB',
          team_possession: null,
        }));
        const cut = n >> 1;
        const parts = [rows.slice(0, cut), rows.slice(cut)].filter((p) => p.length > 0);
        const joined = concatTables(
          'appearances',
          parts.map((p) => tableFromRows('appearances', p)),
        );
        expect(bytesOf(joined!).equals(bytesOf(tableFromRows('appearances', rows))), `${n} rows`).toBe(true);
      }
  });

  it('gives null for a table it cannot copy as is: a column missing, of another type, or sliced', () => {
    const rows = [
      { league_id: 1, name: 'A', country: 'X', tier: 1, kind: 'league' },
      { league_id: 2, name: 'B', country: null, tier: 2, kind: 'league' },
    ];
    const whole = tableFromRows('leagues', rows);
    expect(concatTables('leagues', [whole, whole])?.numRows).toBe(4);
    expect(concatTables('leagues', [whole, whole.select(['league_id', 'name'])])).toBeNull();
    expect(concatTables('leagues', [whole, whole.slice(1)])).toBeNull();
    expect(concatTables('seasons', [whole])).toBeNull();
  });

  it('leaves tables of another copy of apache-arrow to the path through rows (null)', () => {
    // apache-arrow's CommonJS build: a module instance of its own, as a second installed version is.
    const other: typeof import('apache-arrow') = createRequire(import.meta.url)('apache-arrow');
    const whole = tableFromRows('leagues', [
      { league_id: 1, name: 'A', country: 'X', tier: 1, kind: 'league' },
      { league_id: 2, name: 'B', country: 'Y', tier: 2, kind: 'league' },
    ]);
    const theirs = other.tableFromIPC(tableToIPC(whole, 'stream'));
    expect(concatTables('leagues', [whole, whole])).not.toBeNull();
    expect(concatTables('leagues', [theirs, theirs])).toBeNull();
    expect(concatTables('leagues', [whole, theirs])).toBeNull();
  });
});
