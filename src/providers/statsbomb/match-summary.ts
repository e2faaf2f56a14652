/**
 * One match's event stream folded into a line per player (docs/methodology/statsbomb.md): time on
 * the pitch from `Starting XI`, `Substitution`, sending-off cards and `Half End`, split into
 * nominal and clock seconds per position, and every counting column attributed to the event's
 * player. Pure: events in, summary out.
 */
import { COUNTING_COLUMNS, type PositionCode } from '../../model/schema.js';
import { DatasetError } from '../../model/dataset-error.js';
import {
  BIG_CHANCE_MIN_XG,
  LONG_BALL_MIN_LENGTH,
  PERIOD_WINDOW_SECONDS,
  isCountedPass,
  isGoalkeeperSave,
  isSendingOff,
  isShotOnTarget,
  isTackleWon,
  positionCodeOfStatsBomb,
  sameName,
} from './mapping.js';
import type { CountingTotals } from '../counting-totals.js';
import { matchLinesOf, type MatchLineBase } from '../match-lines.js';
import type { StatsBombEvent } from './read.js';
import { countStatsBombValues, statsBombShotCreatorsOf } from './event-values.js';
import type { ShotLine } from '../shot-rows.js';
import { holdFor, possessionAndPadjOf, CLEAN_SHEET_MIN_MINUTES } from '../event-values.js';
import { emptyZoneCounts, type ZoneCounts } from '../../model/location-profile.js';
import { addStatsBombEventZones } from './location-profile.js';
import type { PositionTime } from '../event-feed-dataset.js';

/** One player's match: whether and how long he played, where, and what he did. */
export interface PlayerMatchLine extends MatchLineBase {
  /** Seconds inside the nominal period windows (stoppage time excluded). */
  nominal_seconds: number;
  /** Nominal and clock seconds per detailed position code, for "where he spent most minutes". */
  positions: Map<PositionCode, PositionTime>;
  /** Where he acted and what he did there (docs/methodology/dna.md#location-features). */
  zones: ZoneCounts;
}

/** What one match contributes: a line per player who appeared or was credited with a counted event. */
export interface MatchSummary {
  /** Lines in order of first appearance in the stream. */
  lines: PlayerMatchLine[];
  /** Goals scored per team id, own goals credited to the team that benefits. */
  goals: Map<number, number>;
  /** Number of events read (all periods). */
  events: number;
  /** Each team's possession in %, by team id (docs/methodology/event-values.md#possession); empty when unknown. */
  possession: Map<number, number>;
  /** Every shot of the match (StatsBomb's xG, the model's where it has none), in stream order. */
  shots: ShotLine[];
}

interface OpenSpell {
  period: number;
  clock: number;
  position: PositionCode;
}

/** Seconds on the continuous match clock. */
const clockOf = (e: StatsBombEvent): number => e.minute * 60 + e.second;

/** The state of folding one match: lines, who is on the pitch, period ends, goals, possession. */
class MatchFold {
  readonly matchLines = matchLinesOf<PlayerMatchLine>(() => ({
    nominal_seconds: 0,
    positions: new Map(),
    zones: emptyZoneCounts(),
  }));
  readonly onPitch = new Map<number, OpenSpell>();
  readonly halfEnd = new Map<number, number>();
  readonly goals = new Map<number, number>();
  /** Team ids in order of their Starting XI. */
  readonly teams: number[] = [];
  lastPeriod = 1;
  /** Pass event id → the passer's line, for xA. */
  readonly passLines = new Map<string, PlayerMatchLine>();
  readonly shots: ShotLine[] = [];
  readonly shotIds = new Set<string>();
  /** Seconds each team held the ball: from an event of its possession to the next event (possession share). */
  readonly heldSeconds = new Map<number, number>();
  held: { team: number; period: number; clock: number } | null = null;

  constructor(
    readonly events: readonly StatsBombEvent[],
    readonly file: string,
  ) {
    for (const e of events) if (e.type.name === 'Shot') this.shotIds.add(e.id);
  }
}

