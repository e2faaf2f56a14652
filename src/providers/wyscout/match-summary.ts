/**
 * One Wyscout match folded into a line per player (docs/methodology/wyscout.md): time on the pitch
 * from the lineups, the substitutions (minute refined by the players' own events), sending-off
 * tags and the real period ends (last event of each period), the sums of his open-play event
 * locations for the position rule, and every counting column. Pure: match and events in, summary out.
 */
import { DatasetError } from '../../model/dataset-error.js';
import {
  BLOCK_WINDOW_SECONDS,
  CLEAN_SHEET_MIN_MINUTES,
  COUNTED_PERIODS,
  EVENT,
  PERIOD_NOMINAL_SECONDS,
  PERIOD_START_MINUTE,
  SUB_EVENT,
  TAG,
  periodIndexOf,
} from './mapping.js';
import { countEvent, isShot } from './event-counts.js';
import { matchLinesOf, type MatchLineBase, type MatchLines } from '../match-lines.js';
import type { CountingTotals } from '../counting-totals.js';
import { emptyZoneCounts, type ZoneCounts } from '../../model/location-profile.js';
import { addEventZones } from './location-profile.js';
import type { WyscoutEvent, WyscoutMatch } from './read.js';
import { holdFor, possessionAndPadjOf } from '../event-values.js';
import type { ShotLine } from '../shot-rows.js';
import { countWyscoutValues } from './event-values.js';

/** One player's match. */
export interface PlayerMatchLine extends MatchLineBase {
  /**
   * Nominal seconds on the pitch: time inside each period's nominal window (45:00 per half, 15:00
   * per half of extra time), stoppage time left out, as for StatsBomb. The `minutes` of halfspace.
   */
  seconds: number;
  /** Sum and count of his open-play event start locations (the position rule). */
  sum_x: number;
  sum_y: number;
  located: number;
  /** Where he acted and what he did there (docs/methodology/dna.md#location-features). */
  zones: ZoneCounts;
}

/** What one match contributes. */
export interface MatchSummary {
  /** Lines of players who appeared or were credited with an event, in order of first mention. */
  lines: PlayerMatchLine[];
  /** Goals per team id counted from events (shots with the goal tag + opponents' own goals), shoot-out excluded. */
  eventGoals: Map<number, number>;
  /** Real length of each counted period present (last event's `eventSec`), in seconds, by period name. */
  periodSeconds: Partial<Record<(typeof COUNTED_PERIODS)[number], number>>;
  /** Sum of the real period lengths: the clock length every team's eleven share. */
  matchSeconds: number;
  /** Sum of the nominal windows of the periods played (5,400 s, or 7,200 s after extra time). */
  nominalSeconds: number;
  /** Players with events who are in no lineup and no substitution (credited, no minutes). */
  unlisted: { players: number[]; events: number };
  /** Substitutions that could not be applied (player out not on the pitch), as text. */
  anomalies: string[];
  /** Events read (all periods). */
  events: number;
  /** Each team's possession in %, by team id (docs/methodology/event-values.md#possession); empty when unknown. */
  possession: Map<number, number>;
  /** Every shot of the match with its model xG, in match order. */
  shots: ShotLine[];
}

/** A moment of the match: counted-period index and seconds into that period. */
interface Moment {
  period: number;
  sec: number;
}

/** Events whose location says where a player plays: duels, fouls, touches, passes and shots in open play. */
const LOCATING_EVENTS = new Set<number | null>([EVENT.duel, EVENT.foul, EVENT.othersOnTheBall, EVENT.pass, EVENT.shot]);
/** On-ball events in open play that show which team has the ball (for ball recoveries). */
const ON_BALL_EVENTS = new Set<number | null>([EVENT.othersOnTheBall, EVENT.pass, EVENT.shot]);
/** Stoppages after which possession restarts from a set piece, not a recovery. */
const STOPPAGES = new Set<number | null>([EVENT.foul, EVENT.interruption, EVENT.offside]);

