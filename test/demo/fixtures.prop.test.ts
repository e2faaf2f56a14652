import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BREAK_WEEKENDS, scheduleSeason } from '../../src/demo/fixtures.js';
import { Rng } from '../../src/demo/rng.js';

describe('scheduleSeason (property)', () => {
  it('is a double round robin: every ordered pair once, every team once per round, rounds in date order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), (half, seed) => {
        const n = half * 2;
        const matches = scheduleSeason(new Rng(seed), n, '2025-08-15');
        expect(matches.length).toBe(n * (n - 1));
        expect(new Set(matches.map((m) => `${m.home}-${m.away}`)).size).toBe(n * (n - 1));
        for (const m of matches) expect(m.home).not.toBe(m.away);
        const byRound = new Map<number, number[]>();
        for (const m of matches) byRound.set(m.round, [...(byRound.get(m.round) ?? []), m.home, m.away]);
        expect(byRound.size).toBe(2 * (n - 1));
        for (const teams of byRound.values()) expect(new Set(teams).size).toBe(n);
        for (let i = 1; i < matches.length; i++) {
          expect(matches[i].kickoffMs).toBeGreaterThanOrEqual(matches[i - 1].kickoffMs);
          expect(matches[i].round).toBeGreaterThanOrEqual(matches[i - 1].round);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('plays Friday to Sunday only and skips the break weekends', () => {
    const matches = scheduleSeason(new Rng(3), 20, '2025-08-15');
    // 2025-08-15 is a Friday (UTC day 5); rounds use Fri (5), Sat (6), Sun (0).
    for (const m of matches) expect([5, 6, 0]).toContain(new Date(m.kickoffMs).getUTCDay());
    const start = Date.parse('2025-08-15T00:00:00Z');
    const weekends = new Set(matches.map((m) => Math.floor((m.kickoffMs - start) / (7 * 86_400_000))));
    for (const w of BREAK_WEEKENDS) expect(weekends.has(w)).toBe(false);
    // 38 rounds + 4 breaks = 42 weekends, the last one index 41.
    expect(Math.max(...weekends)).toBe(41);
  });
});
