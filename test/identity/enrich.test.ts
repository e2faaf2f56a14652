/*
 * enrich (docs/enrich.md): a values file the test writes (synthetic, never real market values) is
 * joined by id or by name + birth date (+ club); ambiguous and unmatched records are counted, never
 * guessed; fee tiers then come alive in the engine on a Wyscout dataset that had none.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatasetError } from '../../src/model/dataset-error.js';
import {
  enrichPlayers,
  enrichTeams,
  TEAM_TARGETS,
  VALUE_TARGETS,
  type EnrichRecord,
} from '../../src/identity/enrich.js';
import { enrichRecordsOf, mapOf } from '../../src/io/enrich-file.js';
import { wyscoutIngest } from '../../src/providers/wyscout/dataset.js';
import { rowsOf, tableFromRows, type Dataset } from '../../src/model/schema.js';
import { Engine } from '../../src/engine.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';
import { writeHandmadeWyscout } from '../providers/wyscout/handmade.js';

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'halfspace-enrich-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const file = (name: string, text: string): string => {
  const path = join(tmp, name);
  writeFileSync(path, text);
  return path;
};
const valuesOf = (ds: Dataset) =>
  new Map(rowsOf(ds.tables.players, 'players').map((p) => [p.player_id, p.market_value_eur]));
const KEYS = [['player_id'], ['name', 'birth_date']] as const;
const VALUES = ['market_value_eur', 'height_cm', 'preferred_foot', 'contract_end_date'] as const;

describe('enrich players', () => {
  it('joins a player_id,market_value_eur file with no map, reporting unmatched ids', () => {
    const path = file('ids.csv', 'player_id,market_value_eur\n1,1000000\n6,75000000\n999,5\n');
    const records = enrichRecordsOf(path, VALUE_TARGETS, {}, KEYS, VALUES);
    const { dataset, report } = enrichPlayers(tinyDataset(), records, path);
    expect(report).toMatchObject({ records: 3, matched: 2, ambiguous: 0, unmatched: 1 });
    expect(report.problems).toEqual([{ line: 4, kind: 'unmatched', reason: 'no player with id 999' }]);
    const values = valuesOf(dataset);
    expect(values.get(1)).toBe(1_000_000);
    expect(values.get(6)).toBe(75_000_000);
    // Players the file does not name keep what they had.
    expect(values.get(3)).toBe(100_000_001);
    expect(dataset.meta.coverage!['players.market_value_eur']).toMatch(/2 records of 3 joined/);
  });

  it('joins by name + birth date through a map, lets the club break a tie, and never guesses', () => {
    // Two players named Anton Berg born the same day, at different clubs.
    const base = tinyDataset();
    const players = rowsOf(base.tables.players, 'players').map((p) =>
      p.player_id === 6 ? { ...p, name: 'Anton Berg', birth_date: '1994-01-01' } : p,
    );
    const twins: Dataset = { ...base, tables: { ...base.tables, players: tableFromRows('players', players) } };
    const path = file(
      'names.csv',
      [
        'Player;Born;Squad;Value;Foot',
        'Anton Berg;1994-01-01;;11000000;', // two Anton Bergs, no club: ambiguous
        'Anton Berg;1994-01-01;Sporting Lindau;12000000;left', // the club picks player 6
        'Jorg Muller Weiss;2000-05-10;;30000000;', // accents and hyphens do not matter
        'Luca Ferrante;1998-03-03;;1;', // claimed twice: ambiguous for both
        'Luca Ferrante;1998-03-03;;2;',
        'Marco Ferrante;1999-12-31;;3;', // wrong birth date: unmatched
      ].join('\n'),
    );
    const map = mapOf(
      'name=Player,birth_date=Born,club=Squad,market_value_eur=Value,preferred_foot=Foot',
      VALUE_TARGETS,
    );
    const { dataset, report } = enrichPlayers(twins, enrichRecordsOf(path, VALUE_TARGETS, map, KEYS, VALUES), path);
    expect(report).toMatchObject({ records: 6, matched: 2, ambiguous: 3, unmatched: 1 });
    const values = valuesOf(dataset);
    expect(values.get(6)).toBe(12_000_000);
    expect(values.get(2)).toBe(9_999_999);
    expect(values.get(1)).toBe(30_000_000);
    expect(values.get(3)).toBe(100_000_001);
    expect(rowsOf(dataset.tables.players, 'players').find((p) => p.player_id === 6)!.preferred_foot).toBe('left');
    expect(report.problems.map((p) => [p.line, p.kind])).toEqual([
      [2, 'ambiguous'],
      [5, 'ambiguous'],
      [6, 'ambiguous'],
      [7, 'unmatched'],
    ]);
  });

  it('names the line of a bad value and refuses a file with nothing to join on', () => {
    const bad = file('bad.csv', 'player_id,market_value_eur\n1,lots\n');
    expect(() => enrichPlayers(tinyDataset(), enrichRecordsOf(bad, VALUE_TARGETS, {}, KEYS, VALUES), bad)).toThrow(
      /market_value_eur.*line 2: "lots" is not a number/,
    );
    const keyless = file('keyless.csv', 'who,market_value_eur\nx,1\n');
    expect(() => enrichRecordsOf(keyless, VALUE_TARGETS, {}, KEYS, VALUES)).toThrow(/no column to join on/);
    expect(() => mapOf('price=Value', VALUE_TARGETS)).toThrow(DatasetError);
  });

  it('joins a contract end, shown in the player profile, and refuses a date that is not YYYY-MM-DD', () => {
    const path = file('contracts.csv', 'player_id,contract_end_date\n1,2027-06-30\n2,\n');
    const { dataset } = enrichPlayers(tinyDataset(), enrichRecordsOf(path, VALUE_TARGETS, {}, KEYS, VALUES), path);
    const ends = new Map(rowsOf(dataset.tables.players, 'players').map((p) => [p.player_id, p.contract_end_date]));
    expect(ends.get(1)).toBe('2027-06-30');
    expect(ends.get(2)).toBeNull();
    expect(dataset.meta.coverage!['players.contract_end_date']).toMatch(/1 player of 7 with a contract end/);
    const player = Engine.open({ dataset }).player({ player_id: 1 });
    if (!player.ok) throw new Error(player.error.message);
    expect(player.value.data.profile.contract_end_date).toBe('2027-06-30');
    for (const bad of ['30/06/2027', '2027-02-30', 'June 2027']) {
      const badPath = file('bad-date.csv', `player_id,contract_end_date\n1,${bad}\n`);
      expect(() =>
        enrichPlayers(tinyDataset(), enrichRecordsOf(badPath, VALUE_TARGETS, {}, KEYS, VALUES), badPath),
      ).toThrow(new RegExp(`contract_end_date.*line 2: "${bad}" is not a date written YYYY-MM-DD`));
    }
  });

  it('brings fee tiers to life on a Wyscout dataset that had none', () => {
    const { dataset } = wyscoutIngest(writeHandmadeWyscout(join(tmp, 'wyscout')), { competition: 'Testland' });
    const ids = rowsOf(dataset.tables.players, 'players').map((p) => p.player_id);
    const before = Engine.open({ dataset });
    const verdictBefore = before.verdict({ player_id: ids[0] });
    expect(verdictBefore.ok && verdictBefore.value.fee_tier).toBe(null);
    const records: EnrichRecord<(typeof VALUE_TARGETS)[number]>[] = ids.map((id, i) => ({
      line: i + 2,
      cells: { player_id: String(id), market_value_eur: String((i + 1) * 5_000_000) },
    }));
    const { dataset: enriched, report } = enrichPlayers(dataset, records, 'synthetic.csv');
    expect(report.matched).toBe(ids.length);
    const after = Engine.open({ dataset: enriched });
    const tiers = ids.map((id) => {
      const v = after.verdict({ player_id: id });
      return v.ok ? v.value.fee_tier : 'error';
    });
    // 5M → T1, 10–25M → T2, 30–55M → T3, 60–100M → T4, above → T5.
    expect(tiers[0]).toBe('T1');
    expect(tiers[1]).toBe('T2');
    expect(tiers[ids.length - 1]).toBe(ids.length * 5 > 100 ? 'T5' : 'T4');
  });
});

describe('enrich teams', () => {
  it('joins colours and short names by id or name, refusing a colour that is not #RRGGBB', () => {
    const path = file(
      'teams.csv',
      'team_id,name,short_name,primary_color\n10,,NOR,#112233\n,Sporting Lindau,LIN,#445566\n,Atlantis,ATL,\n',
    );
    const records = enrichRecordsOf(path, TEAM_TARGETS, {}, [['team_id'], ['name']], ['short_name', 'primary_color']);
    const { dataset, report } = enrichTeams(tinyDataset(), records, path);
    expect(report).toMatchObject({ records: 3, matched: 2, unmatched: 1 });
    const teams = rowsOf(dataset.tables.teams, 'teams');
    expect(teams.map((t) => [t.team_id, t.short_name, t.primary_color])).toEqual([
      [10, 'NOR', '#112233'],
      [11, 'LIN', '#445566'],
    ]);
    const bad = file('bad-teams.csv', 'team_id,primary_color\n10,red\n');
    expect(() =>
      enrichTeams(tinyDataset(), enrichRecordsOf(bad, TEAM_TARGETS, {}, [['team_id']], ['primary_color']), bad),
    ).toThrow(/line 2: "red" is not #RRGGBB/);
  });
});
