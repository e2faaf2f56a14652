import { Table, tableToIPC, vectorFromArray, type Vector } from 'apache-arrow';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnVectorOf } from '../../src/model/column-vector.js';
import { arrowTypeOf, type ColumnKind } from '../../src/model/schema.js';

/** The table Arrow's generic builder makes of the same cells: what a dataset file held before. */
function builderTableOf(kind: ColumnKind, cells: readonly unknown[]): Table {
  return new Table({ c: vectorFromArray([...cells], arrowTypeOf(kind)) as Vector });
}
const ownTableOf = (kind: ColumnKind, cells: readonly unknown[]): Table =>
  new Table({
    c: columnVectorOf(
      kind,
      cells.map((c) => (c === undefined ? {} : { c })),
      'c',
    ),
  });

// Lengths around the 64-byte blocks of a validity bitmap (512 rows) are where padding could differ.
const lengths = { minLength: 0, maxLength: 600 };
const cellsOf = <T>(value: fc.Arbitrary<T>) =>
  fc.array(fc.oneof({ weight: 4, arbitrary: value }, fc.constant(null), fc.constant(undefined)), lengths);
const CASES: [ColumnKind, fc.Arbitrary<unknown[]>][] = [
  ['int32', cellsOf(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }))],
  ['float64', cellsOf(fc.double())],
  ['utf8', cellsOf(fc.string({ unit: 'binary' }))],
  ['bool', cellsOf(fc.boolean())],
  ['timestamp', cellsOf(fc.integer({ min: -1e12, max: 4e12 }))],
];

describe('model/column-vector: a column of plain rows as the Arrow vector of its schema type', () => {
  for (const [kind, cells] of CASES)
    it(`${kind}: the same values, nulls and IPC bytes as Arrow's vectorFromArray`, () => {
      fc.assert(
        fc.property(cells, (xs) => {
          const ours = ownTableOf(kind, xs);
          const theirs = builderTableOf(
            kind,
            xs.map((x) => x ?? null),
          );
          expect(ours.getChild('c')!.nullCount).toBe(xs.filter((x) => x == null).length);
          expect(ours.schema.fields[0]!.nullable).toBe(true);
          expect(Buffer.from(tableToIPC(ours, 'file')).equals(Buffer.from(tableToIPC(theirs, 'file')))).toBe(true);
        }),
        { numRuns: 60 },
      );
    });
});
