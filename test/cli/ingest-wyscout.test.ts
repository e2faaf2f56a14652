/*
 * `halfspace ingest wyscout` as a user runs it: the BUILT binary (node bin/halfspace.js, rebuilt
 * first when dist/ is older than src/), spawned on a hand-made Wyscout folder written by the test
 * and, when ../shared/real/wyscout is present (HALFSPACE_REAL_DIR overrides), on the real Premier
 * League 2017/18.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetFromDir } from '../../src/data/load.js';
import { ensureBuilt, ROOT, runBuilt } from '../helpers/built-cli.js';
import { writeHandmadeApiFolder, writeHandmadeWyscout } from '../data/providers/wyscout/handmade.js';

const REAL = join(process.env.HALFSPACE_REAL_DIR ?? join(ROOT, '..', 'shared', 'real'), 'wyscout');
const realPresent = existsSync(join(REAL, 'matches', 'matches_England.json'));
if (!realPresent)
  console.log(`Wyscout real-data CLI tests skipped: ${REAL} is absent (it ships with ../shared/real in CI).`);

// A whole-season ingest takes seconds alone but far longer on a loaded machine.
const cli = (...argv: string[]) => runBuilt(argv, { timeoutMs: 600_000 });

let tmp: string;
let folder: string;
beforeAll(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'halfspace-ingest-wy-'));
  folder = writeHandmadeWyscout(join(tmp, 'wyscout'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('halfspace ingest wyscout (hand-made folder)', () => {
  it('writes a dataset that loads, and prints the counts, the goal difference and the attribution', async () => {
    const out = join(tmp, 'ds');
    const r = await cli(
      'ingest',
      'wyscout',
      folder,
      '--competition',
      'Testland',
      '--out',
      out,
      '--league-name',
      'Test League',
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^wrote .*: Test League 2020, 2 matches, 38 events in \d+\.\d s\n/);
    expect(r.stdout).toContain('players 25, player_seasons 25, fixtures 2, appearances 46 rows');
    expect(r.stdout).toContain('goals from events differ from the scoreboard in 1 of 2 matches');
    expect(r.stdout).toContain('5002 Away FC - Home FC, 1 - 0: Away FC 0 from events, 1 on the scoreboard');
    expect(r.stdout).toContain('1 events in 1 matches by players in no lineup or substitution');
    expect(r.stdout).toContain('Data: Wyscout public dataset (Pappalardo et al., Scientific Data 2019), CC BY 4.0');
    const ds = datasetFromDir(out);
    expect(ds.meta.coverage!['reconciliation.5002.200']).toMatch(/0 goals from events, 1 on the scoreboard/);
    expect(ds.tables.leagues.get(0)!.toJSON().name).toBe('Test League');
  });

  it('prints a JSON summary with --json, and reads a folder of v2 API match files by competition id', async () => {
    const api = writeHandmadeApiFolder(join(tmp, 'api'));
    const r = await cli('ingest', 'wyscout', api, '--competition', '999', '--out', join(tmp, 'ds-api'), '--json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({
      competition_id: 999,
      season: '2020',
      matches: 2,
      events: 38,
      tables: { players: 25, appearances: 46 },
    });
    expect(summary.goal_differences).toEqual([
      { fixture_id: 5002, label: 'Away FC - Home FC, 1 - 0', team_id: 200, team: 'Away FC', events: 0, scoreboard: 1 },
    ]);
  });

  it('ingests twice into byte-identical Arrow files', async () => {
    for (const out of ['twice-a', 'twice-b'])
      expect((await cli('ingest', 'wyscout', folder, '--competition', 'Testland', '--out', join(tmp, out))).code).toBe(
        0,
      );
    const files = readdirSync(join(tmp, 'twice-a'))
      .filter((f) => f.endsWith('.arrow'))
      .sort();
    expect(files.length).toBe(7);
    for (const f of files)
      expect(readFileSync(join(tmp, 'twice-b', f)).equals(readFileSync(join(tmp, 'twice-a', f))), f).toBe(true);
  });

  it('stops with exit code 2, the file named and nothing written when a .json.gz is truncated or corrupted', async () => {
    const good = readFileSync(join(folder, 'events', 'testland', '5001.json.gz'));
    const damaged: [string, Buffer][] = [
      ['truncated', good.subarray(0, Math.floor(good.length / 2))],
      ['corrupted', Buffer.concat([good.subarray(0, 20), Buffer.alloc(40, 0x55), good.subarray(60)])],
    ];
    for (const [kind, bytes] of damaged) {
      const dir = writeHandmadeWyscout(join(tmp, `bad-${kind}`));
      writeFileSync(join(dir, 'events', 'testland', '5001.json.gz'), bytes);
      const out = join(tmp, `out-${kind}`);
      const r = await cli('ingest', 'wyscout', dir, '--competition', 'Testland', '--out', out);
      expect(r.code, kind).toBe(2);
      expect(r.stderr, kind).toMatch(
        /^halfspace ingest wyscout: events\/testland\/5001\.json\.gz: not a readable gzip file/,
      );
      expect(r.stderr.trim().split('\n').length).toBe(1);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(existsSync(out), kind).toBe(false);
      expect(readdirSync(tmp).some((n) => n.startsWith(`out-${kind}.tmp`))).toBe(false);
    }
  });

  it('keeps a match with a malformed event, naming it as an anomaly; stops on a missing events file, exit code 2', async () => {
    const dir = writeHandmadeWyscout(join(tmp, 'bad-event'));
    const file = join(dir, 'events', 'testland', '5002.json');
    const data = JSON.parse(readFileSync(file, 'utf8'));
    data.events[3].eventSec = 'soon';
    writeFileSync(file, JSON.stringify(data));
    let r = await cli('ingest', 'wyscout', dir, '--competition', 'Testland', '--out', join(tmp, 'x'));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/, 2 matches, /);
    expect(r.stdout).toMatch(
      /match 5002: 1 unreadable events dropped \(first: row 3, column events\.eventSec, row 3: expected a number/,
    );
    rmSync(file);
    r = await cli('ingest', 'wyscout', dir, '--competition', 'Testland', '--out', join(tmp, 'x'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/events\/testland\/5002\.json\.gz: missing/);
  });

  it('rejects bad command lines with one line and exit code 2', async () => {
    const busy = join(tmp, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'notes.txt'), 'keep me');
    const cases: [string[], RegExp][] = [
      [['ingest', 'wyscout', folder, '--out', join(tmp, 'x')], /give --competition/],
      [['ingest', 'wyscout', folder, '--competition', 'Testland'], /give --out/],
      [
        ['ingest', 'wyscout', join(tmp, 'nope'), '--competition', 'Testland', '--out', join(tmp, 'x')],
        /is not a folder/,
      ],
      [
        ['ingest', 'wyscout', folder, '--competition', 'Narnia', '--out', join(tmp, 'x')],
        /matches\/matches_Narnia\.json: missing/,
      ],
      [
        ['ingest', 'wyscout', folder, '--competition', '4242', '--out', join(tmp, 'x')],
        /no match list holds competitionId 4242/,
      ],
      [['ingest', 'wyscout', folder, '--competition', 'Testland', '--out', busy], /refusing to replace/],
    ];
    for (const [argv, message] of cases) {
      const r = await cli(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n').length).toBe(1);
    }
    expect(readFileSync(join(busy, 'notes.txt'), 'utf8')).toBe('keep me');
  });
});

describe.skipIf(!realPresent)('halfspace ingest wyscout on the real Premier League 2017/18', () => {
  let out: string;
  let first: Awaited<ReturnType<typeof cli>>;
  beforeAll(async () => {
    out = join(tmp, 'pl');
    first = await cli('ingest', 'wyscout', REAL, '--competition', 'England', '--out', out);
  });

  it('ingests the 380 matches and reports the one match whose event goals differ from the scoreboard', () => {
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Premier League 2017\/18, 380 matches, 643,150 events/);
    expect(first.stdout).toContain(
      '2499781 Chelsea - Manchester City, 0 - 1: Manchester City 0 from events, 1 on the scoreboard',
    );
  });

  it('ingests twice into byte-identical Arrow files', async () => {
    const again = join(tmp, 'pl-again');
    expect((await cli('ingest', 'wyscout', REAL, '--competition', '364', '--out', again)).code).toBe(0);
    for (const f of readdirSync(out))
      expect(readFileSync(join(again, f)).equals(readFileSync(join(out, f))), f).toBe(true);
  });

  it('feeds the commands a fan runs: scouting Salah shows his 32 league goals, fixtures shows the final day, accent-insensitive search finds Agüero', async () => {
    const salah = await cli('scouting', '--name', 'Salah', '--dataset', out);
    expect(salah.code).toBe(0);
    expect(salah.stdout).toMatch(/Mohamed Salah — Attacker \(RW\), Liverpool/);
    expect(salah.stdout).toContain('with 32 goals and 8 assists');
    const recent = await cli('fixtures', '--team', 'Liverpool', '--mode', 'recent', '--limit', '1', '--dataset', out);
    expect(recent.code).toBe(0);
    expect(recent.stdout).toContain('2018-05-13 14:00 UTC  Liverpool 4-0 Brighton & Hove Albion  [FT]'); // the final day, Salah's 32nd
    const aguero = await cli('player', '--name', 'Aguero', '--dataset', out, '--json');
    expect(aguero.code).toBe(0);
    expect(aguero.stdout).toContain('Agüero');
  });
});
