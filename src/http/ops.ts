/**
 * @module Operating a server (issue #16) from the HTTP side: health, readiness, metrics, the admin
 * API, the console, CORS and the access log are routes and steps of the service itself
 * (src/service/ops/); these are the names `halfspace/http` has always exported for them.
 */
import type { HttpExchange, HttpReply } from '../service/exchange.js';
import type { OperationsOptions } from '../service/ops/options.js';
import { operationNameOf, type RouteTable } from '../service/routes.js';
import type { Service } from '../service/service.js';
import { httpDispatcher } from './dispatch.js';

export { accessLine, type AccessRecord } from '../service/ops/access-log.js';
export type { LogFormat, OperationsOptions, ReadyCheck } from '../service/ops/options.js';

/**
 * The operation a request is counted under in logs and metrics: the name of its route in the
 * service's one route table (routes.ts), `unmatched` for an unknown path.
 * @example operationOf(service.routes, 'POST', '/api/v1/intelligence/player') // => 'intelligence.player'
 */
export const operationOf = (routes: RouteTable, method: string, path: string): string =>
  operationNameOf(routes.match(method, path));

/**
 * The dispatcher of `service` operated with `options` ({@link Service.withOperations}); `dispatch`,
 * the plain dispatcher this used to wrap, is no longer needed: the service answers every route.
 * @example const dispatch = withOperations(httpDispatcher(service), service, { metrics: createMetrics() })
 */
export function withOperations(
  _dispatch: (x: HttpExchange) => Promise<HttpReply>,
  service: Service,
  options: OperationsOptions = {},
): (x: HttpExchange) => Promise<HttpReply> {
  return httpDispatcher(service.withOperations(options));
}
