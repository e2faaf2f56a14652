/**
 * @module The transport-neutral API service: `handle(request) → { status, headers, body }`.
 * Authentication, rate limits, validation, idempotency, the demo channel, billing and error bodies
 * all live here, so the HTTP adapter, an MCP server or a test drive it alike (DESIGN §1, §9).
 */
import { randomBytes } from 'node:crypto';
import { fail, InvariantError, ok, type Failure, type Result } from '../errors.js';
import type { JobRecord, KeyRecord, ServiceStore, StoredResponse } from '../store/ports.js';
import { fetchPhoto } from './photo-fetch.js';
import { parseWith } from '../validation.js';
import { authenticate } from './auth.js';
import { holdCredits, settleCredits, HOLD_TTL_MS } from './billing.js';
import { catalogOf } from './catalog.js';
import { clientIpOf, DEMO_DAILY_LIMIT, isDemoChannel, DEMO_CHANNELS, secondsUntilUtcMidnight, utcDayOf } from './demo.js';
import { errorInfoOf, problemOf } from './errors.js';
import { jobLeases } from './job-lease.js';
import { IDEMPOTENCY_TTL_MS, isReplayable, isValidIdempotencyKey, requestFingerprint } from './idempotency.js';
import { costOf, demoAllowed, OPERATIONS, type Operation, type OperationOutcome, type ServiceEngine } from './operations.js';
import { RATE_LIMIT_BURST, RATE_LIMIT_PER_SECOND, rateLimitHeaders, type RateLimitOptions } from './rate-limit.js';
import { openApiOf } from './openapi.js';
import { RESPONSE_CACHE_DEFAULT_BYTES, ResponseCache } from './response-cache.js';
import { EmptyQuery } from './schemas/common.js';
import type { RenderTask } from '../cards/render-pool.js';
import type { RenderedPng } from '../cards/render.js';

/** A request as the service sees it, whatever the transport. */
export interface ServiceRequest {
  method: string;
  /** Path relative to the base address, without query string. */
  path: string;
  /** Value of the Authorization header. */
  authorization?: string;
  /** Value of X-SVC-Demo-Channel. */
  demoChannel?: string;
  /** Parsed JSON body (undefined when none was sent). */
  body?: unknown;
  /** Query parameters (last value wins). */
  query?: Record<string, string>;
  /** Address of the direct peer. */
  clientIp?: string;
  /** Value of X-Forwarded-For (honoured only from trusted proxies). */
  forwardedFor?: string;
  /** Value of Idempotency-Key. */
  idempotencyKey?: string;
  /** Photo bytes uploaded with the request (multipart field `photo`), for hd cards. */
  photo?: Uint8Array;
  /** Request id chosen by the transport; generated when absent. */
  requestId?: string;
  /**
   * A problem the transport found in the body (413, 415, JSON or multipart that cannot be parsed);
   * answered after authentication and the rate limit, so an unauthenticated request gets 401 first.
   */
  bodyProblem?: Failure;
  /**
   * A response the transport produced itself (documents, images, 404 and 405 outside `/api/`):
   * `handle` returns it with the key headers added when the request carries a valid key.
   */
  answer?: ServiceResponse;
}

/** A response: status, lowercase header names, and the body (JSON text or PNG bytes). */
export interface ServiceResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array;
}

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
  /** Memory budget of the response cache for pure operations' JSON, in bytes; default 64 MB; 0 turns it off (docs/api.md#caching). */
  responseCacheBytes?: number;
  /** Receives unexpected errors (500) with their request id; default: console.error with the stack. */
  onError?: (error: unknown, requestId: string) => void;
}

/** The service: one entry point for every request plus the generated documents. */
export interface Service {
  handle(request: ServiceRequest): Promise<ServiceResponse>;
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
   * A bare problem response (no key headers) for a failure the transport decides alone: 404/405
   * outside `/api/`, a client that hung up. Pass it to `handle` as `answer` to add the key headers;
   * body problems go to `handle` as `bodyProblem` so they rank after authentication.
   */
  failure(failure: Failure, requestId?: string): ServiceResponse;
  /** A stored card image by file name `<sha256 hex>.png`: immutable, content-addressed. */
  image(name: string, requestId?: string): Promise<ServiceResponse>;
  readonly operations: readonly Operation[];
}

