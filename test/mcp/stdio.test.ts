/**
 * `halfspace mcp` as an MCP client sees it: the BUILT binary spawned over stdio and driven by the
 * SDK's own client. Every tool is listed and called (one success, one failure each), results match
 * the REST response schemas, the card comes back as a PNG, catalogs are resources. The client is
 * configured from docs/mcp.md.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/service/contract/operations.js';
import { toolNameOf } from '../../src/mcp/server.js';
import { builtBinary, ROOT } from './built.js';
import { checkShape, FAILING, IGOR, VALID } from './cases.js';

type Content = { type: string; text?: string; data?: string; mimeType?: string; uri?: string }[];
let client: Client;

beforeAll(async () => {
  const bin = builtBinary();
  // The client is configured as docs/mcp.md says, with the `halfspace` command being the built binary.
  const config = JSON.parse(readFileSync(join(ROOT, 'docs', 'mcp.md'), 'utf8').match(/```json\n([\s\S]*?)```/)![1]) as {
    mcpServers: { halfspace: { command: string; args: string[] } };
  };
  const { command, args } = config.mcpServers.halfspace;
  expect(command).toBe('halfspace');
  client = new Client({ name: 'halfspace-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, ...args], stderr: 'pipe' }));
}, 600_000);
afterAll(async () => {
  await client?.close();
});

describe('halfspace mcp over stdio', () => {
  it('lists one tool per operation, with an object input schema and a cost in its description', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(OPERATIONS.map(toolNameOf).sort());
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(Object.keys(tool.inputSchema.properties ?? {}).length, tool.name).toBeGreaterThan(0);
      expect(tool.description, tool.name).toMatch(/\d+ credits? .*per successful call/);
    }
    expect(tools.find((t) => t.name === 'player')!.inputSchema.properties).toHaveProperty('enhance');
  });

  it('the card tool offers the radar overlay: closest (a boolean, described) beside name2', async () => {
    const { tools } = await client.listTools();
    const card = tools.find((t) => t.name === toolNameOf(OPERATIONS.find((op) => op.id === 'cards')!))!;
    const properties = card.inputSchema.properties as Record<string, { type?: string; description?: string }>;
    expect(properties.closest?.type).toBe('boolean');
    expect(properties.closest?.description).toMatch(/radar.*closest.*DNA/);
    expect(properties).toHaveProperty('name2');
    expect((properties.style as { enum?: string[] }).enum).toContain('radar');
  });

  it('answers "who plays like Igor Teixeira under 24?" through dna_search', async () => {
    const result = await client.callTool({ name: 'dna_search', arguments: VALID.dna_search });
    expect(result.isError).toBeFalsy();
    const value = checkShape('dna_search', result.structuredContent) as {
      data: { source: { display_name: string }; results: { player: { age: number; display_name: string } }[] };
    };
    expect(value.data.source.display_name).toBe(IGOR);
    expect(value.data.results.length).toBeGreaterThan(0);
    for (const r of value.data.results) expect(r.player.age).toBeLessThan(24);
    const text = (result.content as Content)[0].text!;
    expect(text).toContain(value.data.results[0].player.display_name);
  });

  for (const tool of Object.keys(VALID)) {
    it(`${tool}: a valid call returns the REST JSON as structuredContent and a text summary`, async () => {
      const result = await client.callTool({ name: tool, arguments: VALID[tool] });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      checkShape(tool, result.structuredContent);
      const content = result.content as Content;
      expect(content[0].type).toBe('text');
      expect(content[0].text!.length).toBeGreaterThan(10);
      // No wallet over stdio: nothing is charged, so no credits are reported.
      expect(result._meta?.['halfspace/credits']).toBeUndefined();
    });

    it(`${tool}: a failing call is a tool error with the problem code ${FAILING[tool].code}`, async () => {
      const { args, code, param } = FAILING[tool];
      const result = await client.callTool({ name: tool, arguments: args });
      expect(result.isError).toBe(true);
      const problem = result.structuredContent as { code: string; param?: string; detail: string };
      expect(problem.code).toBe(code);
      if (param) expect(problem.param).toBe(param);
      expect((result.content as Content)[0].text).toContain(code);
    });
  }

  it('lists the candidates of an ambiguous name so the agent can pick a player_id', async () => {
    const result = await client.callTool({ name: 'verdict', arguments: { player_name: 'Rafinha' } });
    const problem = result.structuredContent as { candidates: { player_id: number }[] };
    expect(problem.candidates.length).toBe(2);
    const text = (result.content as Content)[0].text!;
    for (const c of problem.candidates) expect(text).toContain(`player_id: ${c.player_id}`);
    const picked = await client.callTool({
      name: 'verdict',
      arguments: { player_id: problem.candidates[0].player_id },
    });
    expect(picked.isError).toBeFalsy();
  });

  it('returns the card as PNG image content plus its URL, readable as a resource', async () => {
    const result = await client.callTool({ name: 'card', arguments: VALID.card });
    const content = result.content as Content;
    const image = content.find((c) => c.type === 'image')!;
    expect(image.mimeType).toBe('image/png');
    const png = Buffer.from(image.data!, 'base64');
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const url = (result.structuredContent as { image_url: string }).image_url;
    expect(content.find((c) => c.type === 'resource_link')!.uri).toBe(url);
    const read = await client.readResource({ uri: url });
    expect(Buffer.from((read.contents[0] as { blob: string }).blob, 'base64').equals(png)).toBe(true);
  });

  it('renders an hd card in-process (no job, no key) and returns it as an image', async () => {
    const result = await client.callTool({
      name: 'card',
      arguments: { player_name: IGOR, style: 'editorial_cover', photo_mode: 'silhouette' },
    });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ style: 'editorial_cover' });
    const image = (result.content as Content).find((c) => c.type === 'image')!;
    expect(Buffer.from(image.data!, 'base64').subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('exposes each catalog as a resource', async () => {
    const { resources } = await client.listResources();
    expect(resources.length).toBe(OPERATIONS.length);
    const dna = resources.find((r) => r.uri === 'halfspace://catalog/dna_search')!;
    const read = await client.readResource({ uri: dna.uri });
    const catalog = JSON.parse((read.contents[0] as { text: string }).text);
    expect(catalog).toMatchObject({ path: '/api/v1/intelligence/dna-search', credits: 1 });
  });

  it('exits 2 with one line on stderr when the dataset cannot be opened', async () => {
    const run = promisify(execFile);
    const failed = await run(process.execPath, [builtBinary(), 'mcp', '--dataset', join(ROOT, 'no-such-dataset')], {
      timeout: 60_000,
    }).catch((e: { code: number; stdout: string; stderr: string }) => e);
    expect((failed as { code: number }).code).toBe(2);
    expect((failed as { stdout: string }).stdout).toBe('');
    expect((failed as { stderr: string }).stderr.trim().split('\n')).toHaveLength(1);
    expect((failed as { stderr: string }).stderr).toMatch(/^halfspace mcp: /);
  });

  it('refuses an unknown tool as a protocol error', async () => {
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/unknown tool/);
  });
});
