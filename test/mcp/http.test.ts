/**
 * `POST /mcp` on a real server on 127.0.0.1, driven by the SDK's streamable-HTTP client: every tool
 * call is billed exactly like its REST twin (bearer key → wallet at the SPEC cost, the demo channel
 * → the daily quota), failures are never charged, and the tools are the stdio ones.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { listen, type Listening } from '../../src/http/node.js';
import { toolNameOf } from '../../src/mcp/server.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import { costOf, OPERATIONS } from '../../src/service/contract/operations.js';
import { createService, type Service } from '../../src/service/service.js';
import { memoryStore } from '../../src/store/memory/store.js';
import type { ServiceStore } from '../../src/store/ports.js';
import { checkShape, FAILING, opOf, VALID } from './cases.js';

type Content = { type: string; text?: string; data?: string; mimeType?: string; uri?: string }[];
type Credits = { charged: number; balance: number };

let server: Listening;
let store: ServiceStore;
let service: Service;
const engine = Engine.open({ dataset: 'demo' });
const open: Client[] = [];

async function clientWith(headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'halfspace-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers } }));
  open.push(client);
  return client;
}

const creditsOf = (result: { _meta?: Record<string, unknown> }) =>
  result._meta?.['halfspace/credits'] as Credits | undefined;

beforeAll(async () => {
  store = memoryStore();
  service = createService({ engine, store, baseUrl: 'http://127.0.0.1', demoDailyLimit: 4, responseCacheBytes: 0 });
  server = await listen(service, { port: 0 });
});
afterAll(async () => {
  for (const c of open) await c.close();
  await server?.close();
});

describe('POST /mcp', () => {
  it('lists the same tools as stdio without credentials (listing is free)', async () => {
    const client = await clientWith({});
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(OPERATIONS.map(toolNameOf).sort());
  });

  it('bills every tool call with a key exactly like its REST twin', async () => {
    const { key, record } = await issueKey(store, { credits: 1000 });
    const client = await clientWith({ authorization: `Bearer ${key}` });
    let balance = 1000;
    for (const [tool, args] of Object.entries(VALID)) {
      const result = await client.callTool({ name: tool, arguments: args });
      expect(result.isError, `${tool}: ${JSON.stringify(result.content)}`).toBeFalsy();
      checkShape(tool, result.structuredContent);
      const op = opOf(tool);
      const { enhance: _q, ...body } = args;
      const cost = costOf(op, body);
      balance -= cost;
      expect(creditsOf(result), tool).toEqual({ charged: cost, balance });
      expect(await store.wallets.balance(record.id)).toBe(balance);

      // The REST twin of the same call charges the same.
      const rest = await fetch(`${server.url}${op.path}${tool === 'player' ? '?enhance=narrative' : ''}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(rest.status, tool).toBe(200);
      balance -= cost;
      expect(rest.headers.get('x-svc-credits-charged')).toBe(String(cost));
      expect(rest.headers.get('x-svc-wallet-balance')).toBe(String(balance));
    }
  });

  it('declares an outputSchema per tool that every answer and every problem satisfies (the SDK client validates it)', async () => {
    const { key } = await issueKey(store, { credits: 1000 });
    const client = await clientWith({ authorization: `Bearer ${key}` });
    const { tools } = await client.listTools();
    // Listing caches one validator per tool: from here on, callTool throws on a result that does not match.
    expect(tools.filter((t) => t.outputSchema?.type !== 'object').map((t) => t.name)).toEqual([]);
    for (const [tool, args] of Object.entries(VALID)) {
      const result = await client.callTool({ name: tool, arguments: args });
      expect(result.isError, tool).toBeFalsy();
    }
    for (const [tool, { args, code }] of Object.entries(FAILING)) {
      const result = await client.callTool({ name: tool, arguments: args });
      expect(result.structuredContent, tool).toMatchObject({ code });
    }
    // Self-check: the SDK's validator does refuse a result outside the schema, and accepts a real one.
    const scouting = tools.find((t) => t.name === 'scouting')!;
    const validate = new AjvJsonSchemaValidator().getValidator(scouting.outputSchema!);
    expect(validate({ data: 'not an object', summary: 1 }).valid).toBe(false);
    const real = await client.callTool({ name: 'scouting', arguments: VALID.scouting });
    expect(validate(real.structuredContent).valid).toBe(true);
  });

  it('charges nothing for a failing call of any tool, and returns the problem code', async () => {
    const { key, record } = await issueKey(store, { credits: 100 });
    const client = await clientWith({ authorization: `Bearer ${key}` });
    for (const [tool, { args, code, param }] of Object.entries(FAILING)) {
      const result = await client.callTool({ name: tool, arguments: args });
      expect(result.isError, tool).toBe(true);
      expect(result.structuredContent, tool).toMatchObject({ code, ...(param ? { param } : {}) });
      expect(creditsOf(result), tool).toEqual({ charged: 0, balance: 100 });
    }
    expect(await store.wallets.balance(record.id)).toBe(100);
  });

  it('refuses a call the wallet cannot pay (insufficient_credits) and one without credentials (unauthorized)', async () => {
    const { key } = await issueKey(store, { credits: 4 });
    const poor = await clientWith({ authorization: `Bearer ${key}` });
    const refused = await poor.callTool({ name: 'verdict', arguments: VALID.verdict });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toMatchObject({ code: 'insufficient_credits', required_credits: 5, balance: 4 });
    const anonymous = await clientWith({});
    const result = await anonymous.callTool({ name: 'scouting', arguments: VALID.scouting });
    expect(result.structuredContent).toMatchObject({ code: 'unauthorized' });
    const badKey = await clientWith({ authorization: 'Bearer svc_sk_not_a_key' });
    expect((await badKey.callTool({ name: 'scouting', arguments: VALID.scouting })).structuredContent).toMatchObject({
      code: 'unauthorized',
    });
  });

  it('counts demo-channel calls against the daily quota; failures do not count', async () => {
    // The only demo-channel calls of this server (client 127.0.0.1), so the quota starts full.
    const client = await clientWith({ 'x-svc-demo-channel': 'mcp' });
    const failed = await client.callTool({ name: 'scouting', arguments: FAILING.scouting.args });
    expect(failed.structuredContent).toMatchObject({ code: 'player_not_found' });
    for (let i = 0; i < 4; i++) {
      const ok = await client.callTool({ name: 'scouting', arguments: VALID.scouting });
      expect(ok.isError, `call ${i + 1}`).toBeFalsy();
      // No wallet on the demo channel.
      expect(creditsOf(ok)).toBeUndefined();
    }
    const over = await client.callTool({ name: 'scouting', arguments: VALID.scouting });
    expect(over.isError).toBe(true);
    expect(over.structuredContent).toMatchObject({ code: 'demo_limit_exhausted', limit: 4 });
    // hd cards are never on the demo channel, exactly as over REST.
    const hd = await (await clientWith({ 'x-svc-demo-channel': 'mcp' })).callTool({
      name: 'card',
      arguments: { player_name: 'Igor Teixeira', style: 'editorial_cover', photo_mode: 'silhouette' },
    });
    expect(hd.structuredContent).toMatchObject({ code: 'unauthorized' });
  });

  it('renders an hd card as a job, waits for it, returns the PNG and charges 40 credits once', async () => {
    const { key, record } = await issueKey(store, { credits: 50 });
    const client = await clientWith({ authorization: `Bearer ${key}` });
    const result = await client.callTool({
      name: 'card',
      arguments: { player_name: 'Igor Teixeira', style: 'editorial_cover', photo_mode: 'silhouette' },
    });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    const value = result.structuredContent as { image_url: string; style: string };
    expect(value.style).toBe('editorial_cover');
    const image = (result.content as Content).find((c) => c.type === 'image')!;
    const served = Buffer.from(
      await (await fetch(value.image_url.replace('http://127.0.0.1', server.url))).arrayBuffer(),
    );
    expect(Buffer.from(image.data!, 'base64').equals(served)).toBe(true);
    expect(creditsOf(result)).toEqual({ charged: 40, balance: 10 });
    expect(await store.wallets.balance(record.id)).toBe(10);
  });

  it('answers GET /mcp with 405 and Allow: POST (stateless: no SSE stream, no session)', async () => {
    const res = await fetch(`${server.url}/mcp`, { headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(await res.json()).toMatchObject({ status: 405, code: 'method_not_allowed' });
  });
});
