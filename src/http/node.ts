/**
 * @module The Node listener: `node:http` straight into the shared dispatcher (no web
 * Request/Response objects on the way), by default on 127.0.0.1 only.
 */
import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Failure } from '../errors.js';
import type { Service } from '../service/service.js';
import { BodyAborted, httpDispatcher, type HttpExchange, type HttpReply } from './dispatch.js';
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
export const CLOSE_GRACE_MS = 10_000;

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

const NO_BODY = new Uint8Array(0);

/** What the reading of one request's body left: whether its whole body was taken from the buffer (maybe before the parser reported the message complete). */
interface BodyState {
  takenWhole: boolean;
}

/**
 * Reads at most `max` bytes of a Node request body; null as soon as it is longer. A body that
 * arrived whole with its headers (a small JSON call) is taken from the stream's buffer at once,
 * with no promise: the listeners and promise of a streamed read were ~3 % of a paid call's CPU
 * (bench/results/http.md).
 */
function readBody(req: IncomingMessage, max: number, read: BodyState): Uint8Array | null | Promise<Uint8Array | null> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > max) return null;
  // The buffer holds the whole body once the parser has seen the whole message, or (usually
  // sooner: the dispatcher starts between the parser's callbacks) once it holds the declared length.
  const size = req.readableLength;
  const whole = req.complete || (declared !== undefined && size === Number(declared));
  if (whole && !req.readableFlowing && !req.readableEnded) {
    if (size > max) return null;
    if (size === 0) {
      read.takenWhole = true;
      return NO_BODY;
    }
    // No encoding is ever set on the request, so `read()` gives the whole buffer as one Buffer.
    const buffered: unknown = req.read();
    if (Buffer.isBuffer(buffered) && buffered.length === size) {
      read.takenWhole = true;
      return buffered;
    }
    return Promise.reject(new Error(`the buffered body read as ${typeof buffered}, not ${size} bytes`));
  }
  return readStreamed(req, max);
}

/** Reads at most `max` bytes of a body still arriving; null as soon as it is longer. */
function readStreamed(req: IncomingMessage, max: number): Promise<Uint8Array | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) return void chunks.push(chunk);
      req.off('data', onData);
      req.off('end', onEnd);
      resolve(null);
    };
    const onEnd = () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    req.on('data', onData);
    req.once('end', onEnd);
    // A client that hangs up mid-body: nothing more will come, so the request is abandoned.
    req.once('error', () => reject(new BodyAborted()));
    req.once('close', () => !req.complete && reject(new BodyAborted()));
  });
}

function exchangeOf(req: IncomingMessage, read: BodyState): HttpExchange {
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
  return {
    method: req.method ?? 'GET',
    path: q < 0 ? target : target.slice(0, q),
    query: q < 0 ? '' : target.slice(q + 1),
    header: (name) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v.join(', ') : v;
    },
    peer: req.socket.remoteAddress ?? 'unknown',
    readBody: (max) => readBody(req, max, read),
  };
}

/**
 * The last string body written and its UTF-8 bytes: an answer from the response cache is the same
 * string each time, so it is encoded once instead of on every write (a string body is encoded in
 * the write itself, ~7 % of a paid call's CPU; bench/results/http.md).
 */
let encoded = { text: '', bytes: Buffer.alloc(0) };

/** A reply body as the bytes written. */
function bytesOf(body: string | Uint8Array): Uint8Array {
  if (typeof body !== 'string') return body;
  if (body !== encoded.text) encoded = { text: body, bytes: Buffer.from(body) };
  return encoded.bytes;
}

/**
 * The reply's headers as Node's flat raw list, with Content-Length, so Node sends the head and the
 * body in one write; a flat list spares a copy of the header object per reply.
 */
function rawHeadersOf(headers: Record<string, string>, body: Uint8Array | null): string[] {
  const raw: string[] = [];
  for (const name of Object.keys(headers)) raw.push(name, headers[name]!);
  // Without it the answer goes chunked, four buffers per writev (a fifth of a paid call's CPU,
  // bench/results/http.md).
  if (body !== null && !('content-length' in headers)) raw.push('content-length', String(body.byteLength));
  return raw;
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
    // The dispatcher starts a turn later, as it always has: the parser has then pushed what it read with the headers.
    await undefined;
    const read: BodyState = { takenWhole: false };
    const reply = await dispatch(exchangeOf(req, read));
    // A body left unread (too large, or not wanted) is not drained: the connection closes instead;
    // so does every connection once the server is closing.
    if (!(req.complete || read.takenWhole) || state.closing) res.shouldKeepAlive = false;
    const body = reply.body === null ? null : bytesOf(reply.body);
    res.writeHead(reply.status, rawHeadersOf(reply.headers, body));
    res.end(body ?? undefined);
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
