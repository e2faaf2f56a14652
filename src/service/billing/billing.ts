/**
 * @module Billing of paid calls (docs/design.md#service, docs/design.md#billing-rules): hold the cost before work, capture on a
 * chargeable 2xx, release on every other outcome. Holds expire so a crash never keeps credits.
 * Pure operations' JSON may come from the response cache; the call is billed the same way.
 */
import { ok, type Result } from '../../errors.js';
import type { KeyRecord } from '../../store/ports.js';
import {
  JSON_TYPE,
  type ServiceResponse,
  type ParsedRequest,
  type ServiceContext,
  type ServiceRequest,
} from '../context.js';
import { secondsUntilUtcMidnight, utcDayOf } from '../demo.js';
import { costOf, type Operation, type OperationOutcome } from '../contract/operation.js';
import { ResponseCache } from '../response-cache.js';
import { isStoreOutage } from '../store-outage.js';
import { HOLD_TTL_MS, holdCredits, insufficientCredits, internalFailure, isChargeable, settleHold } from './settle.js';

/**
 * Queues an async job (the job runner's `queue`): holds its credits, stores and queues it; 202
 * with the job view, 402 when the wallet is short. Declared here so billing needs no import of
 * the job runner.
 */
export type JobQueue = (call: BilledRequest, key: KeyRecord, cost: number) => Promise<ServiceResponse>;

/** How often lapsed holds, expired idempotency records and past demo days are swept, at most (docs/api.md#billing). */
const EXPIRY_SWEEP_MS = 10_000;

/** Who pays for a call: a key's wallet, or a demo-channel client's daily allowance. */
export type Caller = { kind: 'key'; key: KeyRecord } | { kind: 'demo'; client: string };

/** A call that passed every check of the pipeline (pipeline.ts), as billing receives it. */
interface BilledRequest {
  op: Operation;
  req: ServiceRequest;
  requestId: string;
  caller: Caller;
  /** When the call arrived. */
  now: Date;
  /** The body as sent (costs and the response cache key read it) and the uploaded photo. */
  sent: unknown;
  photo?: Uint8Array;
  /** The body and query parsed by the operation's schemas. */
  parsed: ParsedRequest;
  /** The key headers so far (rate-limit counts); billing records the wallet's. */
  headers: Record<string, string>;
  /** Receives what the call charged and the balance after, as numbers (MCP's tool calls read them). */
  onCredits?: CreditsListener;
}

/** Receives what a call charged and its wallet's balance after, in credits. */
export type CreditsListener = (charged: number, balance: number) => void;

/** Records what `call` charged and the balance after: the key headers, and the numbers for its listener. */
export function recordCredits(
  call: Pick<BilledRequest, 'headers' | 'onCredits'>,
  charged: number,
  balance: number,
): void {
  call.headers['x-svc-credits-charged'] = String(charged);
  call.headers['x-svc-wallet-balance'] = String(balance);
  call.onCredits?.(charged, balance);
}

/** Runs a validated call and bills it. */
export type BilledCall = (call: BilledRequest) => Promise<ServiceResponse>;

/** What demo-channel answers say of the caller's daily quota (docs/api.md#demo-channel): RateLimit-* over one UTC day. */
function demoQuotaHeaders(limit: number, used: number, now: Date): Record<string, string> {
  return {
    'ratelimit-limit': String(limit),
    'ratelimit-policy': `${limit};w=86400`,
    'ratelimit-remaining': String(Math.max(0, limit - used)),
    'ratelimit-reset': String(secondsUntilUtcMidnight(now)),
  };
}

/** What a call's cost is reserved as: a refusal to answer, or a reservation settled by the call's outcome. */
type Reservation =
  | { refused: ServiceResponse }
  | {
      settle(outcome: Result<OperationOutcome>): Promise<void>;
      /** Returns what was reserved, for a call the store's outage cut off (nothing is charged). */
      giveBack(): Promise<unknown>;
    };

