/**
 * The request pipeline on a real server (`startServer`, what `halfspace serve` runs, on
 * 127.0.0.1): a wrong key is refused before the body is read (issue #24 defect 13), `POST /mcp`
 * answers carry the key headers and are counted as `mcp`, the credits metric equals the ledger
 * (REST, MCP and an hd job), demo answers carry the demo quota's RateLimit headers (issue #25
 * items 10 and 11), and the two version numbers are what docs/design.md#versioning says.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/cli/commands/serve.js';
import { METRICS_STORE_CACHE_MS } from '../../src/service/ops/metrics.js';
import { toolNameOf } from '../../src/mcp/server.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import { API_VERSION } from '../../src/service/contract/openapi.js';
import { costOf, OPERATIONS } from '../../src/service/contract/operations.js';
import { ensureBuilt, ROOT, runBuilt } from '../helpers/built-cli.js';
import { IGOR } from '../mcp/cases.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-pipeline-'));
let server: RunningServer;
let url: string;

beforeAll(async () => {
  server = await startServer({ db: join(dir, 'pipeline.db'), port: 0, renderWorkers: 0 });
  url = server.listening.url;
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const verdict = OPERATIONS.find((o) => o.id === 'verdict')!;
const json = { 'content-type': 'application/json' };

/** Sends the headers and the first KB of a body announced as `length` bytes, and resolves with the status once the server answers. */
function partialUpload(path: string, headers: Record<string, string>, length: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method: 'POST', headers: { ...headers, 'content-length': String(length) } });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', reject);
    req.write(Buffer.alloc(1024, 0x61));
    // The rest of the body is never sent: only a server that answers before reading it responds.
  });
}

/** One JSON-RPC message to POST /mcp. */
const mcp = (headers: Record<string, string>, method: string, params: Record<string, unknown>) =>
  fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { ...json, accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });

const callTool = (headers: Record<string, string>, tool: string, args: Record<string, unknown>) =>
  mcp(headers, 'tools/call', { name: tool, arguments: args });

/** Every sample of `name` in a Prometheus exposition, by its label text. */
function samples(text: string, name: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = new RegExp(`^${name}(\\{[^}]*\\})? (\\S+)$`).exec(line);
    if (m) out.set(m[1] ?? '', Number(m[2]));
  }
  return out;
}

describe('authentication before the body', () => {
  it('answers 401 to a wrong key without waiting for a 5 MB upload', async () => {
    const multipart = { 'content-type': 'multipart/form-data; boundary=x' };
    await expect(
      partialUpload('/api/v1/cards', { ...multipart, authorization: 'Bearer hs_wrong_key' }, 5_000_000),
    ).resolves.toBe(401);
    await expect(partialUpload('/api/v1/verdict', { ...json, authorization: 'Bearer nope' }, 60_000)).resolves.toBe(
      401,
    );
  }, 30_000);
});

