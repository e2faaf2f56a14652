/**
 * Hostile HTTP input found in issue 24, against a real server on 127.0.0.1: each case is answered
 * with a clear problem before any credit is held, and nothing is charged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { createMetrics } from '../../src/service/ops/metrics.js';
import { listen, type Listening } from '../../src/http/node.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import { createAdmin } from '../../src/service/admin/admin.js';
import { createService } from '../../src/service/service.js';
import { memoryStore } from '../../src/store/memory/store.js';
import type { ServiceStore } from '../../src/store/ports.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

let store: ServiceStore;
let server: Listening;
/** A second server behind a trusted proxy (127.0.0.1), so X-Forwarded-For names the client. */
let proxied: Listening;
/** A third server with the admin API. */
let admin: Listening;
const ADMIN_TOKEN = 'admin-token-for-hostile-tests-0123';
let auth = '';
let keyId = '';

beforeAll(async () => {
  store = memoryStore();
  const service = createService({
    engine: Engine.open({ dataset: tinyDataset() }),
    store,
    baseUrl: 'http://127.0.0.1:9',
  });
  server = await listen(service, { port: 0 });
  proxied = await listen(
    createService({
      engine: Engine.open({ dataset: tinyDataset() }),
      store: memoryStore(),
      baseUrl: 'http://127.0.0.1:9',
      trustedProxies: ['127.0.0.1'],
    }),
    { port: 0 },
  );
  admin = await listen(service, {
    port: 0,
    ops: {
      admin: createAdmin({ store, baseUrl: 'http://127.0.0.1:9', token: ADMIN_TOKEN }),
      corsOrigins: ['*'],
      metrics: createMetrics(),
    },
  });
  const issued = await issueKey(store, { credits: 200 });
  auth = `Bearer ${issued.key}`;
  keyId = issued.record.id;
});
afterAll(async () => {
  await server.close();
  await proxied.close();
  await admin.close();
  await store.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('hd card requests are checked before the hold (defect 20)', () => {
  it('answers an unknown or ambiguous player and a bad stat key at once, holding nothing', async () => {
    const entriesBefore = (await store.wallets.ledger(keyId)).length;
    const cases: [unknown, number, string][] = [
      [{ player_name: 'Nobody Anywhere', style: 'collage' }, 404, 'player_not_found'],
      [{ player_name: 'Ferrante', style: 'fifa_viral' }, 409, 'ambiguous_player'],
      [{ player_id: 1, style: 'editorial_cover', stats: ['saves_per90'] }, 400, 'invalid_request'],
    ];
    for (const [body, status, code] of cases) {
      const res = await post('/api/v1/cards', body);
      const problem: any = await res.json();
      expect([res.status, problem.code], JSON.stringify(body)).toEqual([status, code]);
      expect(res.headers.get('x-svc-credits-charged')).toBe('0');
      expect(res.headers.get('x-svc-credits-held')).toBeNull();
    }
    // Not one hold was taken (the old code held 40 for each, then released them).
    expect((await store.wallets.ledger(keyId)).length).toBe(entriesBefore);
  });
});

describe('photo_url hosts in special ranges are refused before the hold (defect 9)', () => {
  it('refuses IPv4-compatible, SIIT, local-use NAT64 and site-local literals with 400, holding nothing', async () => {
    const entriesBefore = (await store.wallets.ledger(keyId)).length;
    for (const host of [
      '[::127.0.0.1]',
      '[::ffff:0:127.0.0.1]',
      '[64:ff9b:1::a00:1]',
      '[fec0::1]',
      '[::ffff:7f00:1]',
    ]) {
      const res = await post('/api/v1/cards', { player_id: 1, style: 'collage', photo_url: `https://${host}/me.png` });
      const problem: any = await res.json();
      expect([res.status, problem.code, problem.param], host).toEqual([400, 'invalid_request', 'photo_url']);
    }
    expect((await store.wallets.ledger(keyId)).length).toBe(entriesBefore);
  });
});

describe('the demo quota counts one client once, however its address is written (defect 8)', () => {
  /** Successful demo calls from `forwarded` (X-Forwarded-For through the trusted proxy) until the first 402. */
  const demoCalls = async (forwarded: readonly string[]) => {
    let ok = 0;
    for (let i = 0; i < 40; i++) {
      const res = await fetch(`${proxied.url}/api/v1/intelligence/player`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-svc-demo-channel': 'mcp',
          'x-forwarded-for': forwarded[i % forwarded.length]!,
        },
        body: JSON.stringify({ name: 'Anton Berg' }),
      });
      await res.arrayBuffer();
      if (res.status === 402) return ok;
      expect(res.status).toBe(200);
      ok++;
    }
    return ok;
  };

  it('gives one IPv6 address in four spellings, and ten addresses of one /64, one quota of 15', async () => {
    expect(await demoCalls(['2001:db8:a::1', '2001:DB8:A:0:0:0:0:1', '2001:db8:a:0::0:1', '[2001:db8:a::1]:443'])).toBe(
      15,
    );
    expect(await demoCalls(Array.from({ length: 10 }, (_, i) => `2001:db8:b::${i + 1}`))).toBe(15);
  });

  it('folds ::ffff:506:708 into 5.6.7.8 and reads a port after an IPv4 address', async () => {
    expect(await demoCalls(['5.6.7.8', '::ffff:506:708', '[::ffff:5.6.7.8]:80', '5.6.7.8:5555'])).toBe(15);
    // 1.2.3.4:5555 is the client 1.2.3.4, not the proxy: a quota of its own.
    expect(await demoCalls(['1.2.3.4:5555'])).toBe(15);
  });
});

