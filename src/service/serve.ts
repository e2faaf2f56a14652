/**
 * @module The one pipeline an adapter drives (docs/design.md#request-pipeline): the adapter hands
 * over an exchange (method, path, query, headers, peer and a body reader) and writes back the
 * reply. Steps, in order: CORS preflight → route (the one table, routes.ts) → the route's own
 * steps (a paid call's are pipeline.ts; health, metrics, console and admin are ops/ops-routes.ts)
 * inside the one error boundary ({@link guarded}), which writes the key headers → CORS headers →
 * access log and metrics.
 */
import { parseWith } from '../validation.js';
import { catalogOf } from './contract/catalog.js';
import type { Operation } from './contract/operation.js';
import { openApiOf } from './contract/openapi.js';
import { EmptyQuery } from './contract/schemas/common.js';
import { JSON_TYPE, type ServiceContext, type ServiceRequest, type ServiceResponse } from './context.js';
import { BodyAborted, type HttpExchange, type HttpReply } from './exchange.js';
import type { JobRunner } from './jobs/jobs.js';
import { recordRequest } from './ops/access-log.js';
import { corsOf, isPreflight, preflightHeaders } from './ops/cors.js';
import { opsRoutes } from './ops/ops-routes.js';
import type { OperationsOptions } from './ops/options.js';
import { docsPageOf } from './pages/docs-page.js';
import type { PaidCall } from './pipeline.js';
import { takeToken } from './rate-limit.js';
import { newRequestId } from './request-id.js';
import { serviceRequestOf } from './request-body.js';
import { notFoundFailure, operationNameOf, routeTable, type Route, type RouteTable } from './routes.js';
import { isStoreOutage, STORE_OUTAGE, withRetryAfter } from './store-outage.js';
import { internalFailure } from './billing/settle.js';

/**
 * A route answered by code the service cannot import: `/mcp` needs the MCP SDK, which the HTTP
 * adapter loads. It records the key headers of its calls in `recorded`, as a paid call does.
 */
export type MountedRoute = (
  x: HttpExchange,
  requestId: string,
  recorded: Record<string, string>,
) => Promise<ServiceResponse>;

/** Routes an adapter mounts; a route not mounted is no route (the one 404). */
export interface Mounts {
  mcp?: MountedRoute;
}

/** Headers of the caller's wallet and rate limit, present on every response to a request with a valid key. */
const KEY_HEADERS = [
  'x-svc-credits-charged',
  'x-svc-wallet-balance',
  'ratelimit-limit',
  'ratelimit-policy',
  'ratelimit-remaining',
  'ratelimit-reset',
] as const;

/** Image file names: the SHA-256 of the PNG bytes in lowercase hex, so no path can be smuggled in. */
const IMAGE_NAME = /^([0-9a-f]{64})\.png$/;

/** What a service builds once from its options, shared by every operated view of it (Service.withOperations). */
export interface Core {
  readonly ctx: ServiceContext;
  readonly routes: RouteTable;
  readonly jobs: JobRunner;
  readonly paid: PaidCall;
  /** The OpenAPI document, built on first use. */
  openApi(): Record<string, unknown>;
  /** The free GET catalog of an operation, its JSON text rendered once. */
  catalog(op: Operation, requestId: string): ServiceResponse;
  /** `/openapi.json`, its JSON text rendered once. */
  openApiResponse(requestId: string): ServiceResponse;
}

/** The core of a service over its context, job runner and paid pipeline. */
export function coreOf(ctx: ServiceContext, jobs: JobRunner, paid: PaidCall): Core {
  const catalogs = new Map<string, string>();
  let openApiDoc: Record<string, unknown> | null = null;
  let openApiText: string | null = null;
  const openApi = () => (openApiDoc ??= openApiOf(ctx.operations, ctx.baseUrl));
  return {
    ctx,
    routes: routeTable(ctx.operations),
    jobs,
    paid,
    openApi,
    catalog(op, requestId) {
      let text = catalogs.get(op.id);
      if (text === undefined) catalogs.set(op.id, (text = JSON.stringify(catalogOf(op))));
      return {
        status: 200,
        headers: { 'content-type': JSON_TYPE, 'request-id': requestId, 'cache-control': 'public, max-age=300' },
        body: text,
      };
    },
    openApiResponse(requestId) {
      openApiText ??= JSON.stringify(openApi());
      return { status: 200, headers: { 'content-type': JSON_TYPE, 'request-id': requestId }, body: openApiText };
    },
  };
}

