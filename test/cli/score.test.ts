import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tableFromIPC } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../helpers/run-cli.js';
import { SCORE_COLUMNS } from '../../src/scoring/score-table.js';

const FIXTURE = fileURLToPath(new URL('../files/statsbomb/', import.meta.url));

const cli = runCliCaptured;

let tmp: string;
let datasetDir: string;
beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'halfspace-score-'));
  datasetDir = join(tmp, 'fixture-ds');
  const r = await cli(
    'ingest',
    'statsbomb',
    FIXTURE,
    '--competition',
    '9',
    '--season',
    '99',
    '--out',
    datasetDir,
    '--json',
  );
  expect(r.code).toBe(0);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('halfspace score', () => {
  it('scores a dataset folder into Arrow with the attribution in the summary', async () => {
    const out = join(tmp, 'scores.arrow');
    const r = await cli('score', datasetDir, '--out', out, '--json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    // 26 player-seasons; StatsBomb gives no ratings, so every rated row uses the model.
    expect(summary).toMatchObject({
      rows: 26,
      format: 'arrow',
      rating_source: { provider: 0 },
      attribution: 'Data: StatsBomb open data (Test League 2020/21)',
    });
    const table = tableFromIPC(readFileSync(out));
    expect(table.numRows).toBe(26);
    const rows = table.toArray().map((x) => x.toJSON() as Record<string, unknown>);
    // Player 11 (fixture test): 1 goal, 2 shots in 187.5 minutes → 2 × 90 / 187.5 = 0.96 shots per 90.
    expect(rows.find((x) => x.player_id === 11)).toMatchObject({
      minutes: 187.5,
      goals: 1,
      shots: 2,
      shots_per90: 0.96,
      goals_per90: 0.48,
      position_group: 'attacker',
    });
    // Player 33 played 0 minutes: no per-90 values.
    expect(rows.find((x) => x.player_id === 33)).toMatchObject({ minutes: 0, goals_per90: null });
  });

  it('scores a season-table CSV into CSV and prints a one-paragraph text summary', async () => {
    const input = join(tmp, 'players.csv');
    writeFileSync(
      input,
      'player_id,name,position,team,league,season,appearances,minutes,goals,birth_date\n1,Ana,ST,X,L,2025/26,10,900,9,2000-06-01\n2,Bo,ST,Y,L,2025/26,10,450,1,\n',
    );
    const out = join(tmp, 'players-scored.csv');
    const r = await cli('score', input, '--out', out, '--as-of', '2026-03-01');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(`^scored 2 player-seasons → .*players-scored\\.csv \\(csv, ${SCORE_COLUMNS.length} columns\\)`),
    );
    const [header, first, second] = readFileSync(out, 'utf8').trim().split('\n');
    const cols = header.split(',');
    const at = (line: string, c: string) => line.split(',')[cols.indexOf(c)];
    // Ana: 9 × 90 / 900 = 0.9 goals per 90; cohort = both attackers (450 min ≥ 450). Percentile =
    // 100 × (below + ½ equal) / n, the player counting as equal to himself: Ana (1 + ½)/2 = 75.
    // Age on 2026-03-01 for 2000-06-01: 25.
    expect([
      at(first, 'name'),
      at(first, 'goals_per90'),
      at(first, 'goals_per90_percentile'),
      at(first, 'age'),
      at(first, 'sample'),
    ]).toEqual(['Ana', '0.9', '75', '25', 'ok']);
    // Bo: 1 × 90 / 450 = 0.2 → (0 + ½)/2 = 25; no birth date → empty age.
    expect([at(second, 'goals_per90'), at(second, 'goals_per90_percentile'), at(second, 'age')]).toEqual([
      '0.2',
      '25',
      '',
    ]);
  });

  it('scores a CSV dataset folder (docs/csv.md) like its Arrow twin', async () => {
    const { datasetToCsvDir } = await import('../../src/io/csv/table-csv.js');
    const { datasetFromDir } = await import('../../src/io/load.js');
    const csvDir = join(tmp, 'fixture-csv');
    datasetToCsvDir(datasetFromDir(datasetDir), csvDir);
    const fromCsv = await cli('score', csvDir, '--out', join(tmp, 'from-csv.csv'));
    const fromArrow = await cli('score', datasetDir, '--out', join(tmp, 'from-arrow.csv'));
    expect([fromCsv.code, fromArrow.code]).toEqual([0, 0]);
    expect(readFileSync(join(tmp, 'from-csv.csv'), 'utf8')).toBe(readFileSync(join(tmp, 'from-arrow.csv'), 'utf8'));
  });

  it('rejects bad command lines with one line and exit code 2', async () => {
    const cases: [string[], RegExp][] = [
      [['score', datasetDir], /give --out/],
      [['score', datasetDir, '--out', join(tmp, 'x.xlsx')], /must end in \.arrow, \.csv, \.parquet or \.jsonl/],
      [['score', join(tmp, 'missing'), '--out', join(tmp, 'x.csv')], /does not exist/],
      [['score', tmp, '--out', join(tmp, 'x.csv')], /not a dataset folder/],
      [['score', datasetDir, '--out', join(tmp, 'x.csv'), '--minutes-min=-5'], /--minutes-min must be a number ≥ 0/],
      [['score', datasetDir, '--out', join(tmp, 'x.csv'), '--as-of', '2026-13-45'], /--as-of must be a date/],
    ];
    for (const [argv, message] of cases) {
      const r = await cli(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n').length).toBe(1);
    }
  });

  it('reports a bad season table with its line and exit code 2', async () => {
    const input = join(tmp, 'bad.csv');
    writeFileSync(input, 'name,position,team,league,season,appearances,minutes\nAna,ST,X,L,2025/26,ten,900\n');
    const r = await cli('score', input, '--out', join(tmp, 'bad-out.csv'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/column appearances, row 0: line 2: "ten" is not an integer/);
  });
});
