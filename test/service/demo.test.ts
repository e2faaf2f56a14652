import { describe, expect, it } from 'vitest';
import { clientIpOf, isDemoChannel, secondsUntilUtcMidnight, utcDayOf } from '../../src/service/demo.js';

describe('demo channel helpers', () => {
  it('accepts exactly the three channels', () => {
    expect(['mcp', 'openclaw', 'custom-gpt', 'MCP', 'gpt', ''].map(isDemoChannel)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('honours X-Forwarded-For only from trusted proxies', () => {
    expect(clientIpOf('198.51.100.7', '203.0.113.9', [])).toBe('198.51.100.7');
    expect(clientIpOf('198.51.100.7', '203.0.113.9', ['10.0.0.1'])).toBe('198.51.100.7');
    expect(clientIpOf('10.0.0.1', '203.0.113.9', ['10.0.0.1'])).toBe('203.0.113.9');
    // A forged left-most entry is ignored: the right-most untrusted hop is the client.
    expect(clientIpOf('10.0.0.1', '1.1.1.1, 203.0.113.9, 10.0.0.2', ['10.0.0.1', '10.0.0.2'])).toBe('203.0.113.9');
    // Garbage entries are skipped; all-trusted chains fall back to the peer.
    expect(clientIpOf('10.0.0.1', 'not-an-ip', ['10.0.0.1'])).toBe('10.0.0.1');
    expect(clientIpOf('::ffff:127.0.0.1', undefined, [])).toBe('127.0.0.1');
  });

  it('buckets by UTC day and counts seconds to the next UTC midnight', () => {
    expect(utcDayOf(new Date('2026-03-01T23:59:59Z'))).toBe('2026-03-01');
    expect(utcDayOf(new Date('2026-03-02T00:00:00Z'))).toBe('2026-03-02');
    expect(secondsUntilUtcMidnight(new Date('2026-03-01T23:59:00Z'))).toBe(60);
    // 12:00 → 12 h = 43 200 s.
    expect(secondsUntilUtcMidnight(new Date('2026-03-01T12:00:00Z'))).toBe(43_200);
    expect(secondsUntilUtcMidnight(new Date('2026-03-01T23:59:59.500Z'))).toBe(1);
  });
});
