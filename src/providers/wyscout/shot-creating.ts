/**
 * Shot-creating actions of a Wyscout v2 shot (docs/methodology/event-values.md#sca): walking back
 * from the shot in file order, the shooting team's completed passes and set-piece passes, its
 * players' won take-ons and the fouls they drew, until two are found or the team's possession
 * began (an opponent's on-ball action other than a mere touch, the ball going out, an offside, a
 * foul by the shooting team, or an earlier shot of its own). Pure.
 */
import { SCA_ACTIONS_PER_SHOT } from '../event-values.js';
import { EVENT, TAG } from './mapping.js';
import type { WyscoutEvent } from './read.js';
import { isWonTakeOn, isWyscoutShot } from './shot-features.js';

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
