/**
 * @module The transport-neutral service. `serve(exchange) → reply` is the one pipeline an adapter
 * drives over every route of the one table (serve.ts, routes.ts); `handle(request) → response`
 * answers the API routes (paid operations, their free catalogs, job URLs, images, OpenAPI) for
 * callers that already hold parsed fields (tests), and `tools` runs MCP tool calls. The error
 * boundary and the routes' answers are serve.ts; the paid-call steps (pipeline.ts), billing and
 * the response cache (billing.ts), the settle policy (settle.ts), hd jobs (jobs.ts), the key cache
 * (auth.ts) and the operations routes (ops/) do the rest (docs/design.md#request-pipeline).
 */
import type { RenderTask } from '../cards/render-pool.js';
import type { RenderedPng } from '../cards/render.js';
import type { Failure, Result } from '../errors.js';
import type { ServiceStore } from '../store/ports.js';
import { billedCall } from './billing/billing.js';
import type { ChargeListener } from './billing/settle.js';
import { OPERATIONS, type Operation, type ServiceEngine } from './contract/operations.js';
import { problemResponder, type ServiceContext, type ServiceRequest, type ServiceResponse } from './context.js';
import { DEMO_DAILY_LIMIT } from './demo.js';
import type { HttpExchange, HttpReply } from './exchange.js';
import { jobRunner, type ResumeReport } from './jobs/jobs.js';
import { keyCache } from './auth.js';
import type { OperationsOptions } from './ops/options.js';
import { fetchPhoto } from './photos/photo-fetch.js';
import { paidCall } from './pipeline.js';
import { RATE_LIMIT_BURST, RATE_LIMIT_PER_SECOND, type RateLimitOptions } from './rate-limit.js';
import { newRequestId } from './request-id.js';
import { RESPONSE_CACHE_DEFAULT_BYTES } from './response-cache.js';
import type { RouteTable } from './routes.js';
import { apiAnswer, coreOf, guarded, imageResponse, servingOf, type Core, type Mounts } from './serve.js';
import { storeRecovery } from './store-outage.js';
import { toolCallsOf, type ToolCaller, type ToolCalls } from './tool-calls.js';

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
  failure(failure: Failure, requestId?: string): ServiceResponse;
  /** The route table of every path the API answers (routes.ts). */
  readonly routes: RouteTable;
  /** A stored card image by file name `<sha256 hex>.png`: immutable, content-addressed. */
  image(name: string, requestId?: string): Promise<ServiceResponse>;
  readonly operations: readonly Operation[];
}

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

/** The service over `core`, operated with `ops` (null: no operations routes, CORS or access log). */
function serviceOf(core: Core, ops: OperationsOptions | null): Service {
  const { ctx, routes, jobs } = core;
  return {
    handle(req) {
      const requestId = req.requestId ?? newRequestId();
      const route = routes.match(req.method, req.path);
      return guarded(ctx, requestId, req.authorization, (recorded) => apiAnswer(core, route, req, requestId, recorded));
    },
    tools: (caller, recorded, jobWaitMs) => toolCallsOf(core, caller, recorded, jobWaitMs),
    serve: servingOf(core, ops),
    withOperations: (more) => serviceOf(core, { ...ops, ...more }),
    image: (name, requestId = newRequestId()) => imageResponse(ctx, name, requestId),
    routes,
    idle: jobs.idle,
    stop: jobs.stop,
    resume: jobs.resume,
    failure: (failure, requestId = newRequestId()) => ctx.problem(requestId, failure),
    operations: ctx.operations,
    openApi: core.openApi,
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
  return serviceOf(coreOf(ctx, jobs, paid), options.ops ?? null);
}
