import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../helpers/run-cli.js';
import { datasetToDir } from '../../src/io/save.js';
import { Engine } from '../../src/engine.js';
import { dnaUniverse } from '../dna/dna-dataset.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'halfspace-similar-'));
  datasetToDir(dnaUniverse(), join(dir, 'dna'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = runCliCaptured;

describe('halfspace similar', () => {
  it('prints the exact engine JSON with --json', async () => {
    const r = await run(
      'similar',
      '--dataset',
      join(dir, 'dna'),
      '--name',
      'Arno Vale',
      '--max-fee-tier',
      't2',
      '--max-age',
      '24',
      '--json',
    );
    expect(r.code).toBe(0);
    const engine = Engine.open({ dataset: join(dir, 'dna') });
    const direct = engine.dnaSearch({ name: 'Arno Vale', filters: { max_fee_tier: 'T2', max_age: 24 } });
    expect(direct.ok).toBe(true);
    expect(JSON.parse(r.stdout)).toEqual(direct.ok ? JSON.parse(JSON.stringify(direct.value)) : null);
  });

  it('prints a readable table by default', async () => {
    const r = await run('similar', '--dataset', join(dir, 'dna'), '--player-id', '1', '--limit', '2');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toContain('Arno Vale');
    expect(r.stdout).toMatch(/#\s+sim\s+match\s+band/);
    // The twin and the clone, both at 1.00.
    expect(lines.filter((l) => /^\d+ {2}/.test(l)).map((l) => l.split(/\s{2,}/)[4])).toEqual([
      'Bruno Vale',
      'Carlo Vale',
    ]);
    expect(r.stdout).toContain('very similar');
  });

  it('leaves candidates under 900 minutes out unless --min-minutes lowers the floor', async () => {
    // Jan Ersatz (player 10) is a striker with 200 minutes behind his vector.
    const floored = await run('similar', '--dataset', join(dir, 'dna'), '--player-id', '1', '--limit', '50');
    expect(floored.code).toBe(0);
    expect(floored.stdout).toContain('≥ 900 minutes');
    expect(floored.stdout).not.toContain('Jan Ersatz');
    const all = await run(
      'similar',
      '--dataset',
      join(dir, 'dna'),
      '--player-id',
      '1',
      '--limit',
      '50',
      '--min-minutes',
      '0',
    );
    expect(all.code).toBe(0);
    expect(all.stdout).not.toContain('minutes;');
    expect(all.stdout).toContain('Jan Ersatz');
    const alt = await run(
      'alternatives',
      '--dataset',
      join(dir, 'dna'),
      '--player-id',
      '1',
      '--limit',
      '50',
      '--min-minutes',
      '200',
    );
    expect(alt.code).toBe(0);
    expect(alt.stdout).toContain('Jan Ersatz');
    const altBad = await run('alternatives', '--dataset', join(dir, 'dna'), '--player-id', '1', '--min-minutes=-1');
    expect(altBad.code).toBe(2);
    expect(altBad.stderr.trim().split('\n')).toHaveLength(1);
    expect(altBad.stderr).toContain('--min-minutes');
  });

  it('exits 2 with one line naming the flag on bad input', async () => {
    for (const [argv, flag] of [
      [['--max-fee-tier', 'T9'], '--max-fee-tier'],
      [['--max-age=-3'], '--max-age'],
      [['--max-age', 'old'], '--max-age'],
      [['--position-group', 'winger'], '--position-group'],
      [['--limit', '99'], '--limit'],
      [['--min-minutes=-5'], '--min-minutes'],
      [['--min-minutes', 'ninety'], '--min-minutes'],
    ] as const) {
      const r = await run('similar', '--dataset', join(dir, 'dna'), '--player-id', '1', ...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(flag);
    }
    const none = await run('similar', '--dataset', join(dir, 'dna'));
    expect(none.code).toBe(2);
    const unknown = await run('similar', '--dataset', join(dir, 'dna'), '--name', 'Nobody Anywhere');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('player_not_found');
  });
});
