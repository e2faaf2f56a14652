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
  TAG,
  periodIndexOf,
} from './mapping.js';
import { countEvent, isShot } from './event-counts.js';
import { matchLinesOf, type MatchLineBase } from '../match-lines.js';
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
const before = (a: Moment, b: Moment): boolean => a.period < b.period || (a.period === b.period && a.sec < b.sec);

/** Events whose location says where a player plays: duels, fouls, touches, passes and shots in open play. */
const LOCATING_EVENTS: ReadonlySet<number> = new Set([
  EVENT.duel,
  EVENT.foul,
  EVENT.othersOnTheBall,
  EVENT.pass,
  EVENT.shot,
]);
/** On-ball events in open play that show which team has the ball (for ball recoveries). */
const ON_BALL_EVENTS: ReadonlySet<number> = new Set([EVENT.othersOnTheBall, EVENT.pass, EVENT.shot]);
/** Stoppages after which possession restarts from a set piece, not a recovery. */
const STOPPAGES: ReadonlySet<number> = new Set([EVENT.foul, EVENT.interruption, EVENT.offside]);

/** Lineup and substitutions of a match, `"null"` substitutions read as none. */
function squadsOf(match: WyscoutMatch) {
  return Object.values(match.teamsData).map((t) => ({
    teamId: t.teamId,
    lineup: (t.formation?.lineup ?? []).map((p) => p.playerId),
    subs: Array.isArray(t.formation?.substitutions) ? t.formation.substitutions : [],
  }));
}

