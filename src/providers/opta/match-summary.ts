/**
 * One Opta-family match folded into a line per player (docs/providers.md#opta-family): time on the
 * pitch from the lineups, substitutions (types 18/19), sending-offs (type 17 with qualifier 32 or
 * 33) and period ends (type 30), split into nominal and clock seconds; every counting column and
 * event value attributed to the event's player. Pure: match in, summary out.
 */
import { COUNTING_COLUMNS, type PositionCode } from '../../model/schema.js';
import type { CountingTotals } from '../counting-totals.js';
import { matchLinesOf, type MatchLineBase, type MatchLines } from '../match-lines.js';
import type { ShotLine, ShotOutcome } from '../shot-rows.js';
import {
  BIG_CHANCE_MIN_XG,
  countProgressivePass,
  holdFor,
  possessionAndPadjOf,
  CLEAN_SHEET_MIN_MINUTES,
} from '../event-values.js';
import { emptyZoneCounts, type ZoneCounts } from '../../model/location-profile.js';
import { xgOf } from '../../event-models/xg.js';
import { xtAddedOf } from '../../event-models/xt.js';
import type { OptaEvent, OptaMatch } from './match.js';
import {
  LONG_BALL_MIN_LENGTH_M,
  OPTA_PERIOD_WINDOW_SECONDS,
  Q,
  SHOT_TYPES,
  TYPE,
  positionCodeOfOpta,
} from './mapping.js';
import { optaBodyPartOf, optaShotFeaturesOf } from './shot-features.js';
import { addOptaEventZones } from './location-profile.js';
import { shotCreatorsOf, type ChainAction } from '../shot-creating.js';

/** One player's match. */
export interface OptaMatchLine extends MatchLineBase {
  /** Seconds inside the nominal period windows (stoppage time excluded). */
  nominal_seconds: number;
  position: PositionCode;
  zones: ZoneCounts;
}

/** What one match contributes. */
export interface OptaMatchSummary {
  lines: OptaMatchLine[];
  /** Goals per team id from the goal events (own goals to the other side; shoot-out not counted). */
  goals: Map<number, number>;
  possession: Map<number, number>;
  shots: ShotLine[];
  /** Shots whose feed gives no body part (recorded as `other`). */
  shotsWithoutBodyPart: number;
  /** Nominal seconds of the periods played, the team's time on the pitch. */
  matchNominalSeconds: number;
}

interface Spell {
  period: number;
  clock: number;
}

interface Fold {
  match: OptaMatch;
  lines: MatchLines<OptaMatchLine>;
  onPitch: Map<number, Spell>;
  periodEnd: Map<number, number>;
  goals: Map<number, number>;
  lastPeriod: number;
  shots: ShotLine[];
  noBodyPart: number;
  heldSeconds: Map<number, number>;
  held: { team: number; period: number; clock: number } | null;
  /** `team:eventId` of each pass → its line, for xA. */
  passLines: Map<string, OptaMatchLine>;
}

/** Event types that show the acting team has the ball (possession share). */
const ON_BALL: ReadonlySet<number> = new Set([
  TYPE.pass,
  TYPE.takeOn,
  TYPE.ballTouch,
  TYPE.ballRecovery,
  TYPE.keeperPickUp,
  TYPE.claim,
  ...SHOT_TYPES,
]);

function open(f: Fold, playerId: number, teamId: number, at: Spell, position: PositionCode, started: boolean): void {
  const line = f.lines.lineOf(playerId, teamId);
  line.appeared = true;
  line.started ||= started;
  line.position = position;
  f.onPitch.set(playerId, at);
}

function close(f: Fold, playerId: number, period: number, clock: number): void {
  const spell = f.onPitch.get(playerId);
  if (!spell) return;
  f.onPitch.delete(playerId);
  const line = f.lines.lines.get(playerId)!;
  for (let p = spell.period; p <= period; p++) {
    const w = OPTA_PERIOD_WINDOW_SECONDS[p];
    if (!w) continue;
    const from = p === spell.period ? spell.clock : w.start;
    const to = p === period ? clock : (f.periodEnd.get(p) ?? w.end);
    line.clock_seconds += Math.max(0, to - from);
    line.nominal_seconds += Math.max(0, Math.min(to, w.end) - Math.max(from, w.start));
  }
}

const opponentOf = (f: Fold, team: number): number =>
  team === f.match.home.teamId ? f.match.away.teamId : f.match.home.teamId;

function goalFor(f: Fold, team: number): void {
  f.goals.set(team, (f.goals.get(team) ?? 0) + 1);
  f.lines.concede(f.onPitch.keys(), opponentOf(f, team));
}