/** Our code of a StatsBomb position name; throws naming the event row when the table lacks it. */
function codeOf(f: MatchFold, name: string, row: number): PositionCode {
  const code = positionCodeOfStatsBomb(name);
  if (!code) throw new DatasetError(f.file, 'position.name', row, `unknown StatsBomb position "${name}"`);
  return code;
}

/** Puts a player on the pitch from `clock` of `period` in `position`. */
function openSpell(
  f: MatchFold,
  playerId: number,
  teamId: number,
  at: { period: number; clock: number },
  position: PositionCode,
) {
  const line = f.matchLines.lineOf(playerId, teamId);
  line.appeared = true;
  f.onPitch.set(playerId, { period: at.period, clock: at.clock, position });
}

/** Takes a player off the pitch at `clock` of `period`, crediting the spell's nominal and clock seconds. */
function closeSpell(f: MatchFold, playerId: number, period: number, clock: number): void {
  const spell = f.onPitch.get(playerId);
  if (!spell) return;
  f.onPitch.delete(playerId);
  const line = f.matchLines.lines.get(playerId)!;
  let nominal = 0;
  let elapsed = 0;
  for (let p = spell.period; p <= period; p++) {
    const window = PERIOD_WINDOW_SECONDS[p];
    if (!window) continue;
    const from = p === spell.period ? spell.clock : window.start;
    const to = p === period ? clock : (f.halfEnd.get(p) ?? window.end);
    elapsed += Math.max(0, to - from);
    nominal += Math.max(0, Math.min(to, window.end) - Math.max(from, window.start));
  }
  line.nominal_seconds += nominal;
  line.clock_seconds += elapsed;
  const at = line.positions.get(spell.position) ?? { nominal: 0, clock: 0 };
  at.nominal += nominal;
  at.clock += elapsed;
  line.positions.set(spell.position, at);
}

const opponentOf = (f: MatchFold, teamId: number): number | undefined => f.teams.find((t) => t !== teamId);

/** A goal for `teamId`: counted, and conceded by the other side's players on the pitch. */
function goalFor(f: MatchFold, teamId: number): void {
  f.goals.set(teamId, (f.goals.get(teamId) ?? 0) + 1);
  const conceding = opponentOf(f, teamId);
  if (conceding !== undefined) f.matchLines.concede(f.onPitch.keys(), conceding);
}

/**
 * Folds an event that changes who is on the pitch, or where (line-ups, substitutions, tactical
 * shifts, half ends, own goals). False for every other event.
 */
function foldPitchEvent(f: MatchFold, e: StatsBombEvent, row: number, clock: number): boolean {
  const at = { period: e.period, clock };
  switch (e.type.name) {
    case 'Starting XI':
      if (!f.teams.includes(e.team.id)) f.teams.push(e.team.id);
      for (const slot of e.tactics?.lineup ?? []) {
        openSpell(f, slot.player.id, e.team.id, at, codeOf(f, slot.position.name, row));
        f.matchLines.lineOf(slot.player.id, e.team.id).started = true;
      }
      return true;
    case 'Substitution':
      if (e.player && e.substitution) {
        const leaving = f.onPitch.get(e.player.id);
        const position = e.position ? codeOf(f, e.position.name, row) : (leaving?.position ?? null);
        closeSpell(f, e.player.id, e.period, clock);
        if (position) openSpell(f, e.substitution.replacement.id, e.team.id, at, position);
      }
      return true;
    case 'Tactical Shift':
      for (const slot of e.tactics?.lineup ?? []) {
        const spell = f.onPitch.get(slot.player.id);
        const position = codeOf(f, slot.position.name, row);
        if (spell && spell.position !== position) {
          closeSpell(f, slot.player.id, e.period, clock);
          openSpell(f, slot.player.id, e.team.id, at, position);
        }
      }
      return true;
    case 'Half End':
      f.halfEnd.set(e.period, Math.max(f.halfEnd.get(e.period) ?? 0, clock));
      return true;
    case 'Own Goal Against': {
      // The event belongs to the conceding team; "Own Goal For" mirrors it and is not counted again.
      const scoring = opponentOf(f, e.team.id);
      if (scoring !== undefined) f.goals.set(scoring, (f.goals.get(scoring) ?? 0) + 1);
      f.matchLines.concede(f.onPitch.keys(), e.team.id);
      return true;
    }
  }
  return false;
}

