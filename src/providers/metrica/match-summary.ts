/**
 * One Metrica match folded into a line per player (docs/providers.md#metrica): time on the pitch
 * from the inferred spells (lineups.ts), every counting column and event value attributed to the
 * event's player (`From`), goals from SHOT … GOAL and own goals from BALL OUT / BALL LOST … GOAL.
 * Pure: match in, summary out.
 */
import { COUNTING_COLUMNS, type PositionCode } from '../../model/schema.js';
import type { CountingTotals } from '../counting-totals.js';
import { matchLinesOf, type MatchLineBase, type MatchLines } from '../match-lines.js';
import type { ShotLine } from '../shot-rows.js';
import {
  BIG_CHANCE_MIN_XG,
  LONG_BALL_MIN_M,
  countProgressiveCarry,
  countProgressivePass,
  holdFor,
  possessionAndPadjOf,
  CLEAN_SHEET_MIN_MINUTES,
} from '../event-values.js';
import {
  addAction,
  addDefence,
  addPass,
  addTouch,
  emptyZoneCounts,
  type ZoneCounts,
} from '../../model/location-profile.js';
import { xgOf } from '../../event-models/xg.js';
import { xtAddedOf } from '../../event-models/xt.js';
import type { MetricaEvent, MetricaMatch, MetricaPlayer, MetricaSide } from './match.js';
import {
  BLOCK_WINDOW_SECONDS,
  METRICA_PITCH_M,
  SUB,
  TYPE,
  has,
  isOwnGoal,
  isPassAttempt,
  metricaIdOf,
  periodOffsetMinutes,
} from './mapping.js';
import { isPenalty, keyPassIndexOf, metricaShotFeaturesOf, setPieceOf } from './shot-features.js';
import { shotCreatorsOf, type ChainAction } from '../shot-creating.js';
import { matchNominalSecondsOf, periodBoundsOf, positionsOf, spellSecondsOf, spellsOf, type Spell } from './lineups.js';

/** One player's match. */
export interface MetricaMatchLine extends MatchLineBase {
  nominal_seconds: number;
  position: PositionCode;
  zones: ZoneCounts;
}

/** What one match contributes. */
export interface MetricaMatchSummary {
  lines: MetricaMatchLine[];
  /** Every player of the match, those only named by events included. */
  players: MetricaPlayer[];
  /** Goals per team id from the events (own goals to the other side). */
  goals: Map<number, number>;
  possession: Map<number, number>;
  shots: ShotLine[];
  /** The inferred spells (who started, who replaced whom, when). */
  spells: Spell[];
  /** Nominal seconds of the periods played, the team's time on the pitch. */
  matchNominalSeconds: number;
}

/** Event types that show the acting side has the ball (possession share). */
const ON_BALL: ReadonlySet<string> = new Set([TYPE.pass, TYPE.shot, TYPE.carry, TYPE.recovery, TYPE.setPiece]);

interface Fold {
  match: MetricaMatch;
  events: readonly MetricaEvent[];
  ids: Map<string, number>;
  lines: MatchLines<MetricaMatchLine>;
  goals: Map<number, number>;
  shots: ShotLine[];
  /** Player keys on the pitch at each event, by side (goals conceded). */
  onPitchAt: (side: MetricaSide, period: number, time: number) => string[];
  heldSeconds: Map<number, number>;
  periodStart: Map<number, number>;
  held: { side: MetricaSide; period: number; time: number } | null;
}

const teamOf = (f: Fold, side: MetricaSide): number => (side === 'home' ? f.match.home.teamId : f.match.away.teamId);
const other = (side: MetricaSide): MetricaSide => (side === 'home' ? 'away' : 'home');

function lineOf(f: Fold, key: string, side: MetricaSide): MetricaMatchLine {
  return f.lines.lineOf(f.ids.get(key)!, teamOf(f, side));
}

function goalFor(f: Fold, side: MetricaSide, e: MetricaEvent): void {
  const team = teamOf(f, side);
  f.goals.set(team, (f.goals.get(team) ?? 0) + 1);
  const conceding = f.onPitchAt(other(side), e.period, e.start).map((k) => f.ids.get(k)!);
  f.lines.concede(conceding, teamOf(f, other(side)));
}

const passLengthM = (e: MetricaEvent): number =>
  e.at && e.endAt
    ? Math.hypot((e.endAt.x - e.at.x) * METRICA_PITCH_M.length, (e.endAt.y - e.at.y) * METRICA_PITCH_M.width)
    : 0;

