/**
 * Cost of MCP over HTTP against the same call over REST: sequential paid `scouting` calls on one
 * loopback server (demo universe, memory store, response cache off so both run the engine),
 * through fetch (the baseline, measured in the same run) and through the MCP SDK's streamable-HTTP
 * client at POST /mcp (a fresh stateless MCP server per request). Writes bench/results/mcp.{json,md}.
 * Run: npm run bench:mcp  (BENCH_MCP_CALLS=N per case; default 300).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Engine } from '../../src/engine.js';
import { listen } from '../../src/http/node.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import { createService } from '../../src/service/service.js';
import { memoryStore } from '../../src/store/memory/store.js';

const here = dirname(fileURLToPath(import.meta.url));
const CALLS = Number(process.env.BENCH_MCP_CALLS ?? 300);
const BODY = { name: 'Igor Teixeira' };

const store = memoryStore();
const server = await listen(
  createService({
    engine: Engine.open({ dataset: 'demo' }),
    store,
    baseUrl: 'http://127.0.0.1',
    responseCacheBytes: 0,
    rateLimit: { perSecond: 1e6, burst: 1e6 },
  }),
  { port: 0 },
);
const { key } = await issueKey(store, { credits: 1_000_000 });

async function measure(call: () => Promise<void>): Promise<{ mean_ms: number; p50_ms: number; p99_ms: number }> {
  for (let i = 0; i < 20; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 1000) / 1000;
  return {
    mean_ms: Math.round((times.reduce((a, b) => a + b, 0) / times.length) * 1000) / 1000,
    p50_ms: at(0.5),
    p99_ms: at(0.99),
  };
}

const rest = await measure(async () => {
  const res = await fetch(`${server.url}/api/v1/intelligence/scouting`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(BODY),
  });
  if (res.status !== 200) throw new Error(`REST ${res.status}`);
  await res.arrayBuffer();
});
const client = new Client({ name: 'bench', version: '1.0.0' });
await client.connect(
  new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  }),
);
const mcp = await measure(async () => {
  const result = await client.callTool({ name: 'scouting', arguments: BODY });
  if (result.isError) throw new Error('MCP call failed');
});
await client.close();
await server.close();

const ratio = Math.round((mcp.mean_ms / rest.mean_ms) * 100) / 100;
const results = { calls: CALLS, node: process.version, rest, mcp, mcp_over_rest_mean: ratio };
mkdirSync(join(here, '..', 'results'), { recursive: true });
writeFileSync(join(here, '..', 'results', 'mcp.json'), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(
  join(here, '..', 'results', 'mcp.md'),
  `# MCP over HTTP vs REST (paid scouting, sequential, loopback)\n\n${CALLS} calls per case after 20 warm-up calls; Node ${process.version}; response cache off.\n\n| case | mean ms | p50 ms | p99 ms |\n|---|---|---|---|\n| REST POST /api/v1/intelligence/scouting (baseline) | ${rest.mean_ms} | ${rest.p50_ms} | ${rest.p99_ms} |\n| MCP tools/call scouting at POST /mcp | ${mcp.mean_ms} | ${mcp.p50_ms} | ${mcp.p99_ms} |\n\nMCP / REST mean: ${ratio}×.\n`,
);
console.log(JSON.stringify(results));