describe('POST /mcp billing headers and metrics', () => {
  it('carries what its tool calls charged, the balance and the RateLimit headers', async () => {
    const { key } = await issueKey(server.store, { credits: 50 });
    const auth = { authorization: `Bearer ${key}` };
    const cost = costOf(verdict, { player_name: IGOR });
    const res = await callTool(auth, toolNameOf(verdict), { player_name: IGOR });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.result.isError).toBeFalsy();
    expect(res.headers.get('x-svc-credits-charged')).toBe(String(cost));
    expect(res.headers.get('x-svc-wallet-balance')).toBe(String(50 - cost));
    expect(res.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
    expect(res.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);

    // A failed tool call is free, and a request without tool calls still reports the wallet.
    const failed = await callTool(auth, toolNameOf(verdict), { player_name: 'Nobody Atall' });
    expect(((await failed.json()) as any).result.isError).toBe(true);
    expect(failed.headers.get('x-svc-credits-charged')).toBe('0');
    expect(failed.headers.get('x-svc-wallet-balance')).toBe(String(50 - cost));
    const listed = await mcp(auth, 'tools/list', {});
    expect(listed.status).toBe(200);
    expect(listed.headers.get('x-svc-credits-charged')).toBe('0');
    expect(listed.headers.get('x-svc-wallet-balance')).toBe(String(50 - cost));
    expect(listed.headers.get('ratelimit-policy')).not.toBeNull();
  });

  it('over the demo channel, says how many free calls remain', async () => {
    const demo = { 'x-svc-demo-channel': 'mcp' };
    const res = await callTool(demo, toolNameOf(verdict), { player_name: IGOR });
    expect(((await res.json()) as any).result.isError).toBeFalsy();
    expect(res.headers.get('ratelimit-limit')).toBe('15');
    expect(res.headers.get('ratelimit-policy')).toBe('15;w=86400');
    const remaining = Number(res.headers.get('ratelimit-remaining'));
    expect(remaining).toBeLessThan(15);
    // REST on the same client: one more success, one fewer left; a failure leaves the count.
    const rest = await fetch(`${url}${verdict.path}`, {
      method: 'POST',
      headers: { ...json, 'x-svc-demo-channel': 'mcp' },
      body: JSON.stringify({ player_name: IGOR }),
    });
    expect(rest.status).toBe(200);
    expect(rest.headers.get('ratelimit-remaining')).toBe(String(remaining - 1));
    expect(rest.headers.get('x-svc-wallet-balance')).toBeNull();
    const reset = Number(rest.headers.get('ratelimit-reset'));
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(86_400);
    const miss = await fetch(`${url}${verdict.path}`, {
      method: 'POST',
      headers: { ...json, 'x-svc-demo-channel': 'mcp' },
      body: JSON.stringify({ player_name: 'Nobody Atall' }),
    });
    expect(miss.status).toBe(404);
    expect(miss.headers.get('ratelimit-remaining')).toBe(String(remaining - 1));
  });

  it('counts MCP as operation mcp, and the credits metric equals the ledger (REST, MCP and an hd job)', async () => {
    const { key, record } = await issueKey(server.store, { credits: 500 });
    const auth = { authorization: `Bearer ${key}` };
    const before = samples(await (await fetch(`${url}/metrics`)).text(), 'halfspace_credits_charged_total');
    const rest = await fetch(`${url}${verdict.path}`, {
      method: 'POST',
      headers: { ...json, ...auth },
      body: JSON.stringify({ player_name: IGOR }),
    });
    expect(rest.status).toBe(200);
    expect(
      ((await (await callTool(auth, toolNameOf(verdict), { player_name: IGOR })).json()) as any).result.isError,
    ).toBeFalsy();
    const job = await fetch(`${url}/api/v1/cards`, {
      method: 'POST',
      headers: { ...json, ...auth },
      body: JSON.stringify({ player_name: IGOR, style: 'editorial_cover', photo_mode: 'silhouette' }),
    });
    expect(job.status).toBe(202);
    const { poll_url } = (await job.json()) as any;
    let status = 'queued';
    for (let i = 0; i < 600 && (status === 'queued' || status === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = ((await (await fetch(poll_url, { headers: auth })).json()) as any).status;
    }
    expect(status).toBe('succeeded');

    // The exposition is rendered at most once per METRICS_STORE_CACHE_MS: wait out the one scraped before.
    await new Promise((r) => setTimeout(r, METRICS_STORE_CACHE_MS + 50));
    const text = await (await fetch(`${url}/metrics`)).text();
    const after = samples(text, 'halfspace_credits_charged_total');
    let counted = 0;
    for (const [labels, value] of after) counted += value - (before.get(labels) ?? 0);
    const ledger = 500 - ((await server.store.wallets.balance(record.id)) ?? 0);
    expect(ledger).toBe(2 * costOf(verdict, {}) + 40);
    expect(counted).toBe(ledger);
    expect(after.get('{operation="cards"}')! - (before.get('{operation="cards"}') ?? 0)).toBe(40);
    const requests = samples(text, 'halfspace_http_requests_total');
    expect(requests.get('{operation="mcp",status="200"}')).toBeGreaterThan(0);
    expect([...requests.keys()].some((l) => l.includes('"unmatched"') && l.includes('mcp'))).toBe(false);
  }, 180_000);
});

describe('versions', () => {
  it('OpenAPI carries the contract version and --version the package version, as docs/design.md says', async () => {
    const openapi = (await (await fetch(`${url}/openapi.json`)).json()) as any;
    expect(openapi.info.version).toBe(API_VERSION);
    // A build blocks this process for a while: after the server's own fetch, not before it.
    ensureBuilt();
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    const run = await runBuilt(['--version']);
    expect(run.stdout.trim()).toBe(pkg.version);
    const design = readFileSync(join(ROOT, 'docs/design.md'), 'utf8');
    expect(design).toContain(`\`info.version\` (\`API_VERSION\`, ${API_VERSION})`);
    expect(design).toContain(`\`halfspace --version\` (${pkg.version})`);
  }, 600_000);
});
