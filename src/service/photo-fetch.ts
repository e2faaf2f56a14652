/**
 * @module Fetching a card photo from a caller's `photo_url` without server-side request forgery:
 * https only, every resolved address checked against private, loopback, link-local, metadata and
 * other non-public ranges (the connection uses the checked address, so DNS rebinding cannot swap
 * it), every redirect re-checked, size and time capped.
 */
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { request } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { fail, ok, type Result } from '../errors.js';
import { PHOTO_MAX_BYTES } from '../cards/photo.js';
import { embeddedIpv4Of, ipv6GroupsOf } from './ip-address.js';

/** Largest photo fetched, in bytes (SPEC §4.8: 5 MB). */
export const PHOTO_FETCH_MAX_BYTES = PHOTO_MAX_BYTES;
/** Whole fetch deadline, redirects included (docs/api.md#photos). */
export const PHOTO_FETCH_TIMEOUT_MS = 10_000;
/** Redirects followed at most (docs/api.md#photos). */
export const PHOTO_FETCH_MAX_REDIRECTS = 3;

/**
 * Every special-purpose range of the IANA IPv4 and IPv6 registries that is not globally reachable
 * unicast, plus the deprecated IPv6 ranges (IPv4-compatible ::/96, site-local fec0::/10) and the
 * translation prefixes whose embedded IPv4 address cannot be judged (SIIT ::ffff:0:0:0/96,
 * local-use NAT64 64:ff9b:1::/48, 6to4 2002::/16, Teredo and the rest of 2001::/23). The
 * well-known NAT64 prefix (64:ff9b::/96) and IPv4-mapped addresses are judged by the IPv4 address
 * they embed (docs/api.md#photos).
 */
export const NON_PUBLIC_RANGES: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.31.196.0', 24],
  ['192.52.193.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['192.175.48.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
  ['::', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['2620:4f:8000::', 48],
  ['3fff::', 20],
  ['5f00::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

const BLOCKED = new BlockList();
for (const [net, bits] of NON_PUBLIC_RANGES) BLOCKED.addSubnet(net, bits, net.includes(':') ? 'ipv6' : 'ipv4');

/**
 * True when `ip` is a public unicast address a server may fetch from. IPv4-mapped
 * (::ffff:0:0/96) and well-known NAT64 (64:ff9b::/96) addresses are judged by the IPv4 address
 * they embed, in any spelling; cloud metadata (169.254.169.254, fd00:ec2::254) falls in the
 * link-local and unique-local ranges.
 * @example isPublicAddress('169.254.169.254') // => false
 * @example isPublicAddress('::127.0.0.1') // => false
 */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return !BLOCKED.check(ip, 'ipv4');
  const g = ipv6GroupsOf(ip);
  if (!g) return false;
  const mapped = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff;
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0);
  if (mapped || nat64) return isPublicAddress(embeddedIpv4Of(g));
  return !BLOCKED.check(g.map((x) => x.toString(16)).join(':'), 'ipv6');
}

// Names that never reach a public host: RFC 6761/6762/8375 special-use (`invalid` never resolves) and common internal suffixes.
const PRIVATE_NAME = /(?:^|\.)(?:localhost|invalid|local|internal|intranet|lan|home\.arpa|localdomain)$/i;

/**
 * Why the host of an https `photo_url` can never be fetched, decided from the URL alone (before
 * any hold or DNS): a literal non-public address in any spelling the URL parser accepts
 * (`2130706433`, `0x7f.1`, `[::ffff:127.0.0.1]` all become 127.0.0.1), `localhost` and other
 * special-use names, or a single-label name. Null when only DNS can tell; {@link fetchPhoto}
 * checks every resolved address again.
 * @example photoUrlHostProblemOf('https://0x7f.1/me.png') // => '127.0.0.1 is not a public address'
 * @example photoUrlHostProblemOf('https://img.example.com/me.png') // => null
 */
export function photoUrlHostProblemOf(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (isIP(host) !== 0) return isPublicAddress(host) ? null : `${host} is not a public address`;
  if (PRIVATE_NAME.test(host)) return `${host} is not a public host name`;
  if (!host.includes('.')) return `${host} is not a public host name (no domain)`;
  return null;
}

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
            const e = new Error(`${hostname} resolves to a non-public address`) as NodeJS.ErrnoException;
            e.code = 'EBLOCKED';
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
