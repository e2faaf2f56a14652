/** Ordering and partial-match facts of an Opta-family event stream (docs/providers.md#opta-family). */
import type { OptaEvent } from './match.js';
import { OPTA_PERIOD_WINDOW_SECONDS, TYPE } from './mapping.js';

/**
 * Events in match order: by period (pre-match 16 first, post-match 14 last), then clock; events
 * at the same second keep the feed's order. Opta's files are ordered by when each event was
 * logged, which can put a late-corrected event out of place.
 * @example sortedEvents(events)[0].period // => 16 (the team set-up)
 */
export function sortedEvents(events: readonly OptaEvent[]): OptaEvent[] {
  const rank = (p: number) => (p === 16 ? -1 : p === 14 ? 99 : p);
  return [...events].sort((a, b) => rank(a.period) - rank(b.period) || a.clock - b.clock);
}

/** What an event stream says about one played period. */
export interface PeriodCoverage {
  period: number;
  /** The feed's own events (a reader's derived events not counted). */
  events: number;
  /** The period's start (type 32) and end (type 30) markers are both in the file. */
  bounded: boolean;
  /** Clock of the first and last event of the period, in seconds. */
  firstClock: number;
  lastClock: number;
}

/**
 * Events per played period (1–5) with whether each is bounded by its start and end markers.
 * @example periodCoverageOf(events).map((p) => p.events) // => [884, 847]
 */
export function periodCoverageOf(events: readonly OptaEvent[]): PeriodCoverage[] {
  const out = new Map<number, PeriodCoverage & { start: boolean; end: boolean }>();
  for (const e of events) {
    if (e.period < 1 || e.period > 5) continue;
    const p = out.get(e.period) ?? {
      period: e.period,
      events: 0,
      bounded: false,
      firstClock: e.clock,
      lastClock: e.clock,
      start: false,
      end: false,
    };
    if (!e.derived) p.events += 1;
    p.firstClock = Math.min(p.firstClock, e.clock);
    p.lastClock = Math.max(p.lastClock, e.clock);
    if (e.typeId === TYPE.periodStart) p.start = true;
    if (e.typeId === TYPE.periodEnd) p.end = true;
    out.set(e.period, p);
  }
  return [...out.values()]
    .sort((a, b) => a.period - b.period)
    .map(({ start, end, ...p }) => ({ ...p, bounded: start && end }));
}

/** Fewest events per nominal minute a period of a whole match holds; Opta logs 15–25 a minute in a whole match. */
export const WHOLE_PERIOD_MIN_EVENTS_PER_MINUTE = 5;

/**
 * True when the stream looks like a whole match: every played period bounded by its markers and
 * holding at least {@link WHOLE_PERIOD_MIN_EVENTS_PER_MINUTE} events per nominal minute.
 * @example isWholeMatch(periodCoverageOf(ma3Events)) // => true
 */
export function isWholeMatch(periods: readonly PeriodCoverage[]): boolean {
  const played = periods.filter((p) => OPTA_PERIOD_WINDOW_SECONDS[p.period]);
  if (played.length < 2) return false;
  return played.every((p) => {
    const w = OPTA_PERIOD_WINDOW_SECONDS[p.period]!;
    return p.bounded && p.events >= (WHOLE_PERIOD_MIN_EVENTS_PER_MINUTE * (w.end - w.start)) / 60;
  });
}
