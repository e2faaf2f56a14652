/*
 * `halfspace ingest` on the Sportec and DataFactory samples in ../shared/real/providers, through
 * the built binary, and the commands an analyst runs next on each dataset: scouting, similar,
 * card --style shot_map and score. Facts from the README there (Sportec 1:0 with 28 partial
 * events, DataFactory 4–2). Skipped, saying why, when the folder is absent.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, hasStack, runBuilt } from '../helpers/built-cli.js';
import { datasetFromDir } from '../../src/io/load.js';
import { rowsOf } from '../../src/model/schema.js';
import { realDataPresent, realPath } from '../helpers/real-data.js';

const REAL = realPath('providers');
const present = realDataPresent('Sportec/DataFactory CLI tests', join(REAL, 'sportec'), join(REAL, 'datafactory'));

const cli = (...argv: string[]) => runBuilt(argv, { timeoutMs: 120_000 });

let tmp: string;
beforeAll(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'halfspace-ingest-sp-df-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Width and height of a PNG from its IHDR chunk. */
const pngSize = (path: string) => {
  const b = readFileSync(path);
  return { png: b.subarray(1, 4).toString('latin1'), width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
};

describe.skipIf(!present)('halfspace ingest: Sportec and DataFactory', () => {
  it('detects Sportec in its folder, reports the partial match per period and the event left out', async () => {
    const out = join(tmp, 'sportec');
    const r = await cli('ingest', join(REAL, 'sportec'), '--out', out);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^wrote .* \(sportec\): 1 match, 27 events/);
    expect(r.stdout).toMatch(
      /Freiburg vs Borussia Mönchengladbach, 2020-06-05 1–0: 27 events \(P1 \d+, P2 \d+\); PARTIAL/,
    );
    expect(r.stdout).toMatch(/note: left out own goal event 182094/);
    const fixture = rowsOf(datasetFromDir(out).tables.fixtures, 'fixtures')[0]!;
    expect([fixture.home_goals, fixture.away_goals]).toEqual([1, 0]);
  });

  it('reads DataFactory with --format datafactory as a whole match at 4–2', async () => {
    const out = join(tmp, 'datafactory');
    const r = await cli('ingest', join(REAL, 'datafactory'), '--format', 'datafactory', '--out', out, '--json');
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.format).toBe('datafactory');
    expect(summary.matches[0]).toMatchObject({ whole: true, recorded_score: { home: 4, away: 2 } });
    expect(summary.matches[0].event_goals).toEqual({ home: 4, away: 2 });
    expect(summary.coverage['player_seasons.tackles']).toMatch(/not in DataFactory/);
  });

  it.each([
    ['sportec', 'V. Grifo'],
    ['datafactory', 'Margaret Reyes'],
  ])('runs scouting, similar, card --style shot_map and score on the %s dataset', async (format, name) => {
    const dataset = join(tmp, `${format}-cmds`);
    expect((await cli('ingest', join(REAL, format), '--out', dataset)).code).toBe(0);
    const scouting = await cli('scouting', '--dataset', dataset, '--name', name, '--json');
    expect(scouting.code).toBe(0);
    expect(JSON.parse(scouting.stdout).data.profile.name).toBe(name);
    const similar = await cli('similar', '--dataset', dataset, '--name', name, '--json');
    expect(similar.code).toBe(0);
    const results = JSON.parse(similar.stdout).data.results;
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((x: { player: { name: string } }) => x.player.name !== name)).toBe(true);
    const png = join(tmp, `${format}.png`);
    const card = await cli('card', '--dataset', dataset, '--name', name, '--style', 'shot_map', '--out', png);
    expect(card.code).toBe(0);
    expect(pngSize(png)).toEqual({ png: 'PNG', width: 1080, height: 1350 });
    const scored = join(tmp, `${format}.jsonl`);
    const score = await cli('score', dataset, '--out', scored, '--json');
    expect(score.code).toBe(0);
    const players = rowsOf(datasetFromDir(dataset).tables.player_seasons, 'player_seasons').length;
    expect(JSON.parse(score.stdout).rows).toBe(players);
    expect(readFileSync(scored, 'utf8').trim().split('\n')).toHaveLength(players);
  });

  it.each([
    ['a truncated Sportec events file', 'sportec', (t: string) => t.slice(0, t.length / 2), 'sportec_events.xml'],
    ['truncated DataFactory JSON', 'datafactory', (t: string) => t.slice(0, 500), 'datafactory_events.json'],
  ])('exits 2 with one line on %s', async (_what, format, cut, name) => {
    const bad = join(tmp, `cut-${name}`);
    writeFileSync(bad, cut(readFileSync(join(REAL, format, name), 'utf8')));
    const inputs = format === 'sportec' ? [join(REAL, 'sportec/sportec_meta.xml'), bad] : [bad];
    const out = join(tmp, `bad-${format}`);
    const r = await cli('ingest', ...inputs, '--format', format, '--out', out);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/not readable as (XML|JSON)/);
    expect(hasStack(r.stderr)).toBe(false);
    expect(existsSync(out)).toBe(false);
  });

  it('exits 2 with one line on files of the wrong format for --format', async () => {
    const out = join(tmp, 'wrong');
    const r = await cli('ingest', join(REAL, 'datafactory'), '--format', 'sportec', '--out', out);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/no sportec files/);
    expect(existsSync(out)).toBe(false);
  });
});
