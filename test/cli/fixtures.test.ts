import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { runCli } from '../../src/cli/run.js';
import { datasetToDir } from '../../src/io/save.js';
import { smallLeague } from '../helpers/small-league.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'halfspace-fixtures-cli-'));
  datasetToDir(smallLeague(), dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(COMMANDS, argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe('halfspace fixtures', () => {
  it('prints the engine JSON with --json', async () => {
    const r = await run(
      'fixtures',
      '--team',
      'lindau',
      '--mode',
      'upcoming',
      '--limit',
      '1',
      '--dataset',
      dir,
      '--json',
    );
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout);
    expect(body.meta).toMatchObject({ team_id: 11, mode: 'upcoming', as_of: '2026-03-01' });
    expect(body.matches.map((m: { fixture_id: number }) => m.fixture_id)).toEqual([7]);
    expect(body.matches[0].signals).toEqual({
      derby_kind: 'historic',
      competition_tier: 'top_flight',
      headline: 'Sporting Lindau v FC Nordhafen is a historic derby.',
    });
  });
  it('prints readable text by default', async () => {
    const r = await run('fixtures', '--team-id', '10', '--mode', 'recent', '--limit', '2', '--dataset', dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('2 recent matches');
    expect(r.stdout).toContain('Sporting Lindau 1-0 FC Nordhafen  [FT]');
    expect(r.stdout).toContain('FC Nordhafen (4-3-3): Piet de Vries');
  });
  it('bad input is one line on stderr and exit code 2', async () => {
    for (const argv of [
      ['--limit', '40', '--team', 'Lindau'],
      ['--team', 'Nordh'],
      ['--mode', 'recent'],
      ['--team-id', 'x'],
    ]) {
      const r = await run('fixtures', ...argv, '--dataset', dir);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect((await run('fixtures', '--team', 'Nordh', '--dataset', dir)).stderr).toContain('ambiguous_team');
  });
});
