/**
 * `halfspace score` input and output through the built binary: text encodings (BOMs, the located
 * invalid-byte error that writes nothing), delimiters (detected and forced), every output format
 * read back and compared cell by cell, Parquet both ways with DuckDB, and the `--json` summary.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataType, Precision, tableFromIPC, type Table } from 'apache-arrow';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableFromParquetFile } from '../../src/io/parquet.js';
import { parseCsv, type CsvField } from '../../src/io/csv/parse.js';
import { ensureBuilt, runBuiltSync } from '../helpers/built-cli.js';
import { SCORE_COLUMNS } from '../../src/scoring/score-table.js';

let tmp: string;
beforeAll(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'halfspace-score-io-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const HEADER = [
  'player_id',
  'name',
  'position',
  'team',
  'league',
  'season',
  'appearances',
  'minutes',
  'goals',
  'shots',
  'passes',
  'passes_completed',
  'birth_date',
  'market_value_eur',
];
const POSITIONS = ['ST', 'CM', 'CB', 'GK', 'LW', 'DM'];

/** Rows of a small season table: names with commas, quotes, line breaks and non-ASCII letters. */
function seasonRows(n: number): (string | number)[][] {
  const names = ['Kylian Mbappé', 'Bo "Beast" Berg', 'Smith, Jr.', 'Łukasz Żółw', 'Line\nBreak', 'Šime Ørsted'];
  return Array.from({ length: n }, (_, i) => [
    i + 1,
    `${names[i % names.length]} ${i}`,
    POSITIONS[i % POSITIONS.length],
    `Club ${i % 4}`,
    i % 2 ? 'Ligue 1' : 'Liga',
    '2025/26',
    1 + (i % 30),
    90 * (1 + (i % 30)) - (i % 7),
    i % 9,
    (i * 7) % 40,
    300 + i * 13,
    250 + i * 11,
    `19${90 + (i % 10)}-0${1 + (i % 9)}-1${i % 10}`,
    (i % 5) * 2_500_000,
  ]);
}

