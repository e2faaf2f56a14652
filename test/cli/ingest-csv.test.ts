import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { runCli } from '../../src/cli/run.js';
import { datasetFromDir } from '../../src/io/load.js';
import { datasetToCsvDir } from '../../src/io/csv/table-csv.js';
import { completeDataset } from '../helpers/complete-dataset.js';
import { expectDatasetsEqual } from '../helpers/expect-tables-equal.js';

const root = mkdtempSync(join(tmpdir(), 'halfspace-ingest-csv-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const csvDir = join(root, 'csv');
datasetToCsvDir(completeDataset(), csvDir);

async function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(COMMANDS, argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe('halfspace ingest csv', () => {
  it('writes an Arrow dataset equal to the CSV one and prints a JSON summary of row counts', async () => {
    const out = join(root, 'arrow');
    const r = await run('ingest', 'csv', csvDir, '--out', out, '--json');
    expect(r.code).toBe(0);
    // Row counts of completeRows(): 2 leagues, 2 seasons, 3 teams, 1 rivalry, 4 players, 4 player-seasons, 2 fixtures,
    // 1 player-zones row, 5 appearances, 1 shot.
    const summary = JSON.parse(r.stdout);
    expect(summary.tables).toEqual({
      leagues: 2,
      seasons: 2,
      teams: 3,
      rivalries: 1,
      players: 4,
      player_seasons: 4,
      fixtures: 2,
      player_zones: 1,
      appearances: 5,
      shots: 1,
    });
    // Every file is reported with how it was read: our writer's CSV is plain UTF-8, comma-separated.
    expect(summary.files['players.csv']).toEqual({
      format: 'csv',
      encoding: 'utf-8',
      bom: false,
      delimiter: ',',
      delimiter_source: 'detected',
    });
    expectDatasetsEqual(datasetFromDir(out), completeDataset());
  });

  it('prints a readable line by default and may replace an earlier Arrow dataset', async () => {
    const out = join(root, 'arrow-again');
    expect((await run('ingest', 'csv', csvDir, '--out', out)).code).toBe(0);
    const r = await run('ingest', 'csv', csvDir, '--out', out);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `wrote ${out}: leagues 2, seasons 2, teams 3, rivalries 1, players 4, player_seasons 4, fixtures 2, player_zones 1, appearances 5, shots 1 rows\n`,
    );
  });

  it('turns a bad row into one line on stderr, exit code 2, and writes nothing', async () => {
    const bad = join(root, 'bad-csv');
    datasetToCsvDir(completeDataset(), bad);
    writeFileSync(join(bad, 'leagues.csv'), 'league_id,name,tier,kind\n1,A,1,league\n2,B,one,cup\n');
    const out = join(root, 'never');
    const r = await run('ingest', 'csv', bad, '--out', out);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('halfspace ingest csv: leagues.csv, column tier, row 1: line 3: "one" is not an integer\n');
    expect(existsSync(out)).toBe(false);
  });

  it('refuses to replace a folder that is not an Arrow dataset', async () => {
    const precious = join(root, 'precious');
    mkdirSync(precious);
    writeFileSync(join(precious, 'notes.txt'), 'keep me');
    const r = await run('ingest', 'csv', csvDir, '--out', precious);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('refusing to replace');
    expect(readFileSync(join(precious, 'notes.txt'), 'utf8')).toBe('keep me');
  });

  it.each([
    [['ingest', 'csv', csvDir], 'give --out <dataset-dir>'],
    [['ingest', 'csv', '--out', 'x'], 'give exactly one CSV folder (got 0)'],
    [['ingest', 'csv', join(root, 'missing'), '--out', 'x'], 'is not a folder'],
    [['ingest', 'csv', csvDir, '--out', csvDir], '--out must differ from the CSV folder'],
  ])('rejects %j with a usage error', async (argv, message) => {
    const r = await run(...argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
