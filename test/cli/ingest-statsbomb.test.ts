import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../helpers/run-cli.js';
import { datasetFromDir } from '../../src/io/load.js';

const FIXTURE = fileURLToPath(new URL('../files/statsbomb/', import.meta.url));

const cli = runCliCaptured;

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'halfspace-ingest-sb-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('halfspace ingest statsbomb', () => {
  it('writes a dataset folder that loads, and prints counts and the attribution', async () => {
    const out = join(tmp, 'ds');
    const r = await cli('ingest', 'statsbomb', FIXTURE, '--competition', '9', '--season', '99', '--out', out);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    // 2 matches, 38 + 21 = 59 events; 26 players, 48 appearances (see the fixture test).
    expect(r.stdout).toMatch(/^wrote .*: 2 matches, 59 events in \d+\.\d s\n/);
    expect(r.stdout).toContain('players 26');
    expect(r.stdout).toContain('appearances 48');
    expect(r.stdout).toContain('Data: StatsBomb open data (Test League 2020/21)');
    expect(datasetFromDir(out).tables.player_seasons.numRows).toBe(26);
  });

  it('prints a JSON summary with --json and no progress bar when stderr is not a terminal', async () => {
    const out = join(tmp, 'ds-json');
    const r = await cli('ingest', 'statsbomb', FIXTURE, '--competition', '9', '--season', '99', '--out', out, '--json');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({
      competition_id: 9,
      season_id: 99,
      matches: 2,
      events: 59,
      attribution: 'Data: StatsBomb open data (Test League 2020/21)',
    });
    expect(summary.tables).toMatchObject({
      leagues: 1,
      seasons: 1,
      teams: 2,
      players: 26,
      player_seasons: 26,
      fixtures: 2,
      appearances: 48,
    });
    expect(summary.coverage['player_seasons.rating']).toMatch(/model rating/);
  });

  it('accepts the data/ folder layout of a clone of statsbomb/open-data', async () => {
    const clone = join(tmp, 'open-data');
    mkdirSync(clone);
    const { cpSync } = await import('node:fs');
    cpSync(FIXTURE, join(clone, 'data'), { recursive: true });
    const r = await cli(
      'ingest',
      'statsbomb',
      clone,
      '--competition',
      '9',
      '--season',
      '99',
      '--out',
      join(tmp, 'ds-clone'),
      '--json',
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).matches).toBe(2);
  });

  it('rejects bad command lines with one line and exit code 2', async () => {
    const cases: [string[], RegExp][] = [
      [['ingest', 'statsbomb', FIXTURE, '--season', '99', '--out', join(tmp, 'x')], /give --competition/],
      [
        ['ingest', 'statsbomb', FIXTURE, '--competition', 'two', '--season', '99', '--out', join(tmp, 'x')],
        /--competition must be an integer/,
      ],
      [['ingest', 'statsbomb', FIXTURE, '--competition', '9', '--season', '99'], /give --out/],
      [
        ['ingest', 'statsbomb', join(tmp, 'nope'), '--competition', '9', '--season', '99', '--out', join(tmp, 'x')],
        /is not a folder/,
      ],
      [
        ['ingest', 'statsbomb', tmp, '--competition', '9', '--season', '99', '--out', join(tmp, 'x')],
        /no competitions\.json/,
      ],
      [
        ['ingest', 'statsbomb', FIXTURE, '--competition', '9', '--season', '5', '--out', join(tmp, 'x')],
        /competitions\.json, column competition_id: no entry with competition_id 9 and season_id 5/,
      ],
    ];
    for (const [argv, message] of cases) {
      const r = await cli(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n').length).toBe(1);
    }
  });

  it('refuses to replace a folder that is not a dataset', async () => {
    const busy = join(tmp, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'notes.txt'), 'keep me');
    const r = await cli('ingest', 'statsbomb', FIXTURE, '--competition', '9', '--season', '99', '--out', busy);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/refusing to replace/);
  });
});