/** Substitutions, sending-offs, period ends and own goals; false for other events. */
function foldPitchEvent(f: Fold, e: OptaEvent): boolean {
  switch (e.typeId) {
    case TYPE.playerOff:
      if (e.playerId !== null) close(f, e.playerId, e.period, e.clock);
      return true;
    case TYPE.playerOn: {
      if (e.playerId === null) return true;
      const lineup = f.match.lineups.find((p) => p.playerId === e.playerId);
      const role = e.qualifiers.get(Q.playerPositions);
      const position = (role && positionCodeOfOpta(role, null, null)) || lineup?.position || 'CM';
      open(f, e.playerId, e.teamId, { period: e.period, clock: e.clock }, position, false);
      return true;
    }
    case TYPE.periodEnd:
      f.periodEnd.set(e.period, Math.max(f.periodEnd.get(e.period) ?? 0, e.clock));
      return true;
    case TYPE.card:
      if (
        e.playerId !== null &&
        (e.qualifiers.has(Q.secondYellow) || e.qualifiers.has(Q.redCard)) &&
        f.onPitch.has(e.playerId)
      ) {
        close(f, e.playerId, e.period, e.clock);
        f.lines.lines.get(e.playerId)!.sent_off = true;
      }
      return true;
    case TYPE.goal:
      if (!e.qualifiers.has(Q.ownGoal)) return false;
      goalFor(f, opponentOf(f, e.teamId));
      return true;
  }
  return false;
}

const OUTCOME_OF: Readonly<Record<number, ShotOutcome>> = {
  [TYPE.goal]: 'goal',
  [TYPE.miss]: 'off_target',
  [TYPE.post]: 'off_target',
};

/** The shot line of `events[index]`, with the model's xG. */
function shotLineOf(events: readonly OptaEvent[], index: number): ShotLine {
  const e = events[index]!;
  const features = optaShotFeaturesOf(events, index);
  const blocked = e.typeId === TYPE.attemptSaved && e.qualifiers.has(Q.blocked);
  return {
    player_id: e.playerId ?? 0,
    team_id: e.teamId,
    minute: Math.floor(e.clock / 60),
    x: features.x,
    y: features.y,
    body_part: features.bodyPart,
    situation: features.situation,
    xg: xgOf(features),
    xg_source: 'model',
    outcome: OUTCOME_OF[e.typeId] ?? (blocked ? 'blocked' : 'on_target'),
  };
}

/** Pass length in metres on the standard pitch. */
const passLengthM = (e: OptaEvent): number =>
  e.at && e.end ? Math.hypot((e.end.x - e.at.x) * 105, (e.end.y - e.at.y) * 68) : 0;

function countPass(e: OptaEvent, t: CountingTotals): void {
  const q = e.qualifiers;
  const done = e.outcome === 1;
  if (!q.has(Q.throwIn)) {
    t.passes += 1;
    if (done) t.passes_completed += 1;
    if (q.has(Q.longBall) || passLengthM(e) >= LONG_BALL_MIN_LENGTH_M) t.long_balls += 1;
  }
  if (q.has(Q.cross)) {
    t.crosses += 1;
    if (done) t.crosses_completed += 1;
  }
  if (e.assist) t.assists += 1;
  if (e.assist || e.keyPass) t.key_passes += 1;
  if (!done || !e.at || !e.end) return;
  if (!q.has(Q.throwIn) && !q.has(Q.kickOff)) t.xt += xtAddedOf(e.at.x, e.at.y, e.end.x, e.end.y);
  const setPiece = [Q.throwIn, Q.kickOff, Q.cornerTaken, Q.freeKickTaken, Q.goalKick].some((k) => q.has(k));
  if (!setPiece) countProgressivePass(t, e.at.x, e.at.y, e.end.x, e.end.y);
}

function countShot(f: Fold, events: readonly OptaEvent[], index: number, t: CountingTotals): void {
  const e = events[index]!;
  const shot = shotLineOf(events, index);
  f.shots.push(shot);
  if (optaBodyPartOf(e.qualifiers) === null) f.noBodyPart += 1;
  t.shots += 1;
  if (shot.outcome === 'goal') t.goals += 1;
  if (shot.outcome === 'goal' || shot.outcome === 'on_target') t.shots_on_target += 1;
  // The rule every provider shares (docs/methodology/vocabulary.md#big-chances): Opta's own big-chance
  // qualifier 214 is a scout's judgement the other feeds lack, so it does not count here.
  if (shot.xg >= BIG_CHANCE_MIN_XG) t.big_chances += 1;
  t.xg += shot.xg;
  if (shot.situation !== 'penalty') t.npxg += shot.xg;
  const related = e.qualifiers.get(Q.relatedEventId);
  const passer = related === undefined ? undefined : f.passLines.get(`${e.teamId}:${related}`);
  if (passer) passer.totals.xa += shot.xg;
  for (const creator of shotCreatorsOf(events, index, chainActionOf)) f.lines.lineOf(creator, e.teamId).totals.sca += 1;
  if (shot.outcome === 'goal') goalFor(f, e.teamId);
}

