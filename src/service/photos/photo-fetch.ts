/**
 * @module Fetching a card photo from a caller's `photo_url` without server-side request forgery:
 * https only, every resolved address checked against private, loopback, link-local, metadata and
 * other non-public ranges (the connection uses the checked address, so DNS rebinding cannot swap
 * it), every redirect re-checked, size and time capped.
 */
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { request } from 'node:https';
import { isIP } from 'node:net';
import { fail, ok, type Result } from '../../errors.js';
import { PHOTO_MAX_BYTES } from '../../cards/photo.js';
import { isPublicAddress } from './public-address.js';

/** Largest photo fetched, in bytes (docs/design.md#op-cards: 5 MB). */
const PHOTO_FETCH_MAX_BYTES = PHOTO_MAX_BYTES;
/** Whole fetch deadline, redirects included (docs/api.md#photos). */
const PHOTO_FETCH_TIMEOUT_MS = 10_000;
/** Redirects followed at most (docs/api.md#photos). */
const PHOTO_FETCH_MAX_REDIRECTS = 3;

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
type Lookup = (hostname: string, options: { all?: boolean }, callback: LookupCallback) => void;

/**
 * A dns.lookup replacement that refuses hosts with any address `allowed` rejects. The socket
 * connects to the addresses handed back here, the very ones just checked, so a second DNS answer
 * (rebinding) never reaches it.
 */
function guardedLookupOf(
  resolve: (hostname: string) => Promise<LookupAddress[]>,
  allowed: (ip: string) => boolean,
): Lookup {
  return (hostname, options, callback) => {
    // Through a promise so that a resolver that throws synchronously still fails the request.
    Promise.resolve(hostname)
      .then(resolve)
      .then(
        (addresses) => {
          if (addresses.length === 0 || addresses.some((a) => !allowed(a.address))) {
            const e = Object.assign(new Error(`${hostname} resolves to a non-public address`), { code: 'EBLOCKED' });
            return callback(e, '');
          }
          if (options.all) return callback(null, addresses);
          callback(null, addresses[0].address, addresses[0].family);
        },
        (error: NodeJS.ErrnoException) => callback(error, ''),
      );
  };
}

const resolveAll = (hostname: string): Promise<LookupAddress[]> => dnsLookup(hostname, { all: true });

function refuse(message: string): Result<never> {
  return fail('invalid_request', `photo_url: ${message}`, { param: 'photo_url' });
}

/** How one GET connects: the guarded lookup and the trusted CAs. */
interface Connect {
  lookup: Lookup;
  ca?: string | Buffer;
}

type Hop = { redirect: string } | { bytes: Uint8Array };

/**
 * One GET without following redirects. A timer, not the socket's idle timeout, enforces the
 * deadline, so a body dripping a byte at a time is cut off too. Whatever the outcome, the request
 * is destroyed and the timer cleared once it settles: a redirect or error answer with an endless
 * body is not drained, and no socket or timer outlives the fetch.
 */
function getOnce(url: URL, deadline: number, maxBytes: number, connect: Connect): Promise<Result<Hop>> {
  return new Promise((resolve) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return resolve(refuse('timed out'));
    let settled = false;
    const settle = (result: Result<Hop>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(result);
    };
    const req = request(
      url,
      {
        method: 'GET',
        // cast: Lookup is the callback shape node's overloaded `LookupFunction` accepts; TS cannot match the overloads.
        lookup: connect.lookup as never,
        ...(connect.ca === undefined ? {} : { ca: connect.ca }),
        // A fresh connection per fetch: a pooled socket would skip the guarded lookup (the agent's
        // pool key does not include it), and none is left open afterwards.
        agent: false,
        headers: { accept: 'image/png, image/jpeg', 'user-agent': 'halfspace-photo-fetch' },
      },
      (res) => {
        res.on('error', () => settle(refuse('the download failed')));
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          // Parsed here, inside an event handler, where a throw would be uncaught: the server's
          // Location header is as untrusted as the URL itself.
          let next: URL;
          try {
            next = new URL(res.headers.location, url);
          } catch {
            return settle(refuse('redirected to an invalid address'));
          }
          return settle(ok({ redirect: next.toString() }));
        }
        if (status !== 200) return settle(refuse(`the server answered ${status}`));
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > maxBytes) return settle(refuse(`larger than ${maxBytes} bytes`));
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) settle(refuse(`larger than ${maxBytes} bytes`));
          else chunks.push(chunk);
        });
        res.on('end', () => settle(ok({ bytes: new Uint8Array(Buffer.concat(chunks, size)) })));
      },
    );
    const timer = setTimeout(() => settle(refuse('timed out')), remaining);
    req.on('error', (e: NodeJS.ErrnoException) =>
      settle(refuse(e.code === 'EBLOCKED' ? e.message : `cannot fetch (${e.code ?? e.message})`)),
    );
    req.end();
  });
}

/** Limits of {@link fetchPhoto}, and the injection points tests and unusual deployments need. */
export interface PhotoFetchOptions {
  /** Default 5 MB. */
  maxBytes?: number;
  /** Default 10 s, redirects included. */
  timeoutMs?: number;
  /** Default 3. */
  maxRedirects?: number;
  /**
   * Resolves a hostname to all its addresses; default node:dns `lookup` with `all: true`. For tests
   * and deployments with their own resolver; every address it returns is still checked.
   */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
  /**
   * Which addresses may be connected to, for resolved and literal hosts alike; default
   * {@link isPublicAddress}. Tests allow only 127.0.0.1; never loosen it on a public server.
   */
  isAllowedAddress?: (ip: string) => boolean;
  /**
   * PEM certificate(s) to trust instead of Node's default roots; default unset (the usual public
   * roots). For tests with a self-signed certificate and deployments behind a private CA.
   */
  ca?: string | Buffer;
}

/**
 * Downloads a photo from an https URL under the SSRF rules above; failures are
 * `invalid_request` with `param: 'photo_url'`.
 * @example await fetchPhoto('https://127.0.0.1/x.png') // => { ok: false, error: { code: 'invalid_request', param: 'photo_url', … } }
 */
export async function fetchPhoto(raw: string, options: PhotoFetchOptions = {}): Promise<Result<Uint8Array>> {
  const maxBytes = options.maxBytes ?? PHOTO_FETCH_MAX_BYTES;
  const deadline = Date.now() + (options.timeoutMs ?? PHOTO_FETCH_TIMEOUT_MS);
  const maxRedirects = options.maxRedirects ?? PHOTO_FETCH_MAX_REDIRECTS;
  const allowed = options.isAllowedAddress ?? isPublicAddress;
  const connect: Connect = {
    lookup: guardedLookupOf(options.resolve ?? resolveAll, allowed),
    ...(options.ca === undefined ? {} : { ca: options.ca }),
  };
  let current = raw;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    let url: URL;
    try {
      url = new URL(current);
    } catch {
      return refuse('not an absolute URL');
    }
    if (url.protocol !== 'https:') return refuse(hop === 0 ? 'must use https' : 'redirected to a non-https address');
    if (url.username || url.password) return refuse('must not carry credentials');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // Literal addresses skip DNS (and so the guarded lookup): check them here.
    if (isIP(host) !== 0 && !allowed(host)) return refuse(`${host} is not a public address`);
    const got = await getOnce(url, deadline, maxBytes, connect);
    if (!got.ok) return got;
    if ('bytes' in got.value) return ok(got.value.bytes);
    current = got.value.redirect;
  }
  return refuse(`more than ${maxRedirects} redirects`);
}
