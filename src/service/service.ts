/**
 * @module The transport-neutral service. `serve(exchange) → reply` is the one pipeline an adapter
 * drives over every route of the one table (serve.ts, routes.ts); `handle(request) → response`
 * answers the API routes (paid operations, their free catalogs, job URLs, images, OpenAPI) for
 * callers that already hold parsed fields (tests), and `call` runs one operation's paid call (MCP).
 * This file holds the one error boundary, which also writes the key headers ({@link guarded}); the paid-call steps (pipeline.ts), billing and
 * the response cache (billing.ts), the settle policy (settle.ts), hd jobs (jobs.ts), the key cache
 * (key-cache.ts) and the operations routes (ops/) do the rest (docs/design.md#request-pipeline).
 */
import type { Failure, Result } from '../errors.js';
import type { ServiceStore } from '../store/ports.js';
import { fetchPhoto } from './photos/photo-fetch.js';
import { parseWith } from '../validation.js';
import { billedCall } from './billing/billing.js';
import { catalogOf } from './contract/catalog.js';
import {
  JSON_TYPE,
  problemResponder,
  type JsonResponse,
  type ServiceContext,
  type ServiceRequest,
  type ServiceResponse,
} from './context.js';
import { DEMO_DAILY_LIMIT } from './demo.js';
import { jobRunner, type ResumeReport } from './jobs/jobs.js';
import { newRequestId } from './request-id.js';
import { notFoundFailure, routeTable, type Route, type RouteTable } from './routes.js';
import type { HttpExchange, HttpReply } from './exchange.js';
import { faultOf } from './fault.js';
import type { OperationsOptions } from './ops/options.js';
import { servingOf, type Mounts, type ServingCore } from './serve.js';
import type { ChargeListener } from './billing/settle.js';
import { keyCache } from './key-cache.js';
import { OPERATIONS, type Operation, type ServiceEngine } from './contract/operations.js';
import { paidCall, type PaidCall } from './pipeline.js';
import { toolCallsOf, type ToolCaller, type ToolCalls } from './tool-calls.js';
import { storeRecovery } from './store-recovery.js';
import { RATE_LIMIT_BURST, RATE_LIMIT_PER_SECOND, rateLimitHeaders, type RateLimitOptions } from './rate-limit.js';
import { openApiOf } from './contract/openapi.js';
import { RESPONSE_CACHE_DEFAULT_BYTES } from './response-cache.js';
import { EmptyQuery } from './contract/schemas/common.js';
import type { RenderTask } from '../cards/render-pool.js';
import type { RenderedPng } from '../cards/render.js';

export type { ServiceRequest, ServiceResponse } from './context.js';
export type { ResumeReport } from './jobs/jobs.js';
export { JOB_HOLD_TTL_MS } from './jobs/job-run.js';

/** Options of {@link createService}; each optional one states its default. */
export interface ServiceOptions {
  engine: ServiceEngine;
  store: ServiceStore;
  /** Public base address used in image URLs, problem types and the OpenAPI servers entry, e.g. `http://127.0.0.1:8787`. */
  baseUrl: string;
  /** Wall clock for holds, demo days and rate limits; default `() => new Date()`. */
  clock?: () => Date;
  /** Keyed rate limit; default 50 requests/s, burst 100. */
  rateLimit?: RateLimitOptions;
  /** Peers whose X-Forwarded-For is believed; default none. */
  trustedProxies?: readonly string[];
  /** Demo calls per client per UTC day; default 15. */
  demoDailyLimit?: number;
  /** Operation table; default {@link OPERATIONS}. */
  operations?: readonly Operation[];
  /** Downloads `photo_url` for hd cards; default {@link fetchPhoto} (https only, SSRF-checked, 5 MB, 10 s). */
  fetchPhoto?: (url: string) => Promise<Result<Uint8Array>>;
  /** Renders laid-out cards, e.g. `createRenderPool().render` so renders leave the main thread; default: in this thread. */
  renderCard?: (task: RenderTask) => Promise<RenderedPng>;
  /** Checks a photo's pixel data, e.g. `createRenderPool().photoProblem` so decoding leaves the main process; default photoPixelsProblemOf in this thread. */
  photoProblem?: (bytes: Uint8Array) => Promise<string | null>;
  /** Memory budget of the response cache for pure operations' JSON, in bytes; default 64 MB; 0 turns it off (docs/api.md#caching). */
  responseCacheBytes?: number;
  /** Receives unexpected errors (500) with their request id; default: console.error with the stack. */
  onError?: (error: unknown, requestId: string) => void;
  /** Receives every credit capture (sync calls, MCP tool calls and hd jobs), e.g. the metrics' `charged`; default none. */
  onCharge?: ChargeListener;
  /** Health, readiness, metrics, admin API, console, CORS and access log (ops/options.ts); default none of them. */
  ops?: OperationsOptions;
}