/** An Opta event as the shot-creating walk reads it: a won take-on, a completed pass and a foul won (outcome 1) create. */
const chainActionOf = (e: OptaEvent): ChainAction<number> => ({
  period: e.period,
  team: e.teamId,
  player: e.playerId,
  shot: SHOT_TYPES.has(e.typeId),
  creating: (e.typeId === TYPE.pass || e.typeId === TYPE.takeOn || e.typeId === TYPE.foul) && e.outcome === 1,
  onBall: ON_BALL.has(e.typeId) && e.outcome === 1,
});

/** Adds one player event to his totals (docs/providers.md#counting). */
function countEvent(f: Fold, events: readonly OptaEvent[], index: number, t: CountingTotals): void {
  const e = events[index]!;
  if (SHOT_TYPES.has(e.typeId)) {
    countShot(f, events, index, t);
    return;
  }
  switch (e.typeId) {
    case TYPE.pass:
      countPass(e, t);
      return;
    case TYPE.takeOn:
      if (e.outcome === 1) {
        t.dribbles += 1;
        t.duels_won += 1;
      }
      return;
    case TYPE.tackle:
      t.tackles += 1;
      if (e.outcome === 1) t.duels_won += 1;
      return;
    case TYPE.aerial:
      if (e.outcome === 1) {
        t.aerials_won += 1;
        t.duels_won += 1;
      }
      return;
    case TYPE.interception:
      t.interceptions += 1;
      return;
    case TYPE.clearance:
      t.clearances += 1;
      return;
    case TYPE.ballRecovery:
      t.ball_recoveries += 1;
      return;
    case TYPE.punch:
      t.punches += 1;
      return;
    case TYPE.save:
      if (e.qualifiers.has(Q.defensiveBlock)) t.shots_blocked += 1;
      else t.saves += 1;
  }
}

function foldEvent(f: Fold, events: readonly OptaEvent[], index: number): void {
  const e = events[index]!;
  if (f.held && f.held.period === e.period) holdFor(f.heldSeconds, f.held.team, e.clock - f.held.clock);
  if (ON_BALL.has(e.typeId)) f.held = { team: e.teamId, period: e.period, clock: e.clock };
  else if (f.held?.period !== e.period) f.held = null;
  f.lastPeriod = Math.max(f.lastPeriod, e.period);
  if (foldPitchEvent(f, e) || e.playerId === null) return;
  const line = f.lines.lineOf(e.playerId, e.teamId);
  countEvent(f, events, index, line.totals);
  if (e.typeId === TYPE.pass) f.passLines.set(`${e.teamId}:${e.eventId}`, line);
  addOptaEventZones(line.zones, e);
}

/**
 * Folds one match into an {@link OptaMatchSummary}. Starters are on the pitch from kick-off;
 * shoot-out (period 5) and pre/post-match events count for nothing; a period without an end
 * marker ends at its nominal end.
 * @example optaMatchSummaryOf(match).lines.filter((l) => l.started).length // => 22
 */
export function optaMatchSummaryOf(match: OptaMatch): OptaMatchSummary {
  const f: Fold = {
    match,
    lines: matchLinesOf<OptaMatchLine>(() => ({ nominal_seconds: 0, position: 'CM', zones: emptyZoneCounts() })),
    onPitch: new Map(),
    periodEnd: new Map(),
    goals: new Map([
      [match.home.teamId, 0],
      [match.away.teamId, 0],
    ]),
    lastPeriod: 1,
    shots: [],
    noBodyPart: 0,
    heldSeconds: new Map(),
    held: null,
    passLines: new Map(),
  };
  for (const p of match.lineups)
    if (p.started) open(f, p.playerId, p.teamId, { period: 1, clock: 0 }, p.position, true);
  const events = match.events;
  for (let i = 0; i < events.length; i++) if (OPTA_PERIOD_WINDOW_SECONDS[events[i]!.period]) foldEvent(f, events, i);
  const finalClock = f.periodEnd.get(f.lastPeriod) ?? OPTA_PERIOD_WINDOW_SECONDS[f.lastPeriod]!.end;
  for (const id of [...f.onPitch.keys()]) close(f, id, f.lastPeriod, finalClock);
  f.lines.awardCleanSheets((l) => l.nominal_seconds, CLEAN_SHEET_MIN_MINUTES);
  for (const l of f.lines.lines.values())
    if (!l.appeared) l.position = match.lineups.find((p) => p.playerId === l.player_id)?.position ?? l.position;
  const kept = [...f.lines.lines.values()].filter((l) => l.appeared || COUNTING_COLUMNS.some((c) => l.totals[c] > 0));
  const possession = possessionAndPadjOf(kept, f.heldSeconds, [match.home.teamId, match.away.teamId]);
  let matchNominalSeconds = 0;
  for (let p = 1; p <= f.lastPeriod; p++) {
    const w = OPTA_PERIOD_WINDOW_SECONDS[p];
    if (w) matchNominalSeconds += w.end - w.start;
  }
  return {
    lines: kept,
    goals: f.goals,
    possession,
    shots: f.shots,
    shotsWithoutBodyPart: f.noBodyPart,
    matchNominalSeconds,
  };
}
