/**
 * @module The operations routes of the one route table (routes.ts), each with its own small
 * steps: `/healthz`, `/readyz`, `/metrics` and `/console` take no credentials and answer GET and
 * HEAD only; `/admin/v1/…` checks the admin token (admin/admin.ts) and reads its JSON body under
 * the API's body rules. A route whose part is off is no route: the service answers its one 404.
 */
import { type Failure, messageOf } from '../../errors.js';
import type { Admin } from '../admin/admin.js';
import { noStoreJson, type ServiceContext, type ServiceResponse } from '../context.js';
import type { HttpExchange } from '../exchange.js';
import { consolePage } from '../pages/console-page.js';
import { bodyOf, queryOf } from '../request-body.js';
import type { Route } from '../routes.js';
import type { OperationsOptions } from './options.js';

/** Answers an operations route, or null when `route` is none (or its part is off). */
type OpsAnswer = (route: Route, x: HttpExchange, requestId: string) => Promise<ServiceResponse> | null;

async function readyAnswer(ops: OperationsOptions, requestId: string): Promise<ServiceResponse> {
  const { ready } = ops;
  const why = ready ? await ready().catch((e: unknown) => `check failed: ${messageOf(e)}`) : null;
  return why === null
    ? noStoreJson(200, requestId, { status: 'ready' })
    : noStoreJson(503, requestId, { status: 'not_ready', reason: why }, { 'retry-after': '1' });
}

function consoleAnswer(page: ReturnType<typeof consolePage>, requestId: string): ServiceResponse {
  return {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'request-id': requestId,
      'cache-control': 'no-store',
      'content-security-policy': page.csp,
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
    },
    body: page.html,
  };
}

/** An admin API request: the token is checked by the admin API before a body problem is answered. */
async function adminAnswer(admin: Admin, x: HttpExchange, requestId: string): Promise<ServiceResponse> {
  let body: unknown;
  let bodyProblem: Failure | undefined;
  if (x.method === 'POST') {
    const read = await bodyOf(x, x.path);
    if (read.ok) body = read.value.body;
    else bodyProblem = read.error;
  }
  return admin.handle({
    method: x.method === 'HEAD' ? 'GET' : x.method,
    path: x.path,
    authorization: x.header('authorization'),
    query: queryOf(x.query),
    body,
    requestId,
    ...(bodyProblem ? { bodyProblem } : {}),
  });
}

/**
 * The operations routes of a service operated with `ops` (none when null); the console page is
 * rendered once, on its first request.
 * @example opsRoutes({}, ctx.problem)({ kind: 'ops', name: 'healthz' }, x, 'req_1') // => Promise of a 200
 */
export function opsRoutes(ops: OperationsOptions | null, problem: ServiceContext['problem']): OpsAnswer {
  if (ops === null) return () => null;
  const { admin, metrics } = ops;
  let page: ReturnType<typeof consolePage> | null = null;
  // The GET and HEAD routes that are on: a part that is off has no entry.
  const reads: Record<string, (requestId: string) => Promise<ServiceResponse>> = {
    healthz: async (requestId) => noStoreJson(200, requestId, { status: 'ok' }),
    readyz: (requestId) => readyAnswer(ops, requestId),
    ...(metrics && {
      metrics: async (requestId: string) => ({
        status: 200,
        headers: { 'content-type': metrics.contentType, 'request-id': requestId, 'cache-control': 'no-store' },
        body: await metrics.text(),
      }),
    }),
    ...(ops.console !== false && {
      console: async (requestId: string) => {
        page ??= consolePage({
          ...(ops.samplePlayer !== undefined ? { samplePlayer: ops.samplePlayer } : {}),
          ...(ops.examples ? { examples: ops.examples } : {}),
        });
        return consoleAnswer(page, requestId);
      },
    }),
  };
  return (route, x, requestId) => {
    if (route.kind === 'admin') return admin ? adminAnswer(admin, x, requestId) : null;
    const read = route.kind === 'ops' && Object.hasOwn(reads, route.name) ? reads[route.name] : undefined;
    if (!read) return null;
    if (x.method !== 'GET' && x.method !== 'HEAD')
      return Promise.resolve(
        problem(
          requestId,
          { code: 'method_not_allowed', message: `${x.path} answers GET and HEAD only` },
          { allow: 'GET, HEAD' },
        ),
      );
    return read(requestId);
  };
}
