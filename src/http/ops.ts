/**
 * @module Operating a server (issue #16): `GET /healthz` and `GET /readyz` without auth,
 * Prometheus `GET /metrics`, the admin API under `/admin/v1`, the developer console at
 * `/console`, CORS for browser clients and one access-log line per request. It wraps the
 * dispatcher of `dispatch.ts`, so the API's own routes stay where they are.
 */
import { type Failure, fail, ok, type Result } from '../errors.js';
import { ADMIN_PREFIX, type Admin } from '../service/admin/admin.js';
import { operationNameOf, type RouteTable } from '../service/routes.js';
import { newRequestId, type Service, type ServiceResponse } from '../service/service.js';
import { consolePage } from './console-page.js';
import { BodyAborted, JSON_BODY_MAX_BYTES, messageOf, type HttpExchange, type HttpReply } from './dispatch.js';
import { docsPageOf } from './docs-page.js';
import type { ServedExamples } from './served-examples.js';
import type { HttpMetrics } from './metrics.js';

/** Formats of the access log. */
export type LogFormat = 'json' | 'pretty';

/** Result of a readiness check: null when ready, else why not. */
export type ReadyCheck = () => Promise<string | null>;

/** Options of {@link withOperations}; every part is optional and off when absent. */
export interface OperationsOptions {
  /** Answers `/admin/v1` (and enables the console's sign-in). */
  admin?: Admin;
  /** Serves `/metrics` and records every request. */
  metrics?: HttpMetrics;
  /** Why the server is not ready (dataset, store), checked by `/readyz`; default always ready. */
  ready?: ReadyCheck;
  /** Origins allowed by CORS: exact `scheme://host[:port]` values, or `*` (then never with credentials). */
  corsOrigins?: readonly string[];
  /** Receives one access-log line per request (without newline). */
  log?: (line: string) => void;
  /** Default `json`. */
  logFormat?: LogFormat;
  /** Serves the developer console at `/console`; default true. */
  console?: boolean;
  /** A player name the console's try-it panel starts with. */
  samplePlayer?: string;
  /** Example requests on the served dataset: the console's try-it defaults and the `/docs` curl lines; default the demo universe's. */
  examples?: ServedExamples;
}

/** One access-log record: never the key, the admin token, the query or the body. */
export interface AccessRecord {
  time: string;
  request_id: string;
  method: string;
  path: string;
  operation: string;
  status: number;
  credits: number;
  duration_ms: number;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const CORS_METHODS = 'GET, HEAD, POST';
const CORS_HEADERS = 'authorization, content-type, idempotency-key, x-svc-demo-channel';
const CORS_EXPOSED =
  'request-id, x-svc-credits-charged, x-svc-credits-held, x-svc-wallet-balance, ratelimit-limit, ratelimit-policy, ratelimit-remaining, ratelimit-reset, retry-after, location, idempotent-replayed';
/**
 * The operation a request is counted under in logs and metrics: the name of its route in the
 * service's one route table (routes.ts), `unmatched` for an unknown path.
 * @example operationOf(service.routes, 'POST', '/api/v1/intelligence/player') // => 'intelligence.player'
 */
export const operationOf = (routes: RouteTable, method: string, path: string): string =>
  operationNameOf(routes.match(method, path));

/**
 * One access-log line: JSON, or `time request_id method path operation status credits duration`.
 * @example accessLine({ time: 't', request_id: 'req_1', method: 'GET', path: '/healthz', operation: 'healthz', status: 200, credits: 0, duration_ms: 0.4 }, 'pretty') // => 't req_1 GET /healthz healthz 200 0cr 0.4ms'
 */
export function accessLine(r: AccessRecord, format: LogFormat): string {
  if (format === 'json') return JSON.stringify(r);
  return `${r.time} ${r.request_id} ${r.method} ${r.path} ${r.operation} ${r.status} ${r.credits}cr ${r.duration_ms}ms`;
}

/** Reads a JSON body for the admin API under the same limits as the API's. */
async function adminBodyOf(x: HttpExchange): Promise<Result<unknown>> {
  const bytes = await x.readBody(JSON_BODY_MAX_BYTES);
  if (bytes === null) return fail('payload_too_large', `the body exceeds ${JSON_BODY_MAX_BYTES} bytes`);
  if (bytes.length === 0) return ok(undefined);
  const type = (x.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json')
    return fail(
      'unsupported_media_type',
      `send the body as application/json (got ${type ? JSON.stringify(type) : 'no Content-Type'})`,
      { param: 'Content-Type' },
    );
  try {
    const text = Buffer.from(bytes).toString('utf8');
    return ok(JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text));
  } catch (e) {
    return fail('invalid_request', `the body is not valid JSON: ${messageOf(e)}`, { param: 'body' });
  }
}

const queryOf = (raw: string): Record<string, string> => Object.fromEntries(new URLSearchParams(raw));

/** Paths that answer no CORS headers whatever `--cors-origin` says (docs/deploy.md#logs-and-metrics). */
const OPS_ONLY = new Set(['/healthz', '/readyz', '/metrics']);

/** What the operations layer of one server knows: its service, its options, and the pages it rendered once. */
interface OpsContext {
  readonly service: Service;
  readonly options: OperationsOptions;
  readonly origins: ReadonlySet<string>;
  readonly format: LogFormat;
  readonly serveConsole: boolean;
  consoleHtml: ReturnType<typeof consolePage> | null;
  docsHtml: string | null;
}

const opsJson = (
  status: number,
  requestId: string,
  body: unknown,
  extra: Record<string, string> = {},
): ServiceResponse => ({
  status,
  headers: { 'content-type': JSON_TYPE, 'request-id': requestId, 'cache-control': 'no-store', ...extra },
  body: JSON.stringify(body),
});

/** 405 for a method other than GET or HEAD on an operations route. */
function onlyGet(ctx: OpsContext, path: string, requestId: string): ServiceResponse {
  const refused = ctx.service.failure(
    { code: 'method_not_allowed', message: `${path} answers GET and HEAD only` },
    requestId,
  );
  return { ...refused, headers: { ...refused.headers, allow: 'GET, HEAD' } };
}

async function readyAnswer(ctx: OpsContext, requestId: string): Promise<ServiceResponse> {
  const { ready } = ctx.options;
  const why = ready ? await ready().catch((e: unknown) => `check failed: ${messageOf(e)}`) : null;
  return why === null
    ? opsJson(200, requestId, { status: 'ready' })
    : opsJson(503, requestId, { status: 'not_ready', reason: why }, { 'retry-after': '1' });
}

function consoleAnswer(ctx: OpsContext, requestId: string): ServiceResponse {
  const { samplePlayer, examples } = ctx.options;
  ctx.consoleHtml ??= consolePage({
    ...(samplePlayer !== undefined ? { samplePlayer } : {}),
    ...(examples ? { examples } : {}),
  });
  return {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'request-id': requestId,
      'cache-control': 'no-store',
      'content-security-policy': ctx.consoleHtml.csp,
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
    },
    body: ctx.consoleHtml.html,
  };
}

