/**
 * The clock of one Wyscout match (docs/methodology/wyscout.md#minutes): its counted events in match
 * order, each period's real length, the seconds between two moments, and when each substitution
 * happened.
 */
import { DatasetError } from '../../model/dataset-error.js';
import { COUNTED_PERIODS, PERIOD_NOMINAL_SECONDS, PERIOD_START_MINUTE, periodIndexOf } from './mapping.js';
import type { WyscoutEvent, WyscoutMatch } from './read.js';

/** A moment of the match: counted-period index and seconds into that period. */
export interface Moment {
  period: number;
  sec: number;
}

/** Lineup and substitutions of a match, `"null"` substitutions read as none. */
export function squadsOf(match: WyscoutMatch) {
  return Object.values(match.teamsData).map((t) => ({
    teamId: t.teamId,
    lineup: (t.formation?.lineup ?? []).map((p) => p.playerId),
    subs: Array.isArray(t.formation?.substitutions) ? t.formation.substitutions : [],
  }));
}

/**
 * The counted events (not the shoot-out) in match order, as indices into `events`: by period, then
 * time, then file order; and each event's period index (-1 for the shoot-out).
 */
export function matchOrderOf(events: readonly WyscoutEvent[]): { order: number[]; periods: Int8Array } {
  const periods = Int8Array.from(events, (e) => periodIndexOf(e.matchPeriod));
  const order: number[] = [];
  for (let i = 0; i < events.length; i++) if (periods[i] >= 0) order.push(i);
  order.sort((a, b) => periods[a] - periods[b] || events[a].eventSec - events[b].eventSec || a - b);
  return { order, periods };
}

/** Each counted period's real length (its last event's time) and whether it has any event. */
export interface PeriodClock {
  length: number[];
  present: boolean[];
}

/** The period clock of the counted events; throws when an event's team is neither side. */
export function periodClockOf(
  events: readonly WyscoutEvent[],
  order: readonly number[],
  periods: Int8Array,
  teamIds: readonly number[],
  where: { file: string; matchId: number },
): PeriodClock {
  const length = [0, 0, 0, 0];
  const present = [false, false, false, false];
  for (const i of order) {
    const e = events[i];
    if (e.teamId !== teamIds[0] && e.teamId !== teamIds[1])
      throw new DatasetError(
        where.file,
        'events.teamId',
        i,
        `team ${e.teamId} is neither side of match ${where.matchId}`,
      );
    const p = periods[i];
    length[p] = Math.max(length[p], e.eventSec);
    present[p] = true;
  }
  return { length, present };
}

/**
 * Clock and nominal seconds between two moments, across period ends. A spell that runs to the
 * end of a period gets its whole nominal window even when the last event came a little before it.
 */
export function secondsBetween(
  periodLength: readonly number[],
  from: Moment,
  to: Moment,
  toEnd: boolean,
): { clock: number; nominal: number } {
  let clock = 0;
  let nominal = 0;
  for (let p = from.period; p <= to.period; p++) {
    const window = PERIOD_NOMINAL_SECONDS[COUNTED_PERIODS[p]];
    const a = p === from.period ? from.sec : 0;
    const last = p === to.period && !toEnd;
    const b = last ? to.sec : periodLength[p];
    clock += Math.max(0, b - a);
    nominal += Math.max(0, (last ? Math.min(b, window) : window) - Math.min(a, window));
  }
  return { clock, nominal };
}

/** The first and the last moment of each of `players` who has a counted event. */
function firstAndLastOf(
  events: readonly WyscoutEvent[],
  order: readonly number[],
  periods: Int8Array,
  players: ReadonlySet<number>,
): { first: Map<number, Moment>; last: Map<number, Moment> } {
  const first = new Map<number, Moment>();
  const last = new Map<number, Moment>();
  for (const i of order) {
    const id = events[i].playerId;
    if (id === 0 || !players.has(id)) continue;
    const at = { period: periods[i], sec: events[i].eventSec };
    if (!first.has(id)) first.set(id, at);
    last.set(id, at);
  }
  return { first, last };
}

/**
 * When a substitution happened: Wyscout gives only the minute of the match clock (46 = a
 * half-time change, 93 = 90+3). The minute picks the period and the offset; the player coming
 * on cannot act before it and the player going off cannot act after it, so their first and last
 * events pull it into place (docs/methodology/wyscout.md#minutes).
 */
function subMomentOf(
  clock: PeriodClock,
  moments: { first: ReadonlyMap<number, Moment>; last: ReadonlyMap<number, Moment> },
  sub: { minute: number; playerIn: number; playerOut: number },
): Moment {
  let period = 0;
  for (let p = 1; p < COUNTED_PERIODS.length; p++)
    if (clock.present[p] && sub.minute > PERIOD_START_MINUTE[COUNTED_PERIODS[p]]) period = p;
  const firstIn = moments.first.get(sub.playerIn);
  const lastOut = moments.last.get(sub.playerOut);
  if (firstIn && firstIn.period < period) period = firstIn.period;
  let sec = (sub.minute - PERIOD_START_MINUTE[COUNTED_PERIODS[period]]) * 60;
  // A change in the first minute of a period by a player who did nothing in it is made at the break.
  if (period > 0 && sec <= 60 && (!lastOut || lastOut.period < period)) sec = 0;
  sec = Math.min(Math.max(sec, 0), clock.length[period]);
  if (lastOut && lastOut.period === period && lastOut.sec > sec) sec = lastOut.sec;
  if (firstIn && firstIn.period === period && firstIn.sec < sec) sec = firstIn.sec;
  if (lastOut && lastOut.period > period) return { period: lastOut.period, sec: lastOut.sec };
  return { period, sec };
}

/** A substitution with its team and the moment it is applied. */
export interface Sub {
  playerIn: number;
  playerOut: number;
  minute: number;
  teamId: number;
  at: Moment;
}

/** The substitutions of both teams in the order they are applied. */
export function subsOf(
  squads: ReturnType<typeof squadsOf>,
  events: readonly WyscoutEvent[],
  order: readonly number[],
  periods: Int8Array,
  clock: PeriodClock,
): Sub[] {
  const changed = new Set<number>();
  for (const s of squads)
    for (const sub of s.subs) {
      changed.add(sub.playerIn);
      changed.add(sub.playerOut);
    }
  const moments = firstAndLastOf(events, order, periods, changed);
  return squads
    .flatMap((s) => s.subs.map((sub) => ({ ...sub, teamId: s.teamId, at: subMomentOf(clock, moments, sub) })))
    .sort((a, b) => a.at.period - b.at.period || a.at.sec - b.at.sec || a.minute - b.minute);
}
