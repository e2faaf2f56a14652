/**
 * @module The fetch-standard HTTP adapter: `(Request) => Promise<Response>` over the
 * transport-neutral service, routed with Hono. It reads bodies (64 KB cap → 413, JSON only → 415,
 * malformed JSON → 400), serves `/openapi.json`, `/docs` and `/images/<sha256>.png`, and writes
 * whatever the service answers — it never builds an error body of its own.
 */
import { Hono, type Context } from 'hono';
import { fail, ok, type Failure, type Result } from '../errors.js';
import { newRequestId, type Service, type ServiceResponse } from '../service/service.js';
import { docsPageOf } from './docs-page.js';

/** Largest JSON body accepted, in bytes (docs/errors.md#payload_too_large). */
export const JSON_BODY_MAX_BYTES = 64 * 1024;
/** Largest multipart card upload: a 5 MB photo plus the JSON request and multipart framing. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024 + JSON_BODY_MAX_BYTES;
/** Largest uploaded photo, in bytes (SPEC §4.8). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The one path that accepts multipart/form-data (fields `request` and `photo`). */
const UPLOAD_PATH = '/api/v1/cards';

/** Options of {@link httpHandler}. */
export interface HandlerOptions {
  /** Address of the direct peer of a request; default: the Node socket's remote address when served by `http/node`, else `unknown`. */
  peerOf?: (request: Request, env: unknown) => string;
}

type Env = { Bindings: { incoming?: NodeIncoming & { socket?: { remoteAddress?: string } } } };

const defaultPeerOf = (_request: Request, env: unknown): string => (env as Env['Bindings'] | undefined)?.incoming?.socket?.remoteAddress ?? 'unknown';

/** The Node request behind a fetch Request, when served by `http/node` (its body is read directly: much faster than a web stream). */
type NodeIncoming = AsyncIterable<Buffer> & { readableEnded?: boolean };

/** Reads at most `max` bytes of a body; null when it is longer. */
async function readLimited(request: Request, max: number, incoming?: NodeIncoming): Promise<Uint8Array | null> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > max) return null;
  if (incoming && typeof incoming[Symbol.asyncIterator] === 'function' && !incoming.readableEnded) {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of incoming) {
      size += chunk.length;
      if (size > max) return null;
      chunks.push(chunk);
    }
    return Buffer.concat(chunks, size);
  }
  // With a declared length within the cap, the adapter's own reader is much faster than a stream.
  if (declared !== null && !request.headers.has('transfer-encoding')) {
    const bytes = new Uint8Array(await request.arrayBuffer());
    return bytes.length > max ? null : bytes;
  }
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

/** Parses a card upload: field `request` (the JSON body) and optional file field `photo`. */
async function multipartOf(bytes: Uint8Array, contentType: string): Promise<Result<{ body: unknown; photo?: Uint8Array }>> {
  let form: FormData;
  try {
    form = await new Request('http://upload.invalid/', { method: 'POST', headers: { 'content-type': contentType }, body: bytes }).formData();
  } catch {
    return fail('invalid_request', 'the multipart body cannot be parsed', { param: 'body' });
  }
  const unknown = [...form.keys()].find((k) => k !== 'request' && k !== 'photo');
  if (unknown !== undefined) return fail('invalid_request', `unknown multipart field "${unknown}" (expected request and photo)`, { param: unknown });
  const requestField = form.get('request');
  if (typeof requestField !== 'string') return fail('invalid_request', 'the multipart field "request" must hold the JSON body', { param: 'request' });
  let body: unknown;
  try {
    body = JSON.parse(requestField);
  } catch (e) {
    return fail('invalid_request', `the "request" field is not valid JSON: ${(e as Error).message}`, { param: 'request' });
  }
  const file = form.get('photo');
  if (file === null) return ok({ body });
  if (typeof file === 'string') return fail('invalid_request', 'the multipart field "photo" must be a file', { param: 'photo' });
  return ok({ body, photo: new Uint8Array(await file.arrayBuffer()) });
}

const toResponse = (r: ServiceResponse, head = false): Response =>
  new Response(head || r.status === 204 ? null : (r.body as ConstructorParameters<typeof Response>[0]), { status: r.status, headers: r.headers });

