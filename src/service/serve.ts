/**
 * @module The one pipeline an adapter drives (docs/design.md#request-pipeline): the adapter hands
 * over an exchange (method, path, query, headers, peer and a body reader) and writes back the
 * reply. Steps, in order: CORS preflight → route (the one table, routes.ts) → the route's own
 * steps (a paid call's are pipeline.ts; health, metrics, console and admin are ops/ops-routes.ts)
 * inside the service's one error boundary, which writes the key headers → CORS headers → access
 * log and metrics.
 */
import type { ServiceContext, ServiceRequest, ServiceResponse } from './context.js';
import type { HttpExchange, HttpReply } from './exchange.js';
import { recordRequest } from './ops/access-log.js';
import { corsOf, isPreflight, preflightHeaders } from './ops/cors.js';
import { opsRoutes } from './ops/ops-routes.js';
import type { OperationsOptions } from './ops/options.js';
import { docsPageOf } from './pages/docs-page.js';
import { newRequestId } from './request-id.js';
import { serviceRequestOf } from './request-body.js';
import { operationNameOf, type Route, type RouteTable } from './routes.js';
import type { Operation } from './contract/operation.js';

/**
 * A route answered by code the service cannot import: `/mcp` needs the MCP SDK, which the HTTP
 * adapter loads. It records the key headers of its calls in `recorded`, as a paid call does.
 */
export type MountedRoute = (
  x: HttpExchange,
  requestId: string,
  recorded: Record<string, string>,
) => Promise<ServiceResponse>;

/** Routes an adapter mounts; a route not mounted is no route (the one 404). */
export interface Mounts {
  mcp?: MountedRoute;
}

/** What the pipeline needs of the service it fronts (service.ts). */
export interface ServingCore {
  readonly routes: RouteTable;
  readonly problem: ServiceContext['problem'];
  /** The one error boundary: `work`'s answer, or the problem of what it threw, with the key headers of `authorization`. */
  guard(
    requestId: string,
    authorization: string | undefined,
    work: (recorded: Record<string, string>) => Promise<ServiceResponse>,
  ): Promise<ServiceResponse>;
  /** An API route's answer, before the key headers. */
  api(route: Route, req: ServiceRequest, requestId: string, recorded: Record<string, string>): Promise<ServiceResponse>;
  readonly operations: readonly Operation[];
  readonly baseUrl: string;
}

/** The pipeline over an exchange: the reply an adapter writes back. */
export type Serve = (x: HttpExchange, mounts?: Mounts) => Promise<HttpReply>;

/** The `/docs` page (served dataset's curl lines when the server was given examples), rendered once. */
function docsRoute(core: ServingCore, ops: OperationsOptions | null): (requestId: string) => ServiceResponse {
  let html: string | null = null;
  return (requestId) => {
    html ??= docsPageOf(core.operations, core.baseUrl, ops?.examples);
    return {
      status: 200,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'request-id': requestId,
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      },
      body: html,
    };
  };
}

/** The reply of a response: no body for HEAD and 204, the CORS headers of an allowed origin. */
function replyOf(x: HttpExchange, response: ServiceResponse, cors: Record<string, string> | null): HttpReply {
  const body = x.method === 'HEAD' || response.status === 204 ? null : response.body;
  const headers = cors && Object.keys(cors).length > 0 ? { ...response.headers, ...cors } : response.headers;
  return { status: response.status, headers, body };
}

/**
 * Builds the pipeline of a service operated with `ops` (null: no operations routes, no CORS, no
 * access log).
 * @example await servingOf(core, null)({ method: 'GET', path: '/openapi.json', query: '', header: () => undefined, peer: '127.0.0.1', readBody: async () => new Uint8Array() }) // => { status: 200, … }
 */
export function servingOf(core: ServingCore, ops: OperationsOptions | null): Serve {
  const origins: ReadonlySet<string> = new Set(ops?.corsOrigins ?? []);
  const own = opsRoutes(ops, core.problem);
  const docs = docsRoute(core, ops);

  /** The route's answer from the one error boundary; operations routes carry no key headers. */
  function answered(x: HttpExchange, route: Route, mounts?: Mounts): Promise<ServiceResponse> {
    const requestId = newRequestId();
    const operated = own(route, x, requestId);
    if (operated) return core.guard(requestId, undefined, () => operated);
    return core.guard(requestId, x.header('authorization'), async (recorded) => {
      if (route.kind === 'docs') return docs(requestId);
      if (route.kind === 'mcp' && mounts?.mcp) return mounts.mcp(x, requestId, recorded);
      return core.api(route, serviceRequestOf(x, requestId), requestId, recorded);
    });
  }

  return async (x, mounts) => {
    const started = performance.now();
    const origin = x.header('origin');
    let reply: HttpReply;
    let operation = 'preflight';
    if (isPreflight(origins, x))
      reply = { status: 204, headers: preflightHeaders(origins, origin, x.path, newRequestId()), body: null };
    else {
      const route = core.routes.match(x.method, x.path);
      if (x.method !== 'OPTIONS') operation = operationNameOf(route);
      reply = replyOf(x, await answered(x, route, mounts), ops === null ? null : corsOf(origins, origin, x.path));
    }
    if (ops) recordRequest(ops, x, operation, reply, (performance.now() - started) / 1000);
    return reply;
  };
}
