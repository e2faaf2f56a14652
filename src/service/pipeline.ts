/**
 * @module The request pipeline of a paid call: an explicit, ordered list of small steps, which is
 * also the precedence of its errors (docs/errors.md): authenticate → rate limit → read body →
 * parse → idempotency, then bill and run (billing.ts). Each step either lets the call go on or
 * answers it; the service's one error boundary (service.ts) catches what a step throws, and adds
 * the key headers to every answer. MCP's local backend runs {@link parsedRequestOf} and the
 * operation alone (no authentication, no billing).
 */
import { ok, type Failure, type Result } from '../errors.js';
import type { KeyRecord, RateDecision, StoredResponse } from '../store/ports.js';
import { parseWith } from '../validation.js';
import type { BilledCall, Caller } from './billing/billing.js';
import type { JsonResponse, ParsedRequest, RequestBody, ServiceContext, ServiceRequest } from './context.js';
import { clientIpOf, DEMO_CHANNELS, isDemoChannel } from './demo.js';
import { demoClientKeyOf } from './contract/ip-address.js';
import {
  IDEMPOTENCY_PENDING_MS,
  IDEMPOTENCY_TTL_MS,
  isReplayable,
  isValidIdempotencyKey,
  requestFingerprint,
} from './idempotency.js';
import { demoAllowed, type Operation, type ServiceEngine } from './contract/operation.js';
import { isStoreOutage } from './store-outage.js';
import { rateLimitHeaders } from './rate-limit.js';

/**
 * The body and query parsed by `op`'s schemas, then its precheck (the uploaded photo) and its
 * dataset validation; the first problem in that order otherwise (400 `invalid_request` with `param`).
 * @example parsedRequestOf(op, engine, {}, {}, undefined) // => { ok: true, value: { body: {…}, query: {} } }
 */
export function parsedRequestOf(
  op: Operation,
  engine: ServiceEngine,
  body: unknown,
  query: Record<string, string>,
  photo: Uint8Array | undefined,
): Result<ParsedRequest> {
  const parsedBody = parseWith(op.body, body);
  if (!parsedBody.ok) return parsedBody;
  const parsedQuery = parseWith(op.query, query);
  if (!parsedQuery.ok) return parsedQuery;
  // Checks that need more than the body (the uploaded photo, the dataset), still before any hold.
  const problem = op.precheck?.(parsedBody.value, photo) ?? op.validate?.(engine, parsedBody.value) ?? null;
  return problem ? { ok: false, error: problem } : ok({ body: parsedBody.value, query: parsedQuery.value });
}

/** One paid call as it passes the steps; each step fills in what the next ones read. */
interface Call {
  readonly op: Operation;
  readonly req: ServiceRequest;
  readonly requestId: string;
  readonly now: Date;
  /** Response headers so far (rate-limit counts). */
  readonly headers: Record<string, string>;
  caller?: Caller;
  key?: KeyRecord;
  sent?: unknown;
  photo?: Uint8Array;
  parsed?: ParsedRequest;
  /** The claimed Idempotency-Key and its scope, settled after billing. */
  claim?: { scope: string; key: string };
}

/** A step: null lets the call go on, a response answers it. */
type Step = (ctx: ServiceContext, call: Call) => Promise<JsonResponse | null> | JsonResponse | null;

/** Answers a POST to an operation's path. */
export type PaidCall = (op: Operation, req: ServiceRequest, requestId: string) => Promise<JsonResponse>;

const BEARER = { 'www-authenticate': 'Bearer realm="halfspace"' };

const refuse = (ctx: ServiceContext, call: Call, failure: Failure, extra: Record<string, string> = {}) =>
  ctx.problem(call.requestId, failure, { ...call.headers, ...extra });

/** Who calls: a valid key, or a valid demo channel name (its body is checked once read). */
function authenticate(ctx: ServiceContext, call: Call): Promise<JsonResponse | null> | JsonResponse | null {
  const { req } = call;
  if (req.authorization === undefined || req.authorization === '') return unkeyed(ctx, call);
  // A key already known is answered at once (key-cache.ts): no promise turn.
  const key = ctx.keyOf(req.authorization);
  return key instanceof Promise ? key.then((k) => keyed(ctx, call, k)) : keyed(ctx, call, key);
}

/** The caller of a valid key, or 401. */
function keyed(ctx: ServiceContext, call: Call, key: Result<KeyRecord>): JsonResponse | null {
  if (!key.ok) return ctx.problem(call.requestId, key.error, BEARER);
  call.key = key.value;
  call.caller = { kind: 'key', key: key.value };
  return null;
}

