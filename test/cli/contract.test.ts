/**
 * The CLI contract, checked on the BUILT binary as a child process for every command that
 * `halfspace --help` lists: success exits 0 (with parseable JSON under `--json`), bad input exits 2
 * with exactly one stderr line and nothing on stdout, and no output ever holds a stack trace.
 * The command list comes from `--help`, and a listed command without a case here fails the suite,
 * so a new command cannot ship untested.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetToDir } from '../../src/io/save.js';
import { datasetToCsvDir } from '../../src/io/csv/table-csv.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';
import { BIN, ensureBuilt, hasStack, ROOT, runBuilt, runShell, type Run } from '../helpers/built-cli.js';
import { absentNote, realPath } from '../helpers/real-data.js';

const STATSBOMB = realPath('statsbomb', 'premier-league-2015-16');
const WYSCOUT = realPath('wyscout');
const STATSPERFORM = realPath('providers', 'statsperform');
const LINEUP = '14229,14154,10796,12928,13635,12280,11815,13584,10472,10359';

/**
 * One command's contract. Words may hold `{tmp}` (a private folder of the command), `{db}` (its
 * own SQLite store), `{key}` (a key created in that store) and `{fresh}` (a new key per use).
 * `ok` lines run as given and again with `--json`; `json` is either extra lines that already
 * carry `--json` or the stated reason the command has no JSON form.
 */
interface Case {
  ok: string[][];
  json?: string[][] | { none: string };
  bad: string[][];
  /** Checks on a successful text run beyond exit 0. */
  check?: (run: Run, tmp: string, argv: string[]) => void;
  /** Why the ok lines cannot run here (they still must be listed); bad lines always run. */
  skipOk?: string;
}