/** CSV text of `rows` under `header` with `delimiter`, quoting where needed. */
function csvText(header: string[], rows: (string | number)[][], delimiter = ',', eol = '\n'): string {
  const field = (v: string | number) =>
    typeof v === 'string' && /[",;\t\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : String(v);
  return [header.join(delimiter), ...rows.map((r) => r.map(field).join(delimiter))].join(eol) + eol;
}

/** Windows-1252 / Latin-1 bytes of a text made only of characters both encode as one byte. */
const latin1Bytes = (text: string) => Buffer.from(text, 'latin1');
const utf16leBytes = (text: string, bom: boolean) =>
  Buffer.concat([bom ? Buffer.from([0xff, 0xfe]) : Buffer.alloc(0), Buffer.from(text, 'utf16le')]);

const score = (...argv: string[]) => runBuiltSync(['score', ...argv, '--as-of', '2026-03-01']);
const filesIn = (dir: string) => readdirSync(dir).sort();

/** Names (column `name`) of a scored CSV file. */
function namesOfCsv(path: string): string[] {
  const records: CsvField[][] = [];
  parseCsv(readFileSync(path, 'utf8'), path, (f) => records.push(f));
  const j = records[0].indexOf('name');
  return records.slice(1).map((r) => r[j] as string);
}

describe('encodings', () => {
  const latinText = csvText(
    HEADER,
    [
      [1, 'Kylian Mbappé', 'ST', 'Paris', 'Ligue 1', '2025/26', 10, 900, 9, 12, 300, 250, '1998-12-20', 180_000_000],
      [2, 'Théo Hernández', 'LB', 'Milan', 'Serie A', '2025/26', 10, 900, 1, 3, 500, 420, '1997-10-06', 30_000_000],
    ],
    ';',
  );

  it('refuses a Latin-1 file as UTF-8 with file, line and byte offset, exit 2 and nothing written', () => {
    const dir = mkdtempSync(join(tmp, 'latin-'));
    const input = join(dir, 'latin.csv');
    writeFileSync(input, latin1Bytes(latinText));
    const before = filesIn(dir);
    const r = score(input, '--out', join(dir, 'out.csv'));
    expect(r.code).toBe(2);
    // "Kylian Mbapp" starts line 2 after the 112-byte header + LF… the offset is where é (0xE9) sits.
    const offset = latin1Bytes(latinText).indexOf(0xe9);
    expect(r.stderr).toBe(
      `halfspace score: ${input}: line 2: byte offset ${offset} (0xE9) is not valid UTF-8; if the file is in another encoding, give --encoding latin1, windows-1252 or utf-16le\n`,
    );
    expect(r.stdout).toBe('');
    expect(filesIn(dir)).toEqual(before);
  });

  it('scores the same Latin-1 semicolon file with --encoding latin1, names intact', () => {
    const input = join(tmp, 'latin.csv');
    writeFileSync(input, latin1Bytes(latinText));
    const out = join(tmp, 'latin-out.csv');
    const r = score(input, '--out', out, '--encoding', 'latin1', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      input_format: 'csv',
      encoding: 'latin1',
      bom: false,
      delimiter: ';',
      delimiter_source: 'detected',
      rows: 2,
    });
    expect(namesOfCsv(out)).toEqual(['Kylian Mbappé', 'Théo Hernández']);
    expect(readFileSync(out, 'utf8')).not.toContain('\uFFFD');
  });

  it('decodes Windows-1252 letters Latin-1 lacks (Š is 0x8A there, a control character in Latin-1)', () => {
    const input = join(tmp, 'cp1252.csv');
    const text = csvText(HEADER, [
      [1, 'Šime Vrsaljko', 'RB', 'Atlético', 'Liga', '2025/26', 5, 450, 0, 1, 200, 150, '1992-01-10', 1_000_000],
    ]);
    writeFileSync(
      input,
      Buffer.from(text.replace('Š', '\u0000'), 'latin1').map((b) => (b === 0 ? 0x8a : b)),
    );
    const out = join(tmp, 'cp1252-out.csv');
    const r = score(input, '--out', out, '--encoding', 'windows-1252');
    expect(r.code).toBe(0);
    expect(namesOfCsv(out)).toEqual(['Šime Vrsaljko']);
    const asLatin1 = score(input, '--out', join(tmp, 'cp1252-l1.csv'), '--encoding', 'latin1');
    expect(asLatin1.code).toBe(0);
    expect(namesOfCsv(join(tmp, 'cp1252-l1.csv'))).toEqual(['\u008Aime Vrsaljko']);
  });

  it('honours a UTF-8 byte-order mark and reports it', () => {
    const input = join(tmp, 'bom8.csv');
    writeFileSync(
      input,
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csvText(HEADER, seasonRows(3)), 'utf8')]),
    );
    const r = score(input, '--out', join(tmp, 'bom8.csv.out.csv'), '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ encoding: 'utf-8', bom: true, delimiter: ',' });
    expect(namesOfCsv(join(tmp, 'bom8.csv.out.csv'))[0]).toBe('Kylian Mbappé 0');
  });

  it('reads Excel\'s "CSV UTF-16" export (UTF-16LE with BOM, tab-separated, CRLF) with no options', () => {
    const input = join(tmp, 'excel.csv');
    writeFileSync(input, utf16leBytes(csvText(HEADER, seasonRows(4), '\t', '\r\n'), true));
    const out = join(tmp, 'excel-out.csv');
    const r = score(input, '--out', out, '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      encoding: 'utf-16le',
      bom: true,
      delimiter: 'tab',
      delimiter_source: 'detected',
      rows: 4,
    });
    expect(namesOfCsv(out)).toEqual(['Kylian Mbappé 0', 'Bo "Beast" Berg 1', 'Smith, Jr. 2', 'Łukasz Żółw 3']);
  });

  it('asks for --encoding on UTF-16 without a BOM, and reads it when given', () => {
    const input = join(tmp, 'u16.csv');
    writeFileSync(input, utf16leBytes(csvText(HEADER, seasonRows(2)), false));
    const refused = score(input, '--out', join(tmp, 'u16-out.csv'));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /u16\.csv: line 1: byte offset 1 is a NUL byte: the file looks like UTF-16; give --encoding utf-16le\n$/,
    );
    expect(existsSync(join(tmp, 'u16-out.csv'))).toBe(false);
    const read = score(input, '--out', join(tmp, 'u16-out.csv'), '--encoding', 'utf-16le', '--json');
    expect(read.code).toBe(0);
    expect(JSON.parse(read.stdout)).toMatchObject({ encoding: 'utf-16le', bom: false });
  });

  it('stops on a BOM that contradicts --encoding, an unpaired UTF-16 surrogate and a cut UTF-8 sequence', () => {
    const bom8 = join(tmp, 'bom-conflict.csv');
    writeFileSync(bom8, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csvText(HEADER, seasonRows(1)))]));
    const r1 = score(bom8, '--out', join(tmp, 'never.csv'), '--encoding', 'utf-16le');
    expect([r1.code, r1.stderr]).toEqual([
      2,
      `halfspace score: ${bom8}: line 1: the file starts with a UTF-8 byte-order mark but --encoding utf-16le was given\n`,
    ]);

    const lone = join(tmp, 'lone.csv');
    const text = csvText(HEADER, seasonRows(1));
    const bytes = utf16leBytes(text, true);
    const at = 2 + 2 * text.indexOf('Kylian');
    bytes.writeUInt16LE(0xd800, at);
    writeFileSync(lone, bytes);
    const r2 = score(lone, '--out', join(tmp, 'never.csv'));
    expect([r2.code, r2.stderr]).toEqual([
      2,
      `halfspace score: ${lone}: line 2: byte offset ${at} is an unpaired UTF-16 surrogate\n`,
    ]);

    const cut = join(tmp, 'cut.csv');
    const good = Buffer.from(csvText(HEADER, seasonRows(1)));
    writeFileSync(cut, Buffer.concat([good, Buffer.from([0xc3])]));
    const r3 = score(cut, '--out', join(tmp, 'never.csv'));
    expect([r3.code, r3.stderr]).toEqual([
      2,
      `halfspace score: ${cut}: line 3: byte offset ${good.length} (0xC3) is not valid UTF-8; if the file is in another encoding, give --encoding latin1, windows-1252 or utf-16le\n`,
    ]);
    expect(existsSync(join(tmp, 'never.csv'))).toBe(false);
  });

  it('rejects an unknown --encoding with one line', () => {
    const r = score(join(tmp, 'latin.csv'), '--out', join(tmp, 'x.csv'), '--encoding', 'ebcdic');
    expect([r.code, r.stderr]).toEqual([
      2,
      'halfspace score: --encoding must be one of utf-8, utf-16le, latin1, windows-1252, got "ebcdic"\n',
    ]);
  });
});

