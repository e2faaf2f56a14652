/**
 * What one Wyscout v2 event adds to its player's counting totals
 * (docs/methodology/wyscout.md#counting-columns): shots, passes, crosses, duels, clearances,
 * punches and saves from event ids, sub-event ids, tags and locations.
 */
import type { CountingTotals } from '../counting-totals.js';
import { EVENT, OWN_BOX, SUB_EVENT, TAG } from './mapping.js';
import type { WyscoutEvent } from './read.js';
import { countProgressivePass, LONG_BALL_MIN_M } from '../event-values.js';
import { PITCH_METRES } from '../../model/location-profile.js';
import { isWonTakeOn, isWyscoutShot } from './shot-features.js';

/** Set-piece kicks that are passes: corners, free kicks, free-kick crosses and goal kicks (not throw-ins). */
const PASS_KICKS = new Set<number | null>([
  SUB_EVENT.corner,
  SUB_EVENT.freeKick,
  SUB_EVENT.freeKickCross,
  SUB_EVENT.goalKick,
]);
/** A pass, or a set-piece kick that is one. */
export const isPass = (e: WyscoutEvent): boolean =>
  e.eventId === EVENT.pass || (e.eventId === EVENT.freeKick && PASS_KICKS.has(e.subEventId));

/** Pass length in metres on the 105 × 68 m pitch, or 0 without an end location. */
function passMetres(e: WyscoutEvent): number {
  if (e.x === null || e.y === null || e.endX === null || e.endY === null) return 0;
  return Math.hypot(((e.endX - e.x) * PITCH_METRES.length) / 100, ((e.endY - e.y) * PITCH_METRES.width) / 100);
}

/** Whether the event carries `tag` (a function of its own: no closure is made per event). */
const hasTag = (e: WyscoutEvent, tag: number): boolean => e.tags.includes(tag);

/** Adds one event's contribution to a player's counting totals (docs/methodology/wyscout.md#counting-columns). */
export function countEvent(e: WyscoutEvent, t: CountingTotals, goalkeeper: boolean): void {
  if (hasTag(e, TAG.assist)) t.assists += 1;
  if (hasTag(e, TAG.assist) || hasTag(e, TAG.keyPass)) t.key_passes += 1;
  if (hasTag(e, TAG.interception)) t.interceptions += 1;
  if (isWyscoutShot(e)) {
    t.shots += 1;
    const goal = hasTag(e, TAG.goal);
    if (goal) t.goals += 1;
    if (goal || hasTag(e, TAG.accurate)) t.shots_on_target += 1;
    // big_chances needs the shot's xG: counted with it in event-values.ts.
    return;
  }
  if (isPass(e)) {
    const completed = hasTag(e, TAG.accurate);
    t.passes += 1;
    if (completed) t.passes_completed += 1;
    if (passMetres(e) >= LONG_BALL_MIN_M) t.long_balls += 1;
    // Progression: completed open-play passes only (no free kick, corner or throw-in).
    if (completed && e.eventId === EVENT.pass && e.x !== null && e.y !== null && e.endX !== null && e.endY !== null)
      countProgressivePass(t, e.x / 100, e.y / 100, e.endX / 100, e.endY / 100);
    if (e.subEventId === SUB_EVENT.cross || e.subEventId === SUB_EVENT.freeKickCross) {
      t.crosses += 1;
      if (completed) t.crosses_completed += 1;
    }
    return;
  }
  switch (e.eventId) {
    case EVENT.duel: {
      const won = hasTag(e, TAG.won);
      if (e.subEventId === SUB_EVENT.airDuel && won) {
        t.aerials_won += 1;
        t.duels_won += 1;
      } else if (isWonTakeOn(e)) {
        t.dribbles += 1;
        t.duels_won += 1;
      } else if (e.subEventId === SUB_EVENT.groundDefendingDuel && (won || hasTag(e, TAG.slidingTackle))) {
        t.tackles += 1;
        if (won) t.duels_won += 1;
      }
      return;
    }
    case EVENT.othersOnTheBall:
      if (e.subEventId === SUB_EVENT.clearance) {
        t.clearances += 1;
        const inOwnBox =
          e.x !== null && e.y !== null && e.x <= OWN_BOX.maxX && e.y >= OWN_BOX.minY && e.y <= OWN_BOX.maxY;
        if (goalkeeper && inOwnBox) t.punches += 1;
      }
      return;
    case EVENT.saveAttempt:
      if (hasTag(e, TAG.accurate) && !hasTag(e, TAG.goal)) t.saves += 1;
      return;
  }
}