function countPass(f: Fold, index: number, t: CountingTotals, zones: ZoneCounts): void {
  const e = f.events[index]!;
  const restart = setPieceOf(f.events, index);
  const throwIn = restart !== undefined && has(restart, SUB.throwIn);
  // Metrica writes a goal kick as a PASS with the GOAL KICK subtype, no SET PIECE row before it.
  const setPiece = restart !== undefined || has(e, SUB.goalKick);
  const done = e.type === TYPE.pass;
  if (!throwIn) {
    t.passes += 1;
    if (done) t.passes_completed += 1;
    if (passLengthM(e) >= LONG_BALL_MIN_M) t.long_balls += 1;
  }
  if (has(e, SUB.cross)) {
    t.crosses += 1;
    if (done) t.crosses_completed += 1;
  }
  if (has(e, SUB.clearance)) t.clearances += 1;
  if (!setPiece) {
    addAction(
      zones,
      has(e, SUB.cross)
        ? 'pass_cross'
        : has(e, SUB.throughBall)
          ? 'pass_smart'
          : has(e, SUB.head)
            ? 'pass_head'
            : 'pass_simple',
    );
  }
  if (!e.at || !e.endAt) return;
  addPass(zones, e.at.x * 100, e.at.y * 100, e.endAt.x * 100, e.endAt.y * 100);
  if (!done) return;
  if (!throwIn && !(restart && has(restart, SUB.kickOff))) t.xt += xtAddedOf(e.at.x, e.at.y, e.endAt.x, e.endAt.y);
  if (!setPiece) countProgressivePass(t, e.at.x, e.at.y, e.endAt.x, e.endAt.y);
}

/** A Metrica event as the shot-creating walk reads it: a completed pass, a foul drawn and a won dribble create. */
const chainActionOf = (e: MetricaEvent): ChainAction<string> => ({
  period: e.period,
  team: e.side,
  player: e.from,
  shot: e.type === TYPE.shot,
  creating:
    e.type === TYPE.pass ||
    e.type === TYPE.faultReceived ||
    (e.type === TYPE.challenge && has(e, SUB.dribble) && has(e, SUB.won)),
  onBall: ON_BALL.has(e.type),
});

function countShot(f: Fold, index: number, t: CountingTotals): void {
  const e = f.events[index]!;
  const features = metricaShotFeaturesOf(f.events, index);
  const goal = has(e, SUB.goal);
  const outcome = goal ? 'goal' : has(e, SUB.onTarget) ? 'on_target' : has(e, SUB.blocked) ? 'blocked' : 'off_target';
  const xg = xgOf(features);
  f.shots.push({
    player_id: f.ids.get(e.from!)!,
    team_id: teamOf(f, e.side),
    minute: periodOffsetMinutes(e.period) + Math.floor((e.start - (f.periodStart.get(e.period) ?? 0)) / 60),
    x: features.x,
    y: features.y,
    body_part: features.bodyPart,
    situation: features.situation,
    xg,
    xg_source: 'model',
    outcome,
  });
  t.shots += 1;
  if (goal) t.goals += 1;
  if (outcome === 'goal' || outcome === 'on_target') t.shots_on_target += 1;
  if (xg >= BIG_CHANCE_MIN_XG) t.big_chances += 1;
  t.xg += xg;
  if (!isPenalty(f.events, index)) t.npxg += xg;
  const k = keyPassIndexOf(f.events, index);
  const passer = k >= 0 ? f.events[k]!.from : null;
  if (passer !== null) {
    const p = lineOf(f, passer, e.side).totals;
    p.key_passes += 1;
    p.xa += xg;
    if (goal) p.assists += 1;
  }
  for (const creator of shotCreatorsOf(f.events, index, chainActionOf)) lineOf(f, creator, e.side).totals.sca += 1;
  if (outcome === 'blocked') {
    const blocker = f.events
      .slice(index + 1)
      .find((x) => x.side !== e.side && x.from !== null && x.start - e.start <= BLOCK_WINDOW_SECONDS);
    if (blocker && blocker.start - e.start <= BLOCK_WINDOW_SECONDS)
      lineOf(f, blocker.from!, blocker.side).totals.shots_blocked += 1;
  }
  if (goal) goalFor(f, e.side, e);
}

/**
 * True for a restart: the SET PIECE row itself, the pass or shot it starts (same side, same moment),
 * or a goal kick (a PASS with the GOAL KICK subtype). Taken where the rules put the ball, a restart
 * is no open-play touch (docs/methodology/dna.md#open-play-touches).
 */
const isRestart = (events: readonly MetricaEvent[], index: number): boolean =>
  events[index]!.type === TYPE.setPiece || has(events[index]!, SUB.goalKick) || setPieceOf(events, index) !== undefined;