/** A call without a key: a valid demo channel name, or 401. */
async function unkeyed(ctx: ServiceContext, call: Call): Promise<JsonResponse | null> {
  const { req } = call;
  if (req.demoChannel === undefined) {
    const missing = await ctx.keyOf(undefined);
    return missing.ok ? null : ctx.problem(call.requestId, missing.error, BEARER);
  }
  if (!isDemoChannel(req.demoChannel))
    return ctx.problem(
      call.requestId,
      {
        code: 'unauthorized',
        message: `X-SVC-Demo-Channel must be one of ${DEMO_CHANNELS.join(', ')}`,
        param: 'X-SVC-Demo-Channel',
      },
      BEARER,
    );
  // IPv6 clients are counted per /64 (docs/api.md#demo-channel).
  call.caller = {
    kind: 'demo',
    client: demoClientKeyOf(clientIpOf(req.clientIp ?? 'unknown', req.forwardedFor, ctx.trusted)),
  };
  return null;
}

/** A key takes one token of its bucket (the demo channel has its daily quota instead). */
function rateLimit(ctx: ServiceContext, call: Call): Promise<JsonResponse | null> | JsonResponse | null {
  if (!call.key) return null;
  const decision = ctx.store.rateLimits.take(call.key.id, call.now.getTime(), ctx.perSecond, ctx.burst);
  return decision instanceof Promise ? decision.then((d) => limited(ctx, call, d)) : limited(ctx, call, decision);
}

/** The rate-limit headers of a decision, and 429 when it refuses. */
function limited(ctx: ServiceContext, call: Call, decision: RateDecision): JsonResponse | null {
  Object.assign(call.headers, rateLimitHeaders(decision, ctx.burst, ctx.perSecond));
  if (decision.allowed) return null;
  return refuse(ctx, call, {
    code: 'rate_limited',
    message: `more than ${ctx.perSecond} requests/s (burst ${ctx.burst}) for this key; retry after ${call.headers['retry-after']} s`,
  });
}

/** Reads the body only now that the caller is known; a body the adapter already holds costs no promise turn. */
function readBody(ctx: ServiceContext, call: Call): Promise<JsonResponse | null> | JsonResponse | null {
  const { req } = call;
  if (!req.readBody) return bodyRead(ctx, call, ok({ body: req.body, ...(req.photo ? { photo: req.photo } : {}) }));
  const read = req.readBody();
  return read instanceof Promise ? read.then((r) => bodyRead(ctx, call, r)) : bodyRead(ctx, call, read);
}

/** The body as read; the demo channel's body rule ranks before body problems. */
function bodyRead(ctx: ServiceContext, call: Call, read: Result<RequestBody>): JsonResponse | null {
  const { op } = call;
  if (read.ok) {
    call.sent = read.value.body;
    call.photo = read.value.photo;
  }
  if (call.caller?.kind === 'demo' && !demoAllowed(op, call.sent))
    return ctx.problem(
      call.requestId,
      {
        code: 'unauthorized',
        message: `the demo channel is not accepted on ${op.method} ${op.path} with this request; use an API key`,
        param: 'X-SVC-Demo-Channel',
      },
      BEARER,
    );
  if (!read.ok) return refuse(ctx, call, read.error);
  if (call.sent === undefined)
    return refuse(ctx, call, { code: 'invalid_request', message: 'a JSON object body is required', param: 'body' });
  return null;
}

function parse(ctx: ServiceContext, call: Call): JsonResponse | null {
  const parsed = parsedRequestOf(call.op, ctx.engine, call.sent, call.req.query ?? {}, call.photo);
  if (!parsed.ok) return refuse(ctx, call, parsed.error);
  call.parsed = parsed.value;
  return null;
}

/** Claims the Idempotency-Key, or answers the first call's stored response (or 409/422). */
function idempotency(ctx: ServiceContext, call: Call): Promise<JsonResponse | null> | null {
  return call.req.idempotencyKey === undefined ? null : claimKey(ctx, call, call.req.idempotencyKey);
}

