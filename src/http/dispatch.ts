/**
 * @module The dispatcher both HTTP adapters (fetch handler and Node listener) share: each turns its
 * native request into an {@link HttpExchange} and writes the {@link HttpReply} back; everything in
 * between (routes, body rules, auth, errors, CORS, the access log) is the service's one pipeline
 * (src/service/serve.ts). The dispatcher only mounts `/mcp`, whose MCP SDK lives with the
 * adapters and loads on the first `/mcp` request, so a server no agent talks to never pays for it.
 */
import type { Service } from '../service/service.js';
import type { MountedRoute } from '../service/serve.js';
import type { HttpExchange, HttpReply } from '../service/exchange.js';

export type { HttpExchange, HttpReply } from '../service/exchange.js';

/**
 * Builds the dispatcher of `service`: its pipeline, with MCP over HTTP mounted at `/mcp`.
 * @example await httpDispatcher(service)({ method: 'GET', path: '/openapi.json', query: '', header: () => undefined, peer: '127.0.0.1', readBody: async () => new Uint8Array() }) // => { status: 200, … }
 */
export function httpDispatcher(service: Service): (x: HttpExchange) => Promise<HttpReply> {
  let mcp: MountedRoute | null = null;
  const mounts = {
    mcp: async (x: HttpExchange, requestId: string, recorded: Record<string, string>) => {
      mcp ??= (await import('../mcp/http.js')).mcpRoute(service);
      return mcp(x, requestId, recorded);
    },
  };
  return (x) => service.serve(x, mounts);
}
