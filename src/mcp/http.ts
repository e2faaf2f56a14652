/**
 * @module `POST /mcp`: the MCP tools over streamable HTTP, stateless (a fresh server and transport
 * per request, JSON responses rather than SSE). The request's Authorization, X-SVC-Demo-Channel
 * and client address become the credentials of every tool call, so each call is billed like its
 * REST twin. GET and DELETE (SSE streams and sessions) do not exist without sessions: 405.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Service, ServiceResponse } from '../service/service.js';
import type { MountedRoute } from '../service/serve.js';
import { serviceBackend } from './backend.js';
import { createMcpServer } from './server.js';

/** Largest MCP request body, in bytes: tool arguments are small JSON. */
const MCP_BODY_MAX_BYTES = 64 * 1024;

/** Deepest nesting of a JSON-RPC message (objects and arrays) handed to the SDK; tool arguments need a few levels. */
const MCP_MAX_DEPTH = 32;

/** True when `value` nests objects or arrays deeper than `limit` (walked without recursion). */
function nestsDeeper(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * The `id` an error answer may echo: JSON-RPC 2.0 §4 allows a string, a number or null, so any
 * other value (an object or array of whatever size a caller sends) is answered with `id: null`,
 * never written back.
 * @example echoableId({ a: [1] }) // => null
 */
function echoableId(id: unknown): string | number | null {
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}

/**
 * The JSON-RPC error answered before the SDK sees a message, or null: an empty batch is an
 * Invalid Request (-32600, JSON-RPC 2.0 §6), a message nested deeper than {@link MCP_MAX_DEPTH}
 * is Invalid params (-32602) carrying our problem code, where the SDK answered -32603, and a
 * message whose `id` is not a string, number or null is an Invalid Request answered with `id: null`.
 */
function earlyRpcErrorOf(bytes: Uint8Array): { status: number; body: string } | null {
  let message: unknown;
  try {
    message = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    return null; // The SDK answers a parse error itself.
  }
  const error = (code: number, text: string, id: unknown) =>
    JSON.stringify({
      jsonrpc: '2.0',
      id: echoableId(id),
      error: { code, message: text, data: { code: 'invalid_request' } },
    });
  if (Array.isArray(message) && message.length === 0)
    return { status: 400, body: error(-32600, 'Invalid Request: an empty batch', null) };
  if (nestsDeeper(message, MCP_MAX_DEPTH)) {
    const id =
      !Array.isArray(message) && typeof message === 'object' && message !== null ? Reflect.get(message, 'id') : null;
    return {
      status: 200,
      body: error(-32602, `Invalid params: the message nests deeper than ${MCP_MAX_DEPTH} levels`, id),
    };
  }
  for (const one of Array.isArray(message) ? message : [message]) {
    if (typeof one !== 'object' || one === null || !('id' in one)) continue;
    const id: unknown = Reflect.get(one, 'id');
    if (id !== null && echoableId(id) === null)
      return {
        status: 400,
        body: error(-32600, 'Invalid Request: id must be a string, a number or null', null),
      };
  }
  return null;
}

/** Headers the transport reads, copied from the exchange into its web Request. */
const FORWARDED = ['content-type', 'accept', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id'];

/** 405 with `Allow: POST` for GET and DELETE (SSE streams and sessions). */
function methodNotAllowed(service: Service, method: string, requestId: string): ServiceResponse {
  const message = `${method} /mcp is not served: this MCP endpoint is stateless, POST JSON-RPC messages to it`;
  const problem = service.failure({ code: 'method_not_allowed', message }, requestId);
  return { ...problem, headers: { ...problem.headers, allow: 'POST' } };
}

/**
 * The `/mcp` route of the HTTP dispatcher over `service`; its tool calls record what they cost in
 * the request's key headers, which the service's error boundary writes (a request without tool
 * calls gets those of its key there too, docs/api.md#mcp-over-http).
 * @example httpDispatcher mounts it: { mcp: mcpRoute(service) }
 */
export function mcpRoute(service: Service): MountedRoute {
  return async (x, requestId, recorded) => {
    if (x.method !== 'POST') return methodNotAllowed(service, x.method, requestId);
    const bytes = await x.readBody(MCP_BODY_MAX_BYTES);
    if (bytes === null)
      return service.failure(
        { code: 'payload_too_large', message: `the body exceeds ${MCP_BODY_MAX_BYTES} bytes` },
        requestId,
      );
    const early = earlyRpcErrorOf(bytes);
    if (early)
      return {
        status: early.status,
        headers: { 'request-id': requestId, 'content-type': 'application/json' },
        body: early.body,
      };
    const headers = new Headers();
    for (const name of FORWARDED) {
      const value = x.header(name);
      if (value !== undefined) headers.set(name, value);
    }
    const caller = {
      ...(x.header('authorization') ? { authorization: x.header('authorization') } : {}),
      ...(x.header('x-svc-demo-channel') !== undefined ? { demoChannel: x.header('x-svc-demo-channel') } : {}),
      clientIp: x.peer,
      ...(x.header('x-forwarded-for') !== undefined ? { forwardedFor: x.header('x-forwarded-for') } : {}),
    };
    const server = createMcpServer(serviceBackend(service.tools(caller, recorded), service.operations));
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    try {
      await server.connect(transport);
      const response = await transport.handleRequest(
        new Request('http://mcp.invalid/mcp', { method: 'POST', headers, body: bytes }),
      );
      const out: Record<string, string> = { 'request-id': requestId };
      response.headers.forEach((value, name) => {
        out[name] = value;
      });
      return { status: response.status, headers: out, body: await response.text() };
    } finally {
      await transport.close();
      await server.close();
    }
  };
}
