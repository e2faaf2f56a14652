/**
 * Every user surface on real provider data: the StatsBomb Premier League 2015/16 sample
 * (../shared/real, 60 matches of rounds 3–8) ingested with the built binary, then read back through
 * the commands a user runs. Real data has no market values, birth dates or 2026 squads, no future
 * fixtures, and players with a few minutes; each check below failed or read wrong before.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordinal } from '../../src/stats/percentiles.js';
import { ensureBuilt, runBuiltSync } from '../helpers/built-cli.js';
import { realDataPresent, realPath } from '../helpers/real-data.js';

const source = realPath('statsbomb', 'premier-league-2015-16');
const present = realDataPresent('StatsBomb surface regressions', join(source, 'matches', '2', '27.json'));

let dir = '';
let dataset = '';
const run = (...argv: string[]) => runBuiltSync([...argv, '--dataset', dataset]);
const json = (...argv: string[]) => {
  const r = run(...argv, '--json');
  expect([r.code, r.stderr], argv.join(' ')).toEqual([0, '']);
  return JSON.parse(r.stdout);
};

describe.skipIf(!present)('StatsBomb Premier League 2015/16 through the built binary', () => {
  beforeAll(() => {
    ensureBuilt();
    dir = mkdtempSync(join(tmpdir(), 'halfspace-sb-surfaces-'));
    dataset = join(dir, 'sb');
    const r = runBuiltSync(['ingest', 'statsbomb', source, '--competition', '2', '--season', '27', '--out', dataset]);
    expect(r.code, r.stderr).toBe(0);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('standings: 20 clubs on 6 matches each, and a note that the season is a 60-match sample', () => {
    const s = json('standings', '--league', 'premier league');
    expect(s.table).toHaveLength(20);
    expect(s.table.every((e: { played: number }) => e.played === 6)).toBe(true);
    expect(s.meta).toMatchObject({ matches_counted: 60, matches_not_counted: 0 });
    expect(s.meta.coverage_note).toContain('60 fixtures of this season for 20 clubs (a double round-robin has 380)');
    const text = run('standings', '--league', 'Premier League', '--as-of', '2015-09-01');
    expect(text.code).toBe(0);
    expect(text.stdout.split('\n')[0]).toBe(
      'Premier League 2015/16, rounds 3–8 only, as of 2015-09-01 (20 of 60 fixtures counted)',
    );
  });

  it('fixtures: provider round labels read as written, line-ups use known names', () => {
    const r = run('fixtures', '--team', 'arsenal', '--mode', 'recent', '--limit', '1');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Premier League 2015/16, Matchweek 7 (');
    expect(r.stdout).not.toMatch(/round Matchweek/);
    expect(r.stdout).toContain('Alexis Sánchez');
    expect(r.stdout).not.toContain('Alexis Alejandro Sánchez Sánchez');
    const upcoming = json('fixtures', '--team', 'arsenal', '--mode', 'upcoming');
    expect(upcoming.matches.length).toBeGreaterThan(0);
  });

  it('bestxi pool: vibes that need ages, values or squads say so; the others rank players', () => {
    for (const vibe of ['u23', 'veterans', 'galacticos', 'moneyball', 'wc2026']) {
      const p = json('bestxi', 'pool', '--vibe', vibe);
      expect(p.players, vibe).toEqual([]);
      expect(p.meta.coverage_note, vibe).toMatch(/No player in this dataset/);
    }
    expect(run('bestxi', 'pool', '--vibe', 'u23').stdout).toMatch(/^Note: No player in this dataset has a birth date/m);
    for (const vibe of ['balanced', 'samba_flair']) {
      const p = json('bestxi', 'pool', '--vibe', vibe, '--limit', '11');
      expect(p.players.length, vibe).toBe(11);
      expect(p.meta.coverage_note, vibe).toBeNull();
    }
  });

  it('verdict: --json exits 0, and receipts read "95th", "91st", never "91th"', () => {
    const v = json('verdict', '--name', 'jamie vardy');
    expect(v.player.name).toBe('Jamie Vardy');
    const r = run('verdict', '--name', 'jamie vardy');
    expect(r.code).toBe(0);
    // Each JSON receipt's percentile is printed as its English ordinal.
    expect(v.evidence.length).toBeGreaterThan(0);
    for (const e of v.evidence as { percentile: number }[]) expect(r.stdout).toContain(`${ordinal(e.percentile)} pct`);
    // 11th, 12th and 13th are right; any other number ending in 1, 2 or 3 must not take "th".
    expect(r.stdout).not.toMatch(/(?<!1)[123]th pct/);
  });

  it('an 11-minute cameo (Tyrone Mings): no standout, no model rating, "1 appearance"', () => {
    const p = json('player', '--name', 'tyrone mings', '--narrative');
    expect(p.data.highlight).toBeNull();
    // 11.25 minutes from the event clock, shown as whole minutes (docs/methodology/stats.md#minutes).
    expect(p.data.recent_stats[0]).toMatchObject({ minutes: 11, appearances: 1, rating: null });
    expect(p.data.narrative).not.toContain('percentile');
    const scouting = run('scouting', '--name', 'tyrone mings');
    expect(scouting.stdout).toContain('11 minutes, 1 appearance (low sample');
    const prompt = run('prompt', '--name', 'tyrone mings');
    expect(prompt.stdout).toContain('1 appearance, 11 minutes.');
    expect(prompt.stdout).toContain('Numbers loading: not enough minutes yet.');
  });
});
