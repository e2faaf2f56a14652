/**
 * @module The fetch-standard HTTP adapter: `(Request) => Promise<Response>` over the
 * transport-neutral service, for any runtime that speaks web Request/Response, and the dispatcher
 * it shares with the Node listener. Each adapter turns its native request into an
 * {@link HttpExchange} and writes the {@link HttpReply} back; everything in between (routes, body
 * rules, auth, errors, CORS, the access log) is the service's one pipeline (src/service/serve.ts).
 */
import type { HttpExchange, HttpReply } from '../service/exchange.js';
import type { OperationsOptions } from '../service/ops/options.js';
import type { MountedRoute } from '../service/serve.js';
import type { Service } from '../service/service.js';

export type { HttpExchange, HttpReply } from '../service/exchange.js';
export { JSON_BODY_MAX_BYTES } from '../service/request-body.js';

/** Options of {@link httpHandler}. */
export interface HandlerOptions {
  /** Address of the direct peer of a request (used by the demo channel); default `unknown`. */
  peerOf?: (request: Request, env: unknown) => string;
  /** Health, readiness, metrics, admin API, console, CORS and access log (src/service/ops/); default none of them, or those of the service. */
  ops?: OperationsOptions;
}

/**
 * The dispatcher of `service`: its pipeline, with MCP over HTTP mounted at `/mcp`. The MCP SDK
 * lives with the adapters and loads on the first `/mcp` request, so a server no agent talks to
 * never pays for it.
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

/** Reads at most `max` bytes of a body; null when it is longer. */
async function readLimited(request: Request, max: number): Promise<Uint8Array | null> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > max) return null;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/**
 * Builds the fetch handler of `service`.
 * @example const res = await httpHandler(service)(new Request('http://x/openapi.json')); res.status // => 200
 */
export function httpHandler(
  service: Service,
  options: HandlerOptions = {},
): (request: Request, env?: unknown) => Promise<Response> {
  const peerOf = options.peerOf ?? (() => 'unknown');
  const dispatch = httpDispatcher(options.ops ? service.withOperations(options.ops) : service);
  return async (request, env) => {
    const url = new URL(request.url);
    const reply = await dispatch({
      method: request.method,
      path: url.pathname,
      query: url.search.slice(1),
      header: (name) => request.headers.get(name) ?? undefined,
      peer: peerOf(request, env),
      readBody: (max) => readLimited(request, max),
    });
    // cast: a Uint8Array body is a valid BodyInit; TypeScript's lib only refuses its SharedArrayBuffer variant.
    return new Response(reply.body as ConstructorParameters<typeof Response>[0], {
      status: reply.status,
      headers: reply.headers,
    });
  };
}