/** The service: one entry point for every request plus the generated documents. */
export interface Service {
  /** Answers a request of the API (paid calls, catalogs, jobs, images, OpenAPI) given as parsed fields. */
  handle(request: ServiceRequest): Promise<ServiceResponse>;
  /**
   * The one pipeline an adapter drives (serve.ts): every route (API, jobs, images, docs, MCP when
   * mounted, and the operations routes when on), CORS and the access log; an adapter hands over the
   * exchange and writes the reply back.
   */
  serve(exchange: HttpExchange, mounts?: Mounts): Promise<HttpReply>;
  /**
   * The tool calls of one MCP request by `caller` (tool-calls.ts): each the paid pipeline of its
   * operation, no routing; their key headers go to `recorded`, the MCP request's record.
   */
  tools(caller: ToolCaller, recorded: Record<string, string>, jobWaitMs?: number): ToolCalls;
  /** This service with (more) operations routes and steps on: the same jobs, caches and store. */
  withOperations(ops: OperationsOptions): Service;
  /** The OpenAPI 3.1 document. */
  openApi(): Record<string, unknown>;
  /** Resolves once every queued async job has finished (tests). */
  idle(): Promise<void>;
  /**
   * For shutdown: starts no further queued job (they stay `queued` in the store under their holds,
   * for {@link Service.resume} in the next process) and resolves once the job running now ends.
   */
  stop(): Promise<void>;
  /**
   * Takes over the async jobs a previous process left `queued` or `running` (e.g. the server
   * restarted): each is queued again here, oldest first, with its stored request and uploaded photo,
   * under the hold it already has; one whose 15-minute hold has lapsed is failed and its hold
   * released instead. Call it once, in the one process that serves the store (`halfspace serve`),
   * never from tools that merely open the file; jobs this service already queued are skipped.
   */
  resume(): Promise<ResumeReport>;
  /**
   * A bare problem response (no key headers) for a failure the transport decides alone (a request
   * Node refuses before routing).
   */
  failure(failure: Failure, requestId?: string): JsonResponse;
  /** The route table of every path the API answers (routes.ts). */
  readonly routes: RouteTable;
  /** A stored card image by file name `<sha256 hex>.png`: immutable, content-addressed. */
  image(name: string, requestId?: string): Promise<ServiceResponse>;
  readonly operations: readonly Operation[];
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

/** The context of a service from its options, each default filled in. */
function contextOf(options: ServiceOptions): ServiceContext {
  const { store, baseUrl } = options;
  const onError = options.onError ?? ((e, id) => console.error(`[halfspace] ${id} internal error:`, e));
  return {
    engine: options.engine,
    store,
    baseUrl,
    clock: options.clock ?? (() => new Date()),
    perSecond: options.rateLimit?.perSecond ?? RATE_LIMIT_PER_SECOND,
    burst: options.rateLimit?.burst ?? RATE_LIMIT_BURST,
    trusted: options.trustedProxies ?? [],
    demoLimit: options.demoDailyLimit ?? DEMO_DAILY_LIMIT,
    operations: options.operations ?? OPERATIONS,
    onError,
    ...(options.onCharge ? { onCharge: options.onCharge } : {}),
    fetchPhoto: options.fetchPhoto ?? ((url: string) => fetchPhoto(url)),
    renderOption: {
      ...(options.renderCard ? { render: options.renderCard } : {}),
      ...(options.photoProblem ? { photoProblem: options.photoProblem } : {}),
    },
    keyOf: keyCache(store),
    recovery: storeRecovery((e) => onError(e, 'store-recovery')),
    problem: problemResponder(baseUrl),
  };
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
  const { store, perSecond, burst } = ctx;
  if (!('ratelimit-limit' in headers)) {
    const { 'retry-after': _, ...limits } = rateLimitHeaders(
      await store.rateLimits.take(key.value.id, ctx.clock().getTime(), perSecond, burst),
      burst,
      perSecond,
    );
    Object.assign(headers, limits);
  }
  if (!('x-svc-credits-charged' in headers)) headers['x-svc-credits-charged'] = '0';
  if (!('x-svc-wallet-balance' in headers))
    headers['x-svc-wallet-balance'] = String((await store.wallets.balance(key.value.id)) ?? 0);
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
async function guarded(
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
async function imageResponse(ctx: ServiceContext, name: string, requestId: string): Promise<ServiceResponse> {
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

/** The free documents of a service, each rendered once: the catalogs of its operations and its OpenAPI text. */
function documents(ctx: ServiceContext) {
  const catalogs = new Map<string, string>();
  let openApiDoc: Record<string, unknown> | null = null;
  let openApiText: string | null = null;
  const openApi = () => (openApiDoc ??= openApiOf(ctx.operations, ctx.baseUrl));
  return {
    openApi,
    catalog(op: Operation, requestId: string): ServiceResponse {
      let text = catalogs.get(op.id);
      if (text === undefined) catalogs.set(op.id, (text = JSON.stringify(catalogOf(op))));
      return {
        status: 200,
        headers: { 'content-type': JSON_TYPE, 'request-id': requestId, 'cache-control': 'public, max-age=300' },
        body: text,
      };
    },
    openApiResponse(requestId: string): ServiceResponse {
      openApiText ??= JSON.stringify(openApi());
      return {
        status: 200,
        headers: { 'content-type': JSON_TYPE, 'request-id': requestId },
        body: openApiText,
      };
    },
  };
}

/** What a service builds once from its options, shared by every operated view of it ({@link Service.withOperations}). */
interface Core {
  readonly ctx: ServiceContext;
  readonly routes: RouteTable;
  readonly docs: ReturnType<typeof documents>;
  readonly jobs: ReturnType<typeof jobRunner>;
  readonly paid: PaidCall;
}

/** The answer of an API route, before the key headers (which a paid call records in `recorded`). */
async function apiAnswer(
  core: Core,
  route: Route,
  req: ServiceRequest,
  requestId: string,
  recorded: Record<string, string>,
): Promise<ServiceResponse> {
  const { ctx, docs, jobs } = core;
  switch (route.kind) {
    case 'paid':
      return core.paid(route.op, req, requestId, recorded);
    case 'catalog': {
      const query = parseWith(EmptyQuery, req.query ?? {});
      return query.ok ? docs.catalog(route.op, requestId) : ctx.problem(requestId, query.error);
    }
    case 'job':
      return jobs.status(req, route.jobId, requestId);
    case 'image':
      return imageResponse(ctx, route.name, requestId);
    case 'openapi':
      return docs.openApiResponse(requestId);
    case 'refused':
      return ctx.problem(requestId, route.failure, route.allow ? { allow: route.allow } : {});
    default:
      // `/docs`, `/mcp` and the operations routes are answered over an exchange (serve.ts) when
      // they are on; here they do not exist.
      return ctx.problem(requestId, notFoundFailure(req.method, req.path));
  }
}

/** The service over `core`, operated with `ops` (null: no operations routes, CORS or access log). */
function serviceOf(core: Core, ops: OperationsOptions | null): Service {
  const { ctx, routes, docs, jobs } = core;
  const guard: ServingCore['guard'] = (requestId, authorization, work) => guarded(ctx, requestId, authorization, work);
  const api: ServingCore['api'] = (route, req, requestId, recorded) => apiAnswer(core, route, req, requestId, recorded);
  return {
    handle(req) {
      const requestId = req.requestId ?? newRequestId();
      const route = routes.match(req.method, req.path);
      return guard(requestId, req.authorization, (recorded) => api(route, req, requestId, recorded));
    },
    tools: (caller, recorded, jobWaitMs) => toolCallsOf(core, caller, recorded, jobWaitMs),
    serve: servingOf(
      { routes, problem: ctx.problem, guard, api, operations: ctx.operations, baseUrl: ctx.baseUrl },
      ops,
    ),
    withOperations: (more) => serviceOf(core, { ...ops, ...more }),
    image: (name, requestId = newRequestId()) => imageResponse(ctx, name, requestId),
    routes,
    idle: jobs.idle,
    stop: jobs.stop,
    resume: jobs.resume,
    failure: (failure, requestId = newRequestId()) => ctx.problem(requestId, failure),
    operations: ctx.operations,
    openApi: docs.openApi,
  };
}

/**
 * Creates the service over an engine and a store.
 * @example (await createService({ engine, store, baseUrl }).handle({ method: 'GET', path: '/api/v1/verdict' })).status // => 200
 */
export function createService(options: ServiceOptions): Service {
  const ctx = contextOf(options);
  const jobs = jobRunner(ctx);
  const paid = paidCall(ctx, billedCall(ctx, jobs.queue, options.responseCacheBytes ?? RESPONSE_CACHE_DEFAULT_BYTES));
  return serviceOf({ ctx, routes: routeTable(ctx.operations), docs: documents(ctx), jobs, paid }, options.ops ?? null);
}