/**
 * The one table that turns what a request's work threw into its problem (the error boundary's,
 * and each MCP tool call's): 400 for a body the client stopped sending, 503 with Retry-After when
 * the store is down, else 500 `internal_error` (reported to `ctx.onError` with the request id).
 * @example faultOf(ctx, new Error('bug'), 'req_1').status // => 500
 */
export function faultOf(ctx: ServiceContext, error: unknown, requestId: string): ServiceResponse {
  // A client that hung up mid-body sent a bad request; nothing failed here.
  if (error instanceof BodyAborted)
    return ctx.problem(requestId, { code: 'invalid_request', message: error.message, param: 'body' });
  // Nothing was charged when the store is down: a hold or capture that fails is not written.
  if (isStoreOutage(error)) return withRetryAfter(ctx.problem(requestId, STORE_OUTAGE));
  ctx.onError(error, requestId);
  return ctx.problem(requestId, internalFailure(error).error);
}

/**
 * A response with the key headers (docs/api.md#billing): what the call recorded (rate-limit
 * counts, credits, balance), then, for a request with a valid key, what is still missing:
 * `X-SVC-Credits-Charged: 0` and the balance, and the RateLimit-* counts. A request that got here
 * without taking a rate-limit token (404, 405, catalogs, documents) takes one here but is not
 * refused for it: those answers have precedence over 429 or need no key at all.
 */
async function withKeyHeaders(
  ctx: ServiceContext,
  authorization: string | undefined,
  response: ServiceResponse,
  recorded: Record<string, string>,
): Promise<ServiceResponse> {
  // Object.assign rather than an object spread: V8 copies these header objects far slower by spread.
  const headers: Record<string, string> = Object.assign({}, response.headers, recorded);
  const answer = { ...response, headers };
  // 401: the key was just refused, so there is no wallet to report.
  const keyless = authorization === undefined || authorization === '' || response.status === 401;
  if (keyless || KEY_HEADERS.every((h) => h in headers)) return answer;
  const key = await ctx.keyOf(authorization);
  if (!key.ok) return answer;
  if (!('ratelimit-limit' in headers)) {
    const { 'retry-after': _, ...limits } = (await takeToken(ctx, key.value.id, ctx.clock().getTime())).headers;
    Object.assign(headers, limits);
  }
  if (!('x-svc-credits-charged' in headers)) headers['x-svc-credits-charged'] = '0';
  if (!('x-svc-wallet-balance' in headers))
    headers['x-svc-wallet-balance'] = String((await ctx.store.wallets.balance(key.value.id)) ?? 0);
  // A shared cache must not keep one key's balance (catalogs are otherwise public).
  if (headers['cache-control']?.startsWith('public')) headers['cache-control'] = 'private, no-cache';
  return answer;
}

/**
 * The one error boundary (docs/design.md#request-pipeline): runs `work`, which records key
 * headers in the record it is given, and answers its response with the key headers, or the
 * problem of what it threw ({@link faultOf}). A 503 goes out without key headers (the store is
 * what failed), and so does a 500 when the store fails while they are read.
 */
export async function guarded(
  ctx: ServiceContext,
  requestId: string,
  authorization: string | undefined,
  work: (recorded: Record<string, string>) => Promise<ServiceResponse>,
): Promise<ServiceResponse> {
  const recorded: Record<string, string> = {};
  try {
    return await withKeyHeaders(ctx, authorization, await work(recorded), recorded);
  } catch (error) {
    const failed = faultOf(ctx, error, requestId);
    if (failed.status === 503) return failed;
    return withKeyHeaders(ctx, authorization, failed, recorded).catch(() => failed);
  }
}

/** A stored card image by file name `<sha256 hex>.png` (see Service.image). */
export async function imageResponse(ctx: ServiceContext, name: string, requestId: string): Promise<ServiceResponse> {
  const match = IMAGE_NAME.exec(name);
  const png = match ? await ctx.store.images.get(match[1]) : null;
  if (!match || !png)
    return ctx.problem(requestId, {
      code: 'not_found',
      message: `no image named ${JSON.stringify(name.slice(0, 80))}`,
    });
  return {
    status: 200,
    headers: {
      'content-type': 'image/png',
      'request-id': requestId,
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${match[1]}"`,
      'x-content-type-options': 'nosniff',
    },
    body: png,
  };
}

