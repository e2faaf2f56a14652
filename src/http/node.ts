/**
 * @module The Node listener: `node:http` straight into the shared dispatcher (no web
 * Request/Response objects on the way), by default on 127.0.0.1 only.
 */
import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Failure } from '../errors.js';
import type { Service } from '../service/service.js';
import { httpDispatcher } from './handler.js';
import { BodyAborted, type HttpExchange, type HttpReply } from '../service/exchange.js';
import type { OperationsOptions } from '../service/ops/options.js';

/** Options of {@link listen}. */
export interface ListenOptions {
  /** TCP port; default 8787; 0 picks a free port. */
  port?: number;
  /** Interface to bind; default 127.0.0.1 (loopback only). */
  host?: string;
  /** Health, readiness, metrics, admin API, console, CORS and access log (src/service/ops/); default none of them, or those of the service. */
  ops?: OperationsOptions;
  /** Time a client has to send the request headers, in ms; default {@link HEADERS_TIMEOUT_MS}. */
  headersTimeoutMs?: number;
  /** Time a client has to send a whole request, in ms; default {@link REQUEST_TIMEOUT_MS}. */
  requestTimeoutMs?: number;
}

/** A running server. */
export interface Listening {
  /** `http://host:port` actually bound. */
  url: string;
  port: number;
  /** Requests read but not yet answered (a client that hangs up mid-body leaves none behind). */
  readonly inFlight: number;
  /**
   * Stops accepting connections, lets requests in flight finish for up to `graceMs` (default
   * {@link CLOSE_GRACE_MS}), then closes every connection.
   */
  close(graceMs?: number): Promise<void>;
}

/** How long {@link Listening.close} waits for requests in flight, in ms (docs/api.md#deployment). */
const CLOSE_GRACE_MS = 10_000;

/** Time a client has to send the request headers, in ms (docs/deploy.md#crashes-outages-and-resource-limits). */
export const HEADERS_TIMEOUT_MS = 10_000;

/** Time a client has to send a whole request, a 5 MB upload included, in ms (docs/deploy.md#crashes-outages-and-resource-limits). */
export const REQUEST_TIMEOUT_MS = 60_000;

/** How often Node checks connections against the two timeouts, in ms (Node's default is 30 s, which would triple a 10 s limit). */
const TIMEOUT_CHECK_MS = 1_000;

/** A raw HTTP/1.1 answer carrying `problem` (a service problem response), closing the connection. */
function rawProblem(problem: { status: number; headers: Record<string, string>; body: string | Uint8Array }): Buffer {
  const body = Buffer.from(problem.body);
  const headers = Object.entries({ ...problem.headers, 'content-length': String(body.length), connection: 'close' })
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n');
  return Buffer.concat([
    Buffer.from(`HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status] ?? ''}\r\n${headers}\r\n\r\n`),
    body,
  ]);
}

/** The problem answered for a request Node refused before the dispatcher saw it (docs/errors.md#request_timeout). */
function clientFailureOf(code: string | undefined, headersMs: number, requestMs: number): Failure {
  if (code === 'HPE_HEADER_OVERFLOW')
    return { code: 'payload_too_large', message: 'the request headers are too large' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return {
      code: 'request_timeout',
      message: `the request did not arrive in time (headers within ${headersMs} ms, the whole request within ${requestMs} ms)`,
    };
  return { code: 'invalid_request', message: 'the request is not valid HTTP/1.1' };
}

/** Reads at most `max` bytes of a Node request body; null as soon as it is longer. */
function readBody(req: IncomingMessage, max: number): Promise<Uint8Array | null> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > max) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // Past `max` the promise is settled (null) and the rest of the body is dropped as it arrives.
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) chunks.push(chunk);
      else resolve(null);
    });
    req.once('end', () => size <= max && resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size)));
    // A client that hangs up mid-body: nothing more will come, so the request is abandoned.
    req.once('error', () => reject(new BodyAborted()));
    req.once('close', () => !req.complete && reject(new BodyAborted()));
  });
}

/** A Node request as an exchange; its methods are the class's, so a request allocates no closures for them. */
class NodeExchange implements HttpExchange {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly peer: string;

