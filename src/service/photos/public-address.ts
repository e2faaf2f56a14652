/**
 * @module Which hosts and addresses are public (docs/api.md#photos): the address policy a card's
 * `photo_url` must pass, decided from the URL before any credit is held and again, by
 * photo-fetch.ts, for every address DNS resolves; and the other photo checks of an hd card request
 * that need no credit held (docs/api.md#async-hd-cards): an uploaded photo's header must be a PNG
 * or JPEG within the photo limits (its pixels are checked by the job queue once the balance covers
 * the call), only on an hd style, never together with `photo_url` or `photo_mode`. Pure: no I/O,
 * so the API contract can check a request with it while the fetching itself stays an adapter
 * passed to the service.
 */
import { BlockList, isIP } from 'node:net';
import type { Failure } from '../../errors.js';
import { isHdStyle, type CardRequest } from '../../cards/request.js';
import { photoHeaderProblemOf } from '../../cards/photo.js';
import { embeddedIpv4Of, ipv6GroupsOf, isMapped } from './ip-address.js';

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
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0);
  if (isMapped(g) || nat64) return isPublicAddress(embeddedIpv4Of(g));
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

/**
 * The card request problems that involve the photo, decided from the request alone; null when none.
 * `b` is a body parsed by the card schema.
 * @example cardPhotoProblemOf({ style: 'collage', photo_url: 'https://10.0.0.1/a.png' }, undefined)?.param // => 'photo_url'
 */
export function cardPhotoProblemOf(
  b: Pick<CardRequest, 'style' | 'photo_url' | 'photo_mode'>,
  photo: Uint8Array | undefined,
): Failure | null {
  const refuse = (param: string, message: string): Failure => ({
    code: 'invalid_request',
    message: `${param}: ${message}`,
    param,
  });
  if (b.photo_url !== undefined) {
    const host = photoUrlHostProblemOf(b.photo_url);
    if (host) return refuse('photo_url', `${host}; the server fetches photos only from public hosts`);
  }
  if (photo === undefined) return null;
  if (!isHdStyle(b.style)) return refuse('photo', `photos are only for the hd styles, not ${b.style}`);
  if (b.photo_url !== undefined) return refuse('photo', 'send an uploaded photo or photo_url, not both');
  if (b.photo_mode !== undefined)
    return refuse('photo', 'photo_mode silhouette is for cards without a photo; drop the photo or photo_mode');
  // Only the header here: decoding waits until the wallet is known to cover the call (jobs.ts).
  const problem = photoHeaderProblemOf(photo);
  return problem ? refuse('photo', problem) : null;
}
