/**
 * @module CORS for browser clients (docs/deploy.md#logs-and-metrics): the first step of the
 * pipeline answers a preflight, the last one adds the headers of an allowed origin. Operations
 * endpoints (admin API, health, readiness, metrics) are for operators, never for pages.
 */
import type { HttpExchange } from '../exchange.js';
import { ADMIN_PREFIX } from '../routes.js';

const CORS_METHODS = 'GET, HEAD, POST';
const CORS_HEADERS = 'authorization, content-type, idempotency-key, x-svc-demo-channel';
const CORS_EXPOSED =
  'request-id, x-svc-credits-charged, x-svc-credits-held, x-svc-wallet-balance, ratelimit-limit, ratelimit-policy, ratelimit-remaining, ratelimit-reset, retry-after, location, idempotent-replayed';

/** Paths that answer no CORS headers whatever `--cors-origin` says (docs/deploy.md#logs-and-metrics). */
const OPS_ONLY = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * CORS headers for a request from `origin`, or none when it is not allowed (admin routes never are).
 * @example corsOf(new Set(['*']), 'https://a.example', '/docs')['access-control-allow-origin'] // => '*'
 */
export function corsOf(origins: ReadonlySet<string>, origin: string | undefined, path: string): Record<string, string> {
  if (origin === undefined || origins.size === 0 || path.startsWith(ADMIN_PREFIX) || OPS_ONLY.has(path)) return {};
  if (origins.has(origin))
    return {
      'access-control-allow-origin': origin,
      'access-control-allow-credentials': 'true',
      'access-control-expose-headers': CORS_EXPOSED,
      vary: 'Origin',
    };
  // A wildcard never comes with credentials (the Fetch standard refuses the pair anyway).
  if (origins.has('*')) return { 'access-control-allow-origin': '*', 'access-control-expose-headers': CORS_EXPOSED };
  return {};
}

/** Whether `x` is a CORS preflight the service answers (only when some origin is allowed). */
export const isPreflight = (origins: ReadonlySet<string>, x: HttpExchange): boolean =>
  x.method === 'OPTIONS' && origins.size > 0 && x.header('access-control-request-method') !== undefined;

/** The headers of the 204 answer to a preflight. */
export function preflightHeaders(
  origins: ReadonlySet<string>,
  origin: string | undefined,
  path: string,
  requestId: string,
): Record<string, string> {
  const cors = corsOf(origins, origin, path);
  const allowed = 'access-control-allow-origin' in cors;
  return {
    'request-id': requestId,
    ...cors,
    ...(allowed
      ? {
          'access-control-allow-methods': CORS_METHODS,
          'access-control-allow-headers': CORS_HEADERS,
          'access-control-max-age': '600',
        }
      : {}),
    vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
  };
}
