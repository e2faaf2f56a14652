/**
 * One match's event stream folded into a line per player (docs/methodology/statsbomb.md, following
 * ../shared/real/METHOD.md "Method"): time on the pitch from `Starting XI`, `Substitution`,
 * sending-off cards and `Half End`, split into nominal and clock seconds per position, and every
 * counting column attributed to the event's player. Pure: events in, summary out.
 */
import { COUNTING_COLUMNS, type PositionCode } from '../../model/schema.js';
import { DatasetError } from '../../model/dataset-error.js';
import {
  BIG_CHANCE_MIN_XG,
  CLEAN_SHEET_MIN_MINUTES,
  LONG_BALL_MIN_LENGTH,
  PERIOD_WINDOW_SECONDS,
  isCountedPass,
  isDribbleComplete,
  isGoalOutcome,
  isGoalkeeperPunch,
  isGoalkeeperSave,
  isSendingOff,
  isShotOnTarget,
  isTackle,
  isTackleWon,
  positionCodeOfStatsBomb,
} from './mapping.js';
import type { CountingTotals } from '../counting-totals.js';
import { matchLinesOf, type MatchLineBase } from '../match-lines.js';
import type { StatsBombEvent } from './read.js';
import { countStatsBombValues } from './event-values.js';
import { statsBombShotCreatorsOf } from './shot-creating.js';
import type { ShotLine } from '../shot-rows.js';
import { holdFor, possessionAndPadjOf } from '../event-values.js';
import { emptyZoneCounts, type ZoneCounts } from '../../model/location-profile.js';
import { addStatsBombEventZones } from './location-profile.js';