/**
 * Builds the fetch handler of `service`.
 * @example const res = await httpHandler(service)(new Request('http://x/openapi.json')); res.status // => 200
 */
export function httpHandler(service: Service, options: HandlerOptions = {}): (request: Request, env?: unknown) => Promise<Response> {
  const peerOf = options.peerOf ?? defaultPeerOf;
  const app = new Hono<Env>();
  let openApiText: string | null = null;
  let docsHtml: string | null = null;
  const failWith = (c: Context, failure: Failure, requestId: string) => toResponse(service.failure(failure, requestId), c.req.method === 'HEAD');

  app.get('/openapi.json', (c) => {
    openApiText ??= JSON.stringify(service.openApi());
    return new Response(openApiText, { headers: { 'content-type': 'application/json; charset=utf-8', 'request-id': newRequestId() } });
  });
  app.get('/docs', () => {
    docsHtml ??= docsPageOf(service.openApi());
    return new Response(docsHtml, { headers: { 'content-type': 'text/html; charset=utf-8', 'request-id': newRequestId(), 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" } });
  });
  app.get('/images/:name', async (c) => toResponse(await service.image(c.req.param('name')), c.req.method === 'HEAD'));

  app.all('/api/*', async (c) => {
    const request = c.req.raw;
    const requestId = newRequestId();
    const method = request.method;
    let body: unknown;
    let photo: Uint8Array | undefined;
    const url = new URL(request.url);
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const contentType = request.headers.get('content-type') ?? '';
    const type = contentType.split(';')[0].trim().toLowerCase();
    if ((method === 'POST' || method === 'PUT' || method === 'PATCH') && type === 'multipart/form-data' && path === UPLOAD_PATH) {
      const bytes = await readLimited(request, UPLOAD_MAX_BYTES, c.env?.incoming);
      if (bytes === null) return failWith(c, { code: 'payload_too_large', message: `the upload exceeds ${UPLOAD_MAX_BYTES} bytes`, param: 'photo' }, requestId);
      const form = await multipartOf(bytes, contentType);
      if (!form.ok) return failWith(c, form.error, requestId);
      ({ body, photo } = form.value);
      if (photo && photo.length > PHOTO_MAX_BYTES) return failWith(c, { code: 'payload_too_large', message: `the photo exceeds ${PHOTO_MAX_BYTES} bytes`, param: 'photo' }, requestId);
    } else if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
      const bytes = await readLimited(request, JSON_BODY_MAX_BYTES, c.env?.incoming);
      if (bytes === null) return failWith(c, { code: 'payload_too_large', message: `the body exceeds ${JSON_BODY_MAX_BYTES} bytes` }, requestId);
      if (bytes.length > 0) {
        if (type !== 'application/json') {
          return failWith(c, { code: 'unsupported_media_type', message: `send the body as application/json (got ${type ? JSON.stringify(type) : 'no Content-Type'})`, param: 'Content-Type' }, requestId);
        }
        try {
          body = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
        } catch (e) {
          return failWith(c, { code: 'invalid_request', message: `the body is not valid JSON: ${(e as Error).message}`, param: 'body' }, requestId);
        }
      }
    }
    const query: Record<string, string> = {};
    for (const [k, v] of url.searchParams) query[k] = v;
    const header = (name: string) => request.headers.get(name) ?? undefined;
    const response = await service.handle({
      method: method === 'HEAD' ? 'GET' : method,
      path,
      authorization: header('authorization'),
      demoChannel: header('x-svc-demo-channel'),
      idempotencyKey: header('idempotency-key'),
      forwardedFor: header('x-forwarded-for'),
      clientIp: peerOf(request, c.env),
      body,
      query,
      requestId,
      ...(photo ? { photo } : {}),
    });
    return toResponse(response, method === 'HEAD');
  });

  app.notFound((c) => failWith(c, { code: 'not_found', message: `no endpoint ${c.req.method} ${new URL(c.req.url).pathname}; see /docs` }, newRequestId()));
  app.onError((error, c) => {
    const requestId = newRequestId();
    console.error(`[halfspace] ${requestId} internal error:`, error);
    return failWith(c, { code: 'internal_error', message: 'unexpected error' }, requestId);
  });

  return (request, env) => Promise.resolve(app.fetch(request, env as Env['Bindings']));
}
