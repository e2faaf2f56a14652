import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import { datasetFromCsvDir, datasetToCsvDir, tableFromCsv, tableToCsv } from '../../../src/providers/csv/index.js';
import { SCHEMA, TABLE_NAMES, tableFromRows, type ColumnSpec, type TableName } from '../../../src/model/schema.js';
import { completeRows, datasetOfRows } from '../../helpers/complete-dataset.js';
import { expectDatasetsEqual, expectTablesEqual } from '../../helpers/expect-tables-equal.js';

/** Text heavy in the characters CSV must escape, plus any Unicode code point. */
const awkwardText = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: fc.constantFrom('"', ',', '\n', '\r', '\r\n', ' ', 'a', 'é', 'ß', '日', '😀', '\uFEFF') }),
);

const arbitraryOf = (spec: ColumnSpec): fc.Arbitrary<unknown> => {
  const value = {
    int32: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
    float64: fc.double({ noNaN: true, noDefaultInfinity: true }),
    utf8: awkwardText,
    bool: fc.boolean(),
    timestamp: fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }),
  }[spec.kind] as fc.Arbitrary<unknown>;
  return spec.nullable ? fc.option(value, { nil: null }) : value;
};

const rowOf = (name: TableName) =>
  fc.record(
    Object.fromEntries(
      Object.entries(SCHEMA[name].columns).map(([col, spec]) => [col, arbitraryOf(spec as ColumnSpec)]),
    ),
  );

describe('CSV round trip (property)', () => {
  it('tableFromCsv(tableToCsv(t)) equals t for random rows of every table', () => {
    const tableAndRows = fc
      .constantFrom(...TABLE_NAMES)
      .chain((name) => fc.tuple(fc.constant(name), fc.array(rowOf(name), { maxLength: 12 })));
    fc.assert(
      fc.property(tableAndRows, ([name, rows]) => {
        const table = tableFromRows(name, rows as never);
        expectTablesEqual(tableFromCsv(name, tableToCsv(name, table)).table, table, name);
      }),
      { numRuns: 300 },
    );
  });

  const root = mkdtempSync(join(tmpdir(), 'halfspace-csv-prop-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('datasetFromCsvDir(datasetToCsvDir(d)) equals d for valid datasets with random text and numbers', () => {
    let n = 0;
    const edits = fc.record({
      name: awkwardText.filter((s) => s.length > 0),
      knownAs: fc.option(awkwardText, { nil: null }),
      venue: fc.option(awkwardText, { nil: null }),
      value: fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: null }),
      minutes: fc.double({ min: 0, max: 1200, noNaN: true }),
      rating: fc.option(fc.double({ min: 0, max: 10, noNaN: true }), { nil: null }),
      kickoff: fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2040, 0, 1) }),
      description: fc.option(awkwardText, { nil: undefined }),
    });
    fc.assert(
      fc.property(edits, (e) => {
        const rows = completeRows();
        rows.players[0].name = e.name;
        rows.players[1].known_as = e.knownAs;
        rows.players[2].market_value_eur = e.value;
        rows.fixtures[0].venue = e.venue;
        rows.fixtures[1].kickoff = e.kickoff;
        // Row 0 has 10 appearances, so any minutes up to 120 × 10 = 1200 are valid.
        rows.player_seasons[0].minutes = e.minutes;
        rows.player_seasons[0].rating = e.rating;
        const dataset = datasetOfRows(rows);
        if (e.description !== undefined) dataset.meta.description = e.description;
        const dir = join(root, `d-${n++}`);
        datasetToCsvDir(dataset, dir);
        expectDatasetsEqual(datasetFromCsvDir(dir), dataset);
        rmSync(dir, { recursive: true });
      }),
      { numRuns: 40 },
    );
  });
});
