/**
 * @module IP address text in one canonical form, so one address written several ways is one
 * address: IPv6 compressed and lowercase (the URL parser's form), an IPv4-mapped IPv6 address
 * (`::ffff:5.6.7.8`, `::ffff:506:708`) folded into its IPv4 address, and an optional port
 * (`1.2.3.4:5555`, `[2001:db8::1]:443`, as proxies write X-Forwarded-For) dropped.
 */
import { isIP } from 'node:net';

/**
 * The 8 groups of IPv6 address text in any spelling `node:net` accepts, or null.
 * @example ipv6GroupsOf('::ffff:127.0.0.1') // => [0, 0, 0, 0, 0, 65535, 32512, 1]
 */
export function ipv6GroupsOf(ip: string): number[] | null {
  if (isIP(ip) !== 6) return null;
  // The URL parser writes every IPv6 spelling (zero runs, dotted tails, case) one way: hex, `::` once.
  const canonical = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  const [head, tail] = canonical.includes('::') ? canonical.split('::') : [canonical, null];
  const groups = (part: string | null | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = groups(head);
  const right = groups(tail);
  return tail === null ? left : [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
}

const hex = (groups: readonly number[]) => groups.map((g) => g.toString(16)).join(':');

/** The IPv4 address in the last 32 bits of `groups`, dotted. */
export const embeddedIpv4Of = (groups: readonly number[]): string =>
  `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;

/** True for ::ffff:0:0/96, IPv4 addresses written as IPv6. */
export const isMapped = (g: readonly number[]): boolean => g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff;

/**
 * `text` as one canonical address, or null when it is none: a port and brackets are dropped, an
 * IPv4-mapped IPv6 address becomes IPv4, other IPv6 addresses are compressed lowercase hex.
 * @example canonicalIpOf('[::FFFF:506:708]:443') // => '5.6.7.8'
 * @example canonicalIpOf('2001:DB8:0:0::1') // => '2001:db8::1'
 */
export function canonicalIpOf(text: string): string | null {
  let t = text.trim().replace(/^"|"$/g, '');
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(t);
  if (bracketed) t = bracketed[1]!;
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d{1,5}$/.test(t)) t = t.slice(0, t.lastIndexOf(':'));
  // A zone (`fe80::1%eth0`) names an interface of the sender, not the address.
  t = t.replace(/%.*$/, '');
  const family = isIP(t);
  if (family === 4) return t;
  if (family !== 6) return null;
  const groups = ipv6GroupsOf(t)!;
  if (isMapped(groups)) return embeddedIpv4Of(groups);
  return new URL(`http://[${hex(groups)}]/`).hostname.slice(1, -1);
}

/** Bits of an IPv6 prefix one demo client is counted by (docs/api.md#demo-channel): a /64 is one site. */
export const DEMO_IPV6_PREFIX_BITS = 64;

/**
 * The demo channel's client key for a canonical address: IPv4 as is, IPv6 by its /64 (an ISP
 * hands each customer at least one /64, so one client could otherwise spend 2^64 quotas).
 * @example demoClientKeyOf('2001:db8:1:2:aaaa::5') // => '2001:db8:1:2::/64'
 */
export function demoClientKeyOf(ip: string): string {
  const groups = ipv6GroupsOf(ip);
  if (!groups) return ip;
  return `${new URL(`http://[${hex([...groups.slice(0, 4), 0, 0, 0, 0])}]/`).hostname.slice(1, -1)}/${DEMO_IPV6_PREFIX_BITS}`;
}
