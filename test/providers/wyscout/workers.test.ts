/*
 * Ingest on worker_threads (docs/methodology/wyscout.md#workers): the dataset written after a
 * 2- or 3-worker ingest is byte-identical to the one-thread ingest's, on the hand-made Testland
 * folder and, when ../shared/real/wyscout is present (skipped, saying so, when not), on a temp copy
 * of 12 real Premier League and 6 real World Cup matches ingested together as two competitions.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatasetError } from '../../../src/model/dataset-error.js';
import { rowsOf } from '../../../src/model/schema.js';
import { wyscoutIngestMany } from '../../../src/providers/wyscout/competitions.js';
import { datasetToDir } from '../../../src/io/save.js';
import { writeHandmadeWyscout } from './handmade.js';
import { realDataPresent, realPath } from '../../helpers/real-data.js';

const REAL = realPath('wyscout');
const realPresent = realDataPresent(
  'Wyscout worker test on real matches',
  join(REAL, 'matches', 'matches_England.json'),
);

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'halfspace-workers-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Writes the dataset of an ingest with `workers` workers and returns its folder. */
async function ingestTo(dir: string, competitions: string[], workers: number, name: string): Promise<string> {
  const { dataset } = await wyscoutIngestMany(dir, { competitions, workers });
  const out = join(tmp, name);
  datasetToDir(dataset, out);
  return out;
}
function expectSameFiles(a: string, b: string): void {
  const files = readdirSync(a).sort();
  expect(readdirSync(b).sort()).toEqual(files);
  for (const f of files) expect(readFileSync(join(b, f)).equals(readFileSync(join(a, f))), f).toBe(true);
}

describe('ingest workers', () => {
  it('give a byte-identical dataset to the one-thread ingest (hand-made folder)', async () => {
    const dir = writeHandmadeWyscout(join(tmp, 'handmade'));
    const one = await ingestTo(dir, ['Testland'], 1, 'hm-1');
    expectSameFiles(one, await ingestTo(dir, ['Testland'], 2, 'hm-2'));
    expectSameFiles(one, await ingestTo(dir, ['Testland'], 3, 'hm-3'));
  });

  it('stop on a file that cannot be read, naming it, as the one-thread ingest does', async () => {
    const dir = writeHandmadeWyscout(join(tmp, 'broken'));
    writeFileSync(join(dir, 'events', 'testland', '5001.json.gz'), Buffer.from([0x1f, 0x8b, 0, 0]));
    for (const workers of [1, 2]) {
      const run = wyscoutIngestMany(dir, { competitions: ['Testland'], workers });
      await expect(run).rejects.toThrow(DatasetError);
      await expect(wyscoutIngestMany(dir, { competitions: ['Testland'], workers })).rejects.toThrow(
        /^events\/testland\/5001\.json\.gz: not a readable gzip file/,
      );
    }
  });

  it.skipIf(!realPresent)(
    'give a byte-identical dataset on real matches of two competitions, one player id across them',
    async () => {
      const dir = join(tmp, 'real');
      mkdirSync(join(dir, 'matches'), { recursive: true });
      const pick = (competition: string, folder: string, count: number) => {
        const all = JSON.parse(readFileSync(join(REAL, 'matches', `matches_${competition}.json`), 'utf8'));
        const picked = all.slice(-count);
        writeFileSync(join(dir, 'matches', `matches_${competition}.json`), JSON.stringify(picked));
        mkdirSync(join(dir, 'events', folder), { recursive: true });
        for (const m of picked)
          cpSync(join(REAL, 'events', folder, `${m.wyId}.json.gz`), join(dir, 'events', folder, `${m.wyId}.json.gz`));
      };
      pick('England', 'england', 12);
      pick('World_Cup', 'world_cup', 6);
      cpSync(join(REAL, 'players.json'), join(dir, 'players.json'));
      cpSync(join(REAL, 'teams.json'), join(dir, 'teams.json'));
      const competitions = ['England', 'World_Cup'];
      const one = await ingestTo(dir, competitions, 1, 'real-1');
      expectSameFiles(one, await ingestTo(dir, competitions, 2, 'real-2'));
      const { dataset, reports } = await wyscoutIngestMany(dir, { competitions, workers: 2 });
      expect(reports.map((r) => [r.competition, r.matches])).toEqual([
        ['England', 12],
        ['World_Cup', 6],
      ]);
      // Every player is one row; a player with rows in both competitions keeps his club.
      const players = rowsOf(dataset.tables.players, 'players');
      expect(new Set(players.map((p) => p.player_id)).size).toBe(players.length);
      const leagues = new Map(rowsOf(dataset.tables.leagues, 'leagues').map((l) => [l.league_id, l]));
      const teams = new Map(rowsOf(dataset.tables.teams, 'teams').map((t) => [t.team_id, t]));
      const seasonsBy = new Map<number, Set<number>>();
      for (const r of rowsOf(dataset.tables.player_seasons, 'player_seasons'))
        seasonsBy.set(r.player_id, (seasonsBy.get(r.player_id) ?? new Set()).add(r.league_id));
      const both = players.filter((p) => seasonsBy.get(p.player_id)!.size === 2);
      expect(both.length).toBeGreaterThan(0);
      for (const p of both) expect(leagues.get(teams.get(p.team_id!)!.league_id!)!.kind).toBe('league');
      expect(leagues.get(28)).toMatchObject({ kind: 'international', tier: 1 });
      expect(leagues.get(364)).toMatchObject({ kind: 'league', tier: 1 });
      // The merge of the competitions keeps every table: each competition's shots are in.
      const shotFixtures = new Set(rowsOf(dataset.tables.shots!, 'shots').map((s) => s.fixture_id));
      const fixtures = rowsOf(dataset.tables.fixtures, 'fixtures');
      for (const league of [28, 364])
        expect(fixtures.filter((f) => f.league_id === league && shotFixtures.has(f.fixture_id)).length).toBeGreaterThan(
          0,
        );
    },
    300_000,
  );
});