/** Adds one event to its player's totals and zones (docs/providers.md#metrica). */
function countEvent(f: Fold, index: number, line: MetricaMatchLine): void {
  const e = f.events[index]!;
  const t = line.totals;
  if (e.at && e.type !== TYPE.challenge && !isRestart(f.events, index))
    addTouch(line.zones, e.at.x * 100, e.at.y * 100);
  if (e.type === TYPE.shot) {
    addAction(line.zones, 'shot');
    countShot(f, index, t);
    return;
  }
  if (isPassAttempt(e)) {
    countPass(f, index, t, line.zones);
    return;
  }
  const won = has(e, SUB.won) && !has(e, SUB.fault);
  switch (e.type) {
    case TYPE.carry:
      if (e.at && e.endAt) {
        t.xt += xtAddedOf(e.at.x, e.at.y, e.endAt.x, e.endAt.y);
        countProgressiveCarry(t, e.at.x, e.at.y, e.endAt.x, e.endAt.y);
      }
      return;
    case TYPE.challenge:
      if (has(e, SUB.aerial)) addAction(line.zones, 'duel_air');
      else if (has(e, SUB.dribble)) addAction(line.zones, 'duel_ground_attacking');
      else addAction(line.zones, 'duel_ground_defending');
      if (has(e, SUB.fault) && !has(e, SUB.won)) addAction(line.zones, 'foul');
      if (e.at && has(e, SUB.tackle)) addDefence(line.zones, e.at.x * 100, e.at.y * 100);
      if (!won) return;
      if (has(e, SUB.aerial)) t.aerials_won += 1;
      else if (has(e, SUB.dribble)) t.dribbles += 1;
      else if (has(e, SUB.tackle)) t.tackles += 1;
      else return;
      t.duels_won += 1;
      return;
    case TYPE.recovery:
      if (has(e, SUB.interception)) t.interceptions += 1;
      else if (has(e, SUB.saved)) t.saves += 1;
      else if (e.subtypes.length === 0) t.ball_recoveries += 1;
      if (e.at && has(e, SUB.interception)) addDefence(line.zones, e.at.x * 100, e.at.y * 100);
      return;
    default:
      if (has(e, SUB.clearance)) {
        t.clearances += 1;
        addAction(line.zones, 'clearance');
      }
  }
}

function foldEvent(f: Fold, index: number): void {
  const e = f.events[index]!;
  if (f.held && f.held.period === e.period) holdFor(f.heldSeconds, teamOf(f, f.held.side), e.start - f.held.time);
  if (ON_BALL.has(e.type)) f.held = { side: e.side, period: e.period, time: e.start };
  else if (f.held?.period !== e.period) f.held = null;
  if (isOwnGoal(e)) goalFor(f, other(e.side), e);
  if (e.from === null || e.type === TYPE.card) return;
  countEvent(f, index, lineOf(f, e.from, e.side));
}

/** Every player of the match: the reader's, and any an event names that the metadata does not. */
function playersOf(match: MetricaMatch): MetricaPlayer[] {
  const players = [...match.players];
  const known = new Set(players.map((p) => p.key));
  for (const e of match.events)
    for (const key of [e.from, e.to])
      if (key !== null && !known.has(key)) {
        known.add(key);
        players.push({ key, playerId: metricaIdOf(key), side: e.side, name: key, position: null });
      }
  return players;
}

/**
 * Folds one match into a {@link MetricaMatchSummary}.
 * @example metricaMatchSummaryOf(match).lines.filter((l) => l.started).length // => 22
 */
export function metricaMatchSummaryOf(match: MetricaMatch): MetricaMatchSummary {
  const bounds = periodBoundsOf(match.events);
  const spells = spellsOf(match, bounds);
  const positions = positionsOf(match, spells);
  const players = playersOf(match);
  const ids = new Map(players.map((p) => [p.key, p.playerId]));
  const onPitchAt = (side: MetricaSide, period: number, time: number): string[] =>
    spells
      .filter((s) => s.side === side)
      .filter((s) => s.on.period < period || (s.on.period === period && s.on.time <= time))
      .filter((s) => s.off === null || s.off.period > period || (s.off.period === period && s.off.time > time))
      .map((s) => s.key);
  const f: Fold = {
    match,
    events: match.events,
    ids,
    lines: matchLinesOf<MetricaMatchLine>(() => ({ nominal_seconds: 0, position: 'CM', zones: emptyZoneCounts() })),
    goals: new Map([
      [match.home.teamId, 0],
      [match.away.teamId, 0],
    ]),
    shots: [],
    onPitchAt,
    heldSeconds: new Map(),
    periodStart: bounds.start,
    held: null,
  };
  for (const s of spells) {
    const line = lineOf(f, s.key, s.side);
    const seconds = spellSecondsOf(s, bounds);
    line.appeared = true;
    line.started = s.started;
    line.sent_off = s.sentOff;
    line.nominal_seconds = seconds.nominal;
    line.clock_seconds = seconds.clock;
    line.position = positions.get(s.key) ?? 'CM';
  }
  for (let i = 0; i < match.events.length; i++) foldEvent(f, i);
  f.lines.awardCleanSheets((l) => l.nominal_seconds, CLEAN_SHEET_MIN_MINUTES);
  const kept = [...f.lines.lines.values()].filter((l) => l.appeared || COUNTING_COLUMNS.some((c) => l.totals[c] > 0));
  const possession = possessionAndPadjOf(kept, f.heldSeconds, [match.home.teamId, match.away.teamId]);
  return {
    lines: kept,
    players,
    goals: f.goals,
    possession,
    shots: f.shots,
    spells,
    matchNominalSeconds: matchNominalSecondsOf(bounds),
  };
}
