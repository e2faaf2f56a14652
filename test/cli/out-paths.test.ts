/**
 * Every `--out` of the BUILT binary follows one rule (docs/guide.md#command-line): the folder that
 * will hold the output must exist and be a folder. A missing one is refused with exit 2 and one
 * stderr line before any work, and nothing is created, whether the output is a file (`card`,
 * `score`) or a dataset folder (`ingest …`, `merge`, `enrich`). The commands are found from their
 * own `--help`, so a new command with `--out` fails here until it has a case.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetToCsvDir } from '../../src/io/csv/table-csv.js';
import { datasetToDir } from '../../src/io/save.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';
import { ensureBuilt, hasStack, runBuilt } from '../helpers/built-cli.js';

/** Each command with `--out`: its words up to `--out`, and the name its output takes. */
const CASES: Record<string, { argv: (tmp: string) => string[]; file: string }> = {
  card: { argv: () => ['card', '--name', 'Igor Teixeira'], file: 'x.png' },
  score: { argv: (tmp) => ['score', join(tmp, 'tiny')], file: 'x.csv' },
  'ingest csv': { argv: (tmp) => ['ingest', 'csv', join(tmp, 'csv')], file: 'x' },
  'ingest statsbomb': {
    argv: (tmp) => ['ingest', 'statsbomb', join(tmp, 'open-data'), '--competition', '2', '--season', '27'],
    file: 'x',
  },
  'ingest wyscout': {
    argv: (tmp) => ['ingest', 'wyscout', join(tmp, 'wyscout'), '--competition', 'England'],
    file: 'x',
  },
  ingest: { argv: (tmp) => ['ingest', join(tmp, 'feed.json')], file: 'x' },
  merge: { argv: (tmp) => ['merge', join(tmp, 'tiny'), join(tmp, 'tiny')], file: 'x' },
  enrich: { argv: (tmp) => ['enrich', join(tmp, 'tiny'), '--values', join(tmp, 'values.csv')], file: 'x' },
};

let tmp: string;
let inputs: string[];

beforeAll(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'halfspace-out-paths-'));
  datasetToDir(tinyDataset(), join(tmp, 'tiny'));
  datasetToCsvDir(tinyDataset(), join(tmp, 'csv'));
  writeFileSync(join(tmp, 'values.csv'), 'player_id,market_value_eur\n1,12000000\n');
  // Enough of an open-data folder to get past its lookup: the --out check comes before any match is read.
  mkdirSync(join(tmp, 'open-data'));
  writeFileSync(join(tmp, 'open-data', 'competitions.json'), '[]');
  mkdirSync(join(tmp, 'wyscout'));
  inputs = readdirSync(tmp).sort();
}, 240_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The refusal: exit 2, one line on stderr naming the cause, nothing on stdout, nothing new in the folder. */
async function expectRefused(argv: string[], reason: RegExp): Promise<void> {
  const r = await runBuilt(argv);
  const line = argv.join(' ');
  expect(r.code, `${line}\n${r.stderr}`).toBe(2);
  expect(r.stderr.trimEnd().split('\n'), `${line}\n${r.stderr}`).toHaveLength(1);
  expect(r.stderr, line).toMatch(reason);
  expect(hasStack(r.stderr), line).toBe(false);
  expect(r.stdout, line).toBe('');
  expect(readdirSync(tmp).sort(), `${line} left something behind`).toEqual(inputs);
}

describe('--out never creates missing folders', () => {
  it('covers every command whose usage has --out', async () => {
    const help = await runBuilt(['--help']);
    const names = [...help.stdout.matchAll(/^ {2}(\S+(?: \S+)*?) {2,}\S/gm)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(20);
    const withOut: string[] = [];
    for (const name of names) {
      const usage = await runBuilt([...name.split(' '), '--help']);
      if (/--out\b/.test(usage.stdout)) withOut.push(name);
    }
    expect(withOut.sort()).toEqual(Object.keys(CASES).sort());
  }, 240_000);

  for (const [name, c] of Object.entries(CASES)) {
    it(`${name}: a missing folder is refused, and nothing is created`, async () => {
      const out = join(tmp, 'missing', 'dir', c.file);
      await expectRefused([...c.argv(tmp), '--out', out], /--out .*: the folder .*missing[\\/]dir does not exist/);
    }, 120_000);

    it(`${name}: a file in the folder's place is refused`, async () => {
      const out = join(tmp, 'values.csv', c.file);
      await expectRefused([...c.argv(tmp), '--out', out], /--out .*values\.csv is not a folder/);
    }, 120_000);
  }
});
