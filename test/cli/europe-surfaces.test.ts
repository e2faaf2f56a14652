/**
 * One real multi-competition dataset serves every surface (docs/guide.md#scouting-europe-201718):
 * the BUILT binary ingests real Wyscout matches of the Premier League, La Liga and the World Cup
 * into one dataset, `halfspace serve` answers HTTP on it, and an MCP client talks to the same
 * server. The CLI side is docs/guide.md's walkthrough, run by test/readme.test.ts on all five
 * competitions. Skips, saying so, when ../shared/real/wyscout is absent.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePng } from '../cards/png.js';
import { BIN, ensureBuilt, runBuilt } from '../helpers/built-cli.js';
import { realDataPresent, realPath } from '../helpers/real-data.js';

const REAL = realPath('wyscout');
const present = realDataPresent(
  'europe-surfaces (the Wyscout public dataset)',
  join(REAL, 'matches', 'matches_England.json'),
);

/** The last `count` matches of each competition's list: a World Cup group game and club games of its players. */
const PICKS = [
  ['England', 'england', 10],
  ['Spain', 'spain', 10],
  ['World_Cup', 'world_cup', 6],
] as const;

const tmp = mkdtempSync(join(tmpdir(), 'halfspace-europe-'));
let child: ChildProcess | undefined;
let url = '';

function copyMatches(dir: string): void {
  mkdirSync(join(dir, 'matches'), { recursive: true });
  for (const [competition, folder, count] of PICKS) {
    const picked = JSON.parse(readFileSync(join(REAL, 'matches', `matches_${competition}.json`), 'utf8')).slice(-count);
    writeFileSync(join(dir, 'matches', `matches_${competition}.json`), JSON.stringify(picked));
    mkdirSync(join(dir, 'events', folder), { recursive: true });
    for (const m of picked)
      copyFileSync(join(REAL, 'events', folder, `${m.wyId}.json.gz`), join(dir, 'events', folder, `${m.wyId}.json.gz`));
  }
  for (const file of ['players.json', 'teams.json']) copyFileSync(join(REAL, file), join(dir, file));
}

function serve(dataset: string): Promise<string> {
  child = spawn(
    process.execPath,
    [BIN, 'serve', '--dataset', dataset, '--port', '0', '--db', join(tmp, 'serve.db'), '--render-workers', '0'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const proc = child;
  return new Promise<string>((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]);
    });
    proc.once('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
  });
}

/** A demo-channel call (docs/api.md#demo-channel), as a first-time user makes it. */
async function demoCall(path: string, body: unknown): Promise<{ status: number; json: any }> {
  const r = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-svc-demo-channel': 'openclaw' },
    body: JSON.stringify(body),
  });
  return { status: r.status, json: await r.json() };
}

beforeAll(async () => {
  if (!present) return;
  ensureBuilt();
  const src = join(tmp, 'wyscout');
  copyMatches(src);
  const dataset = join(tmp, 'europe');
  const ingest = await runBuilt(
    ['ingest', 'wyscout', src, '--competition', 'England,Spain,World_Cup', '--out', dataset],
    { timeoutMs: 300_000 },
  );
  if (ingest.code !== 0) throw new Error(`ingest failed: ${ingest.stderr}`);
  url = await serve(dataset);
}, 600_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(tmp, { recursive: true, force: true });
});

describe.skipIf(!present)('one dataset of three real competitions, served over HTTP and MCP', () => {
  it('a player is one player across competitions: his club season and his World Cup, club first', async () => {
    const r = await demoCall('/api/v1/intelligence/player', { name: 'Paul Pogba' });
    expect(r.status).toBe(200);
    expect(r.json.data.profile.team.name).toBe('Manchester United');
    const leagues = r.json.data.recent_stats.map((s: { league: { name: string } }) => s.league.name);
    expect(new Set(leagues)).toEqual(new Set(['Premier League', 'FIFA World Cup']));
  });

  it('DNA search spans the competitions', async () => {
    const r = await demoCall('/api/v1/intelligence/dna-search', { name: 'Lionel Messi', limit: 10 });
    expect(r.status).toBe(200);
    expect(r.json.data.source.league).toBe('La Liga');
    const leagues = new Set(r.json.data.results.map((x: { player: { league: string } }) => x.player.league));
    expect(leagues.size).toBeGreaterThanOrEqual(2);
  });

  it('renders a real player card, fetched from its image URL and decoded', async () => {
    const r = await demoCall('/api/v1/cards', { player_name: 'Paul Pogba', style: 'player_card' });
    expect(r.status).toBe(200);
    const png = await fetch(r.json.image_url);
    expect(png.status).toBe(200);
    const img = decodePng(new Uint8Array(await png.arrayBuffer()));
    expect([img.width, img.height]).toEqual([1080, 1350]);
  });

  it('answers MCP tools on the same dataset', async () => {
    const client = new Client({ name: 'halfspace-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
        requestInit: { headers: { 'X-SVC-Demo-Channel': 'mcp' } },
      }),
    );
    try {
      const player = await client.callTool({ name: 'player', arguments: { name: 'Sergio Ramos' } });
      expect(player.isError).toBeFalsy();
      const profile = (player.structuredContent as { data: { profile: { team: { name: string } } } }).data.profile;
      expect(profile.team.name).toBe('Real Madrid');
      const search = await client.callTool({ name: 'dna_search', arguments: { name: 'Harry Kane', limit: 10 } });
      expect(search.isError).toBeFalsy();
      const results = (search.structuredContent as { data: { results: { player: { league: string } }[] } }).data
        .results;
      expect(new Set(results.map((x) => x.player.league)).size).toBeGreaterThanOrEqual(2);
    } finally {
      await client.close();
    }
  });
});