/** Lineup and substitutions of a match, `"null"` substitutions read as none. */
function squadsOf(match: WyscoutMatch) {
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
function matchOrderOf(events: readonly WyscoutEvent[]): { order: number[]; periods: Int8Array } {
  const periods = new Int8Array(events.length);
  const order: number[] = [];
  let inOrder = true;
  let lastPeriod = -1;
  let lastSec = 0;
  for (let i = 0; i < events.length; i++) {
    const p = periodIndexOf(events[i].matchPeriod);
    periods[i] = p;
    if (p < 0) continue;
    const sec = events[i].eventSec;
    if (p < lastPeriod || (p === lastPeriod && sec < lastSec)) inOrder = false;
    lastPeriod = p;
    lastSec = sec;
    order.push(i);
  }
  // Real files are nearly always in match order already: the (stable) sort would not move a thing.
  if (!inOrder) order.sort((a, b) => periods[a] - periods[b] || events[a].eventSec - events[b].eventSec || a - b);
  return { order, periods };
}

/** Each counted period's real length (its last event's time) and whether it has any event. */
interface PeriodClock {
  length: number[];
  present: boolean[];
}

/** The period clock of the counted events; throws when an event's team is neither side. */
function periodClockOf(
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
function secondsBetween(
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
  // Event indices while walking (no object per event), made moments once at the end.
  const firstAt = new Map<number, number>();
  const lastAt = new Map<number, number>();
  if (players.size > 0)
    for (const i of order) {
      const id = events[i].playerId;
      if (id === 0 || !players.has(id)) continue;
      if (!firstAt.has(id)) firstAt.set(id, i);
      lastAt.set(id, i);
    }
  const momentOf = (i: number): Moment => ({ period: periods[i], sec: events[i].eventSec });
  return {
    first: new Map([...firstAt].map(([id, i]) => [id, momentOf(i)])),
    last: new Map([...lastAt].map(([id, i]) => [id, momentOf(i)])),
  };
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
interface Sub {
  playerIn: number;
  playerOut: number;
  minute: number;
  teamId: number;
  at: Moment;
}

/** The substitutions of both teams in the order they are applied. */
function subsOf(
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

/** One match's events being folded: what the per-event steps share. */
interface SummaryFold {
  matchId: number;
  /** The match's events in file order (the value pass looks back through them). */
  events: readonly WyscoutEvent[];
  teamIds: readonly number[];
  isGoalkeeper: (playerId: number) => boolean;
  periodLength: readonly number[];
  matchLines: MatchLines<PlayerMatchLine>;
  totalsOf: (playerId: number, teamId: number) => CountingTotals;
  onPitch: Map<number, Moment>;
  listed: Set<number>;
  subs: Sub[];
  nextSub: number;
  anomalies: string[];
  eventGoals: Map<number, number>;
  unlistedPlayers: Set<number>;
  unlistedEvents: number;
  /** The team on the ball, or null after a stoppage or at a period's start. */
  possession: number | null;
  /** Seconds each team held the ball: from its on-ball event to the next event (possession share). */
  heldSeconds: Map<number, number>;
  shots: ShotLine[];
  lastSec: number;
  openBlock: { team: number; period: number; sec: number } | null;
  period: number;
}

/** Starts a spell on the pitch. */
function openSpell(f: SummaryFold, playerId: number, teamId: number, at: Moment): void {
  f.matchLines.lineOf(playerId, teamId).appeared = true;
  f.onPitch.set(playerId, at);
}

/** Ends a spell on the pitch, adding its time to the player's line. */
function closeSpell(f: SummaryFold, playerId: number, at: Moment, toEnd = false): void {
  const from = f.onPitch.get(playerId);
  const line = f.matchLines.lines.get(playerId);
  if (!from || !line) return;
  f.onPitch.delete(playerId);
  const time = secondsBetween(f.periodLength, from, at, toEnd);
  line.seconds += time.nominal;
  line.clock_seconds += time.clock;
}

/** Applies every substitution due at or before (`period`, `sec`). */
function applySubsUntil(f: SummaryFold, period: number, sec: number): void {
  while (f.nextSub < f.subs.length) {
    const s = f.subs[f.nextSub];
    if (period < s.at.period || (period === s.at.period && sec < s.at.sec)) return;
    f.nextSub++;
    if (!f.onPitch.has(s.playerOut)) {
      f.anomalies.push(
        `match ${f.matchId}: substitution at minute ${s.minute} takes off player ${s.playerOut}, who is not on the pitch; player ${s.playerIn} is not brought on`,
      );
      continue;
    }
    closeSpell(f, s.playerOut, s.at);
    // Player 0 is nobody: the screen keeps a substitution whose incoming player it could not resolve.
    if (s.playerIn !== 0) openSpell(f, s.playerIn, s.teamId, s.at);
  }
}

/** Goals and own goals move the score whoever the player is. */
function scoreEvent(f: SummaryFold, e: WyscoutEvent): void {
  const goal = isShot(e) && e.tags.includes(TAG.goal);
  const ownGoal = !goal && e.eventId !== EVENT.saveAttempt && e.tags.includes(TAG.ownGoal);
  if (!goal && !ownGoal) return;
  const scoring = goal ? e.teamId : opponentOf(f, e.teamId);
  f.eventGoals.set(scoring, (f.eventGoals.get(scoring) ?? 0) + 1);
  f.matchLines.concede(f.onPitch.keys(), opponentOf(f, scoring));
}

const opponentOf = (f: SummaryFold, teamId: number): number => (teamId === f.teamIds[0] ? f.teamIds[1] : f.teamIds[0]);

/** What the event at `events[i]` (period `p`) adds to its player's line. */
function creditEvent(f: SummaryFold, line: PlayerMatchLine, i: number, p: number): void {
  const e = f.events[i];
  if (!f.listed.has(e.playerId)) {
    f.unlistedPlayers.add(e.playerId);
    f.unlistedEvents++;
  }
  if (e.x !== null && e.y !== null && LOCATING_EVENTS.has(e.eventId)) {
    line.sum_x += e.x;
    line.sum_y += e.y;
    line.located++;
  }
  addEventZones(line.zones, e);
  if (f.openBlock && f.openBlock.team !== e.teamId) {
    if (f.openBlock.period === p && e.eventSec - f.openBlock.sec <= BLOCK_WINDOW_SECONDS)
      line.totals.shots_blocked += 1;
    f.openBlock = null;
  }
  if (f.possession !== null && f.possession !== e.teamId && ON_BALL_EVENTS.has(e.eventId))
    line.totals.ball_recoveries += 1;
  // Whether he is a goalkeeper matters only for a clearance (a punch in his own box).
  countEvent(e, line.totals, e.subEventId === SUB_EVENT.clearance && f.isGoalkeeper(e.playerId));
  countWyscoutValues(f.events, i, line.totals, f.totalsOf, f.shots);
  if (isShot(e) && e.tags.includes(TAG.blocked)) f.openBlock = { team: e.teamId, period: p, sec: e.eventSec };
}

/** Folds the event at `events[i]` (counted period `p`) into the match. */
function foldEvent(f: SummaryFold, i: number, p: number): void {
  const e = f.events[i];
  if (p !== f.period) {
    f.period = p;
    f.possession = null;
    f.openBlock = null;
  }
  if (f.possession !== null) holdFor(f.heldSeconds, f.possession, e.eventSec - f.lastSec);
  f.lastSec = e.eventSec;
  applySubsUntil(f, p, e.eventSec);
  scoreEvent(f, e);
  const line = e.playerId === 0 ? null : f.matchLines.lineOf(e.playerId, e.teamId);
  if (line) creditEvent(f, line, i, p);
  if (ON_BALL_EVENTS.has(e.eventId) || e.eventId === EVENT.freeKick) f.possession = e.teamId;
  else if (STOPPAGES.has(e.eventId)) f.possession = null;
  const sentOff = e.tags.includes(TAG.redCard) || e.tags.includes(TAG.secondYellow);
  if (line && sentOff && f.onPitch.has(e.playerId)) {
    closeSpell(f, e.playerId, { period: p, sec: e.eventSec });
    line.sent_off = true;
  }
}

/** The fold's starting state: the lineups on the pitch from kick-off. */
function startFold(
  match: WyscoutMatch,
  events: readonly WyscoutEvent[],
  squads: ReturnType<typeof squadsOf>,
  clock: PeriodClock,
  subs: Sub[],
  isGoalkeeper: (playerId: number) => boolean,
): SummaryFold {
  const matchLines = matchLinesOf<PlayerMatchLine>(() => ({
    seconds: 0,
    sum_x: 0,
    sum_y: 0,
    located: 0,
    zones: emptyZoneCounts(),
  }));
  const teamIds = squads.map((s) => s.teamId);
  const f: SummaryFold = {
    matchId: match.wyId,
    events,
    teamIds,
    isGoalkeeper,
    periodLength: clock.length,
    matchLines,
    totalsOf: (id, team) => matchLines.lineOf(id, team).totals,
    onPitch: new Map(),
    listed: new Set(),
    subs,
    nextSub: 0,
    anomalies: [],
    eventGoals: new Map(teamIds.map((t) => [t, 0])),
    unlistedPlayers: new Set(),
    unlistedEvents: 0,
    possession: null,
    heldSeconds: new Map(),
    shots: [],
    lastSec: 0,
    openBlock: null,
    period: -1,
  };
  const kickoff = { period: 0, sec: 0 };
  for (const s of squads) {
    for (const id of s.lineup) {
      openSpell(f, id, s.teamId, kickoff);
      matchLines.lineOf(id, s.teamId).started = true;
      f.listed.add(id);
    }
  }
  for (const s of subs) f.listed.add(s.playerIn);
  return f;
}

/**
 * Folds the events of one match into a {@link MatchSummary}. `isGoalkeeper` tells whose
 * clearances in his own box are punches. Shoot-out (`P`) events count for nothing.
 * Throws {@link DatasetError} (file `file`) when an event's team is neither side of the match.
 * One pass over the events in match order; per event, no object is made but a shot's line.
 * @example matchSummaryOf(match, events, () => false).lines.filter((l) => l.started).length // => 22
 */
export function matchSummaryOf(
  match: WyscoutMatch,
  rawEvents: readonly WyscoutEvent[],
  isGoalkeeper: (playerId: number) => boolean,
  file = 'events',
): MatchSummary {
  const squads = squadsOf(match);
  const teamIds = squads.map((s) => s.teamId);
  const { order, periods } = matchOrderOf(rawEvents);
  const clock = periodClockOf(rawEvents, order, periods, teamIds, { file, matchId: match.wyId });
  const subs = subsOf(squads, rawEvents, order, periods, clock);
  const f = startFold(match, rawEvents, squads, clock, subs, isGoalkeeper);
  for (const i of order) foldEvent(f, i, periods[i]);
  const lastPeriod = Math.max(0, clock.present.lastIndexOf(true));
  const end = { period: lastPeriod, sec: clock.length[lastPeriod] };
  applySubsUntil(f, end.period, end.sec);
  for (const playerId of [...f.onPitch.keys()]) closeSpell(f, playerId, end, true);
  return summaryOf(f, clock, rawEvents.length);
}

/** The summary of a folded match. */
function summaryOf(f: SummaryFold, clock: PeriodClock, events: number): MatchSummary {
  f.matchLines.awardCleanSheets((line) => line.seconds, CLEAN_SHEET_MIN_MINUTES);
  const periodSeconds: MatchSummary['periodSeconds'] = {};
  COUNTED_PERIODS.forEach((name, p) => {
    if (clock.present[p]) periodSeconds[name] = clock.length[p];
  });
  const lines = [...f.matchLines.lines.values()];
  return {
    lines,
    possession: possessionAndPadjOf(lines, f.heldSeconds, f.teamIds),
    shots: f.shots,
    eventGoals: f.eventGoals,
    periodSeconds,
    matchSeconds: clock.length.reduce((a, b) => a + b, 0),
    nominalSeconds: COUNTED_PERIODS.reduce(
      (sum, name, p) => sum + (clock.present[p] ? PERIOD_NOMINAL_SECONDS[name] : 0),
      0,
    ),
    unlisted: { players: [...f.unlistedPlayers].sort((a, b) => a - b), events: f.unlistedEvents },
    anomalies: f.anomalies,
    events,
  };
}
