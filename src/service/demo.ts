/**
 * @module The anonymous demo channel (docs/design.md#authentication, docs/design.md#service): `X-SVC-Demo-Channel` ∈ mcp |
 * openclaw | custom-gpt, 15 successful calls per client IP per UTC day, never touching a wallet.
 */
import { canonicalIpOf } from './photos/ip-address.js';

/** Accepted values of X-SVC-Demo-Channel. */
export const DEMO_CHANNELS = ['mcp', 'openclaw', 'custom-gpt'] as const;
/** One accepted demo channel. */
type DemoChannel = (typeof DEMO_CHANNELS)[number];

/** Successful demo calls per client IP per UTC day (docs/design.md#input-bounds). */
export const DEMO_DAILY_LIMIT = 15;

/**
 * True when `value` is an accepted demo channel.
 * @example isDemoChannel('mcp') // => true
 */
export const isDemoChannel = (value: string): value is DemoChannel =>
  DEMO_CHANNELS.some((channel) => channel === value);

const canonical = (ip: string): string => canonicalIpOf(ip) ?? ip;

/**
 * The client address a demo call is counted against, canonical (canonicalIpOf: one address in any
 * spelling is one client). `X-Forwarded-For` is honoured only when the direct peer is a configured
 * trusted proxy; then the right-most address that is not itself a trusted proxy is the client
 * (left-most entries can be forged by the client). Entries may carry a port (`1.2.3.4:5555`,
 * `[2001:db8::1]:443`); one that is no address (`unknown`) stops the walk, and the call counts
 * against the nearest trusted hop, since the client behind it cannot be told.
 * @example clientIpOf('10.0.0.1', '203.0.113.9:5555, 10.0.0.1', ['10.0.0.1']) // => '203.0.113.9'
 */
export function clientIpOf(peer: string, forwardedFor: string | undefined, trustedProxies: readonly string[]): string {
  const direct = canonical(peer);
  const trusted = new Set(trustedProxies.map(canonical));
  if (!forwardedFor || !trusted.has(direct)) return direct;
  const hops = forwardedFor.split(',');
  let nearest = direct;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = canonicalIpOf(hops[i]!);
    if (hop === null) return nearest;
    if (!trusted.has(hop)) return hop;
    nearest = hop;
  }
  return nearest;
}

/**
 * The UTC day of `now`, `YYYY-MM-DD`: the demo counter's bucket.
 * @example utcDayOf(new Date('2026-03-01T23:59:59Z')) // => '2026-03-01'
 */
export const utcDayOf = (now: Date): string => now.toISOString().slice(0, 10);

/**
 * Whole seconds from `now` until the next UTC midnight (at least 1): the demo Retry-After.
 * @example secondsUntilUtcMidnight(new Date('2026-03-01T23:59:00Z')) // => 60
 */
export function secondsUntilUtcMidnight(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}
