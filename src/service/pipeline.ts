/**
 * @module The request pipeline of a paid call, in precedence order (docs/errors.md): identify the
 * caller (key or demo channel), take a rate-limit token, refuse body problems, parse the body and
 * query with the operation's schemas, run its precheck, claim or replay the Idempotency-Key, then
 * hand the parsed request to billing (billing.ts).
 */
import { fail, ok, type Result } from '../errors.js';
import type { StoredResponse } from '../store/ports.js';
import { parseWith } from '../validation.js';
import type { BilledCall, Caller } from './billing.js';
import type { JsonResponse, ParsedRequest, ServiceContext, ServiceRequest } from './context.js';
import { clientIpOf, DEMO_CHANNELS, isDemoChannel } from './demo.js';
import { demoClientKeyOf } from './ip-address.js';
import {
  IDEMPOTENCY_PENDING_MS,
  IDEMPOTENCY_TTL_MS,
  isReplayable,
  isValidIdempotencyKey,
  requestFingerprint,
} from './idempotency.js';
import { demoAllowed, type Operation } from './operation.js';
import { rateLimitHeaders } from './rate-limit.js';

/**
 * The body and query of `req` parsed by `op`'s schemas, then its precheck; the first problem in
 * that order otherwise (400 `invalid_request` with `param`).
 */
function parsedRequestOf(op: Operation, req: ServiceRequest): Result<ParsedRequest> {
  const body = parseWith(op.body, req.body);
  if (!body.ok) return body;
  const query = parseWith(op.query, req.query ?? {});
  if (!query.ok) return query;
  // Checks that need more than the body (the uploaded photo), still before any hold.
  const problem = op.precheck?.(body.value, req.photo);
  return problem ? { ok: false, error: problem } : ok({ body: body.value, query: query.value });
}

/** Answers a POST to an operation's path. */
export type PaidCall = (op: Operation, req: ServiceRequest, requestId: string) => Promise<JsonResponse>;

/**
 * The pipeline of paid calls over a service context, ending in `charged`.
 * @example await paidCall(ctx, charged)(op, { method: 'POST', path: op.path }, 'req_1') // => 401 without a key
 */
export function paidCall(ctx: ServiceContext, charged: BilledCall): PaidCall {
  const { store, clock, perSecond, burst, trusted, problem, keyOf } = ctx;

  async function identify(op: Operation, req: ServiceRequest, body: unknown): Promise<Result<Caller>> {
    if (req.authorization !== undefined && req.authorization !== '') {
      const key = await keyOf(req.authorization);
      return key.ok ? { ok: true, value: { kind: 'key', key: key.value } } : key;
    }
    if (req.demoChannel !== undefined) {
      if (!isDemoChannel(req.demoChannel)) {
        return fail('unauthorized', `X-SVC-Demo-Channel must be one of ${DEMO_CHANNELS.join(', ')}`, {
          param: 'X-SVC-Demo-Channel',
        });
      }
      if (!demoAllowed(op, body))
        return fail(
          'unauthorized',
          `the demo channel is not accepted on ${op.method} ${op.path} with this request; use an API key`,
          { param: 'X-SVC-Demo-Channel' },
        );
      return {
        ok: true,
        // IPv6 clients are counted per /64 (docs/api.md#demo-channel).
        value: {
          kind: 'demo',
          client: demoClientKeyOf(clientIpOf(req.clientIp ?? 'unknown', req.forwardedFor, trusted)),
        },
      };
    }
    return keyOf(undefined) as Promise<Result<never>>;
  }

  return async function paid(op, req, requestId) {
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
        return problem(
          requestId,
          {
            code: 'rate_limited',
            message: `more than ${perSecond} requests/s (burst ${burst}) for this key; retry after ${headers['retry-after']} s`,
          },
          headers,
        );
      }
    }

    if (req.bodyProblem) {
      await walletHeaders(0);
      return problem(requestId, req.bodyProblem, headers);
    }
    if (req.body === undefined) {
      await walletHeaders(0);
      return problem(
        requestId,
        { code: 'invalid_request', message: 'a JSON object body is required', param: 'body' },
        headers,
      );
    }
    const parsed = parsedRequestOf(op, req);
    if (!parsed.ok) {
      await walletHeaders(0);
      return problem(requestId, parsed.error, headers);
    }
    const invalid = op.validate?.(ctx.engine, parsed.value.body) ?? null;
    if (invalid) {
      await walletHeaders(0);
      return problem(requestId, invalid, headers);
    }

    const scope = key ? key.id : `demo:${caller.value.kind === 'demo' ? caller.value.client : ''}`;
    const idemKey = req.idempotencyKey;
    if (idemKey !== undefined) {
      if (!isValidIdempotencyKey(idemKey)) {
        await walletHeaders(0);
        return problem(
          requestId,
          {
            code: 'invalid_request',
            message: 'Idempotency-Key must be 1–255 visible ASCII characters',
            param: 'Idempotency-Key',
          },
          headers,
        );
      }
      const fingerprint = requestFingerprint(op.id, req.query ?? {}, req.body);
      const claim = await store.idempotency.begin(
        scope,
        idemKey,
        fingerprint,
        now.toISOString(),
        new Date(now.getTime() + IDEMPOTENCY_PENDING_MS).toISOString(),
      );
      if (!claim.claimed) {
        const { record } = claim;
        if (record.fingerprint !== fingerprint) {
          await walletHeaders(0);
          return problem(
            requestId,
            {
              code: 'idempotency_key_reused',
              message: 'this Idempotency-Key was used with a different request; use a new key',
              param: 'Idempotency-Key',
            },
            headers,
          );
        }
        if (record.response === null) {
          await walletHeaders(0);
          return problem(
            requestId,
            {
              code: 'idempotency_in_progress',
              message: 'the first request with this Idempotency-Key is still running; retry shortly',
              param: 'Idempotency-Key',
            },
            { ...headers, 'retry-after': '1' },
          );
        }
        // The stored headers carry the first call's rate-limit counts; this call's replace them.
        const replay: Record<string, string> = {
          ...record.response.headers,
          ...headers,
          'request-id': requestId,
          'idempotent-replayed': 'true',
        };
        if (key) {
          replay['x-svc-credits-charged'] = '0';
          replay['x-svc-wallet-balance'] = String((await store.wallets.balance(key.id)) ?? 0);
        }
        return { status: record.response.status, headers: replay, body: record.response.body };
      }
    }

    const response = await charged(op, req, parsed.value, requestId, caller.value, headers, now);
    if (idemKey !== undefined) {
      if (isReplayable(response.status)) {
        const stored: StoredResponse = {
          status: response.status,
          headers: { ...response.headers },
          body: response.body,
        };
        await store.idempotency.complete(
          scope,
          idemKey,
          stored,
          new Date(clock().getTime() + IDEMPOTENCY_TTL_MS).toISOString(),
        );
      } else {
        await store.idempotency.abandon(scope, idemKey);
      }
    }
    return response;
  };
}
