/**
 * What a Wyscout v2 match adds in event values (docs/methodology/event-values.md): the xG of each
 * shot from the shipped model (npxG without penalties), the xA of the teammate whose pass set it
 * up, the shot-creating actions before it, and the xT added by completed passes; each shot becomes
 * a {@link ShotLine}. Wyscout v2 has no carries, so no carry threat. Shot-creating actions
 * (docs/methodology/event-values.md#sca) are found walking back from the shot in file order: the
 * shooting team's completed passes and set-piece passes, its players' won take-ons and the fouls
 * they drew, until two are found or the team's possession began (an opponent's on-ball action
 * other than a mere touch, the ball going out, an offside, a foul by the shooting team, or an
 * earlier shot of its own). Pure.
 */
import { xgOf } from '../../event-models/xg.js';
import { xtAddedOf } from '../../event-models/xt.js';
import type { CountingTotals } from '../counting-totals.js';
import { BIG_CHANCE_MIN_XG, SCA_ACTIONS_PER_SHOT } from '../event-values.js';
import type { ShotLine, ShotOutcome } from '../shot-rows.js';
import { COUNTED_PERIODS, EVENT, PERIOD_START_MINUTE, periodIndexOf, TAG } from './mapping.js';
import type { WyscoutEvent } from './read.js';
import { isWonTakeOn, isWyscoutShot, wyscoutShotFeaturesOf, ASSIST_WINDOW_S } from './shot-features.js';
import { isPass } from './event-counts.js';

/** Events that record no touch of the ball: skipped when looking for the assisting pass. */
const NO_TOUCH = new Set<number | null>([
  EVENT.foul,
  EVENT.interruption,
  EVENT.offside,
  EVENT.goalkeeperLeavingLine,
  EVENT.duel,
]);

/**
 * The teammate whose pass set up the shot at `events[index]` (file order): the last touch before
 * the shot by another player of the shooting team, when it is a pass and no opponent touched the
 * ball in between (the shooter's own touches are skipped), within {@link ASSIST_WINDOW_S} seconds.
 */
function wyscoutAssisterOf(events: readonly WyscoutEvent[], index: number): number | null {
  const shot = events[index]!;
  for (let k = index - 1; k >= 0; k--) {
    const e = events[k]!;
    if (e.matchPeriod !== shot.matchPeriod || shot.eventSec - e.eventSec > ASSIST_WINDOW_S) return null;
    if (NO_TOUCH.has(e.eventId)) continue;
    if (e.teamId !== shot.teamId) return null;
    if (e.playerId === shot.playerId) continue;
    return isPass(e) && e.playerId !== 0 ? e.playerId : null;
  }
  return null;
}

function outcomeOf(e: WyscoutEvent): ShotOutcome {
  if (e.tags.includes(TAG.goal)) return 'goal';
  if (e.tags.includes(TAG.blocked)) return 'blocked';
  return e.tags.includes(TAG.accurate) ? 'on_target' : 'off_target';
}

/**
 * Adds the event values of `events[index]` (file order) to its player's totals: xG and npxG and
 * a shot line for a shot (the assister's xA through `totalsOf`), xT added for a completed pass.
 */
export function countWyscoutValues(
  events: readonly WyscoutEvent[],
  index: number,
  totals: CountingTotals,
  totalsOf: (playerId: number, teamId: number) => CountingTotals,
  shots: ShotLine[],
): void {
  const e = events[index]!;
  if (isWyscoutShot(e)) {
    const f = wyscoutShotFeaturesOf(events, index);
    const xg = xgOf(f);
    totals.xg += xg;
    if (f.situation !== 'penalty') totals.npxg += xg;
    if (xg >= BIG_CHANCE_MIN_XG) totals.big_chances += 1;
    const assister = wyscoutAssisterOf(events, index);
    if (assister !== null) totalsOf(assister, e.teamId).xa += xg;
    for (const creator of wyscoutShotCreatorsOf(events, index)) totalsOf(creator, e.teamId).sca += 1;
    const period = periodIndexOf(e.matchPeriod);
    const start = period < 0 ? 0 : PERIOD_START_MINUTE[COUNTED_PERIODS[period]];
    shots.push({
      player_id: e.playerId,
      team_id: e.teamId,
      minute: start + Math.floor(e.eventSec / 60),
      x: f.x,
      y: f.y,
      body_part: f.bodyPart,
      situation: f.situation,
      xg,
      xg_source: 'model',
      outcome: outcomeOf(e),
    });
    return;
  }
  if (isPass(e) && e.tags.includes(TAG.accurate) && e.x !== null && e.y !== null && e.endX !== null && e.endY !== null)
    totals.xt += xtAddedOf(e.x / 100, e.y / 100, e.endX / 100, e.endY / 100);
}

/** Opponent events that show the opponent had the ball: the shooting team's possession began after them. */
const OPPONENT_ON_BALL: ReadonlySet<number> = new Set([
  EVENT.pass,
  EVENT.shot,
  EVENT.othersOnTheBall,
  EVENT.saveAttempt,
  EVENT.freeKick,
]);
/**
 * Sub-event of an opponent's mere touch (a deflection, a failed interception): it leaves the ball
 * with the team, as StatsBomb's possessions do.
 */
const TOUCH = 72;
/** Dead balls that end a possession whoever caused them. */
const BALL_OUT: ReadonlySet<number> = new Set([EVENT.interruption, EVENT.offside]);

/** A completed pass or a set-piece pass (not a free-kick shot or a penalty, which are shots). */
const isCompletedPass = (e: WyscoutEvent): boolean =>
  (e.eventId === EVENT.pass && e.tags.includes(TAG.accurate)) || (e.eventId === EVENT.freeKick && !isWyscoutShot(e));

/**
 * The players credited with the shot-creating actions of the shot at `events[index]` (one match's
 * events in file order), nearest action first: at most {@link SCA_ACTIONS_PER_SHOT}, one player
 * possibly twice. A foul drawn goes to the shooting team's player of the duel just before the foul.
 * @example wyscoutShotCreatorsOf(events, i) // => [pid of the passer, pid of the dribbler]
 */
export function wyscoutShotCreatorsOf(events: readonly WyscoutEvent[], index: number): number[] {
  const shot = events[index]!;
  const creators: number[] = [];
  let foulDrawn = false;
  for (let k = index - 1; k >= 0 && creators.length < SCA_ACTIONS_PER_SHOT; k--) {
    const e = events[k]!;
    if (e.matchPeriod !== shot.matchPeriod || BALL_OUT.has(e.eventId)) break;
    if (e.teamId !== shot.teamId) {
      if (e.eventId === EVENT.foul) foulDrawn = true;
      else if (OPPONENT_ON_BALL.has(e.eventId) && e.subEventId !== TOUCH) break;
      continue;
    }
    if (e.eventId === EVENT.foul || isWyscoutShot(e)) break;
    // The first own event before an opponent's foul is the fouled player's (his duel, usually).
    const credited = foulDrawn || isCompletedPass(e) || isWonTakeOn(e);
    foulDrawn = false;
    if (credited && e.playerId !== 0) creators.push(e.playerId);
  }
  return creators;
}
