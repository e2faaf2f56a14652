/**
 * The BUILT `halfspace serve` answers MCP at `POST /mcp`: an SDK client configured as docs/mcp.md's
 * HTTP entry (URL + demo header) lists the tools and asks who plays like Igor Teixeira under 24.
 * (The MCP SDK is loaded lazily on the first /mcp request, so this also checks the built chunk.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtBinary } from './built.js';
import { VALID } from './cases.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-mcp-serve-'));
let child: ChildProcess;
let url: string;

beforeAll(async () => {
  const bin = builtBinary();
  child = spawn(
    process.execPath,
    [bin, 'serve', '--port', '0', '--db', join(dir, 'serve.db'), '--render-workers', '0'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
  });
}, 600_000);
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('halfspace serve: POST /mcp', () => {
  it('lists the tools and answers "who plays like Igor Teixeira under 24?" on the demo channel', async () => {
    const client = new Client({ name: 'halfspace-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
        requestInit: { headers: { 'X-SVC-Demo-Channel': 'mcp' } },
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('dna_search');
      const result = await client.callTool({ name: 'dna_search', arguments: VALID.dna_search });
      expect(result.isError).toBeFalsy();
      const value = result.structuredContent as { data: { results: { player: { age: number } }[] } };
      expect(value.data.results.length).toBeGreaterThan(0);
      for (const r of value.data.results) expect(r.player.age).toBeLessThan(24);
    } finally {
      await client.close();
    }
  });
});