/** Folds a player's event: a sending-off, his counting totals, event values, shot creators and zones, a goal. */
function foldPlayerEvent(f: MatchFold, e: StatsBombEvent, row: number, clock: number): void {
  const card = e.foul_committed?.card?.name ?? e.bad_behaviour?.card?.name;
  if (card && e.player && isSendingOff(card) && f.onPitch.has(e.player.id)) {
    closeSpell(f, e.player.id, e.period, clock);
    f.matchLines.lines.get(e.player.id)!.sent_off = true;
  }
  if (!e.player) return;
  const line = f.matchLines.lineOf(e.player.id, e.team.id);
  // A player credited with an event but never put on the pitch (inconsistent data) still needs
  // a position: the one StatsBomb gives on the event.
  if (!line.appeared && line.positions.size === 0 && e.position) {
    line.positions.set(codeOf(f, e.position.name, row), { nominal: 0, clock: 0 });
  }
  countEvent(e, line.totals, f.shotIds);
  const shot = countStatsBombValues(f.events, row, line.totals, f.shots);
  if (e.type.name === 'Pass') f.passLines.set(e.id, line);
  // xA: the shot's xG goes to the passer of its key pass (docs/methodology/event-values.md#xa).
  const keyPass = e.shot?.key_pass_id;
  if (shot && keyPass) {
    const passer = f.passLines.get(keyPass);
    if (passer) passer.totals.xa += shot.xg;
  }
  if (shot)
    for (const creator of statsBombShotCreatorsOf(f.events, row))
      f.matchLines.lineOf(creator, e.team.id).totals.sca += 1;
  addStatsBombEventZones(line.zones, e);
  if (e.type.name === 'Shot' && sameName(e.shot!.outcome.name, 'Goal')) goalFor(f, e.team.id);
}

/**
 * Folds the events of one match (sorted by `index`, as {@link readEvents} returns them) into a
 * {@link MatchSummary}. Period-5 (shoot-out) events count for nothing; temporary `Player Off` /
 * `Player On` (treatment) is ignored, so the player stays on the pitch; a card to a player who is
 * not on the pitch changes nothing. A period without a `Half End` ends at its nominal end.
 * Throws {@link DatasetError} (file `file`) for a position name outside the StatsBomb table.
 * @example matchSummaryOf(readEvents(dir, 3754254)).lines.filter((l) => l.started).length // => 22
 */
export function matchSummaryOf(events: readonly StatsBombEvent[], file = 'events'): MatchSummary {
  const f = new MatchFold(events, file);
  for (let row = 0; row < events.length; row++) {
    const e = events[row];
    if (!PERIOD_WINDOW_SECONDS[e.period]) continue;
    const clock = clockOf(e);
    if (f.held && f.held.period === e.period) holdFor(f.heldSeconds, f.held.team, clock - f.held.clock);
    f.held = e.possession_team ? { team: e.possession_team.id, period: e.period, clock } : null;
    f.lastPeriod = Math.max(f.lastPeriod, e.period);
    if (!foldPitchEvent(f, e, row, clock)) foldPlayerEvent(f, e, row, clock);
  }
  const finalClock = f.halfEnd.get(f.lastPeriod) ?? PERIOD_WINDOW_SECONDS[f.lastPeriod].end;
  for (const playerId of [...f.onPitch.keys()]) closeSpell(f, playerId, f.lastPeriod, finalClock);
  f.matchLines.awardCleanSheets((line) => line.nominal_seconds, CLEAN_SHEET_MIN_MINUTES);
  for (const t of f.teams) if (!f.goals.has(t)) f.goals.set(t, 0);
  // Bench players booked for bad behaviour get a line while folding; without time on the pitch
  // or anything counted they are not part of the match.
  const kept = [...f.matchLines.lines.values()].filter(
    (l) => l.appeared || COUNTING_COLUMNS.some((c) => l.totals[c] > 0),
  );
  const possession = possessionAndPadjOf(kept, f.heldSeconds, f.teams);
  return { lines: kept, goals: f.goals, events: events.length, possession, shots: f.shots };
}

