/**
 * Domain matchers for Arrow tables and datasets [arrow-js `toEqualTable`]: same columns in the
 * same order, same Arrow types, same nulls and the same values (numbers compared with
 * `Object.is`, so -0, 0 and NaN are told apart), failing with the first differing column and row.
 */
import { expect } from 'vitest';
import type { Table } from 'apache-arrow';
import { TABLE_NAMES, type Dataset } from '../../src/data/schema.js';

const plain = (v: unknown): unknown => (typeof v === 'bigint' ? Number(v) : v ?? null);

/** Asserts two Arrow tables hold the same columns, types, nulls and values. */
export function expectTablesEqual(actual: Table, expected: Table, label = 'table'): void {
  const names = (t: Table) => t.schema.fields.map((f) => f.name);
  expect(names(actual), `${label}: columns`).toEqual(names(expected));
  expect(actual.schema.fields.map((f) => String(f.type)), `${label}: column types`).toEqual(expected.schema.fields.map((f) => String(f.type)));
  expect(actual.numRows, `${label}: row count`).toBe(expected.numRows);
  for (const field of expected.schema.fields) {
    const a = actual.getChild(field.name)!;
    const e = expected.getChild(field.name)!;
    for (let i = 0; i < expected.numRows; i++) {
      const av = plain(a.get(i));
      const ev = plain(e.get(i));
      if (!Object.is(av, ev)) {
        expect.fail(`${label}: column ${field.name}, row ${i}: got ${JSON.stringify(av)} (${typeof av}), expected ${JSON.stringify(ev)} (${typeof ev})`);
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
