/**
 * `halfspace ingest csv` through the built binary: tables given as Parquet (ours and DuckDB's),
 * semicolon Latin-1 files with --encoding/--delimiter, and the refused invalid byte.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetFromDir } from '../../src/io/load.js';
import { datasetToCsvDir } from '../../src/io/csv/table-csv.js';
import { tableToParquetFile } from '../../src/io/parquet.js';
import { completeDataset } from '../helpers/complete-dataset.js';
import { expectDatasetsEqual } from '../helpers/expect-tables-equal.js';
import { ensureBuilt, runBuiltSync } from '../helpers/built-cli.js';

let root: string;
let csvDir: string;
beforeAll(() => {
  ensureBuilt();
  root = mkdtempSync(join(tmpdir(), 'halfspace-ingest-io-'));
  csvDir = join(root, 'csv');
  datasetToCsvDir(completeDataset(), csvDir);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const ingest = (...argv: string[]) => runBuiltSync(['ingest', 'csv', ...argv]);

describe('ingest csv with Parquet tables', () => {
  it('reads <table>.parquet written by halfspace in place of <table>.csv', async () => {
    const dir = join(root, 'ours');
    cpSync(csvDir, dir, { recursive: true });
    const dataset = completeDataset();
    for (const t of ['players', 'player_seasons', 'fixtures'] as const) {
      unlinkSync(join(dir, `${t}.csv`));
      await tableToParquetFile(dataset.tables[t], join(dir, `${t}.parquet`));
    }
    const out = join(root, 'ours-arrow');
    const r = ingest(dir, '--out', out, '--json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).files).toMatchObject({
      'players.parquet': { format: 'parquet' },
      'leagues.csv': { format: 'csv', delimiter: ',' },
    });
    expectDatasetsEqual(datasetFromDir(out), dataset);
  });

  it("reads DuckDB's Parquet (its own inferred types: BIGINT, DATE, TIMESTAMP WITH TIME ZONE)", async () => {
    const dir = join(root, 'duck');
    cpSync(csvDir, dir, { recursive: true });
    const con = await (await DuckDBInstance.create(':memory:')).connect();
    for (const t of ['players', 'fixtures']) {
      await con.run(
        `COPY (SELECT * FROM read_csv('${join(dir, `${t}.csv`)}', header = true)) TO '${join(dir, `${t}.parquet`)}' (FORMAT parquet)`,
      );
      unlinkSync(join(dir, `${t}.csv`));
    }
    const out = join(root, 'duck-arrow');
    const r = ingest(dir, '--out', out);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expectDatasetsEqual(datasetFromDir(out), completeDataset());
  });

  it('refuses a table given both as .csv and .parquet', () => {
    const dir = join(root, 'both');
    cpSync(join(root, 'ours'), dir, { recursive: true });
    writeFileSync(join(dir, 'players.csv'), readFileSync(join(csvDir, 'players.csv')));
    const r = ingest(dir, '--out', join(root, 'never'));
    expect([r.code, r.stderr]).toEqual([
      2,
      'halfspace ingest csv: players.parquet: both players.csv and players.parquet exist; keep one\n',
    ]);
    expect(existsSync(join(root, 'never'))).toBe(false);
  });
});

describe('ingest csv encodings and delimiters', () => {
  /** A copy of the CSV folder with every file re-encoded as Latin-1 and separated by semicolons. */
  function latinSemicolonDir(name: string): string {
    const dir = join(root, name);
    cpSync(csvDir, dir, { recursive: true });
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.csv'))) {
      const path = join(dir, file);
      // completeDataset has no field holding a semicolon, so swapping the delimiter outside quotes is safe here.
      let quoted = false;
      const text = [...readFileSync(path, 'utf8')]
        .map((c) => {
          if (c === '"') quoted = !quoted;
          return c === ',' && !quoted ? ';' : c;
        })
        .join('');
      writeFileSync(path, Buffer.from(text, 'latin1'));
    }
    return dir;
  }

  it('reads Latin-1 semicolon files with --encoding latin1, and refuses them as UTF-8 with the byte offset', () => {
    const dir = latinSemicolonDir('latin');
    const refused = ingest(dir, '--out', join(root, 'latin-refused'));
    expect(refused.code).toBe(2);
    // Tables are read in schema order; the first non-ASCII byte is ß (0xDF) of "Rot-Weiß Auen" on line 4 of teams.csv.
    const bytes = readFileSync(join(dir, 'teams.csv'));
    const offset = bytes.indexOf(0xdf);
    expect(bytes.subarray(0, offset).filter((b) => b === 0x0a).length + 1).toBe(4);
    expect(refused.stderr).toBe(
      `halfspace ingest csv: teams.csv: line 4: byte offset ${offset} (0xDF) is not valid UTF-8; if the file is in another encoding, give --encoding latin1, windows-1252 or utf-16le\n`,
    );
    expect(existsSync(join(root, 'latin-refused'))).toBe(false);
    const out = join(root, 'latin-arrow');
    const r = ingest(dir, '--out', out, '--encoding', 'latin1', '--delimiter', 'semicolon', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).files['players.csv']).toEqual({
      format: 'csv',
      encoding: 'latin1',
      bom: false,
      delimiter: ';',
      delimiter_source: 'forced',
    });
    expectDatasetsEqual(datasetFromDir(out), completeDataset());
  });
});

describe('Parquet column types', () => {
  it('refuses a fixed-point DECIMAL column rather than misreading its unscaled integers', async () => {
    const dir = join(root, 'decimal');
    cpSync(csvDir, dir, { recursive: true });
    const con = await (await DuckDBInstance.create(':memory:')).connect();
    await con.run(
      `COPY (SELECT * REPLACE (CAST(market_value_eur AS DECIMAL(18, 2)) AS market_value_eur) FROM read_csv('${join(dir, 'players.csv')}', header = true)) TO '${join(dir, 'players.parquet')}' (FORMAT parquet)`,
    );
    unlinkSync(join(dir, 'players.csv'));
    const r = ingest(dir, '--out', join(root, 'decimal-arrow'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^halfspace ingest csv: players\.parquet, column market_value_eur: column type Decimal.* is not supported \(cast fixed-point decimals to DOUBLE/,
    );
  });
});
