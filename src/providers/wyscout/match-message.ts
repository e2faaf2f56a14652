/**
 * A match result as a worker posts it (docs/methodology/wyscout.md#workers): the bulk of a result is
 * its player lines' counting totals and zone counts (about 115 numbers per player), which a
 * structured clone copies one property at a time on both threads. They travel as one Float64Array,
 * transferred, not copied; the rest of the result is cloned as it is. Decoding gives back the
 * result the worker computed, value for value (a Float64Array holds any number exactly).
 */
import { ZONE_COLUMNS } from '../../model/location-profile.js';
import { COUNTING_COLUMNS } from '../../model/schema.js';
import { emptyTotals } from '../counting-totals.js';
import type { MatchResult } from './match-result.js';
import type { PlayerMatchLine } from './match-summary.js';

/** Numbers per line in the packed array: the counting totals, then the zone counts. */
const PER_LINE = COUNTING_COLUMNS.length + ZONE_COLUMNS.length;

/** A result with its lines' totals and zones packed, or the plain result when a line has another shape. */
export type MatchMessage =
  | { packed: false; result: MatchResult }
  | {
      packed: true;
      result: Omit<MatchResult, 'summary'> & { summary: PackedSummary };
      numbers: Float64Array<ArrayBuffer>;
    };

type PackedSummary = Omit<MatchResult['summary'], 'lines'> & { lines: Omit<PlayerMatchLine, 'totals' | 'zones'>[] };

/** True when a line holds exactly the counting columns and a zone count per zone (what the packing keeps). */
const packable = (line: PlayerMatchLine): boolean =>
  Object.keys(line.totals).length === COUNTING_COLUMNS.length &&
  COUNTING_COLUMNS.every((c) => typeof line.totals[c] === 'number') &&
  Array.isArray(line.zones) &&
  line.zones.length === ZONE_COLUMNS.length;

/**
 * The message of a result; post it with `transferOf(message)` as the transfer list.
 * @example decodeMatchMessage(encodeMatchMessage(result)) // => a result equal to `result`
 */
export function encodeMatchMessage(result: MatchResult): MatchMessage {
  const lines = result.summary.lines;
  if (!lines.every(packable)) return { packed: false, result };
  const numbers = new Float64Array(lines.length * PER_LINE);
  const bare = lines.map((line, k) => {
    const { totals, zones, ...rest } = line;
    let at = k * PER_LINE;
    for (const c of COUNTING_COLUMNS) numbers[at++] = totals[c];
    numbers.set(zones, at);
    return rest;
  });
  return { packed: true, result: { ...result, summary: { ...result.summary, lines: bare } }, numbers };
}

/** What to transfer with a message (its packed numbers' buffer). */
export const transferOf = (message: MatchMessage): ArrayBuffer[] => (message.packed ? [message.numbers.buffer] : []);

/** The result a message carries. */
export function decodeMatchMessage(message: MatchMessage): MatchResult {
  if (!message.packed) return message.result;
  const { numbers } = message;
  const lines = message.result.summary.lines.map((rest, k): PlayerMatchLine => {
    let at = k * PER_LINE;
    const totals = emptyTotals();
    for (const c of COUNTING_COLUMNS) totals[c] = numbers[at++];
    return { ...rest, totals, zones: Array.from(numbers.subarray(at, at + ZONE_COLUMNS.length)) };
  });
  return { ...message.result, summary: { ...message.result.summary, lines } };
}
