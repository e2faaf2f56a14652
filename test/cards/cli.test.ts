import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { datasetToDir } from '../../src/io/save.js';
import { SAFETY_INSTRUCTIONS } from '../../src/prompt/safety.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';
import { decodePng } from './png.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-cards-'));
const data = join(dir, 'tiny');
datasetToDir(tinyDataset(), data);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(COMMANDS, argv, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
  });
  return { code, stdout, stderr };
}

describe('halfspace card', () => {
  it('writes a decodable PNG and reports it as JSON', async () => {
    const out = join(dir, 'card.png');
    const r = await run([
      'card',
      '--name',
      'Jörg Müller-Weiß',
      '--style',
      'stat_ribbon',
      '--stats',
      'goals_per90,assists_per90',
      '--hero',
      'goals_per90',
      '--out',
      out,
      '--dataset',
      data,
      '--json',
    ]);
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({
      style: 'stat_ribbon',
      width: 1080,
      height: 1080,
      watermark: true,
      player: { player_id: 1 },
    });
    const img = decodePng(readFileSync(out));
    expect([img.width, img.height]).toEqual([1080, 1080]);
  });

  it('exits 2 with the offending field on a bad request', async () => {
    const r = await run([
      'card',
      '--name',
      'Jörg Müller-Weiß',
      '--style',
      'player_card',
      '--stats',
      'goals_per90',
      '--out',
      join(dir, 'x.png'),
      '--dataset',
      data,
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/invalid_request: stats/);
  });

  it('refuses a photo file that is not an image', async () => {
    const bogus = join(dir, 'photo.txt');
    writeFileSync(bogus, 'not an image');
    const r = await run([
      'card',
      '--player-id',
      '1',
      '--style',
      'collage',
      '--photo',
      bogus,
      '--out',
      join(dir, 'y.png'),
      '--dataset',
      data,
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/photo/);
  });

  it('needs --out', async () => {
    const r = await run(['card', '--player-id', '1', '--dataset', data]);
    expect([r.code, r.stderr.trim()]).toEqual([2, 'halfspace card: give --out FILE.png']);
  });
});

describe('halfspace prompt', () => {
  it('prints the data block, then the safety block verbatim', async () => {
    const r = await run([
      'prompt',
      '--player-id',
      '1',
      '--style',
      'editorial_cover',
      '--take',
      'Ice cold',
      '--attribution',
      '--dataset',
      data,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout.endsWith(`\n\n${SAFETY_INSTRUCTIONS}\n`)).toBe(true);
    expect(r.stdout).toContain('Ice cold');
  });
});
