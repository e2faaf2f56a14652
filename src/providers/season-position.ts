/**
 * A player's position of the season from the time he spent in each position
 * (docs/methodology/positions.md#the-season): first the place that holds most of his time, sides
 * taken together (a winger who plays on both flanks and sometimes up front is still a wide man),
 * then the code of that place he spent most time in. Used for positions inferred match by match
 * (Wyscout); his other positions stay in `appearances.position`, match by match.
 */
import { POSITION_CODES, type PositionCode } from '../model/positions.js';

/** Where on the pitch a position code plays, both sides together. */
export type Place =
  | 'goal'
  | 'centre_back'
  | 'full_back'
  | 'central_midfield'
  | 'attacking_midfield'
  | 'wide'
  | 'forward';

/** The place of each position code (docs/methodology/positions.md#the-season). */
export const PLACE_OF_POSITION: Readonly<Record<PositionCode, Place>> = {
  GK: 'goal',
  CB: 'centre_back',
  LB: 'full_back',
  RB: 'full_back',
  LWB: 'full_back',
  RWB: 'full_back',
  DM: 'central_midfield',
  CM: 'central_midfield',
  AM: 'attacking_midfield',
  LM: 'wide',
  RM: 'wide',
  LW: 'wide',
  RW: 'wide',
  CF: 'forward',
  ST: 'forward',
};

/**
 * The season position of a player who spent `time` (any unit: seconds, minutes) in each position:
 * the code with most time within the place with most time. Ties go to the code or place listed
 * first in POSITION_CODES, so the answer never depends on the order of the map. `null` when no
 * position has positive time.
 * @example seasonPositionOf(new Map([['ST', 750], ['RW', 600], ['LW', 400], ['RM', 620]])) // => 'RM'
 */
export function seasonPositionOf(time: ReadonlyMap<PositionCode, number>): PositionCode | null {
  const byPlace = new Map<Place, number>();
  for (const [code, t] of time)
    if (t > 0) byPlace.set(PLACE_OF_POSITION[code], (byPlace.get(PLACE_OF_POSITION[code]) ?? 0) + t);
  let best: PositionCode | null = null;
  for (const code of POSITION_CODES) {
    const t = time.get(code) ?? 0;
    if (t <= 0) continue;
    if (best === null) {
      best = code;
      continue;
    }
    const place = byPlace.get(PLACE_OF_POSITION[code])!;
    const bestPlace = byPlace.get(PLACE_OF_POSITION[best])!;
    if (place > bestPlace || (PLACE_OF_POSITION[code] === PLACE_OF_POSITION[best] && t > (time.get(best) ?? 0)))
      best = code;
  }
  return best;
}