/** The answer of an API route, before the key headers (which a paid call records in `recorded`). */
export async function apiAnswer(
  core: Core,
  route: Route,
  req: ServiceRequest,
  requestId: string,
  recorded: Record<string, string>,
): Promise<ServiceResponse> {
  const { ctx } = core;
  switch (route.kind) {
    case 'paid':
      return core.paid(route.op, req, requestId, recorded);
    case 'catalog': {
      const query = parseWith(EmptyQuery, req.query ?? {});
      return query.ok ? core.catalog(route.op, requestId) : ctx.problem(requestId, query.error);
    }
    case 'job':
      return core.jobs.status(req, route.jobId, requestId, recorded);
    case 'image':
      return imageResponse(ctx, route.name, requestId);
    case 'openapi':
      return core.openApiResponse(requestId);
    case 'refused':
      return ctx.problem(requestId, route.failure, route.allow ? { allow: route.allow } : {});
    default:
      // `/docs`, `/mcp` and the operations routes are answered over an exchange (servingOf) when
      // they are on; here they do not exist.
      return ctx.problem(requestId, notFoundFailure(req.method, req.path));
  }
}

/** The reply of a response: no body for HEAD and 204, the CORS headers of an allowed origin. */
function replyOf(x: HttpExchange, response: ServiceResponse, cors: Record<string, string> | null): HttpReply {
  const body = x.method === 'HEAD' || response.status === 204 ? null : response.body;
  const headers = cors && Object.keys(cors).length > 0 ? { ...response.headers, ...cors } : response.headers;
  return { status: response.status, headers, body };
}

/**
 * Builds the pipeline of a service operated with `ops` (null: no operations routes, no CORS, no
 * access log).
 * @example await servingOf(core, null)({ method: 'GET', path: '/openapi.json', query: '', header: () => undefined, peer: '127.0.0.1', readBody: async () => new Uint8Array() }) // => { status: 200, … }
 */
export function servingOf(
  core: Core,
  ops: OperationsOptions | null,
): (x: HttpExchange, mounts?: Mounts) => Promise<HttpReply> {
  const { ctx } = core;
  const origins: ReadonlySet<string> = new Set(ops?.corsOrigins ?? []);
  const own = opsRoutes(ops, ctx.problem);
  let docsHtml: string | null = null;

  /** The route's answer from the one error boundary; operations routes carry no key headers. */
  function answered(x: HttpExchange, route: Route, mounts?: Mounts): Promise<ServiceResponse> {
    const requestId = newRequestId();
    const operated = own(route, x, requestId);
    if (operated) return guarded(ctx, requestId, undefined, () => operated);
    return guarded(ctx, requestId, x.header('authorization'), async (recorded) => {
      if (route.kind === 'docs') {
        // The served dataset's curl lines when the server was given examples.
        docsHtml ??= docsPageOf(ctx.operations, ctx.baseUrl, ops?.examples);
        return {
          status: 200,
          headers: {
            'content-type': 'text/html; charset=utf-8',
            'request-id': requestId,
            'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
          },
          body: docsHtml,
        };
      }
      if (route.kind === 'mcp' && mounts?.mcp) return mounts.mcp(x, requestId, recorded);
      return apiAnswer(core, route, serviceRequestOf(x, requestId), requestId, recorded);
    });
  }

  return async (x, mounts) => {
    const started = performance.now();
    const origin = x.header('origin');
    let reply: HttpReply;
    let operation = 'preflight';
    if (isPreflight(origins, x))
      reply = { status: 204, headers: preflightHeaders(origins, origin, x.path, newRequestId()), body: null };
    else {
      const route = core.routes.match(x.method, x.path);
      if (x.method !== 'OPTIONS') operation = operationNameOf(route);
      reply = replyOf(x, await answered(x, route, mounts), ops === null ? null : corsOf(origins, origin, x.path));
    }
    if (ops) recordRequest(ops, x, operation, reply, (performance.now() - started) / 1000);
    return reply;
  };
}
