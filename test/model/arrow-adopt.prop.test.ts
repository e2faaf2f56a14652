/**
 * A table of a third copy of apache-arrow (what a user's `import 'apache-arrow'` gives under the
 * tsx loader) is adopted by the shared copy over its own buffers (docs/design.md#arrow-loading):
 * same columns, types, values, nulls and chunks, readable and writable by the shared copy.
 */
import { createRequire } from 'node:module';
import type * as ArrowTypes from 'apache-arrow';
import type { DataType, Table } from 'apache-arrow';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adoptTable } from '../../src/model/arrow/adopt.js';
import { adopt, lean, shared } from '../../src/model/arrow/arrow.js';

/** apache-arrow's CommonJS build: a module instance of its own, neither the lean nor the shared copy. */
const other: typeof ArrowTypes = createRequire(import.meta.url)('apache-arrow');

const int = (min: number, max: number) => fc.integer({ min, max });
const big = (min: bigint, max: bigint) => fc.bigInt({ min, max });
// Whole seconds in milliseconds, as every timestamp and date unit stores them exactly.
const ms = int(-2e9, 2e9).map((s) => s * 1000);

/** Each type the adoption rebuilds, with values of it; every type is made once per column. */
const KINDS: { type: () => DataType; value: fc.Arbitrary<unknown> }[] = [
  { type: () => new other.Int8(), value: int(-128, 127) },
  { type: () => new other.Int16(), value: int(-32768, 32767) },
  { type: () => new other.Int32(), value: int(-(2 ** 31), 2 ** 31 - 1) },
  { type: () => new other.Int64(), value: big(-(2n ** 63n), 2n ** 63n - 1n) },
  { type: () => new other.Uint8(), value: int(0, 255) },
  { type: () => new other.Uint16(), value: int(0, 65535) },
  { type: () => new other.Uint32(), value: int(0, 2 ** 32 - 1) },
  { type: () => new other.Uint64(), value: big(0n, 2n ** 64n - 1n) },
  { type: () => new other.Float16(), value: fc.constantFrom(0, 0.5, -2, 1024, Number.POSITIVE_INFINITY) },
  { type: () => new other.Float32(), value: fc.float({ noNaN: true }) },
  { type: () => new other.Float64(), value: fc.double() },
  { type: () => new other.Utf8(), value: fc.string({ unit: 'grapheme', maxLength: 6 }) },
  { type: () => new other.LargeUtf8(), value: fc.string({ maxLength: 6 }) },
  { type: () => new other.Binary(), value: fc.uint8Array({ maxLength: 5 }) },
  { type: () => new other.Bool(), value: fc.boolean() },
  { type: () => new other.DateDay(), value: int(-1e5, 1e5).map((d) => d * 86_400_000) },
  { type: () => new other.DateMillisecond(), value: ms },
  { type: () => new other.TimestampSecond('Europe/Paris'), value: ms },
  { type: () => new other.TimestampMillisecond('UTC'), value: ms },
  { type: () => new other.TimestampMicrosecond(), value: ms },
  { type: () => new other.TimestampNanosecond(), value: ms },
  { type: () => new other.Dictionary(new other.Utf8(), new other.Int32()), value: fc.constantFrom('a', 'bé', '') },
  { type: () => new other.Dictionary(new other.Int32(), new other.Uint8(), undefined, true), value: int(-3, 3) },
  { type: () => new other.Null(), value: fc.constant(null) },
];

interface Spec {
  kinds: number[];
  nullable: boolean[];
  lengths: number[];
  slice: [number, number] | null;
  metadata: [string, string][];
}

const specs: fc.Arbitrary<Spec> = fc.record({
  kinds: fc.array(fc.nat(KINDS.length - 1), { minLength: 1, maxLength: 4 }),
  nullable: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
  lengths: fc.array(fc.nat(12), { minLength: 1, maxLength: 3 }),
  slice: fc.option(fc.tuple(fc.nat(), fc.nat())),
  metadata: fc.array(fc.tuple(fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 })), { maxLength: 2 }),
});

/** Per chunk, per column, the values of a table of `spec` (null where the row is null). */
const valuesOf = (spec: Spec) =>
  fc.tuple(
    ...spec.lengths.map((n) =>
      fc.tuple(
        ...spec.kinds.map((k, c) =>
          fc.array(spec.nullable[c] ? fc.option(KINDS[k].value, { nil: null }) : KINDS[k].value, {
            minLength: n,
            maxLength: n,
          }),
        ),
      ),
    ),
  );

const tables = specs.chain((spec) => valuesOf(spec).map((chunks) => tableOf(spec, chunks)));

/** A table of the other copy: one batch per chunk, fields with nullability and metadata, maybe sliced. */
function tableOf(spec: Spec, chunks: unknown[][][]): Table {
  const types = spec.kinds.map((k) => KINDS[k].type());
  const fields = types.map(
    (type, c) => new other.Field(`c${c}`, type, spec.nullable[c], new Map([['column', String(c)]])),
  );
  const schema = new other.Schema(fields, new Map(spec.metadata));
  const batches = chunks.map((columns, i) => {
    const children = columns.map((values, c) => other.vectorFromArray(values, types[c]).data[0]);
    const struct = other.makeData({ type: new other.Struct(fields), length: spec.lengths[i], nullCount: 0, children });
    return new other.RecordBatch(schema, struct);
  });
  const table = new other.Table(schema, batches);
  if (!spec.slice) return table;
  const [a, b] = spec.slice.map((x) => x % (table.numRows + 1));
  return table.slice(Math.min(a, b), Math.max(a, b));
}

