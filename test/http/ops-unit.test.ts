/**
 * Units of the operations layer: operation names for logs and metrics stay a small fixed set, the
 * pretty log line, and an operations route whose store fails answers a 500 problem (not a dropped
 * connection) that is logged and counted.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { Engine } from '../../src/engine.js';
import { httpDispatcher, type HttpExchange } from '../../src/http/handler.js';
import { httpHandler } from '../../src/http/handler.js';
import { createMetrics, METRICS_STORE_CACHE_MS } from '../../src/service/ops/metrics.js';
import { operationsOf } from '../../src/cli/serve-ops.js';
import { accessLine } from '../../src/service/ops/access-log.js';
import { createAdmin } from '../../src/service/admin/admin.js';
import { OPERATIONS } from '../../src/service/contract/operations.js';
import { operationNameOf, routeTable, type RouteTable } from '../../src/service/routes.js';
import { createService } from '../../src/service/service.js';
import { memoryStore } from '../../src/store/memory/store.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

const exchange = (method: string, path: string, headers: Record<string, string> = {}): HttpExchange => ({
  method,
  path,
  query: '',
  header: (name) => headers[name],
  peer: '127.0.0.1',
  readBody: async () => new Uint8Array(),
});

const ROUTES = routeTable(OPERATIONS);
const operationOf = (routes: RouteTable, method: string, path: string) => operationNameOf(routes.match(method, path));

describe('operation names', () => {
  it('names every API operation, its catalog and the fixed routes', () => {
    for (const op of OPERATIONS) {
      expect(operationOf(ROUTES, 'POST', op.path)).toBe(op.id);
      expect(operationOf(ROUTES, 'GET', `${op.path}/`)).toBe(`${op.id}.catalog`);
    }
    expect(operationOf(ROUTES, 'GET', '/api/v1/cards/jobs/job_abc')).toBe('cards.job');
    expect(operationOf(ROUTES, 'GET', '/admin/v1/keys/key_abc/ledger')).toBe('admin.key.ledger');
    expect(operationOf(ROUTES, 'GET', '/metrics')).toBe('metrics');
    // MCP traffic has its own name, not `unmatched` (issue #25 item 10).
    expect(operationOf(ROUTES, 'POST', '/mcp')).toBe('mcp');
    expect(operationOf(ROUTES, 'GET', '/no/such/path')).toBe('unmatched');
  });

  it('never makes a label out of an arbitrary path', () => {
    const known = new Set([
      ...OPERATIONS.flatMap((o) => [o.id, `${o.id}.catalog`]),
      'cards.job',
      'images.get',
      'admin.keys',
      'admin.usage',
      'admin.key',
      'openapi',
      'docs',
      'mcp',
      'console',
      'healthz',
      'readyz',
      'metrics',
      'unmatched',
    ]);
    const segment = fc.constantFrom(
      'api',
      'v1',
      'admin',
      'keys',
      'cards',
      'jobs',
      'images',
      'x',
      '..',
      '%2e',
      'key_a',
      'revoke',
      'ledger',
      'wallet',
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), fc.constantFrom('GET', 'POST', 'HEAD'), (parts, method) => {
        const name = operationOf(ROUTES, method, `/${parts.join('/')}`);
        expect(known.has(name) || /^admin\.key\.(revoke|topup|wallet|holds|ledger)$/.test(name), name).toBe(true);
      }),
    );
  });

  it('renders the metrics text at most once per METRICS_STORE_CACHE_MS, and counts captures by operation', async () => {
    const metrics = createMetrics();
    const first = await metrics.text();
    metrics.observe('verdict', 200, 0.01);
    metrics.charged('verdict', 5);
    metrics.charged('verdict', 0);
    // A burst of scrapes gets the one rendering.
    expect(await metrics.text()).toBe(first);
    await new Promise((r) => setTimeout(r, METRICS_STORE_CACHE_MS + 20));
    const next = await metrics.text();
    expect(next).toContain('halfspace_http_requests_total{operation="verdict",status="200"} 1');
    expect(next).toContain('halfspace_credits_charged_total{operation="verdict"} 5');
  });

  it('formats the pretty line', () => {
    expect(
      accessLine(
        {
          time: 't',
          request_id: 'req_1',
          method: 'POST',
          path: '/api/v1/verdict',
          operation: 'verdict',
          status: 200,
          credits: 5,
          duration_ms: 3.25,
        },
        'pretty',
      ),
    ).toBe('t req_1 POST /api/v1/verdict verdict 200 5cr 3.25ms');
  });
});

describe('an operations route whose store fails', () => {
  it('answers a 500 problem with a request id, logs and counts it', async () => {
    const store = memoryStore();
    store.keys.list = () => Promise.reject(new Error('database went away'));
    const service = createService({ engine: Engine.open({ dataset: tinyDataset() }), store, baseUrl: 'http://x' });
    const lines: string[] = [];
    const metrics = createMetrics();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const dispatch = httpDispatcher(
        service.withOperations({
          admin: createAdmin({ store, token: 'a-long-admin-token-123', baseUrl: 'http://x' }),
          metrics,
          log: (l) => lines.push(l),
        }),
      );
      const reply = await dispatch(
        exchange('GET', '/admin/v1/keys', { authorization: 'Bearer a-long-admin-token-123' }),
      );
      expect(reply.status).toBe(500);
      const body = JSON.parse(String(reply.body));
      expect(body).toMatchObject({ code: 'internal_error', status: 500, request_id: reply.headers['request-id'] });
      expect(String(reply.body)).not.toContain('database went away');
      expect(JSON.parse(lines[0])).toMatchObject({
        operation: 'admin.keys',
        status: 500,
        request_id: reply.headers['request-id'],
      });
      expect(await metrics.text()).toContain('halfspace_http_requests_total{operation="admin.keys",status="500"} 1');
      expect(errors).toHaveBeenCalledOnce();
    } finally {
      errors.mockRestore();
    }
  });
});

describe('the fetch handler with operations', () => {
  it('answers health, CORS preflights and the admin API like the Node listener', async () => {
    const store = memoryStore();
    const service = createService({ engine: Engine.open({ dataset: tinyDataset() }), store, baseUrl: 'http://x' });
    const handler = httpHandler(service, {
      ops: {
        admin: createAdmin({ store, token: 'a-long-admin-token-123', baseUrl: 'http://x' }),
        corsOrigins: ['https://app.example.com'],
      },
    });
    expect((await handler(new Request('http://x/healthz'))).status).toBe(200);
    const pre = await handler(
      new Request('http://x/api/v1/verdict', {
        method: 'OPTIONS',
        headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' },
      }),
    );
    expect([pre.status, pre.headers.get('access-control-allow-origin')]).toEqual([204, 'https://app.example.com']);
    const created = await handler(
      new Request('http://x/admin/v1/keys', {
        method: 'POST',
        headers: { authorization: 'Bearer a-long-admin-token-123', 'content-type': 'application/json' },
        body: '{"credits":2}',
      }),
    );
    expect(created.status).toBe(201);
    expect((await store.keys.list()).length).toBe(1);
  });
});

describe('readiness of a served store', () => {
  const engine = Engine.open({ dataset: tinyDataset() });
  it('is ready while the store answers, and says why not when it fails or hangs', async () => {
    const store = memoryStore();
    expect(
      await operationsOf(
        engine,
        store,
        () => 'http://x',
        () => 0,
        {},
      ).ready!(),
    ).toBeNull();
    store.wallets.balance = () => Promise.reject(new Error('connection refused'));
    expect(
      await operationsOf(
        engine,
        store,
        () => 'http://x',
        () => 0,
        {},
      ).ready!(),
    ).toBe('the store is unreachable: connection refused');
    store.wallets.balance = () => new Promise(() => {});
    expect(
      await operationsOf(
        engine,
        store,
        () => 'http://x',
        () => 0,
        {},
      ).ready!(),
    ).toBe('the store did not answer within 2000 ms');
  });
});
