/**
 * Reading Parquet a slice of row groups at a time: the footer's row-group sizes (checked against
 * DuckDB's own reading of the footer), records identical to a whole-file read, and progress in rows.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Int32, Table } from 'apache-arrow';
import { DuckDBInstance } from '@duckdb/node-api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utf8VectorOf, vectorOf } from '../../../src/model/arrow.js';
import {
  PARQUET_ROW_GROUP_ROWS,
  parquetRowGroupRowsOf,
  recordsOfParquetFile,
  recordsOfTable,
  tableFromParquetFile,
  tableToParquetFile,
} from '../../../src/io/parquet.js';
import type { CsvField } from '../../../src/io/csv/parse.js';

// Four full row groups and a partial one: 4 × 32,768 + 1,000 rows, so the reader needs three slices.
const ROWS = 4 * PARQUET_ROW_GROUP_ROWS + 1_000;
let tmp: string;
let path: string;
beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'halfspace-parquet-read-'));
  path = join(tmp, 'season.parquet');
  const ids = Int32Array.from({ length: ROWS }, (_, i) => i + 1);
  const names = Array.from({ length: ROWS }, (_, i) => (i % 11 === 0 ? null : `Ødegaard ${i}`));
  await tableToParquetFile(new Table({ player_id: vectorOf(new Int32(), ids), name: utf8VectorOf(names) }), path);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('parquetRowGroupRowsOf', () => {
  it('reads the row count of every row group, as DuckDB reads them from the same footer', async () => {
    const ours = parquetRowGroupRowsOf(readFileSync(path));
    expect(ours).toEqual([...Array(4).fill(PARQUET_ROW_GROUP_ROWS), 1_000]);
    const con = await (await DuckDBInstance.create(':memory:')).connect();
    const duck = (
      await con.runAndReadAll(
        `SELECT DISTINCT row_group_id::INTEGER AS g, row_group_num_rows::INTEGER AS n FROM parquet_metadata('${path}') ORDER BY g`,
      )
    ).getRowObjects();
    expect(duck.map((r) => r.n)).toEqual(ours);
  });

  it('reads the footer of a file DuckDB wrote with its own row-group size', async () => {
    const duckPath = join(tmp, 'duck.parquet');
    const con = await (await DuckDBInstance.create(':memory:')).connect();
    await con.run(
      `COPY (SELECT range::INTEGER AS x, 'v' || range AS s, range % 2 = 0 AS b FROM range(300000)) TO '${duckPath}' (FORMAT parquet, ROW_GROUP_SIZE 100000)`,
    );
    const groups = parquetRowGroupRowsOf(readFileSync(duckPath));
    const duck = (
      await con.runAndReadAll(
        `SELECT DISTINCT row_group_id::INTEGER AS g, row_group_num_rows::INTEGER AS n FROM parquet_metadata('${duckPath}') ORDER BY g`,
      )
    ).getRowObjects();
    expect(groups).toEqual(duck.map((r) => r.n));
    expect(groups?.reduce((s, n) => s + n, 0)).toBe(300_000);
  });

  it('returns null, never throws, for bytes that do not end in a Parquet footer', () => {
    expect(parquetRowGroupRowsOf(new TextEncoder().encode('name,position\n'))).toBeNull();
    const bytes = readFileSync(path);
    // Any cut of the footer region, or any byte changed in it, gives null or a list of counts.
    fc.assert(
      fc.property(fc.nat(400), fc.nat(255), fc.nat(400), (cut, value, at) => {
        const damaged = new Uint8Array(bytes.subarray(bytes.length - 400));
        damaged[at % (damaged.length - 8)] = value;
        for (const b of [damaged, bytes.subarray(0, bytes.length - 1 - cut)]) {
          const rows = parquetRowGroupRowsOf(b);
          expect(rows === null || rows.every((n) => Number.isInteger(n))).toBe(true);
        }
      }),
    );
  });
});

describe('recordsOfParquetFile', () => {
  it('feeds the same records as a whole-file read, lines numbered from the header, with progress in rows', () => {
    const whole: [CsvField[], number][] = [];
    recordsOfTable(tableFromParquetFile(path), path, (f, line) => whole.push([f, line]));
    const sliced: [CsvField[], number][] = [];
    const progress: [number, number][] = [];
    recordsOfParquetFile(
      path,
      path,
      (f, line) => sliced.push([f, line]),
      (done, total) => progress.push([done, total]),
    );
    expect(sliced.length).toBe(ROWS + 1);
    expect(sliced).toEqual(whole);
    expect(sliced[1]).toEqual([['1', null], 2]);
    expect(sliced[ROWS]).toEqual([[String(ROWS), `Ødegaard ${ROWS - 1}`], ROWS + 1]);
    // Slices of ≥ 65,536 rows of whole groups: 2 + 2 + 1 groups → 0, 65,536, 131,072, 132,072.
    expect(progress).toEqual([
      [0, ROWS],
      [2 * PARQUET_ROW_GROUP_ROWS, ROWS],
      [4 * PARQUET_ROW_GROUP_ROWS, ROWS],
      [ROWS, ROWS],
    ]);
  });
});
