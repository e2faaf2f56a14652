/**
 * @module The HTTP rules shared by both adapters (fetch handler and Node listener): routing with
 * Hono's RegExpRouter, body limits (64 KB JSON → 413, JSON only → 415, malformed JSON → 400, the
 * multipart card upload), `/openapi.json`, `/docs` and `/images/<sha256>.png`, 405 with `Allow`.
 * Every answer goes through `service.handle`, which puts body problems after authentication and
 * adds the key headers to every response to a request with a valid key. Each adapter only
 * turns its native request into an {@link HttpExchange} and writes the {@link HttpReply} back, so
 * the Node listener never builds web Request/Response objects (bench/results/http.md).
 */
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { fail, ok, type Failure, type Result } from '../errors.js';
import { newRequestId, type Service, type ServiceResponse } from '../service/service.js';
import { isStoreOutage, STORE_OUTAGE, withRetryAfter } from '../service/store-outage.js';
import { docsPageOf } from './docs-page.js';
import { PHOTO_MAX_BYTES } from '../cards/photo.js';

/** Largest JSON body accepted, in bytes (docs/errors.md#payload_too_large). */
export const JSON_BODY_MAX_BYTES = 64 * 1024;
/** Largest multipart card upload: a 5 MB photo plus the JSON request and multipart framing. */
export const UPLOAD_MAX_BYTES = PHOTO_MAX_BYTES + JSON_BODY_MAX_BYTES;
/** Largest uploaded photo, in bytes (SPEC §4.8); defined once in src/cards/photo.ts. */
export { PHOTO_MAX_BYTES };
/** The one path that accepts multipart/form-data (fields `request` and `photo`). */
const UPLOAD_PATH = '/api/v1/cards';

/** What an adapter's `readBody` throws when the client hangs up before the body ends: not a server fault. */
export class BodyAborted extends Error {
  constructor() {
    super('the client closed the connection before the body ended');
  }
}

/** One request as an adapter presents it. */
export interface HttpExchange {
  /** Upper-case method. */
  method: string;
  /** Path without query string, as sent (not decoded). */
  path: string;
  /** Query string without the leading `?`; empty when none. */
  query: string;
  /** A header's value by lower-case name. */
  header(name: string): string | undefined;
  /** Address of the direct peer. */
  peer: string;
  /** The body, or null when it is longer than `max` bytes; throws {@link BodyAborted} when the client hangs up first. */
  readBody(max: number): Promise<Uint8Array | null>;
}

/** What an adapter writes back; `body` is null for HEAD and 204. */
export interface HttpReply {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array | null;
}

type Route = (x: HttpExchange, requestId: string) => Promise<ServiceResponse> | ServiceResponse;

/** Parses a card upload: field `request` (the JSON body) and optional file field `photo`. */
async function multipartOf(
  bytes: Uint8Array,
  contentType: string,
): Promise<Result<{ body: unknown; photo?: Uint8Array }>> {
  let form: FormData;
  try {
    form = await new Request('http://upload.invalid/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: bytes,
    }).formData();
  } catch {
    return fail('invalid_request', 'the multipart body cannot be parsed', { param: 'body' });
  }
  const unknown = [...form.keys()].find((k) => k !== 'request' && k !== 'photo');
  if (unknown !== undefined)
    return fail('invalid_request', `unknown multipart field "${unknown}" (expected request and photo)`, {
      param: unknown,
    });
  for (const field of ['request', 'photo']) {
    if (form.getAll(field).length > 1)
      return fail(
        'invalid_request',
        `the multipart field "${field}" is given ${form.getAll(field).length} times; send it once`,
        { param: field },
      );
  }
  const requestField = form.get('request');
  if (typeof requestField !== 'string')
    return fail('invalid_request', 'the multipart field "request" must hold the JSON body', { param: 'request' });
  const body = jsonOf(requestField, 'request');
  if (!body.ok) return body;
  const file = form.get('photo');
  if (file === null) return ok({ body: body.value });
  if (typeof file === 'string')
    return fail('invalid_request', 'the multipart field "photo" must be a file', { param: 'photo' });
  return ok({ body: body.value, photo: new Uint8Array(await file.arrayBuffer()) });
}

