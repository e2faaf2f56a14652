import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../helpers/run-cli.js';
import { datasetToDir } from '../../src/io/save.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'halfspace-cli-'));
  datasetToDir(tinyDataset(), join(dir, 'tiny'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = runCliCaptured;

describe('halfspace CLI', () => {
  it('prints the exact engine JSON with --json', async () => {
    const r = await run('scouting', '--dataset', join(dir, 'tiny'), '--name', 'muller weiss', '--json');
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout);
    expect(body.meta.entity_id).toBe(1);
    expect(body.data.percentiles.goals_per90.percentile).toBe(90);
  });

  it('prints readable text by default', async () => {
    const r = await run('scouting', '--dataset', join(dir, 'tiny'), '--player-id', '1');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('goals_per90');
    expect(r.stdout).toContain('elite');
  });

  it('turns bad input into one line on stderr and exit code 2', async () => {
    for (const argv of [
      ['scouting', '--dataset', join(dir, 'tiny')],
      ['scouting', '--dataset', join(dir, 'tiny'), '--name', 'Nobody Known'],
      ['scouting', '--dataset', join(dir, 'tiny'), '--player-id', 'seven'],
      ['scouting', '--dataset', join(dir, 'missing-folder'), '--name', 'x'],
      ['scouting', '--bogus-flag'],
      ['bestxi', 'lineup', '--dataset', join(dir, 'tiny'), '--ids', '1,1'],
    ]) {
      const r = await run(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), argv.join(' ')).toHaveLength(1);
      expect(r.stdout).toBe('');
    }
  });

  it('rejects an unknown command', async () => {
    const r = await run('frobnicate');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown command');
  });
});
