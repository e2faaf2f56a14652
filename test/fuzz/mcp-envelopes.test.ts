/**
 * Seeded fuzz of JSON-RPC envelopes against `POST /mcp` on the built `serve` binary: random
 * `jsonrpc`, `id` (every JSON type, nested up to thousands of levels), `method` and `params`, as
 * single messages and batches. The server must answer every body below 500, stay alive, and echo an
 * `id` only when JSON-RPC 2.0 allows it (a string or number); any other id is answered `null`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetToDir } from '../../src/io/save.js';
import { ensureBuilt, runBuilt } from '../helpers/built-cli.js';
import { type ServeProcess, spawnServe } from '../helpers/serve-process.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

/** Fixed seed (a failure reproduces) and a wall-clock bound that keeps the suite lean. */
const SEED = 35;
const TIME_LIMIT_MS = 8_000;

const dir = mkdtempSync(join(tmpdir(), 'halfspace-fuzz-mcp-'));
let server: ServeProcess;
let key = '';

beforeAll(async () => {
  const datasetDir = join(dir, 'tiny');
  datasetToDir(tinyDataset(), datasetDir);
  ensureBuilt();
  const db = join(dir, 'svc.db');
  const created = await runBuilt(['keys', 'create', '--credits', '100000', '--db', db, '--json']);
  expect(created.code, created.stderr).toBe(0);
  key = JSON.parse(created.stdout).key;
  server = await spawnServe(['--db', db, '--dataset', datasetDir, '--render-workers', '0', '--log-format', 'off']);
}, 300_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** `depth` levels of `[…]` or `{"a":…}` around `leaf`, written as text (no recursion in the test either). */
function nested(depth: number, array: boolean, leaf: string): string {
  return array
    ? `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;
}

const POST_MCP = async (body: string, auth: boolean) => {
  const res = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(auth ? { authorization: `Bearer ${key}` } : {}),
    },
    body,
  });
  return { status: res.status, text: await res.text() };
};

describe('POST /mcp with a deeply nested id', () => {
  it.each([50, 1_000, 10_000])('answers depth %i with id null and no 5xx', async (depth) => {
    for (const array of [true, false]) {
      const body = `{"jsonrpc":"2.0","id":${nested(depth, array, '1')},"method":"tools/list"}`;
      const r = await POST_MCP(body, false);
      expect(r.status, r.text.slice(0, 200)).toBeLessThan(500);
      expect(r.text.length).toBeLessThan(1_000);
      expect(JSON.parse(r.text).id).toBeNull();
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

const jsonLeaf = fc.oneof(
  fc.constant('null'),
  fc.constant('true'),
  fc.integer().map(String),
  fc.constantFrom('1e400', '-0', '1.5', '9007199254740993', '""', '"x"', '"__proto__"'),
  fc.string({ maxLength: 20 }).map((s) => JSON.stringify(s)),
);
/** Any JSON value as text, occasionally nested hundreds or thousands of levels. */
const jsonValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: jsonLeaf },
  { weight: 2, arbitrary: fc.json({ depthSize: 'small' }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 5_000 }), fc.boolean(), jsonLeaf)
      .map(([d, a, leaf]) => nested(d, a, leaf)),
  },
);
const method = fc.oneof(
  fc.constantFrom('initialize', 'tools/list', 'tools/call', 'ping', 'notifications/initialized', 'resources/list'),
  fc.string({ maxLength: 30 }),
);
const toolParams = fc
  .tuple(fc.constantFrom('player', 'verdict', 'card', 'nope', ''), jsonValue)
  .map(([name, args]) => `{"name":${JSON.stringify(name)},"arguments":${args}}`);

/** One envelope as text: each member present or absent; `id` is also returned to check the echo. */
const envelope = fc
  .record(
    {
      jsonrpc: fc.oneof(fc.constant('"2.0"'), jsonValue),
      id: jsonValue,
      method: fc.oneof(
        method.map((m) => JSON.stringify(m)),
        jsonValue,
      ),
      params: fc.oneof(toolParams, jsonValue),
    },
    { requiredKeys: [] },
  )
  .map((members) => ({
    id: members.id,
    text: `{${Object.entries(members)
      .map(([k, v]) => `"${k}":${v}`)
      .join(',')}}`,
  }));

const body = fc.oneof(
  { weight: 5, arbitrary: envelope.map((e) => ({ text: e.text, ids: [e.id] })) },
  {
    weight: 1,
    arbitrary: fc
      .array(envelope, { maxLength: 4 })
      .map((es) => ({ text: `[${es.map((e) => e.text).join(',')}]`, ids: es.map((e) => e.id) })),
  },
  { weight: 1, arbitrary: jsonValue.map((text) => ({ text, ids: [] as (string | undefined)[] })) },
);

/** The ids an answer may carry: those the request sent that JSON-RPC allows, plus null. */
function allowedIds(ids: (string | undefined)[]): unknown[] {
  const allowed: unknown[] = [null];
  for (const text of ids) {
    if (text === undefined) continue;
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch {
      continue;
    }
    // JSON has one zero: an id sent as -0 comes back as 0, the same JSON number.
    if (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) allowed.push(v === 0 ? 0 : v);
  }
  return allowed;
}

describe('MCP envelope fuzz', () => {
  it('answers every envelope below 500, echoes only valid ids, and stays up', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async ({ text, ids }, auth) => {
        runs++;
        const r = await POST_MCP(text, auth);
        expect(r.status, `${text.slice(0, 300)} → ${r.text.slice(0, 300)}`).toBeLessThan(500);
        if (r.text === '') return;
        const answer: unknown = JSON.parse(r.text);
        const allowed = allowedIds(ids);
        for (const one of Array.isArray(answer) ? answer : [answer]) {
          if (typeof one !== 'object' || one === null || !('jsonrpc' in one)) continue;
          expect(allowed, `${text.slice(0, 300)} → ${r.text.slice(0, 300)}`).toContainEqual(
            (one as { id?: unknown }).id ?? null,
          );
        }
      }),
      { seed: SEED, numRuns: 100_000, interruptAfterTimeLimit: TIME_LIMIT_MS },
    );
    expect(runs).toBeGreaterThan(50);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(server.stderr()).not.toMatch(/RangeError|internal error|at .*\.js:\d+/);
  }, 60_000);
});