/**
 * Parses JSON text; one leading UTF-8 byte-order mark is allowed (RFC 8259 §8.1 lets a parser
 * ignore it, and Windows tools write it).
 */
function jsonOf(text: string, param: string): Result<unknown> {
  try {
    return ok(JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text));
  } catch (e) {
    return fail(
      'invalid_request',
      `the ${param === 'body' ? 'body' : `"${param}" field`} is not valid JSON: ${(e as Error).message}`,
      { param },
    );
  }
}

/** Reads the body of a POST/PUT/PATCH under the size and media-type rules; a failure is the problem to answer. */
async function bodyOf(x: HttpExchange, path: string): Promise<Result<{ body?: unknown; photo?: Uint8Array }>> {
  const contentType = x.header('content-type') ?? '';
  const type = contentType.split(';')[0].trim().toLowerCase();
  // No body is decoded here: a compressed one would read as bad JSON, an unknown coding would be
  // read as plain text and charged. Refused before reading (docs/errors.md#error-unsupported_media_type).
  const coding = (x.header('content-encoding') ?? '').trim().toLowerCase();
  if (coding !== '' && coding !== 'identity')
    return fail(
      'unsupported_media_type',
      `Content-Encoding ${JSON.stringify(coding.slice(0, 40))} is not accepted; send the body uncompressed`,
      { param: 'Content-Encoding' },
    );
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(contentType)?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')
    return fail(
      'unsupported_media_type',
      `charset ${JSON.stringify(charset.slice(0, 40))} is not accepted; send JSON as UTF-8`,
      { param: 'Content-Type' },
    );
  if (type === 'multipart/form-data' && path === UPLOAD_PATH) {
    const bytes = await x.readBody(UPLOAD_MAX_BYTES);
    if (bytes === null)
      return fail('payload_too_large', `the upload exceeds ${UPLOAD_MAX_BYTES} bytes`, { param: 'photo' });
    const form = await multipartOf(bytes, contentType);
    if (form.ok && form.value.photo && form.value.photo.length > PHOTO_MAX_BYTES)
      return fail('payload_too_large', `the photo exceeds ${PHOTO_MAX_BYTES} bytes`, { param: 'photo' });
    return form;
  }
  const bytes = await x.readBody(JSON_BODY_MAX_BYTES);
  if (bytes === null) return fail('payload_too_large', `the body exceeds ${JSON_BODY_MAX_BYTES} bytes`);
  if (bytes.length === 0) return ok({});
  if (type !== 'application/json') {
    return fail(
      'unsupported_media_type',
      `send the body as application/json (got ${type ? JSON.stringify(type) : 'no Content-Type'})`,
      { param: 'Content-Type' },
    );
  }
  const body = jsonOf(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'), 'body');
  return body.ok ? ok({ body: body.value }) : body;
}

/**
 * Query parameters of a raw query string (last value wins), each an own property: assigning
 * `__proto__` to a plain object would set its prototype instead, and the schema would never see it.
 */
function queryOf(raw: string): Record<string, string> {
  const query: Record<string, string> = {};
  if (raw !== '')
    for (const [k, v] of new URLSearchParams(raw))
      Object.defineProperty(query, k, { value: v, enumerable: true, writable: true, configurable: true });
  return query;
}

/**
 * Builds the dispatcher of `service`: every route of the HTTP surface, answered as an {@link HttpReply}.
 * @example await httpDispatcher(service)({ method: 'GET', path: '/openapi.json', query: '', header: () => undefined, peer: '127.0.0.1', readBody: async () => new Uint8Array() }) // => { status: 200, … }
 */
export function httpDispatcher(service: Service): (x: HttpExchange) => Promise<HttpReply> {
  let openApiText: string | null = null;
  let docsHtml: string | null = null;
  const failure = (f: Failure, requestId: string) => service.failure(f, requestId);
  // Answers of the transport's own routes go through the service too, which adds the key headers.
  const keyed = (x: HttpExchange, requestId: string, answer: ServiceResponse) =>
    service.handle({ method: x.method, path: x.path, authorization: x.header('authorization'), requestId, answer });

  const api: Route = async (x, requestId) => {
    const path = x.path.replace(/\/+$/, '') || '/';
    let body: unknown;
    let photo: Uint8Array | undefined;
    let bodyProblem: Failure | undefined;
    // A call with neither a key nor the demo channel is answered 401 whatever its body says, so
    // the body is never read: anonymous uploads cost no memory or parsing.
    const anonymous = !x.header('authorization') && x.header('x-svc-demo-channel') === undefined;
    if (!anonymous && (x.method === 'POST' || x.method === 'PUT' || x.method === 'PATCH')) {
      const read = await bodyOf(x, path);
      if (read.ok) ({ body, photo } = read.value);
      else bodyProblem = read.error;
    }
    return service.handle({
      method: x.method === 'HEAD' ? 'GET' : x.method,
      path,
      authorization: x.header('authorization'),
      demoChannel: x.header('x-svc-demo-channel'),
      idempotencyKey: x.header('idempotency-key'),
      forwardedFor: x.header('x-forwarded-for'),
      clientIp: x.peer,
      body,
      query: queryOf(x.query),
      requestId,
      ...(photo ? { photo } : {}),
      ...(bodyProblem ? { bodyProblem } : {}),
    });
  };

  const router = new RegExpRouter<Route>();
  router.add('GET', '/openapi.json', (x, requestId) => {
    openApiText ??= JSON.stringify(service.openApi());
    return keyed(x, requestId, {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'request-id': requestId },
      body: openApiText,
    });
  });
  router.add('GET', '/docs', (x, requestId) => {
    docsHtml ??= docsPageOf(service.openApi());
    return keyed(x, requestId, {
      status: 200,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'request-id': requestId,
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      },
      body: docsHtml,
    });
  });
  // Image names are matched raw against the sha256 pattern, so nothing is decoded or joined to a path.
  router.add('GET', '/images/:name', async (x, requestId) =>
    keyed(x, requestId, await service.image(x.path.slice('/images/'.length), requestId)),
  );
  router.add('ALL', '/api/*', api);
  // The MCP SDK loads on the first /mcp request, so a server no agent talks to never pays for it.
  let mcp: Route | null = null;
  router.add('ALL', '/mcp', async (x, requestId) =>
    (mcp ??= (await import('../mcp/http.js')).mcpRoute(service))(x, requestId),
  );

  /** 405 when the path is served for GET only, else 404. */
  const unrouted: Route = (x, requestId) => {
    if (router.match('GET', x.path)[0].length > 0) {
      const refused = failure(
        { code: 'method_not_allowed', message: `${x.path} answers GET and HEAD only` },
        requestId,
      );
      return keyed(x, requestId, { ...refused, headers: { ...refused.headers, allow: 'GET, HEAD' } });
    }
    return keyed(
      x,
      requestId,
      failure({ code: 'not_found', message: `no endpoint ${x.method} ${x.path}; see /docs` }, requestId),
    );
  };

  return async (x) => {
    const requestId = newRequestId();
    let response: ServiceResponse;
    try {
      const [matches] = router.match(x.method === 'HEAD' ? 'GET' : x.method, x.path);
      const route = matches[0]?.[0] ?? unrouted;
      response = await route(x, requestId);
    } catch (error) {
      if (error instanceof BodyAborted) {
        response = failure({ code: 'invalid_request', message: error.message, param: 'body' }, requestId);
      } else if (isStoreOutage(error)) {
        response = withRetryAfter(failure(STORE_OUTAGE, requestId));
      } else {
        console.error(`[halfspace] ${requestId} internal error:`, error);
        const failed = failure({ code: 'internal_error', message: 'unexpected error' }, requestId);
        response = await keyed(x, requestId, failed).catch(() => failed);
      }
    }
    return {
      status: response.status,
      headers: response.headers,
      body: x.method === 'HEAD' || response.status === 204 ? null : response.body,
    };
  };
}
