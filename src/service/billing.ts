/**
 * @module Billing of paid calls (DESIGN §9, SPEC §8.2): hold the cost before work, capture on a
 * chargeable 2xx, release on every other outcome. Holds expire so a crash never keeps credits.
 * Pure operations' JSON may come from the response cache; the call is billed the same way.
 */
import { fail, InvariantError, ok, type Result } from '../errors.js';
import type { KeyRecord, WalletStore } from '../store/ports.js';
import {
  JSON_TYPE,
  type JsonResponse,
  type ParsedRequest,
  type ServiceContext,
  type ServiceRequest,
} from './context.js';
import { secondsUntilUtcMidnight, utcDayOf } from './demo.js';
import type { JobRunner } from './jobs.js';
import { costOf, type Operation } from './operation.js';
import { ResponseCache } from './response-cache.js';

/** Lifetime of the hold of a synchronous call; a crashed call's credits return after it (docs/api.md#billing). */
export const HOLD_TTL_MS = 5 * 60 * 1000;

/**
 * Holds `cost` credits of `walletId`; 402 `insufficient_credits` (with `required_credits` and
 * `balance`) when the balance is lower.
 * @example await holdCredits(wallets, 'key_a', 1, new Date(), 'intelligence.player') // => { ok: true, value: { hold_id: 7, balance: 41 } }
 */
export async function holdCredits(
  wallets: WalletStore,
  walletId: string,
  cost: number,
  now: Date,
  note: string,
  ttlMs = HOLD_TTL_MS,
): Promise<Result<{ hold_id: number; balance: number }>> {
  const held = await wallets.hold(
    walletId,
    cost,
    now.toISOString(),
    new Date(now.getTime() + ttlMs).toISOString(),
    note,
  );
  if (held.ok) return ok({ hold_id: held.hold_id, balance: held.balance });
  return fail(
    'insufficient_credits',
    `this call costs ${cost} credit${cost === 1 ? '' : 's'}; the wallet holds ${held.balance}`,
    {
      required_credits: cost,
      balance: held.balance,
    },
  );
}

/**
 * Settles a hold: capture when `charge` is true, release otherwise. Returns the credits charged
 * (0 when released, or when the hold had already expired) and the balance afterwards.
 * @example await settleCredits(wallets, 'key_a', 7, true, new Date(), 'http 200') // => { charged: 1, balance: 41 }
 */
export async function settleCredits(
  wallets: WalletStore,
  walletId: string,
  holdId: number,
  charge: boolean,
  now: Date,
  note: string,
): Promise<{ charged: number; balance: number }> {
  const at = now.toISOString();
  const settled = charge ? await wallets.capture(holdId, at) : await wallets.release(holdId, at, note);
  if (settled.ok) return { charged: charge ? settled.amount : 0, balance: settled.balance };
  // Already settled means the hold expired and was released while the call ran: nothing was charged.
  return { charged: 0, balance: (await wallets.balance(walletId)) ?? 0 };
}

/** How often lapsed holds, expired idempotency records and past demo days are swept, at most (docs/api.md#billing). */
const EXPIRY_SWEEP_MS = 10_000;

/** Who pays for a call: a key's wallet, or a demo-channel client's daily allowance. */
export type Caller = { kind: 'key'; key: KeyRecord } | { kind: 'demo'; client: string };

/**
 * Runs a validated call of `op` with its parsed `body` and `query` and bills it: `headers` (the
 * rate-limit counts so far) gain the wallet headers.
 */
export type BilledCall = (
  op: Operation,
  req: ServiceRequest,
  parsed: ParsedRequest,
  requestId: string,
  caller: Caller,
  headers: Record<string, string>,
  now: Date,
) => Promise<JsonResponse>;

/**
 * The billing step of the pipeline: reserves a demo call or holds the cost (an hd card goes to
 * `queueJob` instead), runs the operation or serves its JSON from the response cache, then
 * captures on a chargeable 2xx and releases otherwise.
 * @example await billedCall(ctx, jobs.queue)(op, req, parsed, 'req_1', caller, {}, new Date()) // => { status: 200, … }
 */