describe('delimiters', () => {
  const rows = seasonRows(6);
  const reference = join(tmp ?? '', 'never');
  void reference;

  it.each([
    [',', 'comma', ','],
    [';', 'semicolon', ';'],
    ['\t', 'tab', 'tab'],
  ])(
    'detects %j from the header and reads the same table as when forced with --delimiter %s',
    (delimiter, name, reported) => {
      const input = join(tmp, `delim-${name}.csv`);
      writeFileSync(input, csvText(HEADER, rows, delimiter));
      const detected = score(input, '--out', join(tmp, `delim-${name}-a.csv`), '--json');
      const forced = score(input, '--out', join(tmp, `delim-${name}-b.csv`), '--json', '--delimiter', name);
      expect([detected.code, forced.code]).toEqual([0, 0]);
      expect(JSON.parse(detected.stdout)).toMatchObject({ delimiter: reported, delimiter_source: 'detected', rows: 6 });
      expect(JSON.parse(forced.stdout)).toMatchObject({ delimiter: reported, delimiter_source: 'forced' });
      const a = readFileSync(join(tmp, `delim-${name}-a.csv`), 'utf8');
      expect(readFileSync(join(tmp, `delim-${name}-b.csv`), 'utf8')).toBe(a);
      expect(namesOfCsv(join(tmp, `delim-${name}-a.csv`))).toEqual(rows.map((r) => r[1]));
    },
  );

  it('scores every delimiter to the same output', () => {
    const outs = ['comma', 'semicolon', 'tab'].map((n) => readFileSync(join(tmp, `delim-${n}-a.csv`), 'utf8'));
    expect(outs[1]).toBe(outs[0]);
    expect(outs[2]).toBe(outs[0]);
  });

  it('a forced delimiter the file does not use reads the header as one unknown column; an ambiguous header asks for --delimiter', () => {
    const input = join(tmp, 'delim-semicolon.csv');
    const wrong = score(input, '--out', join(tmp, 'x.csv'), '--delimiter', ',');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(
      /^halfspace score: .*delim-semicolon\.csv, column player_id;name;position;.*: line 1: unknown column/,
    );
    const tie = join(tmp, 'tie.csv');
    writeFileSync(tie, 'name;position,team\nA;ST,X\n');
    const r = score(tie, '--out', join(tmp, 'x.csv'));
    expect([r.code, r.stderr]).toEqual([
      2,
      `halfspace score: ${tie}: line 1: the header has as many of two delimiters (\`,\` \`;\` tab); give --delimiter\n`,
    ]);
    const bad = score(tie, '--out', join(tmp, 'x.csv'), '--delimiter', '|');
    expect([bad.code, bad.stderr]).toEqual([2, 'halfspace score: --delimiter must be one of ",", ";", tab, got "|"\n']);
  });
});

