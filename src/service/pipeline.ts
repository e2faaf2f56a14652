/**
 * @module The request pipeline of a paid call, one async function whose steps run in the order of
 * their errors' precedence (docs/errors.md): authenticate → rate limit → read body → parse →
 * idempotency, then bill and run (billing.ts), then settle the Idempotency-Key. A step answers
 * with a problem or lets the call go on; what a step throws reaches the service's one error
 * boundary (service.ts), which also writes the key headers the steps record. MCP's local backend
 * runs {@link parsedRequestOf} and the operation alone (no authentication, no billing).
 */
import { ok, type Failure, type Result } from '../errors.js';
import type { StoredResponse } from '../store/ports.js';
import { parseWith } from '../validation.js';
import { recordCredits, type BilledCall, type Caller, type CreditsListener } from './billing/billing.js';
import {
  textOf,
  type ServiceResponse,
  type ParsedRequest,
  type RequestBody,
  type ServiceContext,
  type ServiceRequest,
} from './context.js';
import { clientIpOf, DEMO_CHANNELS, isDemoChannel } from './demo.js';
import { demoClientKeyOf } from './photos/ip-address.js';
import {
  IDEMPOTENCY_PENDING_MS,
  IDEMPOTENCY_TTL_MS,
  isReplayable,
  isValidIdempotencyKey,
  requestFingerprint,
} from './idempotency.js';
import { demoAllowed, type Operation, type ServiceEngine } from './contract/operation.js';
import { isStoreOutage } from './store-outage.js';
import { takeToken } from './rate-limit.js';

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

/**
 * Answers a POST to an operation's path; `headers` is where the call records its key headers
 * (rate-limit counts, credits, balance) for the error boundary to write on the answer, and
 * `onCredits` receives the credits as numbers.
 */
export type PaidCall = (
  op: Operation,
  req: ServiceRequest,
  requestId: string,
  headers: Record<string, string>,
  onCredits?: CreditsListener,
) => Promise<ServiceResponse>;

const BEARER = { 'www-authenticate': 'Bearer realm="halfspace"' };

/** 401 of the demo channel: a name that is none, or an operation or body it does not accept. */
const demoRefusal = (message: string): Failure => ({ code: 'unauthorized', message, param: 'X-SVC-Demo-Channel' });

/** Who calls: a valid key, a valid demo channel name (its body is checked once read), or a failure. */
async function callerOf(ctx: ServiceContext, req: ServiceRequest): Promise<Result<Caller | null>> {
  if (req.authorization !== undefined && req.authorization !== '') {
    const key = await ctx.keyOf(req.authorization);
    return key.ok ? ok({ kind: 'key', key: key.value }) : key;
  }
  if (req.demoChannel === undefined) {
    const missing = await ctx.keyOf(undefined);
    return missing.ok ? ok(null) : missing;
  }
  if (!isDemoChannel(req.demoChannel))
    return { ok: false, error: demoRefusal(`X-SVC-Demo-Channel must be one of ${DEMO_CHANNELS.join(', ')}`) };
  // IPv6 clients are counted per /64 (docs/api.md#demo-channel).
  const client = demoClientKeyOf(clientIpOf(req.clientIp ?? 'unknown', req.forwardedFor, ctx.trusted));
  return ok({ kind: 'demo', client });
}

/** Claims the Idempotency-Key in `scope`: null when claimed, else the answer (the first call's stored response, or 409/422). */
async function claimKey(
  ctx: ServiceContext,
  requestId: string,
  headers: Record<string, string>,
  claim: { scope: string; key: string; fingerprint: string; now: Date; walletId: string | null },
  onCredits: CreditsListener | undefined,
): Promise<ServiceResponse | null> {
  const { scope, key, fingerprint, now, walletId } = claim;
  const pendingUntil = new Date(now.getTime() + IDEMPOTENCY_PENDING_MS).toISOString();
  const begun = await ctx.store.idempotency.begin(scope, key, fingerprint, now.toISOString(), pendingUntil);
  if (begun.claimed) return null;
  const { record } = begun;
  if (record.fingerprint !== fingerprint)
    return ctx.problem(requestId, {
      code: 'idempotency_key_reused',
      message: 'this Idempotency-Key was used with a different request; use a new key',
      param: 'Idempotency-Key',
    });
  if (record.response === null)
    return ctx.problem(
      requestId,
      {
        code: 'idempotency_in_progress',
        message: 'the first request with this Idempotency-Key is still running; retry shortly',
        param: 'Idempotency-Key',
      },
      { 'retry-after': '1' },
    );
  // The stored headers carry the first call's key headers; this call's (recorded) replace them.
  if (walletId !== null)
    recordCredits(
      { headers, ...(onCredits ? { onCredits } : {}) },
      0,
      (await ctx.store.wallets.balance(walletId)) ?? 0,
    );
  return {
    status: record.response.status,
    headers: { ...record.response.headers, 'request-id': requestId, 'idempotent-replayed': 'true' },
    body: record.response.body,
  };
}