export function billedCall(ctx: ServiceContext, queueJob: JobRunner['queue'], responseCacheBytes: number): BilledCall {
  const { engine, store, baseUrl, clock, demoLimit, onError, problem } = ctx;
  const responses = responseCacheBytes > 0 ? new ResponseCache(responseCacheBytes) : null;
  let lastSweepMs = -Infinity;

  /** At most every {@link EXPIRY_SWEEP_MS}: releases lapsed holds and forgets expired idempotency records and past demo days. */
  async function sweep(now: Date): Promise<void> {
    if (now.getTime() - lastSweepMs < EXPIRY_SWEEP_MS) return;
    lastSweepMs = now.getTime();
    const at = now.toISOString();
    await store.wallets.expireHolds(at);
    await store.idempotency.purge(at);
    await store.demo.purge(utcDayOf(now));
  }

  return async function charged(op, req, parsed, requestId, caller, headers, now) {
    const cost = costOf(op, req.body);
    let holdId: number | null = null;
    const day = utcDayOf(now);
    await sweep(now);
    if (caller.kind === 'demo') {
      const reserved = await store.demo.reserve(caller.client, day, demoLimit);
      if (!reserved.ok) {
        const retry = String(secondsUntilUtcMidnight(now));
        return problem(
          requestId,
          {
            code: 'demo_limit_exhausted',
            message: `the demo channel allows ${demoLimit} successful calls per client per UTC day; use an API key or retry after midnight UTC`,
            limit: demoLimit,
          },
          { ...headers, 'retry-after': retry },
        );
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
    const cacheKey =
      responses && op.cacheable
        ? `${op.id}\n${engine.now?.().getTime() ?? ''}\n${JSON.stringify(req.query ?? {})}\n${JSON.stringify(req.body)}`
        : null;
    const cached = cacheKey === null ? undefined : responses!.get(cacheKey);
    let outcome: Result<{ status: number; text: string; chargeable: boolean }>;
    if (cached !== undefined) {
      outcome = ok({ status: 200, text: cached, chargeable: true });
    } else {
      try {
        const key = caller.kind === 'key' ? caller.key : null;
        const ran = await op.run({
          engine,
          body: parsed.body,
          query: parsed.query,
          key,
          baseUrl,
          images: store.images,
          ...(req.photo ? { photo: req.photo } : {}),
          ...ctx.renderOption,
        });
        outcome = ran.ok
          ? ok({
              status: ran.value.status ?? 200,
              text: JSON.stringify(ran.value.body),
              chargeable: ran.value.chargeable !== false,
            })
          : ran;
      } catch (error) {
        onError(error, requestId);
        outcome = fail('internal_error', error instanceof InvariantError ? 'invariant broken' : 'unexpected error');
      }
      if (cacheKey !== null && outcome.ok && outcome.value.status === 200 && outcome.value.chargeable)
        responses!.set(cacheKey, outcome.value.text);
    }
    const status = outcome.ok ? outcome.value.status : 0;
    const success = outcome.ok && status >= 200 && status < 300 && outcome.value.chargeable;

    if (caller.kind === 'demo') {
      if (success) await store.demo.confirm(caller.client, day);
      else await store.demo.unreserve(caller.client, day);
    } else {
      const settled = await settleCredits(
        store.wallets,
        caller.key.id,
        holdId!,
        success,
        clock(),
        outcome.ok ? `status ${status}` : outcome.error.code,
      );
      headers['x-svc-credits-charged'] = String(settled.charged);
      headers['x-svc-wallet-balance'] = String(settled.balance);
    }
    if (!outcome.ok) return problem(requestId, outcome.error, headers);
    return {
      status,
      headers: { 'content-type': JSON_TYPE, 'request-id': requestId, ...headers },
      body: outcome.value.text,
    };
  };
}
