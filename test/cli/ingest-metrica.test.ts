/*
 * `halfspace ingest` on Metrica's sample folder (../shared/real/providers/metrica: games 1–2 as
 * CSV, game 3 as JSON + EPTS metadata; the README there gives 3–1 and 3–2), through the built
 * binary. Skipped, saying why, when the folder is absent.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, hasStack, runBuilt } from '../helpers/built-cli.js';
import { datasetFromDir } from '../../src/io/load.js';
import { rowsOf } from '../../src/model/schema.js';
import { realDataPresent, realPath } from '../helpers/real-data.js';

const REAL = realPath('providers', 'metrica');
const present = realDataPresent('ingest metrica CLI tests', REAL);

const cli = (...argv: string[]) => runBuilt(argv, { timeoutMs: 120_000 });
let tmp: string;
beforeAll(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'halfspace-ingest-metrica-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe.skipIf(!present)('halfspace ingest (Metrica)', () => {
  it('detects the three games in the folder, reports 3–1 and 3–2 and what it inferred', async () => {
    const out = join(tmp, 'all');
    const r = await cli('ingest', REAL, '--out', out);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^wrote .* \(metrica\): 3 matches, 7,300 events/);
    expect(r.stdout).toContain('Home (Sample Game 1) vs Away (Sample Game 1) 3–1: 1745 events (P1 892, P2 853)');
    expect(r.stdout).toContain('Home (Sample Game 2) vs Away (Sample Game 2) 3–2: 1935 events');
    expect(r.stdout).toMatch(/starters inferred/);
    const fixtures = rowsOf(datasetFromDir(out).tables.fixtures, 'fixtures');
    expect(fixtures.map((f) => `${f.home_goals}-${f.away_goals}`).sort()).toEqual(['0-2', '3-1', '3-2']);
    expect(datasetFromDir(out).meta.attribution).toBe('Data: Metrica Sports');
  });

  it('reads game 3 with --format metrica and --json, the metadata score beside the events', async () => {
    const out = join(tmp, 'g3');
    const r = await cli('ingest', join(REAL, 'Sample_Game_3'), '--format', 'metrica', '--out', out, '--json');
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.format).toBe('metrica');
    expect(summary.matches[0]).toMatchObject({ layout: 'json', events: 3620 });
    expect(summary.matches[0].event_goals).toEqual(summary.matches[0].recorded_score);
    expect(summary.coverage['player_seasons.punches']).toMatch(/no punch/);
  });

  it('exits 2 with one line on JSON events without their metadata, writing nothing', async () => {
    const out = join(tmp, 'no-meta');
    const r = await cli('ingest', join(REAL, 'Sample_Game_3/Sample_Game_3_events.json'), '--out', out);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/EPTS metadata/);
    expect(hasStack(r.stderr)).toBe(false);
    expect(existsSync(out)).toBe(false);
  });
});