/** What {@link Service.resume} did. */
export interface ResumeReport {
  /** Jobs queued again in this process. */
  resumed: number;
  /** Jobs failed instead, their credits returned: the hold had lapsed (or the job could no longer run). */
  failed: number;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';
/** Lifetime of an async job's hold: a job not finished by then fails and its credits return (docs/api.md#async-cards). */
export const JOB_HOLD_TTL_MS = 15 * 60 * 1000;
const JOB_PATH = /^\/api\/v1\/cards\/jobs\/([A-Za-z0-9_-]{1,64})$/;
/** Methods a job URL answers (405 with `Allow` for the others). */
const JOB_METHODS = 'GET, HEAD';
/** Headers of the caller's wallet and rate limit, present on every response to a request with a valid key. */
const KEY_HEADERS = ['x-svc-credits-charged', 'x-svc-wallet-balance', 'ratelimit-limit', 'ratelimit-policy', 'ratelimit-remaining', 'ratelimit-reset'] as const;

/** Active keys remembered between calls, at most; the cache empties when full. */
const KNOWN_KEYS_MAX = 10_000;

/** How often lapsed holds, expired idempotency records and past demo days are swept, at most (docs/api.md#billing). */
const EXPIRY_SWEEP_MS = 10_000;

/** Image file names: the SHA-256 of the PNG bytes in lowercase hex, so no path can be smuggled in. */
const IMAGE_NAME = /^([0-9a-f]{64})\.png$/;

// Request ids need uniqueness, not secrecy: a random per-process prefix plus a counter avoids a
// CSPRNG call per request (measured at ~10 % of a paid call's CPU under load).
const REQUEST_ID_PREFIX = randomBytes(9).toString('base64url');
let requestCounter = 0;

/**
 * A fresh request id: `req_` + a 12-character per-process prefix + a base-36 counter.
 * @example newRequestId() // => 'req_Yx2…k0'
 */
export const newRequestId = (): string => `req_${REQUEST_ID_PREFIX}${(requestCounter++).toString(36)}`;

type Caller = { kind: 'key'; key: KeyRecord } | { kind: 'demo'; client: string };

/**
 * Creates the service over an engine and a store.
 * @example (await createService({ engine, store, baseUrl }).handle({ method: 'GET', path: '/api/v1/verdict' })).status // => 200
 */
export function createService(options: ServiceOptions): Service {
  const { engine, store, baseUrl } = options;
  const clock = options.clock ?? (() => new Date());
  const perSecond = options.rateLimit?.perSecond ?? RATE_LIMIT_PER_SECOND;
  const burst = options.rateLimit?.burst ?? RATE_LIMIT_BURST;
  const trusted = options.trustedProxies ?? [];
  const demoLimit = options.demoDailyLimit ?? DEMO_DAILY_LIMIT;
  const operations = options.operations ?? OPERATIONS;
  const onError = options.onError ?? ((e, id) => console.error(`[halfspace] ${id} internal error:`, e));
  const byPath = new Map(operations.map((op) => [op.path, op]));
  const cacheBytes = options.responseCacheBytes ?? RESPONSE_CACHE_DEFAULT_BYTES;
  const responses = cacheBytes > 0 ? new ResponseCache(cacheBytes) : null;
  const catalogs = new Map<string, string>();
  let lastSweepMs = -Infinity;
  let openApiDoc: Record<string, unknown> | null = null;
  const photoFetcher = options.fetchPhoto ?? ((url: string) => fetchPhoto(url));
  const renderOption = options.renderCard ? { render: options.renderCard } : {};
  // Async jobs run one at a time in this process, in arrival order.
  let jobQueue: Promise<void> = Promise.resolve();
  // Jobs in this process's queue, so resume() never queues one a second time.
  const queuedHere = new Set<string>();
  // On a store replicas share, a job runs only in the service holding its lease (job-lease.ts).
  const leases = jobLeases(store.jobs, store.wallets.owner, clock, () => queuedHere);
  let stopping = false;

  const problem = (requestId: string, failure: Failure, headers: Record<string, string> = {}): ServiceResponse => {
    const body = problemOf(baseUrl, requestId, failure);
    return { status: body.status, headers: { 'content-type': PROBLEM_TYPE, 'request-id': requestId, ...headers }, body: JSON.stringify(body) };
  };

  function catalogResponse(op: Operation, requestId: string): ServiceResponse {
    let text = catalogs.get(op.id);
    if (text === undefined) catalogs.set(op.id, (text = JSON.stringify(catalogOf(op))));
    return { status: 200, headers: { 'content-type': JSON_TYPE, 'request-id': requestId, 'cache-control': 'public, max-age=300' }, body: text };
  }

  /** At most every {@link EXPIRY_SWEEP_MS}: releases lapsed holds and forgets expired idempotency records and past demo days. */
  async function sweep(now: Date): Promise<void> {
    if (now.getTime() - lastSweepMs < EXPIRY_SWEEP_MS) return;
    lastSweepMs = now.getTime();
    const at = now.toISOString();
    await store.wallets.expireHolds(at);
    await store.idempotency.purge(at);
    await store.demo.purge(utcDayOf(now));
  }

  // Active keys already authenticated, by Authorization value, while the key store's revision is
  // unchanged: checking a key's form, checksum and hash costs more than the rest of a paid call's
  // service work (bench/results/http.md). A revocation, also from the CLI in another process,
  // changes the revision and empties the cache before the next call.
  const knownKeys = new Map<string, KeyRecord>();
  let knownRevision: number | undefined;
  async function keyOf(authorization: string | undefined): Promise<Result<KeyRecord>> {
    const revision = store.keys.revision?.();
    if (revision !== knownRevision) {
      knownKeys.clear();
      knownRevision = revision;
    }
    const known = revision === undefined || authorization === undefined ? undefined : knownKeys.get(authorization);
    if (known) return ok(known);
    const key = await authenticate(store.keys, authorization);
    if (key.ok && revision !== undefined && store.keys.revision!() === revision) {
      if (knownKeys.size >= KNOWN_KEYS_MAX) knownKeys.clear();
      knownKeys.set(authorization!, key.value);
    }
    return key;
  }

  async function identify(op: Operation, req: ServiceRequest, body: unknown): Promise<Result<Caller>> {
    if (req.authorization !== undefined && req.authorization !== '') {
      const key = await keyOf(req.authorization);
      return key.ok ? { ok: true, value: { kind: 'key', key: key.value } } : key;
    }
    if (req.demoChannel !== undefined) {
      if (!isDemoChannel(req.demoChannel)) {
        return fail('unauthorized', `X-SVC-Demo-Channel must be one of ${DEMO_CHANNELS.join(', ')}`, { param: 'X-SVC-Demo-Channel' });
      }
      if (!demoAllowed(op, body)) return fail('unauthorized', `the demo channel is not accepted on ${op.method} ${op.path} with this request; use an API key`, { param: 'X-SVC-Demo-Channel' });
      return { ok: true, value: { kind: 'demo', client: clientIpOf(req.clientIp ?? 'unknown', req.forwardedFor, trusted) } };
    }
    return keyOf(undefined) as Promise<Result<never>>;
  }

  async function paid(op: Operation, req: ServiceRequest, requestId: string): Promise<ServiceResponse> {
    const now = clock();
    const caller = await identify(op, req, req.body);
    if (!caller.ok) return problem(requestId, caller.error, { 'www-authenticate': 'Bearer realm="halfspace"' });
    const headers: Record<string, string> = {};
    const key = caller.value.kind === 'key' ? caller.value.key : null;
    const walletHeaders = async (charged: number, balance?: number) => {
      if (!key) return;
      headers['x-svc-credits-charged'] = String(charged);
      headers['x-svc-wallet-balance'] = String(balance ?? (await store.wallets.balance(key.id)) ?? 0);
    };

    if (key) {
      const decision = await store.rateLimits.take(key.id, now.getTime(), perSecond, burst);
      Object.assign(headers, rateLimitHeaders(decision, burst, perSecond));
      if (!decision.allowed) {
        await walletHeaders(0);
        return problem(requestId, { code: 'rate_limited', message: `more than ${perSecond} requests/s (burst ${burst}) for this key; retry after ${headers['retry-after']} s` }, headers);
      }
    }

    if (req.bodyProblem) {
      await walletHeaders(0);
      return problem(requestId, req.bodyProblem, headers);
    }
    if (req.body === undefined) {
      await walletHeaders(0);
      return problem(requestId, { code: 'invalid_request', message: 'a JSON object body is required', param: 'body' }, headers);
    }
    const body = parseWith(op.body, req.body);
    const query = parseWith(op.query, req.query ?? {});
    // Checks that need more than the body (the uploaded photo), still before any hold.
    const precheck = body.ok && query.ok ? (op.precheck?.(req.body, req.photo) ?? null) : null;
    const invalid = !body.ok ? body.error : !query.ok ? query.error : precheck;
    if (invalid) {
      await walletHeaders(0);
      return problem(requestId, invalid, headers);
    }

    const scope = key ? key.id : `demo:${caller.value.kind === 'demo' ? caller.value.client : ''}`;
    const idemKey = req.idempotencyKey;
    if (idemKey !== undefined) {
      if (!isValidIdempotencyKey(idemKey)) {
        await walletHeaders(0);
        return problem(requestId, { code: 'invalid_request', message: 'Idempotency-Key must be 1–255 visible ASCII characters', param: 'Idempotency-Key' }, headers);
      }
      const fingerprint = requestFingerprint(op.id, req.query ?? {}, req.body);
      const claim = await store.idempotency.begin(scope, idemKey, fingerprint, now.toISOString(), new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString());
      if (!claim.claimed) {
        const { record } = claim;
        if (record.fingerprint !== fingerprint) {
          await walletHeaders(0);
          return problem(requestId, { code: 'idempotency_key_reused', message: 'this Idempotency-Key was used with a different request; use a new key', param: 'Idempotency-Key' }, headers);
        }
        if (record.response === null) {
          await walletHeaders(0);
          return problem(requestId, { code: 'idempotency_in_progress', message: 'the first request with this Idempotency-Key is still running; retry shortly', param: 'Idempotency-Key' }, { ...headers, 'retry-after': '1' });
        }
        // The stored headers carry the first call's rate-limit counts; this call's replace them.
        const replay: Record<string, string> = { ...record.response.headers, ...headers, 'request-id': requestId, 'idempotent-replayed': 'true' };
        if (key) {
          replay['x-svc-credits-charged'] = '0';
          replay['x-svc-wallet-balance'] = String((await store.wallets.balance(key.id)) ?? 0);
        }
        return { status: record.response.status, headers: replay, body: record.response.body };
      }
    }

    const response = await charged(op, req, requestId, caller.value, key, headers, now);
    if (idemKey !== undefined) {
      if (isReplayable(response.status)) {
        const stored: StoredResponse = { status: response.status, headers: { ...response.headers }, body: response.body as string };
        await store.idempotency.complete(scope, idemKey, stored);
      } else {
        await store.idempotency.abandon(scope, idemKey);
      }
    }
    return response;
  }

  async function charged(op: Operation, req: ServiceRequest, requestId: string, caller: Caller, key: KeyRecord | null, headers: Record<string, string>, now: Date): Promise<ServiceResponse> {
    const cost = costOf(op, req.body);
    let holdId: number | null = null;
    const day = utcDayOf(now);
    await sweep(now);
    if (caller.kind === 'demo') {
      const reserved = await store.demo.reserve(caller.client, day, demoLimit);
      if (!reserved.ok) {
        const retry = String(secondsUntilUtcMidnight(now));
        return problem(requestId, { code: 'demo_limit_exhausted', message: `the demo channel allows ${demoLimit} successful calls per client per UTC day; use an API key or retry after midnight UTC`, limit: demoLimit }, { ...headers, 'retry-after': retry });
      }
    } else {
      if (op.isJob?.(req.body)) return queueJob(op, req, requestId, caller.key, cost, headers, now);
      const held = await holdCredits(store.wallets, caller.key.id, cost, now, op.id, HOLD_TTL_MS);
      if (!held.ok) {
        headers['x-svc-credits-charged'] = '0';
        headers['x-svc-wallet-balance'] = String(held.error.balance);
        return problem(requestId, held.error, headers);
      }
      holdId = held.value.hold_id;
    }

    // A pure operation's JSON may come from the cache; billing below is the same either way.
    const cacheKey = responses && op.cacheable ? `${op.id}\n${engine.now?.().getTime() ?? ''}\n${JSON.stringify(req.query ?? {})}\n${JSON.stringify(req.body)}` : null;
    const cached = cacheKey === null ? undefined : responses!.get(cacheKey);
    let outcome: Result<{ status: number; text: string; chargeable: boolean }>;
    if (cached !== undefined) {
      outcome = ok({ status: 200, text: cached, chargeable: true });
    } else {
      try {
        const ran = await op.run({ engine, body: req.body, query: (req.query ?? {}) as Record<string, unknown>, key, baseUrl, images: store.images, ...(req.photo ? { photo: req.photo } : {}), ...renderOption });
        outcome = ran.ok ? ok({ status: ran.value.status ?? 200, text: JSON.stringify(ran.value.body), chargeable: ran.value.chargeable !== false }) : ran;
      } catch (error) {
        onError(error, requestId);
        outcome = fail('internal_error', error instanceof InvariantError ? 'invariant broken' : 'unexpected error');
      }
      if (cacheKey !== null && outcome.ok && outcome.value.status === 200 && outcome.value.chargeable) responses!.set(cacheKey, outcome.value.text);
    }
    const status = outcome.ok ? outcome.value.status : 0;
    const success = outcome.ok && status >= 200 && status < 300 && outcome.value.chargeable;

    if (caller.kind === 'demo') {
      if (!success) await store.demo.unreserve(caller.client, day);
    } else {
      const settled = await settleCredits(store.wallets, caller.key.id, holdId!, success, clock(), outcome.ok ? `status ${status}` : outcome.error.code);
      headers['x-svc-credits-charged'] = String(settled.charged);
      headers['x-svc-wallet-balance'] = String(settled.balance);
    }
    if (!outcome.ok) return problem(requestId, outcome.error, headers);
    return { status, headers: { 'content-type': JSON_TYPE, 'request-id': requestId, ...headers }, body: outcome.value.text };
  }

  const pollUrlOf = (jobId: string) => `${baseUrl}/api/v1/cards/jobs/${jobId}`;

  function jobView(job: JobRecord): Record<string, unknown> {
    const request = JSON.parse(job.request) as { style: string };
    const view: Record<string, unknown> = {
      job_id: job.job_id,
      status: job.status,
      poll_url: pollUrlOf(job.job_id),
      style: request.style,
      credits_held: job.credits,
      credits_charged: job.status === 'succeeded' ? job.credits : 0,
      created_at: job.created_at,
      updated_at: job.updated_at,
    };
    if (job.result !== null) view[job.status === 'succeeded' ? 'result' : 'error'] = JSON.parse(job.result);
    return view;
  }

  async function queueJob(op: Operation, req: ServiceRequest, requestId: string, key: KeyRecord, cost: number, headers: Record<string, string>, now: Date): Promise<ServiceResponse> {
    const held = await holdCredits(store.wallets, key.id, cost, now, `${op.id} job`, JOB_HOLD_TTL_MS);
    if (!held.ok) {
      headers['x-svc-credits-charged'] = '0';
      headers['x-svc-wallet-balance'] = String(held.error.balance);
      return problem(requestId, held.error, headers);
    }
    const at = now.toISOString();
    const job: JobRecord = { job_id: `job_${randomBytes(12).toString('base64url')}`, key_id: key.id, hold_id: held.value.hold_id, status: 'queued', request: JSON.stringify(req.body), result: null, created_at: at, updated_at: at, credits: cost };
    // The uploaded photo is stored with the job so it can run again after a restart (resume()).
    await store.jobs.create(job, req.photo ?? null);
    await leases.claim(job.job_id);
    leases.renewing();
    enqueue(op, job, key, req.photo, requestId);
    headers['x-svc-credits-charged'] = '0';
    headers['x-svc-credits-held'] = String(cost);
    headers['x-svc-wallet-balance'] = String(held.value.balance);
    return { status: 202, headers: { 'content-type': JSON_TYPE, 'request-id': requestId, location: pollUrlOf(job.job_id), ...headers }, body: JSON.stringify(jobView(job)) };
  }

  function enqueue(op: Operation, job: JobRecord, key: KeyRecord, photo: Uint8Array | undefined, requestId: string): void {
    queuedHere.add(job.job_id);
    jobQueue = jobQueue
      .then(() => runJob(op, job, key, photo))
      .catch((e) => onError(e, requestId))
      .finally(() => queuedHere.delete(job.job_id));
  }

  const holdLapsed = (job: JobRecord, now: Date) => Date.parse(job.created_at) + JOB_HOLD_TTL_MS <= now.getTime();

  const EXPIRED_DETAIL = 'the job did not finish in time; its credits were returned';

  /**
   * Fails an unfinished job and returns its credits; true when this call failed it. The ledger
   * settles a hold once, so a hold the expiry sweep already released is not released again.
   */
  async function abandonJob(job: JobRecord, now: Date, detail: string, note = 'job expired'): Promise<boolean> {
    const failed = await store.jobs.update(job.job_id, 'failed', JSON.stringify({ code: 'internal_error', detail }), now.toISOString());
    await store.wallets.release(job.hold_id, now.toISOString(), note);
    return failed;
  }

  async function resume(): Promise<ResumeReport> {
    const report: ResumeReport = { resumed: 0, failed: 0 };
    for (const job of await store.jobs.unfinished()) {
      if (queuedHere.has(job.job_id)) continue;
      const now = clock();
      if (holdLapsed(job, now)) {
        if (await abandonJob(job, now, EXPIRED_DETAIL)) report.failed++;
        continue;
      }
      const request: unknown = JSON.parse(job.request);
      const op = operations.find((o) => o.isJob?.(request));
      const key = await store.keys.byId(job.key_id);
      if (!op || !key) {
        // Only if the operation table changed between releases: the job cannot run, so it must not keep the credits.
        if (await abandonJob(job, now, 'the job could not be resumed after a restart; its credits were returned', 'job not resumable')) report.failed++;
        continue;
      }
      // Another replica holds it (its lease is live): that one runs it.
      if (!(await leases.claim(job.job_id))) continue;
      if (!(await store.jobs.update(job.job_id, 'queued', null, now.toISOString()))) continue;
      leases.renewing();
      enqueue(op, { ...job, status: 'queued' }, key, job.photo ?? undefined, job.job_id);
      report.resumed++;
    }
    return report;
  }

  async function runJob(op: Operation, job: JobRecord, key: KeyRecord, uploaded: Uint8Array | undefined): Promise<void> {
    // Shutting down: leave the job queued in the store for the next process to resume.
    if (stopping) return;
    const body = JSON.parse(job.request) as { photo_url?: string };
    // A job that waited in the queue past its hold's lifetime fails as a poll would fail it.
    if (holdLapsed(job, clock())) {
      await abandonJob(job, clock(), EXPIRED_DETAIL);
      return;
    }
    // The lease lapsed while the job waited (this process stalled) and another replica took it.
    if (!(await leases.claim(job.job_id))) return;
    if (!(await store.jobs.update(job.job_id, 'running', null, clock().toISOString()))) return;
    let outcome: Result<OperationOutcome>;
    try {
      let photo = uploaded;
      if (!photo && body.photo_url) {
        const fetched = await photoFetcher(body.photo_url);
        if (!fetched.ok) throw Object.assign(new Error('photo'), { failure: fetched.error });
        photo = fetched.value;
      }
      outcome = await op.run({ engine, body, query: {}, key, baseUrl, images: store.images, ...(photo ? { photo } : {}), ...renderOption });
    } catch (error) {
      const failure = (error as { failure?: Failure }).failure;
      if (!failure) onError(error, job.job_id);
      outcome = fail(failure?.code ?? 'internal_error', failure?.message ?? 'unexpected error', failure?.param ? { param: failure.param } : {});
    }
    const now = clock();
    if (outcome.ok && outcome.value.chargeable !== false) {
      // Capture before recording success: if the expiry sweep released the hold while the job ran,
      // nothing was charged, so the job must not read as succeeded (and charged).
      const settled = await settleCredits(store.wallets, key.id, job.hold_id, true, now, 'job succeeded');
      if (settled.charged > 0) await store.jobs.update(job.job_id, 'succeeded', JSON.stringify(outcome.value.body), now.toISOString());
      else await store.jobs.update(job.job_id, 'failed', JSON.stringify({ code: 'internal_error', detail: EXPIRED_DETAIL }), now.toISOString());
      return;
    }
    const finished = await store.jobs.update(
      job.job_id,
      'failed',
      JSON.stringify(outcome.ok ? { code: 'internal_error', detail: 'the card could not be stored' } : { code: outcome.error.code, detail: errorInfoOf(outcome.error.code).status >= 500 ? 'the job failed; quote the job_id when reporting it' : outcome.error.message, ...(outcome.error.param ? { param: outcome.error.param } : {}) }),
      now.toISOString(),
    );
    // A job that expired meanwhile was already failed and its hold released.
    if (finished) await settleCredits(store.wallets, key.id, job.hold_id, false, now, 'job failed');
  }

  async function jobStatus(req: ServiceRequest, jobId: string, requestId: string): Promise<ServiceResponse> {
    const key = await keyOf(req.authorization);
    if (!key.ok) return problem(requestId, key.error, { 'www-authenticate': 'Bearer realm="halfspace"' });
    const decision = await store.rateLimits.take(key.value.id, clock().getTime(), perSecond, burst);
    const limits = rateLimitHeaders(decision, burst, perSecond);
    if (!decision.allowed) {
      const balance = String((await store.wallets.balance(key.value.id)) ?? 0);
      return problem(requestId, { code: 'rate_limited', message: `more than ${perSecond} requests/s (burst ${burst}) for this key; retry after ${limits['retry-after']} s` }, { ...limits, 'x-svc-credits-charged': '0', 'x-svc-wallet-balance': balance });
    }
    const job = await store.jobs.get(jobId);
    if (!job || job.key_id !== key.value.id) return problem(requestId, { code: 'not_found', message: `no card job ${jobId} for this key` }, limits);
    const now = clock();
    let current = job;
    // A job this process still runs settles itself (runJob); any other one that outlived its hold
    // (e.g. no server resumed it) is failed here and its credits returned.
    if ((job.status === 'queued' || job.status === 'running') && holdLapsed(job, now) && !queuedHere.has(job.job_id)) {
      await abandonJob(job, now, EXPIRED_DETAIL);
      current = (await store.jobs.get(jobId))!;
    }
    const balance = (await store.wallets.balance(key.value.id)) ?? 0;
    return {
      status: 200,
      headers: { 'content-type': JSON_TYPE, 'request-id': requestId, 'x-svc-credits-charged': '0', 'x-svc-wallet-balance': String(balance), ...limits },
      body: JSON.stringify(jobView(current)),
    };
  }

  /**
   * Adds what a response to a request with a valid key lacks of the key headers (docs/api.md#billing):
   * `X-SVC-Credits-Charged: 0` and the balance, and the RateLimit-* counts. A request that got here
   * without taking a rate-limit token (404, 405, catalogs, documents) takes one now but is not
   * refused for it: those answers have precedence over 429 or need no key at all.
   */
  async function withKeyHeaders(req: ServiceRequest, response: ServiceResponse): Promise<ServiceResponse> {
    // 401: the key was just refused, so there is no wallet to report.
    if (req.authorization === undefined || req.authorization === '' || response.status === 401) return response;
    if (KEY_HEADERS.every((h) => h in response.headers)) return response;
    const key = await keyOf(req.authorization);
    if (!key.ok) return response;
    const headers = { ...response.headers };
    if (!('ratelimit-limit' in headers)) {
      const { 'retry-after': _, ...limits } = rateLimitHeaders(await store.rateLimits.take(key.value.id, clock().getTime(), perSecond, burst), burst, perSecond);
      Object.assign(headers, limits);
    }
    if (!('x-svc-credits-charged' in headers)) headers['x-svc-credits-charged'] = '0';
    if (!('x-svc-wallet-balance' in headers)) headers['x-svc-wallet-balance'] = String((await store.wallets.balance(key.value.id)) ?? 0);
    // A shared cache must not keep one key's balance (catalogs are otherwise public).
    if (headers['cache-control']?.startsWith('public')) headers['cache-control'] = 'private, no-cache';
    return { ...response, headers };
  }

  async function route(req: ServiceRequest, requestId: string): Promise<ServiceResponse> {
    if (req.answer) return req.answer;
    const jobMatch = JOB_PATH.exec(req.path);
    if (jobMatch) {
      if (req.method === 'GET' || req.method === 'HEAD') return await jobStatus(req, jobMatch[1], requestId);
      return problem(requestId, { code: 'method_not_allowed', message: `${req.path} answers ${JOB_METHODS} only` }, { allow: JOB_METHODS });
    }
    const op = byPath.get(req.path);
    if (!op) return problem(requestId, { code: 'not_found', message: `no endpoint ${req.method} ${req.path}; see /openapi.json` });
    if (req.method === 'GET' || req.method === 'HEAD') {
      const query = parseWith(EmptyQuery, req.query ?? {});
      if (!query.ok) return problem(requestId, query.error);
      return catalogResponse(op, requestId);
    }
    const allow = `GET, HEAD, ${op.method}`;
    if (req.method !== op.method) return problem(requestId, { code: 'method_not_allowed', message: `${req.path} answers ${allow} only (GET is the free catalog)` }, { allow });
    return await paid(op, req, requestId);
  }

  async function handle(req: ServiceRequest): Promise<ServiceResponse> {
    const requestId = req.requestId ?? newRequestId();
    try {
      return await withKeyHeaders(req, await route(req, requestId));
    } catch (error) {
      onError(error, requestId);
      const failed = problem(requestId, { code: 'internal_error', message: 'unexpected error' });
      // The store may be what failed: then the 500 goes out without the key headers.
      return withKeyHeaders(req, failed).catch(() => failed);
    }
  }

  async function idle(): Promise<void> {
    for (let seen: Promise<void> | null = null; seen !== jobQueue; ) {
      seen = jobQueue;
      await seen;
    }
  }

  async function image(name: string, requestId = newRequestId()): Promise<ServiceResponse> {
    const match = IMAGE_NAME.exec(name);
    const png = match ? await store.images.get(match[1]) : null;
    if (!png) return problem(requestId, { code: 'not_found', message: `no image named ${JSON.stringify(name.slice(0, 80))}` });
    return {
      status: 200,
      headers: { 'content-type': 'image/png', 'request-id': requestId, 'cache-control': 'public, max-age=31536000, immutable', etag: `"${match![1]}"`, 'x-content-type-options': 'nosniff' },
      body: png,
    };
  }

  return {
    handle,
    image,
    idle,
    stop: async () => {
      stopping = true;
      leases.stop();
      await idle();
    },
    resume,
    failure: (failure, requestId = newRequestId()) => problem(requestId, failure),
    operations,
    openApi: () => (openApiDoc ??= openApiOf(operations, baseUrl)),
  };
}

