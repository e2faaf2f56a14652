/*
 * tableFromRows writes its columns straight from the rows (src/model/row-columns.ts) instead of
 * through apache-arrow's builder: the table must be the builder's to the byte, as the IPC writer
 * sees it, and read back to the same records, whatever the nulls, missing fields, strings
 * (multi-byte UTF-8 and lone surrogates included), row counts around the bitmaps' 64-byte steps,
 * or a value of another JS type than its column's (that column goes through the builder).
 */
import { tableToIPC, type Table, type Vector } from 'apache-arrow';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shared } from '../../src/model/arrow/arrow.js';
import { columnOf } from '../../src/model/row-columns.js';
import {
  arrowTypeOf,
  type ColumnKind,
  recordsOf,
  SCHEMA,
  type TableName,
  tableFromRows,
} from '../../src/model/schema.js';

/** The table apache-arrow's builder makes of the rows: the reference the direct columns must match. */
function builderTable(name: TableName, rows: readonly object[]): Table {
  const arrow = shared();
  const vectors: Record<string, Vector> = {};
  for (const [col, c] of Object.entries(SCHEMA[name].columns))
    vectors[col] = arrow.vectorFromArray(
      rows.map((r): unknown => Reflect.get(r, col) ?? null),
      arrowTypeOf(c.kind),
    );
  return new arrow.Table(vectors);
}
const bytesOf = (t: Table): Buffer => Buffer.from(tableToIPC(t, 'file'));
/** tableFromRows of rows that break the schema's types on purpose (nulls in required columns, other JS types). */
// cast: tableFromRows reads any object's fields; these tests feed it what the row type forbids.
const looseTable = (name: TableName, rows: readonly object[]): Table => tableFromRows(name, rows as never);

/** A value of a column of `kind`: null, missing (undefined) or a value of its type. */
const cellOf = (kind: ColumnKind): fc.Arbitrary<unknown> => {
  const value: Record<ColumnKind, fc.Arbitrary<unknown>> = {
    int32: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
    float64: fc.double(),
    utf8: fc.oneof(fc.string({ unit: 'grapheme', maxLength: 8 }), fc.string({ unit: 'binary', maxLength: 4 })),
    bool: fc.boolean(),
    timestamp: fc.integer({ min: -4_102_444_800_000, max: 4_102_444_800_000 }),
  };
  return fc.oneof({ weight: 6, arbitrary: value[kind] }, fc.constant(null), fc.constant(undefined));
};
const rowsArb = (name: TableName, minLength: number, maxLength: number) =>
  fc.array(
    fc.record(Object.fromEntries(Object.entries(SCHEMA[name].columns).map(([col, c]) => [col, cellOf(c.kind)])), {
      requiredKeys: [],
    }),
    { minLength, maxLength },
  );

describe('tableFromRows, columns written from the rows', () => {
  const cases = [
    ['appearances', 0, 40, 80],
    ['shots', 0, 40, 80],
    ['fixtures', 0, 40, 60],
    ['players', 0, 40, 60],
    ['player_seasons', 0, 20, 30],
    // Bitmaps past 512 rows (64 bytes, the builders' first size).
    ['appearances', 500, 1100, 6],
  ] as const;
  for (const [name, min, max, runs] of cases)
    it(`writes the builder's bytes and records (${name}, ${min}-${max} rows, property)`, () => {
      fc.assert(
        fc.property(rowsArb(name, min, max), (rows) => {
          const direct = tableFromRows(name, rows);
          const built = builderTable(name, rows);
          expect(bytesOf(direct).equals(bytesOf(built))).toBe(true);
          expect(recordsOf(direct)).toEqual(recordsOf(built));
        }),
        { numRuns: runs },
      );
    });

  it('writes the bytes at every 64-byte step of the bitmaps, all-null and mixed columns', () => {
    for (const n of [0, 1, 63, 64, 65, 511, 512, 513, 1023, 1024, 1025])
      for (const nullEvery of [1, 3, n + 1]) {
        const rows = Array.from({ length: n }, (_, i) => ({
          fixture_id: i % nullEvery === 0 ? null : i,
          team_id: i,
          started: i % nullEvery === 0 ? null : i % 2 === 0,
          minutes: i % nullEvery === 0 ? undefined : i / 7,
          position: i % nullEvery === 0 ? null : 'CB',
        }));
        expect(bytesOf(looseTable('appearances', rows)).equals(bytesOf(builderTable('appearances', rows)))).toBe(true);
      }
  });

  it('leaves a column holding a value of another JS type to the builder, which gives the same table as before', () => {
    const rows = [
      { fixture_id: 1, player_id: '7', team_id: 2, started: 1, minutes: '90', position: 5 },
      { fixture_id: 2, player_id: 8, team_id: 2, started: true, minutes: 45, position: 'CB' },
    ];
    const arrow = shared();
    expect(columnOf(arrow, 'int32', rows, 'player_id')).toBeNull();
    expect(columnOf(arrow, 'bool', rows, 'started')).toBeNull();
    expect(columnOf(arrow, 'float64', rows, 'minutes')).toBeNull();
    expect(columnOf(arrow, 'utf8', rows, 'position')).toBeNull();
    expect(columnOf(arrow, 'timestamp', [{ t: 1.5 }], 't')).toBeNull();
    expect(columnOf(arrow, 'int32', rows, 'fixture_id')?.toArray()).toEqual(new Int32Array([1, 2]));
    expect(bytesOf(looseTable('appearances', rows)).equals(bytesOf(builderTable('appearances', rows)))).toBe(true);
  });
});
