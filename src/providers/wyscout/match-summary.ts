/**
 * One Wyscout match folded into a line per player (docs/methodology/wyscout.md): time on the pitch
 * from the lineups, the substitutions (minute refined by the players' own events), sending-off
 * tags and the real period ends (last event of each period), the sums of his open-play event
 * locations for the position rule, and every counting column. Pure: match and events in, summary out.
 */
import { DatasetError } from '../../model/dataset-error.js';
import { BLOCK_WINDOW_SECONDS, COUNTED_PERIODS, EVENT, PERIOD_NOMINAL_SECONDS, SUB_EVENT, TAG } from './mapping.js';
import { countEvent } from './event-counts.js';
import { isWyscoutShot } from './shot-features.js';
import { matchLinesOf, type MatchLineBase } from '../match-lines.js';
import type { CountingTotals } from '../counting-totals.js';
import { emptyZoneCounts, type ZoneCounts } from '../../model/location-profile.js';
import { addEventZones, isKickOff } from './location-profile.js';
import type { WyscoutEvent, WyscoutMatch } from './read.js';
import {
  type Moment,
  matchOrderOf,
  type PeriodClock,
  periodClockOf,
  type Sub,
  secondsBetween,
  squadsOf,
  subsOf,
} from './match-clock.js';
import { holdFor, possessionAndPadjOf, CLEAN_SHEET_MIN_MINUTES } from '../event-values.js';
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

/** Events whose location says where a player plays: duels, fouls, touches, passes and shots in open play. */
const LOCATING_EVENTS = new Set<number | null>([EVENT.duel, EVENT.foul, EVENT.othersOnTheBall, EVENT.pass, EVENT.shot]);
/** On-ball events in open play that show which team has the ball (for ball recoveries). */
const ON_BALL_EVENTS = new Set<number | null>([EVENT.othersOnTheBall, EVENT.pass, EVENT.shot]);
/** Stoppages after which possession restarts from a set piece, not a recovery. */
const STOPPAGES = new Set<number | null>([EVENT.foul, EVENT.interruption, EVENT.offside]);

/** One match's events being folded: what the per-event steps share. */
class SummaryFold {
  readonly matchLines = matchLinesOf<PlayerMatchLine>(() => ({
    seconds: 0,
    sum_x: 0,
    sum_y: 0,
    located: 0,
    zones: emptyZoneCounts(),
  }));
  readonly totalsOf = (id: number, team: number): CountingTotals => this.matchLines.lineOf(id, team).totals;
  readonly onPitch = new Map<number, Moment>();
  readonly listed = new Set<number>();
  nextSub = 0;
  readonly anomalies: string[] = [];
  readonly eventGoals: Map<number, number>;
  readonly unlistedPlayers = new Set<number>();
  unlistedEvents = 0;
  /** The team on the ball, or null after a stoppage or at a period's start. */
  possession: number | null = null;
  /** Seconds each team held the ball: from its on-ball event to the next event (possession share). */
  readonly heldSeconds = new Map<number, number>();
  readonly shots: ShotLine[] = [];
  lastSec = 0;
  openBlock: { team: number; period: number; sec: number } | null = null;
  period = -1;
  /** A kick-off is due: the period has started or a goal was scored, and no pass has been played since. */
  kickOffDue = true;

  constructor(
    readonly matchId: number,
    /** The match's events in file order (the value pass looks back through them). */
    readonly events: readonly WyscoutEvent[],
    readonly teamIds: readonly number[],
    readonly isGoalkeeper: (playerId: number) => boolean,
    readonly periodLength: readonly number[],
    readonly subs: readonly Sub[],
  ) {
    this.eventGoals = new Map(teamIds.map((t) => [t, 0]));
  }
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
  const goal = isWyscoutShot(e) && e.tags.includes(TAG.goal);
  const ownGoal = !goal && e.eventId !== EVENT.saveAttempt && e.tags.includes(TAG.ownGoal);
  if (!goal && !ownGoal) return;
  const scoring = goal ? e.teamId : opponentOf(f, e.teamId);
  f.eventGoals.set(scoring, (f.eventGoals.get(scoring) ?? 0) + 1);
  f.matchLines.concede(f.onPitch.keys(), opponentOf(f, scoring));
  f.kickOffDue = true;
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
  addEventZones(line.zones, e, isKickOff(e, f.kickOffDue));
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
  if (isWyscoutShot(e) && e.tags.includes(TAG.blocked)) f.openBlock = { team: e.teamId, period: p, sec: e.eventSec };
}

/** Folds the event at `events[i]` (counted period `p`) into the match. */
function foldEvent(f: SummaryFold, i: number, p: number): void {
  const e = f.events[i];
  if (p !== f.period) {
    f.period = p;
    f.possession = null;
    f.openBlock = null;
    f.kickOffDue = true;
  }
  if (f.possession !== null) holdFor(f.heldSeconds, f.possession, e.eventSec - f.lastSec);
  f.lastSec = e.eventSec;
  applySubsUntil(f, p, e.eventSec);
  scoreEvent(f, e);
  const line = e.playerId === 0 ? null : f.matchLines.lineOf(e.playerId, e.teamId);
  if (line) creditEvent(f, line, i, p);
  if (e.eventId === EVENT.pass) f.kickOffDue = false;
  if (ON_BALL_EVENTS.has(e.eventId) || e.eventId === EVENT.freeKick) f.possession = e.teamId;
  else if (STOPPAGES.has(e.eventId)) f.possession = null;
  const sentOff = e.tags.includes(TAG.redCard) || e.tags.includes(TAG.secondYellow);
  if (line && sentOff && f.onPitch.has(e.playerId)) {
    closeSpell(f, e.playerId, { period: p, sec: e.eventSec });
    line.sent_off = true;
  }
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
  const f = new SummaryFold(match.wyId, rawEvents, teamIds, isGoalkeeper, clock.length, subs);
  // The lineups are on the pitch from kick-off.
  for (const s of squads)
    for (const id of s.lineup) {
      openSpell(f, id, s.teamId, { period: 0, sec: 0 });
      f.matchLines.lineOf(id, s.teamId).started = true;
      f.listed.add(id);
    }
  for (const s of subs) f.listed.add(s.playerIn);
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
