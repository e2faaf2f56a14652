/**
 * Domain matchers for Arrow tables and datasets [arrow-js `toEqualTable`]: same columns in the
 * same order, same Arrow types, same nulls and the same values (numbers compared with
 * `Object.is`, so -0, 0 and NaN are told apart; text compared from its UTF-8 bytes), failing with the first differing column and row.
 */
import { expect } from 'vitest';
import { DataType, type Table, type Vector } from 'apache-arrow';
import { TABLE_NAMES, type Dataset } from '../../src/model/schema.js';

const plain = (v: unknown): unknown => (typeof v === 'bigint' ? Number(v) : (v ?? null));

// Arrow's `get` drops a leading U+FEFF from strings, so text is compared from its bytes.
const exactUtf8 = new TextDecoder('utf-8', { ignoreBOM: true });
function valuesOf(vector: Vector): unknown[] {
  if (!DataType.isUtf8(vector.type)) return Array.from({ length: vector.length }, (_, i) => plain(vector.get(i)));
  return vector.data.flatMap((chunk) =>
    Array.from({ length: chunk.length }, (_, i) =>
      chunk.getValid(i)
        ? exactUtf8.decode((chunk.values as Uint8Array).subarray(chunk.valueOffsets[i], chunk.valueOffsets[i + 1]))
        : null,
    ),
  );
}

/** Asserts two Arrow tables hold the same columns, types, nulls and values. */
export function expectTablesEqual(actual: Table, expected: Table, label = 'table'): void {
  const names = (t: Table) => t.schema.fields.map((f) => f.name);
  expect(names(actual), `${label}: columns`).toEqual(names(expected));
  expect(
    actual.schema.fields.map((f) => String(f.type)),
    `${label}: column types`,
  ).toEqual(expected.schema.fields.map((f) => String(f.type)));
  expect(actual.numRows, `${label}: row count`).toBe(expected.numRows);
  for (const field of expected.schema.fields) {
    const a = valuesOf(actual.getChild(field.name)!);
    const e = valuesOf(expected.getChild(field.name)!);
    for (let i = 0; i < expected.numRows; i++) {
      const av = a[i];
      const ev = e[i];
      if (!Object.is(av, ev)) {
        expect.fail(
          `${label}: column ${field.name}, row ${i}: got ${JSON.stringify(av)} (${typeof av}), expected ${JSON.stringify(ev)} (${typeof ev})`,
        );
      }
    }
  }
}

/** Asserts two datasets have equal metadata, the same tables present and every table equal. */
export function expectDatasetsEqual(actual: Dataset, expected: Dataset): void {
  expect(actual.meta).toEqual(expected.meta);
  for (const name of TABLE_NAMES) {
    const a = actual.tables[name];
    const e = expected.tables[name];
    expect(a === undefined, `${name}: present`).toBe(e === undefined);
    if (a && e) expectTablesEqual(a, e, name);
  }
}
