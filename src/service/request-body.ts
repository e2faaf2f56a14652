/**
 * @module The request of an exchange as the service reads it: the query, the headers it uses, and
 * the body rules every route shares (64 KB JSON → 413, JSON only → 415, malformed JSON → 400, the
 * multipart card upload). The body is read only when a step asks for it: the pipeline reads a paid
 * call's body after authentication (pipeline.ts), so a wrong key costs no upload.
 */
import { fail, messageOf, ok, type Result } from '../errors.js';
import type { RequestBody, ServiceRequest } from './context.js';
import type { HttpExchange } from './exchange.js';
import { PHOTO_MAX_BYTES } from '../cards/photo.js';

/** Largest JSON body accepted, in bytes (docs/errors.md#payload_too_large). */
export const JSON_BODY_MAX_BYTES = 64 * 1024;
/** Largest multipart card upload: a 5 MB photo plus the JSON request and multipart framing. */
const UPLOAD_MAX_BYTES = PHOTO_MAX_BYTES + JSON_BODY_MAX_BYTES;
/** The one path that accepts multipart/form-data (fields `request` and `photo`). */
const UPLOAD_PATH = '/api/v1/cards';

/**
 * Parses one small multipart body and discards it. Node loads its multipart parser on first use,
 * which would stall the event loop during the first upload a server answers; `serve` calls this
 * before it listens.
 * @example await warmMultipart() // => undefined
 */
export async function warmMultipart(): Promise<void> {
  const form = new FormData();
  form.set('request', '{}');
  form.set('photo', new Blob([new Uint8Array(8)]), 'p');
  const sent = new Request('http://upload.invalid/', { method: 'POST', body: form });
  const type = sent.headers.get('content-type') ?? '';
  await multipartOf(new Uint8Array(await sent.arrayBuffer()), type);
}

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
      `the ${param === 'body' ? 'body' : `"${param}" field`} is not valid JSON: ${messageOf(e)}`,
      { param },
    );
  }
}

/** Reads the body of a POST/PUT/PATCH under the size and media-type rules; a failure is the problem to answer. */
export async function bodyOf(x: HttpExchange, path: string): Promise<Result<RequestBody>> {
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
  return jsonBodyOf(await x.readBody(JSON_BODY_MAX_BYTES), type);
}

/** UTF-8 that refuses malformed bytes; the BOM is kept for {@link jsonOf} to skip. */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** A JSON body read under the size limit (null: longer) and sent as media `type`; empty is no body. */
function jsonBodyOf(bytes: Uint8Array | null, type: string): Result<{ body?: unknown }> {
  if (bytes === null) return fail('payload_too_large', `the body exceeds ${JSON_BODY_MAX_BYTES} bytes`);
  if (bytes.length === 0) return ok({});
  if (type !== 'application/json') {
    return fail(
      'unsupported_media_type',
      `send the body as application/json (got ${type ? JSON.stringify(type) : 'no Content-Type'})`,
      { param: 'Content-Type' },
    );
  }
  let text: string;
  try {
    text = STRICT_UTF8.decode(bytes);
  } catch {
    // A lenient decode would turn the bad bytes into U+FFFD and run (and charge) a request the
    // client never sent.
    return fail('invalid_request', 'the body is not valid UTF-8', { param: 'body' });
  }
  const body = jsonOf(text, 'body');
  return body.ok ? ok({ body: body.value }) : body;
}

/**
 * Query parameters of a raw query string (last value wins), each an own property: assigning
 * `__proto__` to a plain object would set its prototype instead, and the schema would never see it.
 */
export function queryOf(raw: string): Record<string, string> {
  const query: Record<string, string> = {};
  if (raw !== '')
    for (const [k, v] of new URLSearchParams(raw))
      Object.defineProperty(query, k, { value: v, enumerable: true, writable: true, configurable: true });
  return query;
}

/** The service request of an exchange: what the adapter hands over (method, path, headers, a body reader). */
export function serviceRequestOf(x: HttpExchange, requestId: string): ServiceRequest {
  const path = x.path.startsWith('/api/') && x.path.endsWith('/') ? x.path.replace(/\/+$/, '') || '/' : x.path;
  const hasBody = x.method === 'POST' || x.method === 'PUT' || x.method === 'PATCH';
  return {
    method: x.method === 'HEAD' ? 'GET' : x.method,
    path,
    authorization: x.header('authorization'),
    demoChannel: x.header('x-svc-demo-channel'),
    idempotencyKey: x.header('idempotency-key'),
    forwardedFor: x.header('x-forwarded-for'),
    clientIp: x.peer,
    query: queryOf(x.query),
    requestId,
    readBody: hasBody ? () => bodyOf(x, path) : undefined,
  };
}
