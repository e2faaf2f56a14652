/**
 * What a Wyscout v2 match adds in event values (docs/methodology/event-values.md): the xG of each
 * shot from the shipped model (npxG without penalties), the xA of the teammate whose pass set it
 * up, the shot-creating actions before it, and the xT added by completed passes; each shot becomes a {@link ShotLine}. Wyscout v2 has
 * no carries, so no carry threat. Pure.
 */
import { xgOf } from '../../event-models/xg.js';
import { xtAddedOf } from '../../event-models/xt.js';
import type { CountingTotals } from '../counting-totals.js';
import { BIG_CHANCE_MIN_XG } from '../event-values.js';
import type { ShotLine, ShotOutcome } from '../shot-rows.js';
import { COUNTED_PERIODS, EVENT, PERIOD_START_MINUTE, periodIndexOf, TAG } from './mapping.js';
import type { WyscoutEvent } from './read.js';
import { isWyscoutShot, wyscoutShotFeaturesOf, ASSIST_WINDOW_S } from './shot-features.js';
import { wyscoutShotCreatorsOf } from './shot-creating.js';
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
export function wyscoutAssisterOf(events: readonly WyscoutEvent[], index: number): number | null {
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
