/*
 * The worker message of a match result (docs/methodology/wyscout.md#workers): packed, posted
 * through a real MessageChannel with its buffer transferred, and decoded, it gives back the result
 * value for value (-0, NaN and fractions included); a line of another shape travels unpacked.
 */
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZONE_COLUMNS } from '../../../src/model/location-profile.js';
import { COUNTING_COLUMNS } from '../../../src/model/schema.js';
import { emptyTotals } from '../../../src/providers/counting-totals.js';
import {
  decodeMatchMessage,
  encodeMatchMessage,
  type MatchMessage,
  transferOf,
} from '../../../src/providers/wyscout/match-message.js';
import type { MatchResult } from '../../../src/providers/wyscout/match-result.js';
import type { PlayerMatchLine } from '../../../src/providers/wyscout/match-summary.js';

const number = fc.oneof(fc.double(), fc.integer({ min: 0, max: 500 }), fc.constant(-0));
const lineArb: fc.Arbitrary<PlayerMatchLine> = fc
  .record({
    player_id: fc.nat(),
    team_id: fc.nat(),
    appeared: fc.boolean(),
    started: fc.boolean(),
    sent_off: fc.boolean(),
    clock_seconds: fc.nat(),
    seconds: fc.nat(),
    sum_x: number,
    sum_y: number,
    located: fc.nat(),
    totals: fc.array(number, { minLength: COUNTING_COLUMNS.length, maxLength: COUNTING_COLUMNS.length }),
    zones: fc.array(number, { minLength: ZONE_COLUMNS.length, maxLength: ZONE_COLUMNS.length }),
  })
  .map(({ totals, ...line }) => {
    const t = emptyTotals();
    COUNTING_COLUMNS.forEach((c, i) => {
      t[c] = totals[i];
    });
    return { ...line, totals: t };
  });
const resultOf = (lines: PlayerMatchLine[]): MatchResult => ({
  teams: [[1, { wyId: 1, name: 'A', officialName: 'A', type: 'club' }]],
  players: [],
  anomalies: ['match 1: a note'],
  summary: {
    lines,
    eventGoals: new Map([[1, 2]]),
    periodSeconds: { '1H': 2800 },
    matchSeconds: 5600,
    nominalSeconds: 5400,
    unlisted: { players: [], events: 0 },
    anomalies: [],
    events: 1700,
    possession: new Map([[1, 55.5]]),
    shots: [],
  },
});
/** The message as the main thread receives it from a worker: cloned, its buffer transferred. */
function posted(message: MatchMessage): MatchMessage {
  const { port1, port2 } = new MessageChannel();
  port1.postMessage(message, transferOf(message));
  const received: MatchMessage = receiveMessageOnPort(port2)?.message;
  port1.close();
  return received;
}

describe('match messages', () => {
  it('give back the result value for value through a port, the numbers transferred (property)', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 30 }), (lines) => {
        const result = resultOf(lines);
        const message = encodeMatchMessage(result);
        expect(message.packed).toBe(true);
        const decoded = decodeMatchMessage(posted(message));
        expect(decoded).toEqual(result);
        decoded.summary.lines.forEach((line, k) => {
          for (const c of COUNTING_COLUMNS) expect(Object.is(line.totals[c], lines[k].totals[c])).toBe(true);
          for (const [i, z] of line.zones.entries()) expect(Object.is(z, lines[k].zones[i])).toBe(true);
        });
      }),
      { numRuns: 40 },
    );
  });

  it('send a line of another shape as it is', () => {
    fc.assert(
      fc.property(lineArb, (line) => {
        const odd = { ...line, zones: line.zones.slice(1) };
        const message = encodeMatchMessage(resultOf([line, odd]));
        expect(message.packed).toBe(false);
        expect(decodeMatchMessage(posted(message))).toEqual(resultOf([line, odd]));
      }),
      { numRuns: 10 },
    );
  });
});