async function adminAnswer(admin: Admin, x: HttpExchange, path: string, requestId: string): Promise<ServiceResponse> {
  let body: unknown;
  let bodyProblem: Failure | undefined;
  if (x.method === 'POST') {
    const read = await adminBodyOf(x);
    if (read.ok) body = read.value;
    else bodyProblem = read.error;
  }
  return admin.handle({
    method: x.method === 'HEAD' ? 'GET' : x.method,
    path,
    authorization: x.header('authorization'),
    query: queryOf(x.query),
    body,
    requestId,
    ...(bodyProblem ? { bodyProblem } : {}),
  });
}

/** The answer of an operations route, or null when the path is the API's. */
async function ownAnswer(
  ctx: OpsContext,
  x: HttpExchange,
  path: string,
  id: () => string,
): Promise<ServiceResponse | null> {
  const get = x.method === 'GET' || x.method === 'HEAD';
  const { metrics, admin } = ctx.options;
  if (path === '/healthz') return get ? opsJson(200, id(), { status: 'ok' }) : onlyGet(ctx, path, id());
  if (path === '/readyz') return get ? readyAnswer(ctx, id()) : onlyGet(ctx, path, id());
  if (path === '/metrics' && metrics) {
    if (!get) return onlyGet(ctx, path, id());
    return {
      status: 200,
      headers: { 'content-type': metrics.contentType, 'request-id': id(), 'cache-control': 'no-store' },
      body: await metrics.text(),
    };
  }
  if (path === '/console' && ctx.serveConsole) return get ? consoleAnswer(ctx, id()) : onlyGet(ctx, path, id());
  if ((path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`)) && admin) return adminAnswer(admin, x, path, id());
  return null;
}

/** CORS headers for a request from `origin`, or none when it is not allowed (admin routes never are). */
function corsOf(origins: ReadonlySet<string>, origin: string | undefined, path: string): Record<string, string> {
  // Operations endpoints (admin API, health, readiness, metrics) are for operators, never for pages.
  if (origin === undefined || origins.size === 0 || path.startsWith(ADMIN_PREFIX) || OPS_ONLY.has(path)) return {};
  if (origins.has(origin))
    return {
      'access-control-allow-origin': origin,
      'access-control-allow-credentials': 'true',
      'access-control-expose-headers': CORS_EXPOSED,
      vary: 'Origin',
    };
  // A wildcard never comes with credentials (the Fetch standard refuses the pair anyway).
  if (origins.has('*')) return { 'access-control-allow-origin': '*', 'access-control-expose-headers': CORS_EXPOSED };
  return {};
}

/** The 204 answer of a CORS preflight. */
function preflight(origins: ReadonlySet<string>, origin: string | undefined, path: string): HttpReply {
  const cors = corsOf(origins, origin, path);
  const allowed = 'access-control-allow-origin' in cors;
  return {
    status: 204,
    headers: {
      'request-id': newRequestId(),
      ...cors,
      ...(allowed
        ? {
            'access-control-allow-methods': CORS_METHODS,
            'access-control-allow-headers': CORS_HEADERS,
            'access-control-max-age': '600',
          }
        : {}),
      vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
    },
    body: null,
  };
}

/** The reply of a request that is no preflight: an operations route, or the API's dispatcher. */
async function routedReply(
  ctx: OpsContext,
  dispatch: (x: HttpExchange) => Promise<HttpReply>,
  x: HttpExchange,
  origin: string | undefined,
): Promise<HttpReply> {
  const { path } = x;
  // An id only for the routes answered here; the API's dispatcher draws its own.
  let requestId: string | undefined;
  const answer = await ownAnswer(ctx, x, path, () => (requestId ??= newRequestId()));
  let reply: HttpReply = answer
    ? { status: answer.status, headers: answer.headers, body: x.method === 'HEAD' ? null : answer.body }
    : await dispatch(x);
  // /docs stays the dispatcher's route (key headers and all); only its curl lines change to the
  // served dataset's examples, which are known here, beside the console's.
  const { examples } = ctx.options;
  if (path === '/docs' && examples && reply.status === 200 && typeof reply.body === 'string')
    reply = { ...reply, body: (ctx.docsHtml ??= docsPageOf(ctx.service.openApi(), examples)) };
  const cors = corsOf(ctx.origins, origin, path);
  return Object.keys(cors).length > 0 ? { ...reply, headers: { ...reply.headers, ...cors } } : reply;
}

/** Counts the request in the metrics and writes its access-log line. */
function record(ctx: OpsContext, x: HttpExchange, reply: HttpReply, seconds: number): void {
  const { path } = x;
  const operation = x.method === 'OPTIONS' ? 'preflight' : operationOf(ctx.service.routes, x.method, path);
  ctx.options.metrics?.observe(operation, reply.status, seconds);
  if (!ctx.options.log) return;
  const line: AccessRecord = {
    time: new Date().toISOString(),
    request_id: reply.headers['request-id'] ?? '',
    method: x.method,
    // The path is client input: bounded, and unmatched paths are not echoed in full.
    path: operation === 'unmatched' ? path.slice(0, 120) : path,
    operation,
    status: reply.status,
    credits: Number(reply.headers['x-svc-credits-charged'] ?? 0) || 0,
    duration_ms: Math.round(seconds * 1e5) / 100,
  };
  ctx.options.log(accessLine(line, ctx.format));
}

/**
 * Wraps the dispatcher of `service` with the operations routes, CORS, metrics and the access log.
 * @example const dispatch = withOperations(httpDispatcher(service), service, { metrics: createMetrics() })
 */
export function withOperations(
  dispatch: (x: HttpExchange) => Promise<HttpReply>,
  service: Service,
  options: OperationsOptions = {},
): (x: HttpExchange) => Promise<HttpReply> {
  const ctx: OpsContext = {
    service,
    options,
    origins: new Set(options.corsOrigins ?? []),
    format: options.logFormat ?? 'json',
    serveConsole: options.console ?? true,
    consoleHtml: null,
    docsHtml: null,
  };
  return async (x) => {
    const started = performance.now();
    const origin = x.header('origin');
    let reply: HttpReply;
    try {
      reply =
        x.method === 'OPTIONS' && ctx.origins.size > 0 && x.header('access-control-request-method') !== undefined
          ? preflight(ctx.origins, origin, x.path)
          : await routedReply(ctx, dispatch, x, origin);
    } catch (error) {
      // The API's own routes answer their errors themselves; this is an operations route failing
      // (the store is down under the admin API): the service's one error boundary answers it.
      const requestId = newRequestId();
      const refused =
        error instanceof BodyAborted
          ? service.failure({ code: 'invalid_request', message: error.message, param: 'body' }, requestId)
          : service.fault(error, requestId);
      reply = { status: refused.status, headers: refused.headers, body: refused.body };
    }
    record(ctx, x, reply, (performance.now() - started) / 1000);
    return reply;
  };
}