/** Adds a shot's contribution to its shooter's counting totals. */
function countShot(shot: NonNullable<StatsBombEvent['shot']>, t: CountingTotals): void {
  t.shots += 1;
  if (sameName(shot.outcome.name, 'Goal')) t.goals += 1;
  if (isShotOnTarget(shot.outcome.name)) t.shots_on_target += 1;
  if ((shot.statsbomb_xg ?? 0) >= BIG_CHANCE_MIN_XG) t.big_chances += 1;
  if (shot.aerial_won) aerialWon(t);
}

/** Adds a pass's contribution to its passer's counting totals. */
function countPass(pass: NonNullable<StatsBombEvent['pass']>, t: CountingTotals): void {
  const outcome = pass.outcome?.name ?? null;
  if (isCountedPass(pass.type?.name ?? null, outcome)) {
    t.passes += 1;
    if (outcome === null) t.passes_completed += 1;
    if ((pass.length ?? 0) >= LONG_BALL_MIN_LENGTH) t.long_balls += 1;
  }
  if (pass.cross) {
    t.crosses += 1;
    if (outcome === null) t.crosses_completed += 1;
  }
  if (pass.goal_assist) t.assists += 1;
  if (pass.goal_assist || pass.shot_assist) t.key_passes += 1;
  if (pass.aerial_won) aerialWon(t);
}

/** Adds one event's contribution to a player's counting totals (docs/methodology/statsbomb.md#counting-columns). */
function countEvent(e: StatsBombEvent, t: CountingTotals, shotIds: ReadonlySet<string>): void {
  switch (e.type.name) {
    case 'Shot':
      if (e.shot) countShot(e.shot, t);
      return;
    case 'Pass':
      if (e.pass) countPass(e.pass, t);
      return;
    case 'Clearance':
      t.clearances += 1;
      if (e.clearance?.aerial_won) aerialWon(t);
      return;
    case 'Miscontrol':
      if (e.miscontrol?.aerial_won) aerialWon(t);
      return;
    case 'Duel':
      if (e.duel && sameName(e.duel.type.name, 'Tackle')) {
        t.tackles += 1;
        if (isTackleWon(e.duel.outcome?.name ?? null)) t.duels_won += 1;
      }
      return;
    case 'Dribble':
      if (e.dribble && sameName(e.dribble.outcome.name, 'Complete')) {
        t.dribbles += 1;
        t.duels_won += 1;
      }
      return;
    case 'Interception':
      t.interceptions += 1;
      return;
    case 'Ball Recovery':
      if (!e.ball_recovery?.recovery_failure) t.ball_recoveries += 1;
      return;
    case 'Block':
      if (!e.block?.offensive && (e.related_events ?? []).some((id) => shotIds.has(id))) t.shots_blocked += 1;
      return;
    case 'Goal Keeper': {
      const kind = e.goalkeeper?.type?.name;
      if (kind && isGoalkeeperSave(kind)) t.saves += 1;
      if (kind && sameName(kind, 'Punch')) t.punches += 1;
      return;
    }
  }
}

/** An aerial duel won counts as an aerial and, by the approximation of docs/methodology/statsbomb.md#counting-columns, as a duel won. */
function aerialWon(t: CountingTotals): void {
  t.aerials_won += 1;
  t.duels_won += 1;
}