const CASES: Record<string, Case> = {
  player: {
    ok: [
      ['player', '--name', 'Igor Teixeira', '--narrative', '--name2', 'Thiaguinho'],
      ['player', '--player-id', '10101', '--narrative'],
    ],
    bad: [
      ['player', '--name', 'Nobody Atall'],
      ['player', '--player-id', 'seven'],
    ],
    // Player 10101 has 18 minutes: a low sample makes no claim (docs/design.md#statistics).
    check: (r, _tmp, argv) =>
      expect(r.stdout).toMatch(
        argv.includes('10101')
          ? /too small to judge/
          : /The standout number is Key passes: 99th percentile among strikers/,
      ),
  },
  scouting: {
    ok: [['scouting', '--name', 'Igor Teixeira']],
    check: (run) => {
      // The percentile rows stay in columns however long a metric key is (shots_on_target_per90).
      const rows = run.stdout.split('\n').flatMap((l) => {
        const m = /^ {2}([a-z][a-z_0-9]+)( +)(\S+)/.exec(l);
        return m ? [{ key: m[1], valueEnd: m[0].length }] : [];
      });
      expect(rows.length).toBeGreaterThan(10);
      expect(rows.some((r) => r.key.length > 20)).toBe(true);
      expect(new Set(rows.map((r) => r.valueEnd)).size).toBe(1);
    },
    bad: [
      ['scouting', '--dataset', '{tmp}/missing/dir', '--name', 'x'],
      ['scouting', '--name', 'Teixeira', '--team-hint', 'Nowhere FC', '--player-id', 'x'],
    ],
  },
  similar: {
    ok: [['similar', '--name', 'Igor Teixeira', '--max-fee-tier', 'T2', '--max-age', '24']],
    bad: [
      ['similar', '--name', 'Igor Teixeira', '--max-fee-tier', 'T9'],
      ['similar', '--name', 'Igor Teixeira', '--limit', '0'],
    ],
  },
  alternatives: {
    ok: [['alternatives', '--name', 'Igor Teixeira', '--limit', '5', '--as-of', '2025-12-01']],
    bad: [
      ['alternatives', '--name', 'Igor Teixeira', '--limit', '0'],
      ['alternatives', '--name', 'Nobody Atall'],
      ['alternatives', '--name', 'Igor Teixeira', '--minutes-min', '-1'],
    ],
    check: (r) => expect(r.stdout).toMatch(/^#\s+found by\s+sim/m),
  },
  verdict: {
    ok: [
      ['verdict', '--name', 'Igor Teixeira'],
      ['verdict', '--player-id', '10101'],
    ],
    bad: [['verdict']],
    // Ordinals from the one helper: 91st, 92nd, 93rd — never "91th".
    check: (r) => expect(r.stdout).not.toMatch(/\b(\d*[123])th\b(?<!1[123]th)/),
  },
  'bestxi pool': {
    ok: [['bestxi', 'pool', '--vibe', 'u23', '--accepts', 'ST,CF', '--limit', '10']],
    // Every mode of the pool: default, byIds and full.
    json: [
      ['bestxi', 'pool', '--json'],
      ['bestxi', 'pool', '--ids', '14229,14154', '--json'],
      ['bestxi', 'pool', '--player-id', '14229', '--json'],
    ],
    bad: [
      ['bestxi', 'pool', '--vibe', 'no-such-vibe'],
      ['bestxi', 'pool', '--ids', 'a,b'],
    ],
  },
  'bestxi pick': {
    ok: [
      ['bestxi', 'pick', '--vibe', 'balanced', '--formation', '4-3-3'],
      ['bestxi', 'pick', '--vibe', 'high_press', '--formation', '3-5-2', '--json'],
      ['bestxi', 'pick', '--league', 'Liga Primera', '--json'],
    ],
    bad: [
      ['bestxi', 'pick', '--formation', '5-5'],
      ['bestxi', 'pick', '--vibe', 'no-such-vibe', '--formation', '4-4-2'],
      ['bestxi', 'pick', '--league', 'No Such League'],
    ],
    check: (r, _tmp, argv) => {
      if (!argv.includes('--json')) {
        expect(r.stdout).toMatch(/^ {2}GK {3}GK/m);
        // The text answer says how its scores are made and why the pool's differ.
        expect(r.stdout).toMatch(/`bestxi pool` also weighs recent form/);
        return;
      }
      const body = JSON.parse(r.stdout);
      expect(body.xi).toHaveLength(11);
      // --league keeps the XI inside that league (the demo holds eight).
      if (argv.includes('--league'))
        expect(new Set(body.lineup.secondary.leagues.map((l: { name: string }) => l.name))).toEqual(
          new Set(['Liga Primera']),
        );
    },
  },
  'bestxi lineup': {
    ok: [['bestxi', 'lineup', '--ids', LINEUP, '--vibe', 'balanced']],
    bad: [
      ['bestxi', 'lineup', '--ids', '1,1'],
      ['bestxi', 'lineup'],
    ],
  },
  fixtures: {
    ok: [['fixtures', '--league', 'Premier Division', '--mode', 'recent', '--limit', '3']],
    bad: [['fixtures'], ['fixtures', '--team', 'Saltmarsh United', '--mode', 'sideways']],
  },
  card: {
    ok: [['card', '--name', 'Igor Teixeira', '--style', 'player_card', '--out', '{tmp}/card.png']],
    bad: [
      ['card', '--name', 'Igor Teixeira', '--out', '{tmp}/missing/dir/x.png'],
      ['card', '--name', 'Igor Teixeira'],
      ['card', '--name', 'Igor Teixeira', '--out', '{tmp}/y.png', '--photo', '{tmp}/missing/me.jpg'],
    ],
    check: (_r, tmp) => expect(readFileSync(join(tmp, 'card.png')).subarray(1, 4).toString()).toBe('PNG'),
  },
  prompt: {
    ok: [['prompt', '--name', 'Igor Teixeira', '--style', 'fifa_viral', '--attribution']],
    bad: [['prompt', '--name', 'Igor Teixeira', '--style', 'no_such_style']],
  },
  'ingest csv': {
    ok: [['ingest', 'csv', '{tmp}/csv', '--out', '{tmp}/arrow']],
    bad: [
      ['ingest', 'csv', '{tmp}/missing/csv', '--out', '{tmp}/x'],
      ['ingest', 'csv', '{tmp}/csv'],
      ['ingest', 'csv', '{tmp}/csv', '--out', '{tmp}/not-a-db.txt/out'],
    ],
  },
  'ingest statsbomb': {
    ok: [['ingest', 'statsbomb', STATSBOMB, '--competition', '2', '--season', '27', '--out', '{tmp}/pl-2015']],
    bad: [
      ['ingest', 'statsbomb', '{tmp}/missing/open-data', '--competition', '2', '--season', '27', '--out', '{tmp}/x'],
      ['ingest', 'statsbomb', '{tmp}', '--competition', 'two', '--season', '27', '--out', '{tmp}/x'],
    ],
    skipOk: existsSync(STATSBOMB) ? undefined : `StatsBomb open data: ${absentNote(STATSBOMB)}`,
  },
  ingest: {
    ok: [['ingest', STATSPERFORM, '--out', '{tmp}/hsv-svs']],
    bad: [
      ['ingest', '{tmp}/missing/feed.json', '--out', '{tmp}/x'],
      ['ingest', STATSPERFORM, '--format', 'no_such_feed', '--out', '{tmp}/x'],
      ['ingest', STATSPERFORM],
    ],
    skipOk: existsSync(STATSPERFORM) ? undefined : `provider samples: ${absentNote(STATSPERFORM)}`,
  },
  'ingest wyscout': {
    ok: [['ingest', 'wyscout', WYSCOUT, '--competition', 'World_Cup', '--out', '{tmp}/wc-2018']],
    bad: [
      ['ingest', 'wyscout', '{tmp}/missing/wyscout', '--competition', 'England', '--out', '{tmp}/x'],
      ['ingest', 'wyscout', WYSCOUT, '--competition', 'Atlantis', '--out', '{tmp}/x'],
      ['ingest', 'wyscout', WYSCOUT, '--competition', 'England'],
    ],
    skipOk: existsSync(join(WYSCOUT, 'matches')) ? undefined : `Wyscout data: ${absentNote(join(WYSCOUT, 'matches'))}`,
  },
  standings: {
    ok: [
      ['standings', '--league', 'Premier Division', '--as-of', '2025-12-31'],
      ['standings', '--league', 'premier division'],
    ],
    bad: [
      ['standings', '--league', 'No Such League'],
      ['standings', '--league', 'Premier Division', '--as-of', '31/12/2025'],
      ['standings'],
      ['standings', '--league', 'Premier Division', '--season', '1899/00'],
    ],
    check: (r) => expect(r.stdout).toMatch(/\bPts\b/),
  },
  merge: {
    ok: [
      ['merge', '{tmp}/tiny', '{tmp}/tiny', '--out', '{tmp}/merged'],
      ['merge', '{tmp}/tiny', '{tmp}/tiny', '--namespace', '--out', '{tmp}/namespaced'],
    ],
    bad: [
      ['merge', '{tmp}/tiny', '--out', '{tmp}/x'],
      ['merge', '{tmp}/tiny', '{tmp}/missing/dataset', '--out', '{tmp}/x'],
      ['merge', '{tmp}/tiny', '{tmp}/tiny'],
    ],
    check: (r) => expect(r.stdout).toMatch(/2 sources merged/),
  },
  enrich: {
    ok: [
      ['enrich', '{tmp}/tiny', '--values', '{tmp}/values.csv', '--out', '{tmp}/valued'],
      ['enrich', '{tmp}/tiny', '--teams', '{tmp}/teams.csv', '--out', '{tmp}/coloured'],
    ],
    bad: [
      ['enrich', '{tmp}/tiny', '--out', '{tmp}/x'],
      ['enrich', '{tmp}/tiny', '--values', '{tmp}/missing.csv', '--out', '{tmp}/x'],
      ['enrich', '{tmp}/tiny', '--values', '{tmp}/bad-values.csv', '--out', '{tmp}/x'],
      ['enrich', '{tmp}/tiny', '--values', '{tmp}/values.csv', '--map', 'price=Value', '--out', '{tmp}/x'],
    ],
    check: (r) => expect(r.stdout).toMatch(/1 matched, 0 ambiguous, 1 unmatched/),
  },
  score: {
    ok: [
      ['score', '{tmp}/tiny', '--out', '{tmp}/scored.arrow'],
      ['score', '{tmp}/tiny', '--out', '{tmp}/scored.csv'],
    ],
    bad: [
      ['score', '{tmp}/tiny', '--out', '{tmp}/missing/x.arrow'],
      ['score', '{tmp}/tiny', '--out', '{tmp}/missing/x.csv'],
      ['score', '{tmp}/missing/dataset', '--out', '{tmp}/x.csv'],
    ],
  },
  serve: {
    // Runs until stopped: the special test below starts it, reads the banner and stops it.
    ok: [],
    json: { none: 'serve prints a banner and runs until stopped; it has no --json' },
    bad: [
      ['serve', '--db', '{tmp}/missing/dir/x.db', '--port', '0'],
      ['serve', '--port', '99999'],
      ['serve', '--dataset', '{tmp}/missing/dataset', '--port', '0', '--db', '{db}'],
    ],
  },
  mcp: {
    // Speaks MCP over stdio until stdin closes: test/mcp/stdio.test.ts drives the built binary with the SDK's own client.
    ok: [],
    json: { none: 'mcp speaks the MCP protocol over stdio; it has no --json' },
    bad: [
      ['mcp', '--dataset', '{tmp}/missing/dataset'],
      ['mcp', '--port', '1'],
    ],
  },
  'keys create': {
    ok: [['keys', 'create', '--credits', '100', '--label', 'contract', '--db', '{db}']],
    bad: [
      ['keys', 'create', '--credits', '-1', '--db', '{db}'],
      ['keys', 'create', '--credits', '100', '--db', '{tmp}/missing/dir/x.db'],
    ],
  },
  'keys list': {
    ok: [['keys', 'list', '--db', '{db}']],
    bad: [
      ['keys', 'list', '--db', '{tmp}/missing/dir/x.db'],
      ['keys', 'list', '--db', '{tmp}/not-a-db.txt'],
    ],
  },
  'keys revoke': {
    ok: [['keys', 'revoke', '{fresh}', '--db', '{db}']],
    bad: [
      ['keys', 'revoke', 'key_nope', '--db', '{db}'],
      ['keys', 'revoke', 'key_x', '--db', '{tmp}/missing/dir/x.db'],
    ],
  },
  'wallet topup': {
    ok: [['wallet', 'topup', '{key}', '--credits', '50', '--db', '{db}']],
    bad: [
      ['wallet', 'topup', '{key}', '--credits', '0', '--db', '{db}'],
      ['wallet', 'topup', 'key_nope', '--credits', '5', '--db', '{db}'],
    ],
  },
  'wallet balance': {
    ok: [['wallet', 'balance', '{key}', '--db', '{db}']],
    bad: [
      ['wallet', 'balance', 'key_nope', '--db', '{db}'],
      ['wallet', 'balance', '--db', '{db}'],
    ],
    check: (r) => expect(r.stdout.trim()).toBe('100 (available 100, held 0)'),
  },
  'wallet holds': {
    ok: [['wallet', 'holds', '{key}', '--db', '{db}']],
    bad: [
      ['wallet', 'holds', 'key_nope', '--db', '{db}'],
      ['wallet', 'holds', '--db', '{db}'],
    ],
    check: (r) => expect(r.stdout).toMatch(/^No open holds for key_/),
  },
  'wallet ledger': {
    ok: [['wallet', 'ledger', '{key}', '--limit', '4', '--db', '{db}']],
    bad: [
      ['wallet', 'ledger', '{key}', '--limit', 'x', '--db', '{db}'],
      ['wallet', 'ledger', 'key_nope', '--db', '{tmp}/missing/dir/x.db'],
    ],
  },
};

let root: string;
let helpCommands: { name: string; summary: string }[] = [];

beforeAll(async () => {
  await ensureBuilt();
  root = mkdtempSync(join(tmpdir(), 'halfspace-contract-'));
  const help = await runBuilt(['--help']);
  expect(help.code).toBe(0);
  helpCommands = [...help.stdout.matchAll(/^ {2}(\S+(?: \S+)*?) {2,}(\S.*)$/gm)].map((m) => ({
    name: m[1],
    summary: m[2],
  }));
}, 240_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The private folder of one command, with its inputs: the tiny dataset as Arrow and as CSV. */
function folderOf(command: string): string {
  const tmp = join(root, command.replace(/ /g, '-'));
  datasetToDir(tinyDataset(), join(tmp, 'tiny'));
  datasetToCsvDir(tinyDataset(), join(tmp, 'csv'));
  writeFileSync(join(tmp, 'values.csv'), 'player_id,market_value_eur\n1,12000000\n999,1\n');
  writeFileSync(join(tmp, 'bad-values.csv'), 'player_id,market_value_eur\n1,plenty\n');
  writeFileSync(join(tmp, 'teams.csv'), 'team_id,primary_color\n10,#112233\n12,#445566\n');
  writeFileSync(join(tmp, 'not-a-db.txt'), 'this is not a SQLite database, only a text file\n'.repeat(40));
  return tmp;
}

/** Expects the contract of a failure: exit 2, one stderr line, nothing on stdout, no stack. */
function expectBadInput(r: Run, line: string): void {
  expect(r.code, `${line}\n${r.stderr}`).toBe(2);
  expect(r.stderr.endsWith('\n'), line).toBe(true);
  expect(r.stderr.trimEnd().split('\n'), `${line}\n${r.stderr}`).toHaveLength(1);
  expect(r.stderr, line).toMatch(/^halfspace[ :]/);
  expect(hasStack(r.stderr), line).toBe(false);
  expect(r.stdout, line).toBe('');
}

/** Expects a success: exit 0, output, no stack; returns the parsed JSON when `json`. */
function expectSuccess(r: Run, line: string, json: boolean): unknown {
  expect(r.code, `${line}\n${r.stderr}`).toBe(0);
  expect(hasStack(r.stderr) || hasStack(r.stdout), line).toBe(false);
  expect(r.stdout.length, line).toBeGreaterThan(0);
  if (!json) return undefined;
  expect(() => JSON.parse(r.stdout), `${line}: stdout is not JSON\n${r.stdout.slice(0, 200)}`).not.toThrow();
  return JSON.parse(r.stdout);
}

describe('CLI contract (built binary)', () => {
  it('--help lists the commands, each with a contract case here, and no case is for a command --help lacks', () => {
    const listed = helpCommands.map((c) => c.name);
    expect(listed.length).toBeGreaterThanOrEqual(19);
    expect(
      listed.filter((name) => !(name in CASES)),
      'commands in --help without a contract case in test/cli/contract.test.ts',
    ).toEqual([]);
    expect(
      Object.keys(CASES).filter((name) => !listed.includes(name)),
      'cases for commands --help does not list',
    ).toEqual([]);
  });

  it('--version prints the package version', async () => {
    const r = await runBuilt(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version}\n`);
  });

  it('an unknown command, and a command group without its subcommand, exit 2 with one line', async () => {
    expectBadInput(await runBuilt(['frobnicate']), 'frobnicate');
    const r = await runBuilt(['keys']);
    expectBadInput(r, 'keys');
    expect(r.stderr).toContain('keys create');
  });

  // One test per command from the table; the table check above ties it to --help.
  for (const [name, c] of Object.entries(CASES)) {
    it.concurrent(`${name}: --help, text, --json and bad input keep the contract`, async () => {
      const tmp = folderOf(name);
      const db = join(tmp, 'store.db');
      let key = '';
      const createKey = async (): Promise<string> => {
        const r = await runBuilt(['keys', 'create', '--credits', '100', '--json', '--db', db]);
        expect(r.code, r.stderr).toBe(0);
        return (JSON.parse(r.stdout) as { id: string }).id;
      };
      const usesKey = [...c.ok, ...c.bad, ...(Array.isArray(c.json) ? c.json : [])].some((argv) =>
        argv.includes('{key}'),
      );
      if (usesKey) key = await createKey();
      const expand = async (argv: string[]): Promise<string[]> => {
        const out: string[] = [];
        for (const w of argv)
          out.push(
            w === '{fresh}' ? await createKey() : w.replaceAll('{tmp}', tmp).replace('{db}', db).replace('{key}', key),
          );
        return out;
      };

      const words = name.split(' ');
      const help = await runBuilt([...words, '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(`Usage: halfspace ${name}`);
      const usage = /Usage: halfspace (.*)/.exec(help.stdout)![1];

      // JSON form: either the command documents --json, or the case states why it has none.
      if (c.json && !Array.isArray(c.json))
        expect(usage, `${name} has --json, so it needs a JSON case`).not.toContain('--json');
      else expect(usage, `${name} usage should offer --json`).toContain('--json');

      if (c.skipOk) console.warn(`${name}: success cases not run: ${c.skipOk}`);
      else {
        if (name !== 'serve' && name !== 'mcp')
          expect(c.ok.length, `${name} needs at least one success case`).toBeGreaterThan(0);
        for (const argv of c.ok) {
          const line = await expand(argv);
          const r = await runBuilt(line, { cwd: tmp });
          expectSuccess(r, line.join(' '), false);
          c.check?.(r, tmp, line);
        }
        const jsonLines = Array.isArray(c.json) ? c.json : c.json ? [] : c.ok.map((argv) => [...argv, '--json']);
        for (const argv of jsonLines) {
          const line = await expand(argv);
          const body = expectSuccess(await runBuilt(line, { cwd: tmp }), line.join(' '), true);
          expect(body).not.toBeNull();
        }
      }

      expect(c.bad.length, `${name} needs at least one bad-input case`).toBeGreaterThan(0);
      for (const argv of [...c.bad, [...words, '--no-such-flag']]) {
        const line = await expand(argv);
        expectBadInput(await runBuilt(line, { cwd: tmp }), line.join(' '));
      }
    }, 420_000);
  }

  it('serve prints a banner whose commands work from a local install, and stops on SIGTERM with exit 0', async () => {
    const tmp = folderOf('serve-run');
    const child = spawn(
      process.execPath,
      [BIN, 'serve', '--port', '0', '--db', join(tmp, 'serve.db'), '--render-workers', '0'],
      { cwd: tmp, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (t: string) => (stderr += t));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`serve did not start: ${stderr}`)), 60_000);
      child.stdout.setEncoding('utf8').on('data', (t: string) => {
        stdout += t;
        if (stdout.includes('Stop with Ctrl+C.')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.on('close', () => reject(new Error(`serve exited early: ${stderr}`)));
    });
    const url = /listening on (http:\/\/\S+)/.exec(stdout)![1];
    expect((await fetch(`${url}/openapi.json`)).status).toBe(200);
    // Every halfspace command the banner suggests is spelled the way a local install runs it.
    const suggested = stdout.split('\n').filter((l) => /\bhalfspace (keys|wallet|serve)\b/.test(l));
    expect(suggested.length).toBeGreaterThan(0);
    for (const l of suggested) expect(l.trim().startsWith('npx halfspace '), l).toBe(true);
    // ...and runs as printed (here against the server's own store).
    const keysLine = suggested[0]
      .trim()
      .replace(/^npx halfspace /, '')
      .split(' ');
    expectSuccess(await runBuilt(keysLine, { cwd: tmp }), keysLine.join(' '), false);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout).toContain('halfspace API stopped.');
    expect(hasStack(stderr)).toBe(false);
  }, 120_000);

  it('a closed stdout pipe ends quietly: `fixtures … --json | head -c 100` exits 0 with nothing on stderr', async () => {
    const argv = `fixtures --league "Premier Division" --mode all --json`;
    // The output must be larger than a pipe buffer (64 KiB) for the writer to meet the closed pipe.
    const whole = await runShell(`node ${JSON.stringify(BIN)} ${argv} | wc -c`);
    expect(Number(whole.stdout.trim())).toBeGreaterThan(65_536);
    const r = await runShell(`node ${JSON.stringify(BIN)} ${argv} | head -c 100`);
    expect(r.stdout).toHaveLength(100);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  }, 120_000);
});