/** Reserves one of the demo client's daily calls; returned unless the call is chargeable. */
async function reserveDemo(ctx: ServiceContext, call: BilledRequest, client: string): Promise<Reservation> {
  const { store, demoLimit } = ctx;
  const { headers, now } = call;
  const day = utcDayOf(now);
  const reserved = await store.demo.reserve(client, day, demoLimit);
  Object.assign(headers, demoQuotaHeaders(demoLimit, reserved.used, now));
  if (!reserved.ok)
    return {
      refused: ctx.problem(
        call.requestId,
        {
          code: 'demo_limit_exhausted',
          message: `the demo channel allows ${demoLimit} successful calls per client per UTC day; use an API key or retry after midnight UTC`,
          limit: demoLimit,
        },
        { 'retry-after': String(secondsUntilUtcMidnight(now)) },
      ),
    };
  return {
    async settle(outcome) {
      if (isChargeable(outcome)) return store.demo.confirm(client, day);
      await store.demo.unreserve(client, day);
      // The reservation returned: the quota left is one more than the reservation said.
      Object.assign(headers, demoQuotaHeaders(demoLimit, reserved.used - 1, now));
    },
    giveBack: () => store.demo.unreserve(client, day),
  };
}

/** Holds the cost in the key's wallet; captured or released by the one settle policy (settle.ts). */
async function holdCost(ctx: ServiceContext, call: BilledRequest, key: KeyRecord, cost: number): Promise<Reservation> {
  const { store } = ctx;
  const { op } = call;
  const held = await holdCredits(store.wallets, key.id, cost, call.now, op.id, HOLD_TTL_MS);
  if (!held.ok) {
    recordCredits(call, 0, Number(held.error.balance));
    return { refused: ctx.problem(call.requestId, held.error) };
  }
  return {
    async settle(outcome) {
      const settled = await settleHold(
        store.wallets,
        { walletId: key.id, holdId: held.value.hold_id, operation: op.id },
        outcome,
        ctx.clock(),
        outcome.ok ? `status ${outcome.value.status ?? 200}` : outcome.error.code,
        ctx.onCharge,
      );
      recordCredits(call, settled.charged, settled.balance);
    },
    giveBack: () => store.wallets.release(held.value.hold_id, ctx.clock().toISOString(), 'store outage'),
  };
}

/** The key of `call` in the response cache: operation, engine clock, query and body as sent. */
const cacheKeyOf = (engine: ServiceContext['engine'], call: BilledRequest): string =>
  `${call.op.id}\n${engine.now?.().getTime() ?? ''}\n${JSON.stringify(call.req.query ?? {})}\n${JSON.stringify(call.sent)}`;

/** The paid answer of a call: its JSON text (or its UTF-8 bytes, from the response cache) and status with the request id (the key headers are in `call.headers`). */
function answered(call: BilledRequest, text: string | Uint8Array, status = 200): ServiceResponse {
  return {
    status,
    headers: { 'content-type': JSON_TYPE, 'request-id': call.requestId },
    body: text,
  };
}

/**
 * A key's call whose answer is already known (from the response cache, so chargeable): one
 * charge, the hold and its capture in one ledger write, instead of a hold before the work and a
 * capture after it; 402 as a hold would answer when the wallet is short.
 */
async function chargeKnown(ctx: ServiceContext, call: BilledRequest, key: KeyRecord, cost: number, text: Uint8Array) {
  const { op } = call;
  const charged = await ctx.store.wallets.charge(key.id, cost, call.now.toISOString(), op.id);
  if (!charged.ok) {
    recordCredits(call, 0, charged.balance);
    return ctx.problem(call.requestId, insufficientCredits(cost, charged.balance));
  }
  ctx.onCharge?.(op.id, charged.amount);
  recordCredits(call, charged.amount, charged.balance);
  return answered(call, text);
}

/** The run of an operation on a parsed call. */
async function runCall(ctx: ServiceContext, call: BilledRequest): Promise<Result<OperationOutcome>> {
  const { op, parsed, caller, photo } = call;
  return op.run({
    engine: ctx.engine,
    body: parsed.body,
    query: parsed.query,
    key: caller.kind === 'key' ? caller.key : null,
    baseUrl: ctx.baseUrl,
    images: ctx.store.images,
    ...(photo ? { photo } : {}),
    ...ctx.renderOption,
  });
}