  constructor(private readonly req: IncomingMessage) {
    let target = req.url ?? '/';
    // Absolute-form targets (`GET http://host/path`) are reduced to their path and query.
    if (!target.startsWith('/')) {
      try {
        const url = new URL(target);
        target = `${url.pathname}${url.search}`;
      } catch {
        target = `/${target}`;
      }
    }
    const q = target.indexOf('?');
    this.method = req.method ?? 'GET';
    this.path = q < 0 ? target : target.slice(0, q);
    this.query = q < 0 ? '' : target.slice(q + 1);
    this.peer = req.socket.remoteAddress ?? 'unknown';
  }

  header(name: string): string | undefined {
    const v = this.req.headers[name];
    return Array.isArray(v) ? v.join(', ') : v;
  }

  readBody(max: number): Promise<Uint8Array | null> {
    return readBody(this.req, max);
  }
}

/** The reply's headers with Content-Length, so Node sends head and body in one write, not chunked. */
function headersOf(headers: Record<string, string>, body: string | Uint8Array | null): Record<string, string> {
  if (body === null || 'content-length' in headers) return headers;
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  return Object.assign({}, headers, { 'content-length': String(length) });
}

/** What the requests of one server share: the requests in flight, and whether it is closing. */
interface ServerState {
  inFlight: number;
  closing: boolean;
}

/** Writes the dispatcher's reply to `req` on `res`; only a broken connection fails (it is dropped). */
async function respond(
  dispatch: (x: HttpExchange) => Promise<HttpReply>,
  req: IncomingMessage,
  res: ServerResponse,
  state: ServerState,
): Promise<void> {
  state.inFlight += 1;
  try {
    const reply = await dispatch(new NodeExchange(req));
    // A body left unread (too large, or not wanted) is not drained: the connection closes instead;
    // so does every connection once the server is closing.
    if (!req.complete || state.closing) res.shouldKeepAlive = false;
    // The body is written as it comes: a string is encoded into the socket write, bytes (an answer of
    // the response cache) go out as they are.
    res.writeHead(reply.status, headersOf(reply.headers, reply.body));
    res.end(reply.body ?? undefined);
  } catch {
    // Only a broken connection gets here (the dispatcher answers every error itself): drop it.
    res.destroy();
  } finally {
    state.inFlight -= 1;
  }
}

/**
 * Starts listening and resolves once the port is bound.
 * @example const s = await listen(service, { port: 0 }); s.url // => 'http://127.0.0.1:54321'
 */
export function listen(service: Service, options: ListenOptions = {}): Promise<Listening> {
  const host = options.host ?? '127.0.0.1';
  const dispatch = httpDispatcher(options.ops ? service.withOperations(options.ops) : service);
  const state: ServerState = { inFlight: 0, closing: false };
  const headersTimeout = options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const checkEvery = Math.max(10, Math.min(TIMEOUT_CHECK_MS, Math.floor(headersTimeout / 4)));
  const server = createServer({ connectionsCheckingInterval: checkEvery }, (req, res) => {
    void respond(dispatch, req, res, state);
  });
  server.headersTimeout = headersTimeout;
  server.requestTimeout = requestTimeout;
  // Requests Node refuses before the dispatcher sees them still get a problem+json body.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return void socket.destroy();
    socket.end(rawProblem(service.failure(clientFailureOf(error.code, headersTimeout, requestTimeout))));
  });
  // CONNECT (a proxy tunnel) is no method of this API.
  server.on('connect', (_req, socket) => {
    socket.end(
      rawProblem(service.failure({ code: 'method_not_allowed', message: 'CONNECT is not served; this is no proxy' })),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8787, host, () => {
      const info = server.address();
      // A TCP server bound to a port: the address is an AddressInfo (a string only for a pipe).
      if (info === null || typeof info === 'string') return reject(new Error(`not listening on a port: ${info}`));
      const urlHost = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      resolve({
        url: `http://${urlHost}:${info.port}`,
        port: info.port,
        get inFlight() {
          return state.inFlight;
        },
        close: (graceMs = CLOSE_GRACE_MS) =>
          new Promise<void>((done, fail) => {
            state.closing = true;
            const cutOff = setTimeout(() => server.closeAllConnections(), graceMs);
            server.close((e) => {
              clearTimeout(cutOff);
              if (e) fail(e);
              else done();
            });
            server.closeIdleConnections();
          }),
      });
    });
  });
}
