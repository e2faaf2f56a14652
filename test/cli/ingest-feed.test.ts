/*
 * `halfspace ingest <files-or-folder> --out DIR` on the real feed samples in
 * ../shared/real/providers (the README there gives the facts: Stats Perform 2–1, F7 2–1, the F24
 * partial at 67 events), run through the built binary. Skipped, saying why, when the folder is absent.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, hasStack, runBuilt } from '../helpers/built-cli.js';
import { datasetFromDir } from '../../src/io/load.js';
import { rowsOf } from '../../src/model/schema.js';
import { realDataPresent, realPath } from '../helpers/real-data.js';

const REAL = realPath('providers');
const present = realDataPresent('ingest feed CLI tests', join(REAL, 'statsperform'), join(REAL, 'opta'));

const cli = (...argv: string[]) => runBuilt(argv, { timeoutMs: 120_000 });

let tmp: string;
beforeAll(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'halfspace-ingest-feed-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe.skipIf(!present)('halfspace ingest (detected feeds)', () => {
  it('detects Stats Perform in its folder, reads the match once and reports it whole at 2–1', async () => {
    const out = join(tmp, 'sp');
    const r = await cli('ingest', join(REAL, 'statsperform'), '--out', out);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^wrote .* \(statsperform\): 1 match, 1,737 events/);
    expect(r.stdout).toContain('Hamburger SV vs Sandhausen, 2021-09-11 2–1: 1737 events (P1 884, P2 847); whole match');
    expect(r.stdout).toMatch(/left out .*statsperform_event_ma3\.xml repeats .*statsperform_event_ma3\.json/);
    const fixture = rowsOf(datasetFromDir(out).tables.fixtures, 'fixtures')[0]!;
    expect([fixture.home_goals, fixture.away_goals]).toEqual([2, 1]);
  });

  it('reads F7 + F24 with --format opta and says the F24 is partial, per period', async () => {
    const out = join(tmp, 'opta');
    const r = await cli(
      'ingest',
      join(REAL, 'opta/opta_f7.xml'),
      join(REAL, 'opta/opta_f24.xml'),
      '--format',
      'opta',
      '--out',
      out,
      '--json',
    );
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.format).toBe('opta');
    expect(summary.matches[0]).toMatchObject({ events: 67, whole: false, recorded_score: { home: 2, away: 1 } });
    expect(summary.matches[0].periods.map((p: { period: number }) => p.period)).toEqual([1, 2, 3, 4, 5]);
    expect(summary.coverage['events.partial']).toMatch(/partial events/);
    expect(datasetFromDir(out).meta.coverage?.['player_seasons.progressive_carries']).toMatch(/no carries/);
  });

  it.each([
    ['an unknown format', ['--format', 'opta-f99'], /unknown format "opta-f99"/],
    ['a missing path', [], /cannot read .*nope/],
  ])('exits 2 with one line on %s', async (_what, extra, message) => {
    const input = extra.length === 0 ? join(tmp, 'nope') : join(REAL, 'sportec');
    const out = join(tmp, `bad-${extra.join('-') || 'missing'}`);
    const r = await cli('ingest', input, ...extra, '--out', out);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
    expect(hasStack(r.stderr)).toBe(false);
    expect(existsSync(out)).toBe(false);
  });

  it('exits 2 with one line on a file that is not readable as its feed', async () => {
    const out = join(tmp, 'garbled');
    const r = await cli(
      'ingest',
      join(REAL, 'metrica/events-definitions.pdf'),
      '--format',
      'statsperform',
      '--out',
      out,
    );
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(out)).toBe(false);
  });
});
