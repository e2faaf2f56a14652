/**
 * Slow clients on a real server (issue #24 defects 13 and 15): headers that never finish and a
 * body that stalls are cut off after the listener's timeouts with a 408 problem+json
 * (`request_timeout`) and a closed connection, and a stalled upload is never charged. The limits
 * are shortened here through `listen`'s options; their defaults are the documented constants.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { HEADERS_TIMEOUT_MS, listen, type Listening, REQUEST_TIMEOUT_MS } from '../../src/http/node.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import { createService } from '../../src/service/service.js';
import { memoryStore } from '../../src/store/memory/store.js';
import type { ServiceStore } from '../../src/store/ports.js';
import { readFileSync } from 'node:fs';
import { tinyDataset } from '../helpers/tiny-dataset.js';

let server: Listening;
let store: ServiceStore;

beforeAll(async () => {
  store = memoryStore();
  const service = createService({
    engine: Engine.open({ dataset: tinyDataset() }),
    store,
    baseUrl: 'http://127.0.0.1',
  });
  server = await listen(service, { port: 0, headersTimeoutMs: 400, requestTimeoutMs: 1_200 });
});
afterAll(async () => {
  await server?.close(100);
});

/** Writes `text` on a raw connection, never finishing the request; resolves with all the server sent once it closed. */
function stall(text: string): Promise<{ raw: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(server.port, '127.0.0.1', () => socket.write(text));
    let raw = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (raw += chunk));
    socket.on('close', () => resolve({ raw, ms: Date.now() - started }));
    socket.on('error', reject);
    // Far past both limits: a server without timeouts fails the test here.
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within 15 s; got ${JSON.stringify(raw)}`));
    }, 15_000);
  });
}

function problemOf(raw: string) {
  const [head, body] = raw.split('\r\n\r\n');
  return { statusLine: head.split('\r\n')[0], head: head.toLowerCase(), body: JSON.parse(body) };
}

describe('slow clients', () => {
  it('cuts off headers that never finish with 408 problem+json', async () => {
    const { raw } = await stall('GET /openapi.json HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    const answer = problemOf(raw);
    expect(answer.statusLine).toBe('HTTP/1.1 408 Request Timeout');
    expect(answer.head).toContain('content-type: application/problem+json');
    expect(answer.head).toContain('connection: close');
    expect(answer.body).toMatchObject({ status: 408, code: 'request_timeout', title: 'Request timeout' });
    expect(answer.body.detail).toContain('400 ms');
  }, 30_000);

  it('cuts off a body that stalls with 408 problem+json, and charges nothing', async () => {
    const { key, record } = await issueKey(store, { credits: 10 });
    const head = [
      'POST /api/v1/verdict HTTP/1.1',
      'Host: x',
      `Authorization: Bearer ${key}`,
      'Content-Type: application/json',
      'Content-Length: 1000',
      '',
      '{"player_name":',
    ].join('\r\n');
    const { raw, ms } = await stall(head);
    const answer = problemOf(raw);
    expect(answer.statusLine).toBe('HTTP/1.1 408 Request Timeout');
    expect(answer.body.code).toBe('request_timeout');
    expect(ms).toBeGreaterThanOrEqual(1_000);
    expect(await store.wallets.balance(record.id)).toBe(10);
    expect(await store.wallets.openHolds(record.id)).toEqual([]);
  }, 30_000);

  it('defaults to the limits docs/deploy.md states', () => {
    const deploy = readFileSync(new URL('../../docs/deploy.md', import.meta.url), 'utf8');
    expect(deploy).toContain(`within ${HEADERS_TIMEOUT_MS / 1000} s (\`HEADERS_TIMEOUT_MS\`)`);
    expect(deploy).toContain(`within ${REQUEST_TIMEOUT_MS / 1000} s (\`REQUEST_TIMEOUT_MS\`)`);
  });
});