/** Stores a replayable answer (with its key headers) under the claimed key, or gives the key up so a retry runs. */
async function settleClaim(ctx: ServiceContext, scope: string, key: string, response: ServiceResponse) {
  if (!isReplayable(response.status)) return ctx.store.idempotency.abandon(scope, key);
  const stored: StoredResponse = { status: response.status, headers: response.headers, body: textOf(response.body) };
  const expires = new Date(ctx.clock().getTime() + IDEMPOTENCY_TTL_MS).toISOString();
  await ctx.store.idempotency.complete(scope, key, stored, expires);
}

/**
 * The pipeline of paid calls over a service context: the steps in order, then `charged`.
 * @example await paidCall(ctx, charged)(op, { method: 'POST', path: op.path }, 'req_1', {}) // => 401 without a key
 */
// Long: the steps of a paid call read top to bottom in the order they run, one function on purpose.
export function paidCall(ctx: ServiceContext, charged: BilledCall): PaidCall {
  // Long: the same steps, in order.
  return async function paid(op, req, requestId, headers, onCredits) {
    const now = ctx.clock();

    // 1. Authenticate: a valid key or demo channel name.
    const who = await callerOf(ctx, req);
    if (!who.ok) return ctx.problem(requestId, who.error, BEARER);
    const caller = who.value;

    // 2. Rate limit: a key takes one token of its bucket (the demo channel has its daily quota instead).
    if (caller?.kind === 'key') {
      const limit = await takeToken(ctx, caller.key.id, now.getTime());
      Object.assign(headers, limit.headers);
      if (limit.refusal) return ctx.problem(requestId, limit.refusal);
    }

    // 3. Read the body only now that the caller is known; the demo channel's body rule ranks before body problems.
    const read: Result<RequestBody> = req.readBody
      ? await req.readBody()
      : ok({ body: req.body, ...(req.photo ? { photo: req.photo } : {}) });
    const sent = read.ok ? read.value.body : undefined;
    const photo = read.ok ? read.value.photo : undefined;
    if (caller?.kind === 'demo' && !demoAllowed(op, sent))
      return ctx.problem(
        requestId,
        demoRefusal(`the demo channel is not accepted on ${op.method} ${op.path} with this request; use an API key`),
        BEARER,
      );
    if (!read.ok) return ctx.problem(requestId, read.error);
    if (sent === undefined)
      return ctx.problem(requestId, {
        code: 'invalid_request',
        message: 'a JSON object body is required',
        param: 'body',
      });

    // 4. Parse by the operation's schemas.
    const parsed = parsedRequestOf(op, ctx.engine, sent, req.query ?? {}, photo);
    if (!parsed.ok) return ctx.problem(requestId, parsed.error);

    // 5. Idempotency: claim the key, or answer the first call's response.
    let claim: { scope: string; key: string } | null = null;
    if (req.idempotencyKey !== undefined) {
      if (!isValidIdempotencyKey(req.idempotencyKey))
        return ctx.problem(requestId, {
          code: 'invalid_request',
          message: 'Idempotency-Key must be 1–255 visible ASCII characters',
          param: 'Idempotency-Key',
        });
      const walletId = caller?.kind === 'key' ? caller.key.id : null;
      const scope = caller?.kind === 'demo' ? `demo:${caller.client}` : (walletId ?? '');
      const fingerprint = requestFingerprint(op.id, req.query ?? {}, sent);
      const idem = { scope, key: req.idempotencyKey, fingerprint, now, walletId };
      const answer = await claimKey(ctx, requestId, headers, idem, onCredits);
      if (answer) return answer;
      claim = { scope, key: req.idempotencyKey };
    }

    // 6. Bill and run. Only a call without a caller (a key store that asks for none) gets here without one.
    const billed = {
      op,
      req,
      requestId,
      caller: caller!,
      now,
      sent,
      photo,
      parsed: parsed.value,
      headers,
      ...(onCredits ? { onCredits } : {}),
    };
    if (!claim) return charged(billed);
    const { scope, key } = claim;
    let response: ServiceResponse;
    try {
      response = await charged(billed);
    } catch (error) {
      // The call failed (a 503 or 500): the key is given up so a retry runs, now or once the store is back.
      ctx.recovery.later(() => ctx.store.idempotency.abandon(scope, key));
      throw error;
    }

    // 7. Settle the Idempotency-Key with the answer and its key headers.
    const answer = { ...response, headers: { ...response.headers, ...headers } };
    try {
      await settleClaim(ctx, scope, key, answer);
    } catch (error) {
      if (!isStoreOutage(error)) throw error;
      // The answer stands (it may be charged): its record is written once the store is back.
      ctx.recovery.later(() => settleClaim(ctx, scope, key, answer));
    }
    return response;
  };
}
