/**
 * Corrupt dataset files through the built binary: a truncated `.arrow` table, a Parquet table whose
 * footer lies (its length beyond the file, huge declared sizes) and a CSV of 10^6 columns. Each is
 * one clear line naming the file (never a decoder's TypeError), exit 2, and no output written; the
 * Parquet and CSV runs stay within the CLI's peak RSS ceiling (docs/deploy.md#resource-limits), so a
 * declared size is never allocated on trust. The Wyscout gzip bomb is in test/limits/cli-bombs.test.ts.
 */
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetToCsvDir } from '../../src/io/csv/table-csv.js';
import { tableToParquetFile } from '../../src/io/parquet.js';
import { datasetToDir } from '../../src/io/save.js';
import { peakRssEnv, readPeakMb } from '../helpers/bombs.js';
import { ensureBuilt, runBuiltSync } from '../helpers/built-cli.js';
import { completeDataset } from '../helpers/complete-dataset.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

let root: string;
let csvDir: string;
beforeAll(() => {
  ensureBuilt();
  root = mkdtempSync(join(tmpdir(), 'halfspace-corrupt-'));
  csvDir = join(root, 'csv');
  datasetToCsvDir(completeDataset(), csvDir);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Peak RSS of one CLI run refusing these inputs, in MB (as test/limits/cli-bombs.test.ts; docs/deploy.md#resource-limits). */
const CLI_RSS_CEILING_MB = 400;

/** Runs the binary recording its peak RSS in MB. */
function runMeasured(name: string, argv: string[]) {
  const file = join(root, `${name}.rss`);
  const r = runBuiltSync(argv, { env: peakRssEnv(root, file) });
  return { ...r, peakMb: readPeakMb(file) };
}

/** One line on stderr, exit 2, nothing on stdout, no stack or decoder error. */
function expectOneLineRefusal(r: { code: number | null; stdout: string; stderr: string }, file: string) {
  expect(r.code, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).toContain(file);
  expect(r.stderr).not.toMatch(/TypeError|RangeError|Cannot read properties|is not safe to convert|\bat .*:\d+:\d+/);
}

describe('a truncated .arrow table', () => {
  it.each([0.001, 0.3, 0.9])('cut at %d of its length is one line naming the file, exit 2', (share) => {
    const dir = join(root, `arrow-${share}`);
    datasetToDir(tinyDataset(), dir);
    const file = join(dir, 'player_seasons.arrow');
    truncateSync(file, Math.max(8, Math.floor(statSync(file).size * share)));
    const r = runBuiltSync(['player', '--name', 'Anton Berg', '--dataset', dir]);
    expectOneLineRefusal(r, 'player_seasons.arrow');
    expect(r.stderr).toMatch(/truncated|damaged/);
  });
});

describe('a Parquet table whose footer lies', () => {
  let good: Buffer;
  beforeAll(async () => {
    const file = join(root, 'players.parquet');
    await tableToParquetFile(completeDataset().tables.players, file);
    good = readFileSync(file);
  });

  /** The file with its footer length (the 4 bytes before the closing PAR1) set to `length`. */
  const withFooterLength = (length: number) => {
    const bad = Buffer.from(good);
    bad.writeUInt32LE(length >>> 0, bad.length - 8);
    return bad;
  };
  /** The file with `count` bytes of its footer from `at` (bytes before the length field) set to 0xff. */
  const withFooterBytes = (at: number, count: number) => {
    const bad = Buffer.from(good);
    bad.fill(0xff, bad.length - 8 - at, bad.length - 8 - at + count);
    return bad;
  };

  it.each([
    ['a footer length beyond the file', () => withFooterLength(good.length + 1_000)],
    ['a footer length of 2 GiB', () => withFooterLength(0x7fff_fff0)],
    ['a negative footer length', () => withFooterLength(-5)],
    ['huge declared sizes and offsets in the footer', () => withFooterBytes(200, 40)],
    [
      'the start of the footer overwritten',
      () => withFooterBytes(Math.min(good.readUInt32LE(good.length - 8), 300), 60),
    ],
  ])('%s: one line naming the file, exit 2, no dataset written', (_name, bytes) => {
    const dir = join(root, `pq-${_name.replace(/\W+/g, '-')}`);
    cpSync(csvDir, dir, { recursive: true });
    unlinkSync(join(dir, 'players.csv'));
    writeFileSync(join(dir, 'players.parquet'), bytes());
    const out = join(root, `pq-out-${_name.replace(/\W+/g, '-')}`);
    const r = runMeasured(`pq-${_name.replace(/\W+/g, '-')}`, ['ingest', 'csv', dir, '--out', out]);
    expectOneLineRefusal(r, 'players.parquet');
    expect(existsSync(out)).toBe(false);
    expect(r.peakMb).toBeLessThan(CLI_RSS_CEILING_MB);
  });
});

describe('a CSV of 10^6 columns', () => {
  it('is one line naming the file, exit 2, no dataset written', () => {
    const dir = join(root, 'wide');
    cpSync(csvDir, dir, { recursive: true });
    const header = Array.from({ length: 1_000_000 }, (_, i) => `c${i}`).join(',');
    writeFileSync(join(dir, 'players.csv'), `${header}\n${'1,'.repeat(999_999)}1\n`);
    const out = join(root, 'wide-out');
    const r = runMeasured('wide', ['ingest', 'csv', dir, '--out', out]);
    expectOneLineRefusal(r, 'players.csv');
    expect(existsSync(out)).toBe(false);
    expect(r.peakMb).toBeLessThan(CLI_RSS_CEILING_MB);
  });
});