/** The operation's outcome as JSON text, kept in `responses` when the operation is pure and it is a chargeable 200. */
async function outcomeOf(
  ctx: ServiceContext,
  responses: ResponseCache | null,
  call: BilledRequest,
  cacheKey: string | null,
): Promise<Result<OperationOutcome & { text: string }>> {
  const ran = await runCall(ctx, call);
  if (!ran.ok) return ran;
  const text = JSON.stringify(ran.value.body);
  if (cacheKey !== null && (ran.value.status ?? 200) === 200 && isChargeable(ran)) responses?.set(cacheKey, text);
  return ok({ ...ran.value, text });
}

/** A call whose cost is reserved first (a demo call, or a key's call the response cache cannot answer), then run and settled. */
async function reservedRun(
  ctx: ServiceContext,
  responses: ResponseCache | null,
  call: BilledRequest,
  cost: number,
  cacheKey: string | null,
  cached: Uint8Array | undefined,
): Promise<ServiceResponse> {
  const { caller, requestId } = call;
  const reserved =
    caller.kind === 'demo' ? await reserveDemo(ctx, call, caller.client) : await holdCost(ctx, call, caller.key, cost);
  if ('refused' in reserved) return reserved.refused;
  let outcome: Result<OperationOutcome & { text: string | Uint8Array }>;
  try {
    outcome = cached !== undefined ? ok({ body: null, text: cached }) : await outcomeOf(ctx, responses, call, cacheKey);
    await reserved.settle(outcome);
  } catch (error) {
    // The store went down mid-call: the call answers 503 with nothing charged, so what it
    // reserved is returned, now or once the store is back.
    if (isStoreOutage(error)) ctx.recovery.later(reserved.giveBack);
    // The operation threw: its reservation is released as an internal error, then the error
    // boundary answers 500 (service.ts).
    else await reserved.settle(internalFailure(error));
    throw error;
  }
  if (!outcome.ok) return ctx.problem(requestId, outcome.error);
  return answered(call, outcome.value.text, outcome.value.status);
}

/**
 * The billing step of the pipeline: reserves a demo call or holds the cost (an hd card goes to
 * `queueJob` instead), runs the operation or serves its JSON from the response cache, then
 * settles by the one settle policy (settle.ts): capture on a chargeable 2xx, release otherwise.
 * A key's call answered from the response cache is charged in one ledger write ({@link chargeKnown}).
 * @example await billedCall(ctx, jobs.queue, 0)(call) // => { status: 200, … }
 */
export function billedCall(ctx: ServiceContext, queueJob: JobQueue, responseCacheBytes: number): BilledCall {
  const { engine, store } = ctx;
  const responses = responseCacheBytes > 0 ? new ResponseCache(responseCacheBytes) : null;
  let lastSweepMs = -Infinity;

  /** At most every {@link EXPIRY_SWEEP_MS}: releases lapsed holds and forgets expired idempotency records and past demo days. */
  async function sweep(now: Date): Promise<void> {
    lastSweepMs = now.getTime();
    const at = now.toISOString();
    await store.wallets.expireHolds(at);
    await store.idempotency.purge(at);
    await store.demo.purge(utcDayOf(now));
  }

  /** A call once any due sweep is done: a job is queued, a key's cached answer charged at once, any other call reserved and run. */
  function billed(call: BilledRequest): Promise<ServiceResponse> {
    const { op, caller } = call;
    const cost = costOf(op, call.sent);
    if (caller.kind === 'key' && op.isJob?.(call.sent)) return queueJob(call, caller.key, cost);
    const cacheKey = responses && op.cacheable ? cacheKeyOf(engine, call) : null;
    const cached = cacheKey === null ? undefined : responses?.get(cacheKey);
    if (cached !== undefined && caller.kind === 'key') return chargeKnown(ctx, call, caller.key, cost, cached);
    return reservedRun(ctx, responses, call, cost, cacheKey, cached);
  }

  return async (call) => {
    if (call.now.getTime() - lastSweepMs >= EXPIRY_SWEEP_MS) await sweep(call.now);
    return billed(call);
  };
}
