/*
 * Property: whatever the period lengths, substitution minutes (stoppage time and half-time
 * changes included) and sendings-off, each team's nominal minutes add up to 11 × 90 minus what
 * its sent-off players missed, clock time to 11 × the real length minus the same, and no player
 * gets less than 0 or more than the match.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchSummaryOf } from '../../../src/providers/wyscout/match-summary.js';
import type { WyscoutEvent, WyscoutMatch } from '../../../src/providers/wyscout/read.js';

const ev = (
  matchPeriod: string,
  eventSec: number,
  teamId: number,
  playerId: number,
  tags: number[] = [1801],
): WyscoutEvent => ({
  eventId: 8,
  subEventId: 85,
  matchPeriod,
  eventSec,
  teamId,
  playerId,
  x: 50,
  y: 50,
  endX: 60,
  endY: 50,
  tags,
});

const teamArb = fc.record({
  subs: fc.array(fc.record({ out: fc.integer({ min: 1, max: 11 }), minute: fc.integer({ min: 1, max: 96 }) }), {
    maxLength: 3,
  }),
  red: fc.option(
    fc.record({
      player: fc.integer({ min: 1, max: 14 }),
      half: fc.constantFrom('1H', '2H'),
      sec: fc.integer({ min: 0, max: 3100 }),
    }),
    { nil: null },
  ),
  touches: fc.array(
    fc.record({
      player: fc.integer({ min: 1, max: 14 }),
      half: fc.constantFrom('1H', '2H'),
      sec: fc.integer({ min: 0, max: 3100 }),
    }),
    { maxLength: 30 },
  ),
});

describe('Wyscout minutes (property)', () => {
  it('sums each team to 11 × 90 nominal and 11 × the real length, minus what sent-off players missed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2700, max: 3100 }),
        fc.integer({ min: 2700, max: 3100 }),
        teamArb,
        teamArb,
        (len1, len2, a, b) => {
          const specs = [
            { id: 1, spec: a },
            { id: 2, spec: b },
          ];
          const events: WyscoutEvent[] = [
            ev('1H', 0, 1, 101),
            ev('1H', len1, 2, 201),
            ev('2H', 0, 1, 101),
            ev('2H', len2, 2, 201),
          ];
          const teamsData: Record<string, unknown> = {};
          for (const { id, spec } of specs) {
            const outs = [...new Set(spec.subs.map((s) => s.out))];
            const subs = outs.map((out, i) => ({
              playerIn: id * 100 + 12 + i,
              playerOut: id * 100 + out,
              minute: spec.subs.find((s) => s.out === out)!.minute,
            }));
            teamsData[String(id)] = {
              teamId: id,
              side: id === 1 ? 'home' : 'away',
              score: 0,
              formation: {
                lineup: Array.from({ length: 11 }, (_, i) => ({ playerId: id * 100 + i + 1 })),
                substitutions: subs,
              },
            };
            const clamp = (half: string, sec: number) => Math.min(sec, half === '1H' ? len1 : len2);
            for (const t of spec.touches) events.push(ev(t.half, clamp(t.half, t.sec), id, id * 100 + t.player));
            if (spec.red)
              events.push(
                ev(spec.red.half, clamp(spec.red.half, spec.red.sec), id, id * 100 + spec.red.player, [1701]),
              );
          }
          events.sort((x, y) => x.matchPeriod.localeCompare(y.matchPeriod) || x.eventSec - y.eventSec);
          const match = {
            wyId: 1,
            competitionId: 1,
            seasonId: 1,
            dateutc: '2020-01-01 15:00:00',
            duration: 'Regular',
            teamsData,
          } as WyscoutMatch;
          const summary = matchSummaryOf(match, events, () => false);
          expect(summary.matchSeconds).toBe(len1 + len2);
          for (const { id, spec } of specs) {
            const lines = summary.lines.filter((l) => l.team_id === id);
            let lostNominal = 0;
            let lostClock = 0;
            for (const l of lines) {
              expect(l.seconds).toBeGreaterThanOrEqual(0);
              expect(l.seconds).toBeLessThanOrEqual(5400);
              expect(l.clock_seconds).toBeLessThanOrEqual(len1 + len2);
              if (!l.sent_off) continue;
              const r = spec.red!;
              const sec = Math.min(r.sec, r.half === '1H' ? len1 : len2);
              lostNominal += 5400 - (r.half === '1H' ? Math.min(sec, 2700) : 2700 + Math.min(sec, 2700));
              lostClock += len1 + len2 - (r.half === '1H' ? sec : len1 + sec);
            }
            expect(lines.filter((l) => l.sent_off).length).toBeLessThanOrEqual(1);
            expect(lines.reduce((s, l) => s + l.seconds, 0)).toBe(11 * 5400 - lostNominal);
            expect(lines.reduce((s, l) => s + l.clock_seconds, 0)).toBe(11 * (len1 + len2) - lostClock);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
