/**
 * Regressions from running every surface on StatsBomb data, rebuilt on hand-made datasets so they
 * run everywhere: (1) Best XI vibes whose filter needs a field the provider never has (birth dates,
 * market values, 2026 squads) came back empty without a word; (2) match line-ups printed registered
 * full names ("Alexis Alejandro Sánchez Sánchez") where every other surface says "Alexis Sánchez";
 * (3) a provider's round label printed as "round Matchweek 7".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { datasetToDir } from '../../src/io/save.js';
import { ensureBuilt, runBuiltSync } from '../helpers/built-cli.js';
import { Engine } from '../../src/engine.js';
import { rowsOf, tableFromRows } from '../../src/model/schema.js';
import { roundLabelOf } from '../../src/matches/match-item.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';
import { NORDHAFEN, smallLeague } from '../helpers/small-league.js';

/** The tiny dataset as a provider would ship it: no birth dates, market values or World Cup squads. */
function providerLike() {
  const ds = tinyDataset();
  const players = rowsOf(ds.tables.players, 'players').map((p) => ({
    ...p,
    birth_date: null,
    market_value_eur: null,
    wc2026_nation: null,
  }));
  return { ...ds, tables: { ...ds.tables, players: tableFromRows('players', players) } };
}

describe('Best XI pool on data without ages, values or squads', () => {
  const engine = Engine.open({ dataset: providerLike() });
  const pool = (vibe_id: string, extra: Record<string, unknown> = {}) => {
    const r = engine.bestXiPool({ vibe_id, ...extra } as never);
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };
  it('says which filter excludes everyone, and why', () => {
    for (const [vibe, note] of [
      ['u23', /no player in this dataset has a birth date/i],
      ['veterans', /birth date/],
      ['galacticos', /market value/],
      ['moneyball', /market value/],
      ['wc2026', /2026 World Cup squad/],
    ] as const) {
      const r = pool(vibe);
      expect(r.players, vibe).toEqual([]);
      expect(r.meta.coverage_note, vibe).toMatch(note);
    }
    expect(pool('balanced', { wc2026_only: true }).meta.coverage_note).toMatch(/World Cup filter/);
  });
  it('stays quiet when nothing is missing for the filters in use', () => {
    const r = pool('balanced');
    expect(r.players.length).toBeGreaterThan(0);
    expect(r.meta.coverage_note).toBeNull();
    const demo = Engine.open({ dataset: tinyDataset() }).bestXiPool({ vibe_id: 'u23' });
    expect(demo.ok && demo.value.meta.coverage_note).toBeNull();
  });
});

describe('DNA search on data without values or ages', () => {
  it('explains an empty answer caused by a fee-tier or age filter', () => {
    const engine = Engine.open({ dataset: providerLike() });
    const fee = engine.dnaSearch({ name: 'Anton Berg', filters: { max_fee_tier: 'T2' } });
    if (!fee.ok) throw new Error(fee.error.message);
    expect(fee.value.data.results).toEqual([]);
    expect(fee.value.summary).toContain(
      'No player in this dataset has a market value, so the fee-tier filter excludes everyone.',
    );
    const age = engine.dnaSearch({ name: 'Anton Berg', filters: { max_age: 30 } });
    expect(age.ok && age.value.summary).toContain('has a birth date, so the age filter excludes everyone.');
    const plain = engine.dnaSearch({ name: 'Anton Berg' });
    expect(plain.ok && plain.value.data.results.length).toBeGreaterThan(0);
    expect(plain.ok && plain.value.summary).not.toContain('No player in this dataset');
  });
});

describe('match intelligence line-ups', () => {
  it('name players as every other surface does: known_as when there is one', () => {
    const ds = smallLeague();
    const players = rowsOf(ds.tables.players, 'players').map((p) =>
      p.player_id === 1012 ? { ...p, known_as: 'Jögi' } : p,
    );
    const engine = Engine.open({
      dataset: { ...ds, tables: { ...ds.tables, players: tableFromRows('players', players) } },
    });
    const recent = engine.matchIntelligence({
      team_id: NORDHAFEN,
      league_name: 'Erste Liga',
      mode: 'recent',
      limit: 1,
    });
    if (!recent.ok) throw new Error(recent.error.message);
    const names = recent.value.matches[0].lineups!.home!.starters.map((p) => p.name);
    expect(names).toContain('Jögi');
    expect(names).not.toContain('Jörg Müller');
    const upcoming = engine.matchIntelligence({ team_id: NORDHAFEN, mode: 'upcoming', limit: 1 });
    if (!upcoming.ok) throw new Error(upcoming.error.message);
    const predicted = upcoming.value.matches[0].predicted_lineups!;
    const side = upcoming.value.matches[0].home.team_id === NORDHAFEN ? predicted.home! : predicted.away!;
    expect(side.players.map((p) => p.name)).toContain('Jögi');
  });
});

describe('match intelligence coverage notes', () => {
  it('say why derby_kind is always null and why "upcoming" is empty', () => {
    const ds = smallLeague({ withRivalries: false });
    const teams = rowsOf(ds.tables.teams, 'teams').map((t) => ({ ...t, city: null }));
    const engine = Engine.open({
      dataset: { ...ds, tables: { ...ds.tables, teams: tableFromRows('teams', teams) } },
      clock: () => new Date('2026-06-01T00:00:00Z'),
    });
    const r = engine.matchIntelligence({ team_id: NORDHAFEN, mode: 'upcoming' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.matches).toEqual([]);
    expect(r.value.meta.coverage_note).toContain(
      'neither a rivalries table nor club cities: derby_kind is always null',
    );
    // F9 Nordhafen v Alpenau, 2026-03-15 15:00 UTC, is Nordhafen's last fixture.
    expect(r.value.meta.coverage_note).toContain(
      "No fixture here kicks off after now: the dataset's last one kicked off at 2026-03-15T15:00:00.000Z.",
    );
    const full = Engine.open({ dataset: smallLeague() }).matchIntelligence({ team_id: NORDHAFEN, mode: 'upcoming' });
    expect(full.ok && full.value.meta.coverage_note).toBeNull();
  });
});

describe('round labels', () => {
  beforeAll(() => ensureBuilt());
  it('prefix a bare number with "round" and leave a provider label as written', () => {
    expect(roundLabelOf('4')).toBe('round 4');
    expect(roundLabelOf('Matchweek 7')).toBe('Matchweek 7');
    expect(roundLabelOf('Round of 16')).toBe('Round of 16');
    // The built binary's text for the cup tie (round "Round of 16") used to read "round Round of 16".
    const dir = mkdtempSync(join(tmpdir(), 'halfspace-rounds-'));
    try {
      datasetToDir(smallLeague(), dir);
      const r = runBuiltSync([
        'fixtures',
        '--team-id',
        String(NORDHAFEN),
        '--league',
        'Pokal',
        '--mode',
        'recent',
        '--dataset',
        dir,
      ]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('Pokal 2025/26, Round of 16 (');
      expect(r.stdout).not.toContain('round Round');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