/** One player's match: whether and how long he played, where, and what he did. */
export interface PlayerMatchLine extends MatchLineBase {
  /** Seconds inside the nominal period windows (stoppage time excluded). */
  nominal_seconds: number;
  /** Nominal and clock seconds per detailed position code, for "where he spent most minutes". */
  positions: Map<PositionCode, { nominal: number; clock: number }>;
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

/**
 * Folds the events of one match (sorted by `index`, as {@link readEvents} returns them) into a
 * {@link MatchSummary}. Period-5 (shoot-out) events count for nothing; temporary `Player Off` /
 * `Player On` (treatment) is ignored, so the player stays on the pitch; a card to a player who is
 * not on the pitch changes nothing. A period without a `Half End` ends at its nominal end.
 * Throws {@link DatasetError} (file `file`) for a position name outside the StatsBomb table.
 * @example matchSummaryOf(readEvents(dir, 3754254)).lines.filter((l) => l.started).length // => 22
 */
export function matchSummaryOf(events: readonly StatsBombEvent[], file = 'events'): MatchSummary {
  const matchLines = matchLinesOf<PlayerMatchLine>(() => ({
    nominal_seconds: 0,
    positions: new Map(),
    zones: emptyZoneCounts(),
  }));
  const { lines, lineOf } = matchLines;
  const onPitch = new Map<number, OpenSpell>();
  const halfEnd = new Map<number, number>();
  const goals = new Map<number, number>();
  const teams: number[] = [];
  let lastPeriod = 1;

  const codeOf = (name: string, row: number): PositionCode => {
    const code = positionCodeOfStatsBomb(name);
    if (!code) throw new DatasetError(file, 'position.name', row, `unknown StatsBomb position "${name}"`);
    return code;
  };
  const open = (playerId: number, teamId: number, period: number, clock: number, position: PositionCode): void => {
    const line = lineOf(playerId, teamId);
    line.appeared = true;
    onPitch.set(playerId, { period, clock, position });
  };
  const close = (playerId: number, period: number, clock: number): void => {
    const spell = onPitch.get(playerId);
    if (!spell) return;
    onPitch.delete(playerId);
    const line = lines.get(playerId)!;
    let nominal = 0;
    let elapsed = 0;
    for (let p = spell.period; p <= period; p++) {
      const window = PERIOD_WINDOW_SECONDS[p];
      if (!window) continue;
      const from = p === spell.period ? spell.clock : window.start;
      const to = p === period ? clock : (halfEnd.get(p) ?? window.end);
      elapsed += Math.max(0, to - from);
      nominal += Math.max(0, Math.min(to, window.end) - Math.max(from, window.start));
    }
    line.nominal_seconds += nominal;
    line.clock_seconds += elapsed;
    const at = line.positions.get(spell.position) ?? { nominal: 0, clock: 0 };
    at.nominal += nominal;
    at.clock += elapsed;
    line.positions.set(spell.position, at);
  };
  const concede = (teamId: number): void => matchLines.concede(onPitch.keys(), teamId);
  const opponentOf = (teamId: number): number | undefined => teams.find((t) => t !== teamId);

  const passLines = new Map<string, PlayerMatchLine>();
  const shots: ShotLine[] = [];
  // Seconds each team held the ball: from an event of its possession to the next event (possession share).
  const heldSeconds = new Map<number, number>();
  let held: { team: number; period: number; clock: number } | null = null;
  const shotIds = new Set<string>();
  for (const e of events) if (e.type.name === 'Shot') shotIds.add(e.id);

  for (let row = 0; row < events.length; row++) {
    const e = events[row];
    if (!PERIOD_WINDOW_SECONDS[e.period]) continue;
    const clock = clockOf(e);
    const type = e.type.name;
    if (held && held.period === e.period) holdFor(heldSeconds, held.team, clock - held.clock);
    held = e.possession_team ? { team: e.possession_team.id, period: e.period, clock } : null;
    lastPeriod = Math.max(lastPeriod, e.period);

    switch (type) {
      case 'Starting XI':
        if (!teams.includes(e.team.id)) teams.push(e.team.id);
        for (const slot of e.tactics?.lineup ?? []) {
          open(slot.player.id, e.team.id, e.period, clock, codeOf(slot.position.name, row));
          lineOf(slot.player.id, e.team.id).started = true;
        }
        continue;
      case 'Substitution':
        if (e.player && e.substitution) {
          const leaving = onPitch.get(e.player.id);
          const position = e.position ? codeOf(e.position.name, row) : (leaving?.position ?? null);
          close(e.player.id, e.period, clock);
          if (position) open(e.substitution.replacement.id, e.team.id, e.period, clock, position);
        }
        continue;
      case 'Tactical Shift':
        for (const slot of e.tactics?.lineup ?? []) {
          const spell = onPitch.get(slot.player.id);
          const position = codeOf(slot.position.name, row);
          if (spell && spell.position !== position) {
            close(slot.player.id, e.period, clock);
            open(slot.player.id, e.team.id, e.period, clock, position);
          }
        }
        continue;
      case 'Half End':
        halfEnd.set(e.period, Math.max(halfEnd.get(e.period) ?? 0, clock));
        continue;
      case 'Own Goal Against': {
        // The event belongs to the conceding team; "Own Goal For" mirrors it and is not counted again.
        const scoring = opponentOf(e.team.id);
        if (scoring !== undefined) goals.set(scoring, (goals.get(scoring) ?? 0) + 1);
        concede(e.team.id);
        continue;
      }
    }

    const card = e.foul_committed?.card?.name ?? e.bad_behaviour?.card?.name;
    if (card && e.player && isSendingOff(card) && onPitch.has(e.player.id)) {
      close(e.player.id, e.period, clock);
      lines.get(e.player.id)!.sent_off = true;
    }

    if (!e.player) continue;
    const line = lineOf(e.player.id, e.team.id);
    // A player credited with an event but never put on the pitch (inconsistent data) still needs
    // a position: the one StatsBomb gives on the event.
    if (!line.appeared && line.positions.size === 0 && e.position) {
      line.positions.set(codeOf(e.position.name, row), { nominal: 0, clock: 0 });
    }
    countEvent(e, line.totals, shotIds);
    const shot = countStatsBombValues(events, row, line.totals, shots);
    if (type === 'Pass') passLines.set(e.id, line);
    // xA: the shot's xG goes to the passer of its key pass (docs/methodology/event-values.md#xa).
    const keyPass = e.shot?.key_pass_id;
    if (shot && keyPass) {
      const passer = passLines.get(keyPass);
      if (passer) passer.totals.xa += shot.xg;
    }
    if (shot) for (const creator of statsBombShotCreatorsOf(events, row)) lineOf(creator, e.team.id).totals.sca += 1;
    addStatsBombEventZones(line.zones, e);
    if (type === 'Shot' && isGoalOutcome(e.shot!.outcome.name)) {
      goals.set(e.team.id, (goals.get(e.team.id) ?? 0) + 1);
      const conceding = opponentOf(e.team.id);
      if (conceding !== undefined) concede(conceding);
    }
  }

  const finalClock = halfEnd.get(lastPeriod) ?? PERIOD_WINDOW_SECONDS[lastPeriod].end;
  for (const playerId of [...onPitch.keys()]) close(playerId, lastPeriod, finalClock);
  matchLines.awardCleanSheets((line) => line.nominal_seconds, CLEAN_SHEET_MIN_MINUTES);
  for (const t of teams) if (!goals.has(t)) goals.set(t, 0);
  // Bench players booked for bad behaviour get a line while folding; without time on the pitch
  // or anything counted they are not part of the match.
  const kept = [...lines.values()].filter((l) => l.appeared || COUNTING_COLUMNS.some((c) => l.totals[c] > 0));
  const possession = possessionAndPadjOf(kept, heldSeconds, teams);
  return { lines: kept, goals, events: events.length, possession, shots };
}

/** Adds one event's contribution to a player's counting totals (METHOD.md "Event counts"). */
function countEvent(e: StatsBombEvent, t: CountingTotals, shotIds: ReadonlySet<string>): void {
  switch (e.type.name) {
    case 'Shot': {
      const shot = e.shot;
      if (!shot) return;
      t.shots += 1;
      if (isGoalOutcome(shot.outcome.name)) t.goals += 1;
      if (isShotOnTarget(shot.outcome.name)) t.shots_on_target += 1;
      if ((shot.statsbomb_xg ?? 0) >= BIG_CHANCE_MIN_XG) t.big_chances += 1;
      if (shot.aerial_won) aerialWon(t);
      return;
    }
    case 'Pass': {
      const pass = e.pass;
      if (!pass) return;
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
      return;
    }
    case 'Clearance':
      t.clearances += 1;
      if (e.clearance?.aerial_won) aerialWon(t);
      return;
    case 'Miscontrol':
      if (e.miscontrol?.aerial_won) aerialWon(t);
      return;
    case 'Duel':
      if (e.duel && isTackle(e.duel.type.name)) {
        t.tackles += 1;
        if (isTackleWon(e.duel.outcome?.name ?? null)) t.duels_won += 1;
      }
      return;
    case 'Dribble':
      if (e.dribble && isDribbleComplete(e.dribble.outcome.name)) {
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
      if (kind && isGoalkeeperPunch(kind)) t.punches += 1;
      return;
    }
  }
}

/** An aerial duel won counts as an aerial and, by METHOD.md's approximation, as a duel won. */
function aerialWon(t: CountingTotals): void {
  t.aerials_won += 1;
  t.duels_won += 1;
}