describe('query strings and body encodings (defects 11 and 12)', () => {
  it('refuses ?__proto__=1 on a paid endpoint as it refuses ?foo=1', async () => {
    for (const q of ['foo=1', '__proto__=1', 'constructor=1']) {
      const res = await post(`/api/v1/intelligence/scouting?${q}`, { name: 'Anton Berg' });
      const problem: any = await res.json();
      expect([res.status, problem.code], q).toEqual([400, 'invalid_request']);
      expect(res.headers.get('x-svc-credits-charged')).toBe('0');
    }
  });

  it('answers 415 to every Content-Encoding it does not decode and to a charset other than UTF-8, charging nothing', async () => {
    const { gzipSync } = await import('node:zlib');
    const json = JSON.stringify({ name: 'Anton Berg' });
    const cases: [Record<string, string>, string | Uint8Array, string][] = [
      [{ 'content-encoding': 'gzip' }, gzipSync(json), 'Content-Encoding'],
      [{ 'content-encoding': 'x-weird' }, json, 'Content-Encoding'],
      [{ 'content-encoding': 'br' }, json, 'Content-Encoding'],
      [{ 'content-type': 'application/json; charset=utf-16' }, Buffer.from(json, 'utf16le'), 'Content-Type'],
    ];
    for (const [headers, body, param] of cases) {
      const res = await fetch(`${server.url}/api/v1/intelligence/scouting`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json', ...headers },
        body,
      });
      const problem: any = await res.json();
      expect([res.status, problem.code, problem.param], JSON.stringify(headers)).toEqual([
        415,
        'unsupported_media_type',
        param,
      ]);
      expect(res.headers.get('x-svc-credits-charged')).toBe('0');
    }
    // charset=utf-8 stays accepted.
    const fine = await post(
      '/api/v1/intelligence/scouting',
      { name: 'Anton Berg' },
      {
        'content-type': 'application/json; charset=UTF-8',
      },
    );
    expect(fine.status).toBe(200);
  });
});

