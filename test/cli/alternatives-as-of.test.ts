/**
 * The built binary's `alternatives` command, and `--as-of` / `--minutes-min` on every command that
 * reads a dataset (docs/guide.md#command-line): upcoming fixtures and predicted line-ups as of a past
 * date, cohorts with another minutes threshold, one-line errors for bad values.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { ensureBuilt, runBuilt } from '../helpers/built-cli.js';

beforeAll(() => ensureBuilt());

describe('halfspace alternatives', () => {
  it('prints the engine JSON with --json, and a table naming how each candidate was found', async () => {
    const json = await runBuilt(['alternatives', '--name', 'Igor Teixeira', '--limit', '5', '--json']);
    expect([json.code, json.stderr]).toEqual([0, '']);
    const direct = Engine.open({ dataset: 'demo' }).alternatives({ name: 'Igor Teixeira', limit: 5 });
    expect(JSON.parse(json.stdout)).toEqual(direct.ok ? JSON.parse(JSON.stringify(direct.value)) : null);
    const text = await runBuilt(['alternatives', '--name', 'Igor Teixeira', '--limit', '5']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^#\s+found by\s+sim\s+blend\s+player/m);
    expect(text.stdout.split('\n').filter((l) => /^\d+ {2}(dna|league peer|position band) /.test(l))).toHaveLength(5);
  });
});

describe('--as-of and --minutes-min', () => {
  it('shows the fixtures that were upcoming on a past date, with predicted line-ups', async () => {
    const r = await runBuilt([
      'fixtures',
      '--team',
      'Saltmarsh United',
      '--mode',
      'upcoming',
      '--limit',
      '3',
      '--as-of',
      '2025-10-01',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const matches = JSON.parse(r.stdout).matches as { kickoff_utc: string; status: string; lineups: unknown }[];
    expect(matches).toHaveLength(3);
    for (const m of matches) {
      expect(Date.parse(m.kickoff_utc)).toBeGreaterThan(Date.parse('2025-10-01T12:00:00Z'));
      expect(m.status).toBe('NS');
    }
    // The same request without --as-of looks from the dataset's own date, months later.
    const now = await runBuilt([
      'fixtures',
      '--team',
      'Saltmarsh United',
      '--mode',
      'upcoming',
      '--limit',
      '3',
      '--json',
    ]);
    expect(JSON.parse(now.stdout).matches[0].kickoff_utc).not.toBe(matches[0]?.kickoff_utc);
  });

  it('ranks against a cohort of the given minutes threshold', async () => {
    const r = await runBuilt(['scouting', '--name', 'Igor Teixeira', '--minutes-min', '2000', '--json']);
    expect(r.code).toBe(0);
    const cohorts = Object.values(
      JSON.parse(r.stdout).data.percentiles as Record<string, { cohort: { min_minutes: number; n: number } }>,
    );
    expect(cohorts.every((p) => p.cohort.min_minutes === 2000)).toBe(true);
    const base = await runBuilt(['scouting', '--name', 'Igor Teixeira', '--json']);
    const baseN = (Object.values(JSON.parse(base.stdout).data.percentiles)[0] as { cohort: { n: number } }).cohort.n;
    expect(cohorts[0]?.cohort.n).toBeLessThan(baseN);
  });

  it('refuses an impossible date or a negative threshold with one line and exit 2', async () => {
    for (const argv of [
      ['scouting', '--name', 'Igor Teixeira', '--as-of', '2025-02-30'],
      ['verdict', '--name', 'Igor Teixeira', '--minutes-min', '-5'],
      ['similar', '--name', 'Igor Teixeira', '--minutes-min', 'lots'],
    ]) {
      const r = await runBuilt(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/--(as-of|minutes-min)/);
    }
  });
});
