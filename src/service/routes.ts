/**
 * @module The one route table (docs/api.md): every path the service answers (API, jobs, images,
 * OpenAPI, docs, MCP, health, readiness, metrics, console, admin), what a method on it means, and
 * the name a request is counted under in logs and metrics. 404 and 405 are decided here, once, and
 * the 404 text is {@link notFoundFailure}.
 */
import type { Failure } from '../errors.js';
import type { Operation } from './contract/operation.js';

/** What a request is, once routed. */
export type Route =
  | { kind: 'paid'; op: Operation; path: string }
  | { kind: 'catalog'; op: Operation; path: string }
  | { kind: 'job'; jobId: string }
  | { kind: 'image'; name: string }
  | { kind: 'openapi' }
  | { kind: 'docs' }
  | { kind: 'mcp' }
  /** Health, readiness, metrics and the console: answered when the service is operated (ops/ops-routes.ts). */
  | { kind: 'ops'; name: string }
  /** The admin API (`/admin/v1/…`), answered when the service is operated with an admin API. */
  | { kind: 'admin'; operation: string }
  /** 404, or 405 with the methods the path answers. */
  | { kind: 'refused'; failure: Failure; allow?: string; operation: string };

/** A job's URL; the group is the job id. */
const JOB_PATH = /^\/api\/v1\/cards\/jobs\/([A-Za-z0-9_-]{1,64})$/;

/** Path prefix of the admin API (docs/api.md#admin-api). */
export const ADMIN_PREFIX = '/admin/v1';

/** Paths of the operations routes, by the name they are counted under. */
const OPS_PATHS = new Map([
  ['/healthz', 'healthz'],
  ['/readyz', 'readyz'],
  ['/metrics', 'metrics'],
  ['/console', 'console'],
]);
const ADMIN_KEY_ACTION = /^\/admin\/v1\/keys\/[^/]+(?:\/(revoke|topup|wallet|holds|ledger))?\/?$/;

/** The name an admin API path is counted under (a bounded set). */
function adminOperationOf(path: string): string {
  if (path === `${ADMIN_PREFIX}/keys`) return 'admin.keys';
  if (path === `${ADMIN_PREFIX}/usage`) return 'admin.usage';
  const action = ADMIN_KEY_ACTION.exec(path);
  if (action) return `admin.key${action[1] ? `.${action[1]}` : ''}`;
  return 'unmatched';
}

/** Methods the job URLs and the documents answer. */
const GET_ONLY = 'GET, HEAD';

const isRead = (method: string): boolean => method === 'GET' || method === 'HEAD';

/**
 * The one 404 of the service: no route, or a route whose part is off; `see` is where the routes
 * are listed (the admin API's are in /openapi.json only).
 * @example notFoundFailure('GET', '/x').message // => 'no endpoint GET /x; see /docs'
 */
export const notFoundFailure = (method: string, path: string, see = '/docs'): Failure => ({
  code: 'not_found',
  message: `no endpoint ${method} ${path}; see ${see}`,
});

const notFound = (method: string, path: string): Route => ({
  kind: 'refused',
  failure: notFoundFailure(method, path),
  operation: 'unmatched',
});

const readOnly = (path: string, operation: string, message = `${path} answers GET and HEAD only`): Route => ({
  kind: 'refused',
  failure: { code: 'method_not_allowed', message },
  allow: GET_ONLY,
  operation,
});

/** The route table of an operation table. */
export interface RouteTable {
  /** The route of `method` (upper case) on `path` (without query string). */
  match(method: string, path: string): Route;
}

/**
 * Builds the route table over `operations`.
 * @example routeTable(OPERATIONS).match('POST', '/api/v1/verdict').kind // => 'paid'
 */
export function routeTable(operations: readonly Operation[]): RouteTable {
  const byPath = new Map(operations.map((op) => [op.path, op]));

  function api(method: string, rawPath: string): Route {
    const path = rawPath.endsWith('/') ? rawPath.replace(/\/+$/, '') || '/' : rawPath;
    const op = byPath.get(path);
    if (!op) {
      const job = JOB_PATH.exec(path);
      if (!job) return notFound(method, path);
      return isRead(method)
        ? { kind: 'job', jobId: job[1] }
        : readOnly(path, 'cards.job', `${path} answers ${GET_ONLY} only`);
    }
    if (isRead(method)) return { kind: 'catalog', op, path };
    if (method === op.method) return { kind: 'paid', op, path };
    const allow = `GET, HEAD, ${op.method}`;
    return {
      kind: 'refused',
      failure: { code: 'method_not_allowed', message: `${path} answers ${allow} only (GET is the free catalog)` },
      allow,
      operation: op.id,
    };
  }

  return {
    match(method, path) {
      if (path === '/api' || path.startsWith('/api/')) return api(method, path);
      if (path === '/mcp') return { kind: 'mcp' };
      const ops = OPS_PATHS.get(path);
      if (ops !== undefined) return { kind: 'ops', name: ops };
      if (path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`))
        return { kind: 'admin', operation: adminOperationOf(path) };
      const image = path.startsWith('/images/') ? path.slice('/images/'.length) : null;
      if (image !== null && image !== '' && !image.includes('/'))
        return isRead(method) ? { kind: 'image', name: image } : readOnly(path, 'images.get');
      if (path === '/openapi.json') return isRead(method) ? { kind: 'openapi' } : readOnly(path, 'openapi');
      if (path === '/docs') return isRead(method) ? { kind: 'docs' } : readOnly(path, 'docs');
      return notFound(method, path);
    },
  };
}

/**
 * The name `route` is counted under in logs and metrics: a bounded set (operation ids,
 * `<id>.catalog`, `cards.job`, `images.get`, the documents, `mcp`, the operations routes and
 * `admin.*`), `unmatched` for the rest.
 * @example operationNameOf({ kind: 'openapi' }) // => 'openapi'
 */
export function operationNameOf(route: Route): string {
  switch (route.kind) {
    case 'paid':
      return route.op.id;
    case 'catalog':
      return `${route.op.id}.catalog`;
    case 'job':
      return 'cards.job';
    case 'image':
      return 'images.get';
    case 'refused':
    case 'admin':
      return route.operation;
    case 'ops':
      return route.name;
    default:
      return route.kind;
  }
}