describe('key labels on the admin API (defect 16)', () => {
  it('refuses a label with a lone surrogate, and one over 200 characters', async () => {
    for (const label of ['bad \ud800 label', 'x'.repeat(201)]) {
      const res = await fetch(`${admin.url}/admin/v1/keys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ credits: 1, label }),
      });
      const problem: any = await res.json();
      expect([res.status, problem.code, problem.param], label.slice(0, 20)).toEqual([400, 'invalid_request', 'label']);
    }
  });
});

describe('the Idempotency-Key fingerprint ignores JSON key order (defect 17)', () => {
  it('replays a retry whose body lists the same keys in another order', async () => {
    const first = await fetch(`${server.url}/api/v1/intelligence/dna-search`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json', 'idempotency-key': 'order-17' },
      body: '{"name":"Anton Berg","limit":2}',
    });
    expect(first.status).toBe(200);
    const again = await fetch(`${server.url}/api/v1/intelligence/dna-search`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json', 'idempotency-key': 'order-17' },
      body: '{"limit":2,"name":"Anton Berg"}',
    });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('x-svc-credits-charged')).toBe('0');
  });
});

/** Sends raw bytes to the server and returns everything it answers before closing. */
async function rawExchange(url: string, request: string): Promise<string> {
  const { connect } = await import('node:net');
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
    let got = '';
    socket.setEncoding('utf8').on('data', (t: string) => (got += t));
    socket.on('close', () => resolve(got));
    socket.on('error', reject);
  });
}

describe('what Node refuses before the dispatcher still gets a problem (defect 15)', () => {
  it('answers CONNECT 405, a malformed request 400 and oversized headers 413, each as problem+json', async () => {
    const cases: [string, number, string][] = [
      ['CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', 405, 'method_not_allowed'],
      ['GARBAGE\r\n\r\n', 400, 'invalid_request'],
      [`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 413, 'payload_too_large'],
    ];
    for (const [request, status, code] of cases) {
      const answer = await rawExchange(server.url, request);
      expect(answer.split('\r\n')[0], request.slice(0, 20)).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      expect(answer.toLowerCase()).toContain('content-type: application/problem+json');
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).code).toBe(code);
    }
  });
});

describe("--cors-origin '*' stays off the operations endpoints (defect 13)", () => {
  it('sends no CORS header on /metrics, /healthz and /readyz, and still does on the API', async () => {
    for (const path of ['/metrics', '/healthz', '/readyz']) {
      const res = await fetch(`${admin.url}${path}`, { headers: { origin: 'https://evil.example' } });
      await res.arrayBuffer();
      expect(res.headers.get('access-control-allow-origin'), path).toBeNull();
    }
    const api = await fetch(`${admin.url}/api/v1/intelligence/player`, { headers: { origin: 'https://app.example' } });
    await api.arrayBuffer();
    expect(api.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('MCP edges (defect 14)', () => {
  const rpc = (body: string) =>
    fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: auth,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body,
    });

  it('answers an empty batch with an Invalid Request error, not 202 with no body', async () => {
    const res = await rpc('[]');
    const answer: any = await res.json();
    expect(answer.error.code).toBe(-32600);
  });

  it('answers deeply nested arguments with -32602 and our problem code, not -32603 with zod output', async () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 500; i++) deep = { a: deep };
    const res = await rpc(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'intelligence_player', arguments: { name: 'Anton Berg', deep } },
      }),
    );
    const answer: any = await res.json();
    expect([answer.id, answer.error.code, answer.error.data.code]).toEqual([7, -32602, 'invalid_request']);
  });
});

describe('no work before authentication (defect 13)', () => {
  it('answers an anonymous 5 MB upload 401 without waiting for its body', async () => {
    const { connect } = await import('node:net');
    const { port } = new URL(server.url);
    const started = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        // Headers promise 5 MB; only a few bytes follow. Reading the body first would wait for the rest.
        socket.write(
          'POST /api/v1/cards HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 5000000\r\n\r\n--b\r\n',
        ),
      );
      let got = '';
      socket.setEncoding('utf8').on('data', (t: string) => {
        got += t;
        if (got.includes('\r\n\r\n')) {
          socket.destroy();
          resolve(got);
        }
      });
      socket.on('error', reject);
      setTimeout(() => {
        socket.destroy();
        resolve(got);
      }, 3_000);
    });
    expect(answer.split('\r\n')[0]).toMatch(/^HTTP\/1.1 401 /);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