/** Claims `idemKey` in the caller's scope, or answers the first call's stored response (or 409/422). */
async function claimKey(ctx: ServiceContext, call: Call, idemKey: string): Promise<JsonResponse | null> {
  if (!isValidIdempotencyKey(idemKey))
    return refuse(ctx, call, {
      code: 'invalid_request',
      message: 'Idempotency-Key must be 1–255 visible ASCII characters',
      param: 'Idempotency-Key',
    });
  const scope = call.caller?.kind === 'demo' ? `demo:${call.caller.client}` : (call.key?.id ?? '');
  const fingerprint = requestFingerprint(call.op.id, call.req.query ?? {}, call.sent);
  const { now } = call;
  const pendingUntil = new Date(now.getTime() + IDEMPOTENCY_PENDING_MS).toISOString();
  const claim = await ctx.store.idempotency.begin(scope, idemKey, fingerprint, now.toISOString(), pendingUntil);
  if (claim.claimed) {
    call.claim = { scope, key: idemKey };
    return null;
  }
  const { record } = claim;
  if (record.fingerprint !== fingerprint)
    return refuse(ctx, call, {
      code: 'idempotency_key_reused',
      message: 'this Idempotency-Key was used with a different request; use a new key',
      param: 'Idempotency-Key',
    });
  if (record.response === null)
    return refuse(
      ctx,
      call,
      {
        code: 'idempotency_in_progress',
        message: 'the first request with this Idempotency-Key is still running; retry shortly',
        param: 'Idempotency-Key',
      },
      { 'retry-after': '1' },
    );
  // The stored headers carry the first call's rate-limit counts; this call's replace them.
  const replay: Record<string, string> = {
    ...record.response.headers,
    ...call.headers,
    'request-id': call.requestId,
    'idempotent-replayed': 'true',
  };
  if (call.key) {
    replay['x-svc-credits-charged'] = '0';
    replay['x-svc-wallet-balance'] = String((await ctx.store.wallets.balance(call.key.id)) ?? 0);
  }
  return { status: record.response.status, headers: replay, body: record.response.body };
}

/** The checks in precedence order (docs/errors.md); billing and the run come after the last one. */
const STEPS: readonly Step[] = [authenticate, rateLimit, readBody, parse, idempotency];

/** Stores a replayable answer under the claimed key, or gives the key up so a retry runs. */
async function settleClaim(ctx: ServiceContext, claim: { scope: string; key: string }, response: JsonResponse) {
  const { scope, key } = claim;
  if (!isReplayable(response.status)) return ctx.store.idempotency.abandon(scope, key);
  const stored: StoredResponse = { status: response.status, headers: { ...response.headers }, body: response.body };
  const expires = new Date(ctx.clock().getTime() + IDEMPOTENCY_TTL_MS).toISOString();
  await ctx.store.idempotency.complete(scope, key, stored, expires);
}

/** Runs {@link STEPS} from the `from`-th on: the first answer, or null once every step let the call go on. */
function stepsFrom(ctx: ServiceContext, call: Call, from: number): Promise<JsonResponse | null> | JsonResponse | null {
  for (let i = from; i < STEPS.length; i++) {
    const pending = STEPS[i]!(ctx, call);
    // A step that answered synchronously costs no promise turn (a known key, a body held whole, parse).
    if (pending instanceof Promise) return pending.then((answer) => answer ?? stepsFrom(ctx, call, i + 1));
    if (pending) return pending;
  }
  return null;
}

/** Bills and runs a call that passed every step, then settles its claimed Idempotency-Key, if any. */
function billAndRun(ctx: ServiceContext, charged: BilledCall, call: Call): Promise<JsonResponse> {
  const response = charged({
    op: call.op,
    req: call.req,
    requestId: call.requestId,
    caller: call.caller!,
    now: call.now,
    sent: call.sent,
    photo: call.photo,
    parsed: call.parsed!,
    headers: call.headers,
  });
  const { claim } = call;
  // Only a claimed Idempotency-Key has anything to settle: no promise turn otherwise.
  if (!claim) return response;
  return response.then(
    async (r) => {
      try {
        await settleClaim(ctx, claim, r);
      } catch (error) {
        if (!isStoreOutage(error)) throw error;
        // The answer stands (it may be charged): its record is written once the store is back.
        ctx.recovery.later(() => settleClaim(ctx, claim, r));
      }
      return r;
    },
    (error: unknown) => {
      // The call failed (a 503 or 500): the key is given up so a retry runs, now or once the store is back.
      ctx.recovery.later(() => ctx.store.idempotency.abandon(claim.scope, claim.key));
      throw error;
    },
  );
}

/**
 * The pipeline of paid calls over a service context: {@link STEPS} in order, then `charged`. Not
 * `async`: a call whose steps all answer at once hands back billing's promise as it is.
 * @example await paidCall(ctx, charged)(op, { method: 'POST', path: op.path }, 'req_1') // => 401 without a key
 */
export function paidCall(ctx: ServiceContext, charged: BilledCall): PaidCall {
  return function paid(op, req, requestId) {
    try {
      const call: Call = { op, req, requestId, now: ctx.clock(), headers: {} };
      const checked = stepsFrom(ctx, call, 0);
      if (checked instanceof Promise) return checked.then((answer) => answer ?? billAndRun(ctx, charged, call));
      return checked ? Promise.resolve(checked) : billAndRun(ctx, charged, call);
    } catch (error) {
      // As an async function would: what a step throws rejects the call.
      return Promise.reject(error);
    }
  };
}
