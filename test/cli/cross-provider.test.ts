/*
 * The same commands on a dataset of every event provider, through the built binary: `scouting`,
 * `similar`, `card --style shot_map` and `score` on datasets ingested from Stats Perform, Opta
 * F7/F24, Sportec, DataFactory, StatsBomb, Wyscout and Metrica samples in ../shared/real (the
 * seven providers of docs/providers.md), and on one dataset merged
 * from the Stats Perform match and Wyscout's 2018 World Cup. Each provider's player is the one
 * with most shots in its dataset. Skipped, saying why, when ../shared/real is absent.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, hasStack, runBuilt } from '../helpers/built-cli.js';
import { datasetFromDir } from '../../src/io/load.js';
import { rowsOf } from '../../src/model/schema.js';
import { realDataPresent, realPath } from '../helpers/real-data.js';

const present = realDataPresent(
  'cross-provider CLI tests',
  realPath('providers'),
  realPath('wyscout'),
  realPath('statsbomb'),
);

const P = realPath('providers');
/** How each provider's dataset is ingested (arguments after `halfspace`, `--out` added). */
const INGESTS: Record<string, string[]> = {
  statsperform: ['ingest', join(P, 'statsperform')],
  opta: ['ingest', join(P, 'opta/opta_f7.xml'), join(P, 'opta/opta_f24.xml')],
  sportec: ['ingest', join(P, 'sportec')],
  datafactory: ['ingest', join(P, 'datafactory')],
  statsbomb: [
    'ingest',
    'statsbomb',
    realPath('statsbomb', 'premier-league-2015-16'),
    '--competition',
    '2',
    '--season',
    '27',
  ],
  wyscout: ['ingest', 'wyscout', realPath('wyscout'), '--competition', 'World_Cup'],
  metrica: ['ingest', join(P, 'metrica')],
};

const cli = (...argv: string[]) => runBuilt(argv, { timeoutMs: 300_000 });
let tmp: string;
const dirOf = (name: string) => join(tmp, name);

beforeAll(async () => {
  if (!present) return;
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'halfspace-cross-provider-'));
  for (const [name, argv] of Object.entries(INGESTS)) {
    const r = await cli(...argv, '--out', dirOf(name));
    if (r.code !== 0) throw new Error(`ingest ${name} failed: ${r.stderr}`);
  }
  const merged = await cli('merge', dirOf('statsperform'), dirOf('wyscout'), '--out', dirOf('merged'));
  if (merged.code !== 0) throw new Error(`merge failed: ${merged.stderr}`);
}, 600_000);
afterAll(() => tmp && rmSync(tmp, { recursive: true, force: true }));

/** The player with most shots among those with 90 minutes or more, in the dataset at `dir` (league `leagueId` when given). */
function shooterOf(dir: string, leagueId?: number): number {
  const ds = datasetFromDir(dir);
  const shots = new Map<number, number>();
  for (const s of rowsOf(ds.tables.shots!, 'shots')) shots.set(s.player_id, (shots.get(s.player_id) ?? 0) + 1);
  const rows = rowsOf(ds.tables.player_seasons, 'player_seasons').filter(
    (p) => p.minutes >= 90 && (leagueId === undefined || p.league_id === leagueId),
  );
  rows.sort((a, b) => (shots.get(b.player_id) ?? 0) - (shots.get(a.player_id) ?? 0) || a.player_id - b.player_id);
  return rows[0]!.player_id;
}

/** Runs the four commands on one player of a dataset and checks each answer. */
async function commandsWork(dir: string, playerId: number, label: string): Promise<void> {
  const id = String(playerId);
  const scouting = await cli('scouting', '--player-id', id, '--dataset', dir, '--json');
  expect(scouting.stderr, `${label} scouting`).toBe('');
  expect(JSON.parse(scouting.stdout).data.profile.player_id).toBe(playerId);

  const similar = await cli('similar', '--player-id', id, '--dataset', dir, '--json');
  expect(similar.code, `${label} similar: ${similar.stderr}`).toBe(0);
  const found = JSON.parse(similar.stdout).data;
  expect(found.source.player_id).toBe(playerId);
  expect(found.results.length).toBeGreaterThan(0);
  expect(found.results.every((x: { player_id: number }) => x.player_id !== playerId)).toBe(true);

  const png = join(tmp, `${label}-shot-map.png`);
  const card = await cli('card', '--player-id', id, '--style', 'shot_map', '--out', png, '--dataset', dir, '--json');
  expect(card.code, `${label} card: ${card.stderr}`).toBe(0);
  expect(readFileSync(png).subarray(1, 4).toString('latin1')).toBe('PNG');

  const csv = join(tmp, `${label}-scored.csv`);
  const score = await cli('score', dir, '--out', csv, '--json');
  expect(score.code, `${label} score: ${score.stderr}`).toBe(0);
  expect(JSON.parse(score.stdout).rows).toBe(datasetFromDir(dir).tables.player_seasons.numRows);
  expect(hasStack(score.stderr)).toBe(false);
}

describe.skipIf(!present)('scouting, similar, card shot_map and score on every provider', () => {
  it.each(Object.keys(INGESTS))(
    'work on a %s dataset',
    async (name) => {
      await commandsWork(dirOf(name), shooterOf(dirOf(name)), name);
    },
    300_000,
  );

  it('work on the Stats Perform match merged with the Wyscout World Cup, for a player of each', async () => {
    const merged = datasetFromDir(dirOf('merged'));
    const leagues = rowsOf(merged.tables.leagues, 'leagues');
    expect(leagues).toHaveLength(2);
    const sp = rowsOf(datasetFromDir(dirOf('statsperform')).tables.leagues, 'leagues')[0]!.league_id;
    const ws = rowsOf(datasetFromDir(dirOf('wyscout')).tables.leagues, 'leagues')[0]!.league_id;
    expect(leagues.map((l) => l.league_id).sort((a, b) => a - b)).toEqual([sp, ws].sort((a, b) => a - b));
    await commandsWork(dirOf('merged'), shooterOf(dirOf('merged'), sp), 'merged-statsperform');
    await commandsWork(dirOf('merged'), shooterOf(dirOf('merged'), ws), 'merged-wyscout');
  }, 300_000);
});