/**
 * Folds the events of one match into a {@link MatchSummary}. `isGoalkeeper` tells whose
 * clearances in his own box are punches. Shoot-out (`P`) events count for nothing.
 * Throws {@link DatasetError} (file `file`) when an event's team is neither side of the match.
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
  const opponentOf = (teamId: number): number => (teamId === teamIds[0] ? teamIds[1] : teamIds[0]);

  // Counted events in match order (stable on equal times, so the file order breaks ties).
  const events = rawEvents
    .map((e, i) => ({ e, i, period: periodIndexOf(e.matchPeriod) }))
    .filter((x) => x.period >= 0)
    .sort((a, b) => a.period - b.period || a.e.eventSec - b.e.eventSec || a.i - b.i);
  for (const { e, i } of events) {
    if (e.teamId !== teamIds[0] && e.teamId !== teamIds[1])
      throw new DatasetError(file, 'events.teamId', i, `team ${e.teamId} is neither side of match ${match.wyId}`);
  }

  const periodLength = [0, 0, 0, 0];
  const firstEvent = new Map<number, Moment>();
  const lastEvent = new Map<number, Moment>();
  for (const { e, period } of events) {
    periodLength[period] = Math.max(periodLength[period], e.eventSec);
    if (e.playerId === 0) continue;
    const at = { period, sec: e.eventSec };
    if (!firstEvent.has(e.playerId)) firstEvent.set(e.playerId, at);
    lastEvent.set(e.playerId, at);
  }
  const present = periodLength.map((len, p) => len > 0 || events.some((x) => x.period === p));
  const lastPeriod = Math.max(0, present.lastIndexOf(true));

  /**
   * Clock and nominal seconds between two moments, across period ends. A spell that runs to the
   * end of a period gets its whole nominal window even when the last event came a little before it.
   */
  const secondsBetween = (from: Moment, to: Moment, toEnd: boolean): { clock: number; nominal: number } => {
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
  };

  /**
   * When a substitution happened: Wyscout gives only the minute of the match clock (46 = a
   * half-time change, 93 = 90+3). The minute picks the period and the offset; the player coming
   * on cannot act before it and the player going off cannot act after it, so their first and last
   * events pull it into place (docs/methodology/wyscout.md#minutes).
   */
  const subMoment = (minute: number, playerIn: number, playerOut: number): Moment => {
    let period = 0;
    for (let p = 1; p < COUNTED_PERIODS.length; p++)
      if (present[p] && minute > PERIOD_START_MINUTE[COUNTED_PERIODS[p]]) period = p;
    const firstIn = firstEvent.get(playerIn);
    const lastOut = lastEvent.get(playerOut);
    if (firstIn && firstIn.period < period) period = firstIn.period;
    let sec = (minute - PERIOD_START_MINUTE[COUNTED_PERIODS[period]]) * 60;
    // A change in the first minute of a period by a player who did nothing in it is made at the break.
    if (period > 0 && sec <= 60 && (!lastOut || lastOut.period < period)) sec = 0;
    sec = Math.min(Math.max(sec, 0), periodLength[period]);
    if (lastOut && lastOut.period === period && lastOut.sec > sec) sec = lastOut.sec;
    if (firstIn && firstIn.period === period && firstIn.sec < sec) sec = firstIn.sec;
    if (lastOut && lastOut.period > period) return { period: lastOut.period, sec: lastOut.sec };
    return { period, sec };
  };

  const matchLines = matchLinesOf<PlayerMatchLine>(() => ({
    seconds: 0,
    sum_x: 0,
    sum_y: 0,
    located: 0,
    zones: emptyZoneCounts(),
  }));
  const { lines, lineOf } = matchLines;
  const onPitch = new Map<number, Moment>();
  const open = (playerId: number, teamId: number, at: Moment): void => {
    lineOf(playerId, teamId).appeared = true;
    onPitch.set(playerId, at);
  };
  const close = (playerId: number, at: Moment, toEnd = false): void => {
    const from = onPitch.get(playerId);
    if (!from) return;
    onPitch.delete(playerId);
    const line = lines.get(playerId)!;
    const time = secondsBetween(from, at, toEnd);
    line.seconds += time.nominal;
    line.clock_seconds += time.clock;
  };

  const kickoff = { period: 0, sec: 0 };
  const listed = new Set<number>();
  for (const s of squads) {
    for (const id of s.lineup) {
      open(id, s.teamId, kickoff);
      lineOf(id, s.teamId).started = true;
      listed.add(id);
    }
  }
  const subs = squads
    .flatMap((s) =>
      s.subs.map((sub) => ({ ...sub, teamId: s.teamId, at: subMoment(sub.minute, sub.playerIn, sub.playerOut) })),
    )
    .sort((a, b) => a.at.period - b.at.period || a.at.sec - b.at.sec || a.minute - b.minute);
  for (const s of subs) listed.add(s.playerIn);
  const anomalies: string[] = [];
  let nextSub = 0;
  const applySubsUntil = (at: Moment): void => {
    while (nextSub < subs.length && !before(at, subs[nextSub].at)) {
      const s = subs[nextSub++];
      if (!onPitch.has(s.playerOut)) {
        anomalies.push(
          `match ${match.wyId}: substitution at minute ${s.minute} takes off player ${s.playerOut}, who is not on the pitch; player ${s.playerIn} is not brought on`,
        );
        continue;
      }
      close(s.playerOut, s.at);
      open(s.playerIn, s.teamId, s.at);
    }
  };

  const eventGoals = new Map<number, number>(teamIds.map((t) => [t, 0]));
  const concede = (teamId: number): void => matchLines.concede(onPitch.keys(), teamId);
  const unlistedPlayers = new Set<number>();
  let unlistedEvents = 0;
  let possession: number | null = null;
  // Seconds each team held the ball: from its on-ball event to the next event (possession share).
  const heldSeconds = new Map<number, number>();
  const shots: ShotLine[] = [];
  let lastSec = 0;
  let openBlock: { team: number; period: number; sec: number } | null = null;
  let period = -1;

  for (const { e, i, period: p } of events) {
    if (p !== period) {
      period = p;
      possession = null;
      openBlock = null;
    }
    if (possession !== null) holdFor(heldSeconds, possession, e.eventSec - lastSec);
    lastSec = e.eventSec;
    const at = { period: p, sec: e.eventSec };
    applySubsUntil(at);
    const tags = e.tags;
    const has = (tag: number): boolean => tags.includes(tag);

    // Goals and own goals move the score whoever the player is.
    const goal = isShot(e) && has(TAG.goal);
    const ownGoal = e.eventId !== EVENT.saveAttempt && has(TAG.ownGoal);
    if (goal) {
      eventGoals.set(e.teamId, eventGoals.get(e.teamId)! + 1);
      concede(opponentOf(e.teamId));
    } else if (ownGoal) {
      const benefiting = opponentOf(e.teamId);
      eventGoals.set(benefiting, eventGoals.get(benefiting)! + 1);
      concede(e.teamId);
    }

    if (e.playerId !== 0) {
      const line = lineOf(e.playerId, e.teamId);
      if (!listed.has(e.playerId)) {
        unlistedPlayers.add(e.playerId);
        unlistedEvents++;
      }
      if (LOCATING_EVENTS.has(e.eventId) && e.x !== null && e.y !== null) {
        line.sum_x += e.x;
        line.sum_y += e.y;
        line.located++;
      }
      addEventZones(line.zones, e);
      if (openBlock && openBlock.team !== e.teamId) {
        if (openBlock.period === p && e.eventSec - openBlock.sec <= BLOCK_WINDOW_SECONDS)
          line.totals.shots_blocked += 1;
        openBlock = null;
      }
      if (possession !== null && possession !== e.teamId && ON_BALL_EVENTS.has(e.eventId))
        line.totals.ball_recoveries += 1;
      countEvent(e, line.totals, isGoalkeeper(e.playerId));
      countWyscoutValues(rawEvents, i, line.totals, (id, team) => lineOf(id, team).totals, shots);
      if (isShot(e) && has(TAG.blocked)) openBlock = { team: e.teamId, period: p, sec: e.eventSec };
    }
    if (ON_BALL_EVENTS.has(e.eventId) || e.eventId === EVENT.freeKick) possession = e.teamId;
    else if (STOPPAGES.has(e.eventId)) possession = null;

    if (e.playerId !== 0 && (has(TAG.redCard) || has(TAG.secondYellow)) && onPitch.has(e.playerId)) {
      close(e.playerId, at);
      lines.get(e.playerId)!.sent_off = true;
    }
  }
  const end = { period: lastPeriod, sec: periodLength[lastPeriod] };
  applySubsUntil(end);
  for (const playerId of [...onPitch.keys()]) close(playerId, end, true);

  matchLines.awardCleanSheets((line) => line.seconds, CLEAN_SHEET_MIN_MINUTES);
  const periodSeconds: MatchSummary['periodSeconds'] = {};
  COUNTED_PERIODS.forEach((name, p) => {
    if (present[p]) periodSeconds[name] = periodLength[p];
  });
  const matchLineList = [...lines.values()];
  return {
    lines: matchLineList,
    possession: possessionAndPadjOf(matchLineList, heldSeconds, teamIds),
    shots,
    eventGoals,
    periodSeconds,
    matchSeconds: periodLength.reduce((a, b) => a + b, 0),
    nominalSeconds: COUNTED_PERIODS.reduce((sum, name, p) => sum + (present[p] ? PERIOD_NOMINAL_SECONDS[name] : 0), 0),
    unlisted: { players: [...unlistedPlayers].sort((a, b) => a - b), events: unlistedEvents },
    anomalies,
    events: rawEvents.length,
  };
}
