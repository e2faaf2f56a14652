/**
 * @module The one table that turns what a request's work threw into its problem response, used by
 * the service's error boundary (service.ts) and by each MCP tool call (tool-calls.ts).
 */
import type { JsonResponse, ServiceContext } from './context.js';
import { internalFailure } from './billing/settle.js';
import { BodyAborted } from './exchange.js';
import { isStoreOutage, STORE_OUTAGE, withRetryAfter } from './store-outage.js';

/**
 * The problem answered for what a request's work threw: 400 for a body the client stopped
 * sending, 503 with Retry-After when the store is down, else 500 `internal_error` (reported to
 * `ctx.onError` with the request id).
 * @example faultOf(ctx, new Error('bug'), 'req_1').status // => 500
 */
export function faultOf(ctx: ServiceContext, error: unknown, requestId: string): JsonResponse {
  // A client that hung up mid-body sent a bad request; nothing failed here.
  if (error instanceof BodyAborted)
    return ctx.problem(requestId, { code: 'invalid_request', message: error.message, param: 'body' });
  // Nothing was charged when the store is down: a hold or capture that fails is not written.
  if (isStoreOutage(error)) return withRetryAfter(ctx.problem(requestId, STORE_OUTAGE));
  ctx.onError(error, requestId);
  return ctx.problem(requestId, internalFailure(error).error);
}