/** Asserts every cell of `table` equals the text `cell(j, i)` (null for null) read from a text format. */
function expectCellsMatch(
  table: Table,
  header: readonly string[],
  cell: (column: number, row: number) => unknown,
  numRows: number,
): void {
  expect(header).toEqual(table.schema.fields.map((f) => f.name));
  expect(numRows).toBe(table.numRows);
  table.schema.fields.forEach((field, j) => {
    const vector = table.getChildAt(j)!;
    const single = DataType.isFloat(field.type) && field.type.precision === Precision.SINGLE;
    for (let i = 0; i < table.numRows; i++) {
      const want = vector.get(i) as unknown;
      const got = cell(j, i);
      if (want === null) expect(got === null || got === '', `${field.name}[${i}]`).toBe(true);
      else if (typeof want === 'number')
        expect(single ? Math.fround(Number(got)) : Number(got), `${field.name}[${i}]`).toBe(want);
      else expect(got, `${field.name}[${i}]`).toBe(want);
    }
  });
}

describe('output formats round-trip', () => {
  let input: string;
  let reference: Table;
  beforeAll(() => {
    input = join(tmp, 'season.csv');
    writeFileSync(input, csvText(HEADER, seasonRows(120)));
    const r = score(input, '--out', join(tmp, 'ref.arrow'));
    expect(r.code).toBe(0);
    reference = tableFromIPC(readFileSync(join(tmp, 'ref.arrow')));
  });

  it('the Arrow reference holds every row with nulls where values are not computable', () => {
    expect(reference.numRows).toBe(120);
    expect(reference.numCols).toBe(SCORE_COLUMNS.length);
    expect(reference.getChild('name')!.get(4)).toBe('Line\nBreak 4');
  });

  it('.csv reads back to the same cells', () => {
    const out = join(tmp, 'rt.csv');
    expect(score(input, '--out', out).code).toBe(0);
    const records: CsvField[][] = [];
    parseCsv(readFileSync(out, 'utf8'), out, (f) => records.push(f));
    expectCellsMatch(reference, records[0] as string[], (j, i) => records[i + 1][j], records.length - 1);
  });

  it('.jsonl reads back to the same cells', () => {
    const out = join(tmp, 'rt.jsonl');
    const r = score(input, '--out', out, '--json');
    expect(JSON.parse(r.stdout).format).toBe('jsonl');
    const rows = readFileSync(out, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const names = reference.schema.fields.map((f) => f.name);
    expect(rows.every((row) => Object.keys(row).join() === names.join())).toBe(true);
    expectCellsMatch(reference, Object.keys(rows[0]), (j, i) => rows[i][names[j]], rows.length);
  });

  it('.parquet reads back to the same types and values, and --format overrides the extension', () => {
    const out = join(tmp, 'rt.parquet');
    expect(score(input, '--out', out).code).toBe(0);
    const back = tableFromParquetFile(out);
    expect(back.schema.fields.map((f) => `${f.name}:${f.type}`)).toEqual(
      reference.schema.fields.map((f) => `${f.name}:${f.type}`),
    );
    expectCellsMatch(
      reference,
      back.schema.fields.map((f) => f.name),
      (j, i) => back.getChildAt(j)!.get(i),
      back.numRows,
    );
    const forced = join(tmp, 'rt.data');
    const r = score(input, '--out', forced, '--format', 'parquet', '--json');
    expect(JSON.parse(r.stdout).format).toBe('parquet');
    expect(tableFromParquetFile(forced).numRows).toBe(120);
  });

  it('DuckDB reads our Parquet: row count, sums, text and column types agree', async () => {
    const con = await (await DuckDBInstance.create(':memory:')).connect();
    const path = join(tmp, 'rt.parquet');
    const got = (
      await con.runAndReadAll(
        `SELECT count(*)::INTEGER AS n, sum(goals)::INTEGER AS goals, sum(goals_per90)::DOUBLE AS g90, max(name) AS top, count(dna_1)::INTEGER AS dna FROM '${path}'`,
      )
    ).getRowObjects()[0];
    const col = (name: string) =>
      Array.from({ length: reference.numRows }, (_, i) => reference.getChild(name)!.get(i) as number | string | null);
    const nonNull = <T>(xs: (T | null)[]) => xs.filter((x): x is T => x !== null);
    expect(got.n).toBe(120);
    expect(got.goals).toBe(nonNull(col('goals') as (number | null)[]).reduce((a, b) => a + b, 0));
    expect(got.g90 as number).toBeCloseTo(
      nonNull(col('goals_per90') as (number | null)[]).reduce((a, b) => a + b, 0),
      9,
    );
    expect(got.top).toBe([...nonNull(col('name') as (string | null)[])].sort().at(-1));
    expect(got.dna).toBe(nonNull(col('dna_1')).length);
    const types = (
      await con.runAndReadAll(
        `SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM '${path}') WHERE column_name IN ('player_id', 'name', 'minutes', 'dna_1')`,
      )
    ).getRowObjects();
    expect(Object.fromEntries(types.map((t) => [t.column_name, t.column_type]))).toEqual({
      player_id: 'INTEGER',
      name: 'VARCHAR',
      minutes: 'DOUBLE',
      dna_1: 'FLOAT',
    });
  });

  it("scores DuckDB's Parquet (BIGINT, DATE, DOUBLE columns) exactly like the CSV it came from", async () => {
    const con = await (await DuckDBInstance.create(':memory:')).connect();
    const parquet = join(tmp, 'duck-season.parquet');
    await con.run(`COPY (SELECT * FROM read_csv('${input}', header = true)) TO '${parquet}' (FORMAT parquet)`);
    const types = (
      await con.runAndReadAll(
        `SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM '${parquet}') WHERE column_name IN ('minutes', 'birth_date')`,
      )
    ).getRowObjects();
    // DuckDB infers a DATE and a 64-bit integer: the reader must turn both back into our values.
    expect(Object.fromEntries(types.map((t) => [t.column_name, t.column_type]))).toEqual({
      minutes: 'BIGINT',
      birth_date: 'DATE',
    });
    const out = join(tmp, 'from-duck.arrow');
    const r = score(parquet, '--out', out, '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ input_format: 'parquet', rows: 120 });
    expect(JSON.parse(r.stdout).encoding).toBeUndefined();
    const fromDuck = tableFromIPC(readFileSync(out));
    expectCellsMatch(
      reference,
      fromDuck.schema.fields.map((f) => f.name),
      (j, i) => fromDuck.getChildAt(j)!.get(i),
      fromDuck.numRows,
    );
  });

  it('a file that is not Parquet stops with exit 2 and one line', () => {
    const fake = join(tmp, 'fake.parquet');
    writeFileSync(fake, 'name,position\n');
    const r = score(fake, '--out', join(tmp, 'x.csv'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^halfspace score: .*fake\.parquet: not a readable Parquet file/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