/** A value as plain JSON-able data, whichever copy read it. */
const plain = (v: unknown): unknown =>
  typeof v === 'bigint' ? `${v}n` : v instanceof Uint8Array ? Array.from(v) : Number.isNaN(v) ? 'NaN' : v;

/** The rows of every column, read through the table's own copy. */
const rowsOf = (table: Table) => table.schema.fields.map((_, c) => Array.from(table.getChildAt(c)!, plain));

/** Every field's name, type (with all its parameters: unit, time zone, dictionary id…), nullability, metadata. */
const fieldsOf = (table: Table) =>
  table.schema.fields.map((f) => [f.name, String(f.type), JSON.stringify(f.type), f.nullable, [...f.metadata]]);

/** The chunking of every column: offset, length and null count of each chunk. */
const chunksOf = (table: Table) =>
  table.batches.map((b) => b.data.children.map((d) => [d.offset, d.length, d.nullCount, d.typeId]));

describe('adoptTable: a third copy’s table taken over by the shared copy', () => {
  it('the CommonJS build is a third copy, neither lean nor shared', () => {
    expect(other.Table).not.toBe(shared().Table);
    expect(other.Table).not.toBe(lean.Table);
    expect(other.DataType).not.toBe(shared().DataType);
  });

  it('keeps columns, types, values, nulls, chunks and metadata, over the very same buffers', () => {
    fc.assert(
      fc.property(tables, (foreign) => {
        const arrow = shared();
        const own = adoptTable(arrow, foreign);
        expect(Object.getPrototypeOf(own)).toBe(arrow.Table.prototype);
        for (const f of own.schema.fields) expect(f.type).toBeInstanceOf(arrow.DataType);
        expect(fieldsOf(own)).toEqual(fieldsOf(foreign));
        expect([...own.schema.metadata]).toEqual([...foreign.schema.metadata]);
        expect(chunksOf(own)).toEqual(chunksOf(foreign));
        expect(own.numRows).toBe(foreign.numRows);
        expect(rowsOf(own)).toEqual(rowsOf(foreign));
        own.batches.forEach((b, i) => {
          b.data.children.forEach((d, c) => {
            const from = foreign.batches[i].data.children[c];
            expect(d.values).toBe(from.values);
            expect(d.valueOffsets).toBe(from.valueOffsets);
            expect(d.nullBitmap).toBe(from.nullBitmap);
          });
        });
      }),
    );
  });

  it('the shared copy writes the adopted table, and the other copy reads back the same rows and types', () => {
    fc.assert(
      fc.property(tables, (foreign) => {
        const arrow = shared();
        const back = other.tableFromIPC(arrow.tableToIPC(adoptTable(arrow, foreign), 'stream'));
        // Dictionary ids are the writer's to number; every other parameter of a type comes back.
        const typesOf = (t: Table) => fieldsOf(t).map(([, type, , nullable]) => [type, nullable]);
        expect(typesOf(back)).toEqual(typesOf(foreign));
        expect(rowsOf(back)).toEqual(rowsOf(foreign));
      }),
    );
  });

  it('adopt leaves lean and shared tables as they are and adopts only a third copy', () => {
    const foreign = new other.Table({ a: other.vectorFromArray([1, null, 3], new other.Int32()) });
    const bytes = other.tableToIPC(foreign, 'stream');
    const leanTable = lean.tableFromIPC(bytes);
    const sharedTable = shared().tableFromIPC(bytes);
    expect(adopt(leanTable)).toEqual({ arrow: lean, table: leanTable });
    expect(adopt(sharedTable).table).toBe(sharedTable);
    expect(adopt(sharedTable).arrow).toBe(shared());
    const adopted = adopt(foreign);
    expect(adopted.arrow).toBe(shared());
    expect(Object.getPrototypeOf(adopted.table)).toBe(shared().Table.prototype);
    expect(Array.from(adopted.table.getChild('a')!)).toEqual([1, null, 3]);
  });

  it('refuses with a TypeError, never a misread, a column type it cannot rebuild', () => {
    const list = other.vectorFromArray([[1], [2, 3]], new other.List(new other.Field('x', new other.Int32())));
    const struct = other.vectorFromArray(
      [{ x: 1 }, { x: 2 }],
      new other.Struct([new other.Field('x', new other.Int32())]),
    );
    const decimal = other.makeVector({ type: new other.Decimal(2, 9, 128), length: 1, data: new Uint32Array(4) });
    for (const column of [list, struct, decimal]) {
      const table = new other.Table({ ok: other.vectorFromArray([1, 2].slice(0, column.length)), column });
      expect(() => adoptTable(shared(), table), String(column.type)).toThrow(TypeError);
      expect(() => adopt(table), String(column.type)).toThrow(/cannot be taken over/);
    }
  });
});
