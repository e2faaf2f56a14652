/**
 * The service's one pipeline over an exchange (src/service/serve.ts), driven without any HTTP
 * adapter: it answers every route of the one table itself (API, documents, health, readiness,
 * metrics, console, admin), an operations path is the one 404 when the service is not operated,
 * every request writes exactly one access-log line named after its route, CORS never reaches the
 * operator routes, HEAD carries no body, and what a route throws reaches the one error boundary.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { createMetrics } from '../../src/service/ops/metrics.js';
import { createAdmin } from '../../src/service/admin/admin.js';
import { BodyAborted, type HttpExchange } from '../../src/service/exchange.js';
import { OPERATIONS } from '../../src/service/contract/operations.js';
import { operationNameOf } from '../../src/service/routes.js';
import { createService } from '../../src/service/service.js';
import { memoryStore } from '../../src/store/memory/store.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

const TOKEN = 'admin-token-for-serve-tests-0123';
const ORIGIN = 'https://app.example.com';
const engine = Engine.open({ dataset: tinyDataset() });

function exchange(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  readBody: HttpExchange['readBody'] = async () => new Uint8Array(),
): HttpExchange {
  return { method, path, query: '', header: (name) => headers[name], peer: '127.0.0.1', readBody };
}

function operated(errors: unknown[] = []) {
  const store = memoryStore();
  const lines: string[] = [];
  const service = createService({
    engine,
    store,
    baseUrl: 'http://h',
    onError: (e) => errors.push(e),
    ops: {
      admin: createAdmin({ store, token: TOKEN, baseUrl: 'http://h' }),
      metrics: createMetrics(),
      corsOrigins: [ORIGIN],
      log: (line) => lines.push(line),
    },
  });
  return { service, store, lines };
}

const OPS_PATHS = ['/healthz', '/readyz', '/metrics', '/console', '/admin/v1/keys', '/admin/v1/usage'];

describe('the service pipeline over an exchange', () => {
  it('answers the operations routes, the documents and the API itself', async () => {
    const { service } = operated();
    const get = (path: string, headers: Record<string, string> = {}) => service.serve(exchange('GET', path, headers));
    expect(JSON.parse(String((await get('/healthz')).body))).toEqual({ status: 'ok' });
    expect(JSON.parse(String((await get('/readyz')).body))).toEqual({ status: 'ready' });
    expect(String((await get('/metrics')).body)).toContain('halfspace_http_requests_total');
    expect((await get('/console')).headers['content-type']).toBe('text/html; charset=utf-8');
    expect(String((await get('/docs')).body)).toMatch(/^<!doctype html>/i);
    expect((await get('/openapi.json')).status).toBe(200);
    expect((await get(OPERATIONS[0].path)).status).toBe(200);
    expect((await get('/admin/v1/keys')).status).toBe(401);
    expect((await get('/admin/v1/keys', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });

  it('answers an operations path with the one 404 when the service is not operated', async () => {
    const service = createService({ engine, store: memoryStore(), baseUrl: 'http://h' });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...OPS_PATHS, '/mcp', '/no/such/path'),
        fc.constantFrom('GET', 'POST', 'DELETE'),
        async (path, method) => {
          const reply = await service.serve(exchange(method, path));
          expect(reply.status).toBe(404);
          const problem = JSON.parse(String(reply.body));
          expect([problem.code, problem.detail]).toEqual(['not_found', `no endpoint ${method} ${path}; see /docs`]);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('writes one access-log line per request, named after its route, and keeps CORS off operator routes', async () => {
    const { service, lines } = operated();
    const segment = fc.constantFrom('api', 'v1', 'verdict', 'admin', 'keys', 'healthz', 'metrics', 'docs', 'x', '');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constantFrom(...OPS_PATHS, ...OPERATIONS.map((o) => o.path), '/docs', '/openapi.json'),
          fc.array(segment, { maxLength: 4 }).map((parts) => `/${parts.join('/')}`),
        ),
        fc.constantFrom('GET', 'HEAD', 'POST', 'DELETE'),
        async (path, method) => {
          const before = lines.length;
          const reply = await service.serve(exchange(method, path, { origin: ORIGIN }));
          expect(lines.length).toBe(before + 1);
          const line = JSON.parse(lines[before]);
          expect(line.operation).toBe(operationNameOf(service.routes.match(method, path)));
          expect([line.status, line.request_id]).toEqual([reply.status, reply.headers['request-id']]);
          const operator = path.startsWith('/admin/v1') || ['/healthz', '/readyz', '/metrics'].includes(path);
          expect(reply.headers['access-control-allow-origin']).toBe(operator ? undefined : ORIGIN);
          if (method === 'HEAD') expect(reply.body).toBeNull();
        },
      ),
      { numRuns: 80 },
    );
  });

  it('answers a preflight before routing, and counts it as one', async () => {
    const { service, lines } = operated();
    const reply = await service.serve(
      exchange('OPTIONS', '/api/v1/verdict', { origin: ORIGIN, 'access-control-request-method': 'POST' }),
    );
    expect([reply.status, reply.body, reply.headers['access-control-allow-methods']]).toEqual([
      204,
      null,
      'GET, HEAD, POST',
    ]);
    expect(JSON.parse(lines[0]).operation).toBe('preflight');
  });

  it('answers what a route throws at the one error boundary: a hang-up is a 400, a failure a 500', async () => {
    const errors: unknown[] = [];
    const { service } = operated(errors);
    const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
    const aborted = await service.serve(
      exchange('POST', '/admin/v1/keys', auth, () => Promise.reject(new BodyAborted())),
    );
    expect(aborted.status).toBe(400);
    expect(JSON.parse(String(aborted.body))).toMatchObject({ code: 'invalid_request', param: 'body' });
    const broken = await service.serve(exchange('POST', '/mcp'), {
      mcp: () => Promise.reject(new Error('the SDK fell over')),
    });
    expect(broken.status).toBe(500);
    expect(JSON.parse(String(broken.body))).toMatchObject({
      code: 'internal_error',
      request_id: broken.headers['request-id'],
    });
    expect(String(broken.body)).not.toContain('fell over');
    expect(errors).toHaveLength(1);
  });
});
