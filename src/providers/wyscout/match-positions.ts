/**
 * Each Wyscout appearance's position in its match (docs/methodology/positions.md): the outfield
 * starters of a team in a match are fitted to a formation ({@link teamShapeOf}) and take their
 * slot's code; a substitute, or a starter left out of the fit, takes the code of the fitted slot
 * nearest to his own average location; goalkeepers stay goalkeepers. A team whose shape cannot be
 * fitted (too few located starters) falls back to the location rule of {@link positionCodeOf}.
 * His season position comes from the time he spent in each of these match positions
 * (docs/methodology/positions.md#the-season): first the place that holds most of his time, sides
 * taken together (a winger who plays on both flanks and sometimes up front is still a wide man),
 * then the code of that place he spent most time in.
 */
import { POSITION_CODES, type PositionCode } from '../../model/positions.js';
import { positionInShapeOf, type ShapePlayer, teamShapeOf } from '../team-shape.js';
import { positionCodeOf, type WyscoutRole } from './mapping.js';

/** Smallest number of located events for a match's own position; fewer and the season position is used. */
export const MATCH_POSITION_MIN_EVENTS = 10;

/** What the position of one appearance is decided from. */
export interface LocatedAppearance {
  fixture_id: number;
  team_id: number;
  player_id: number;
  started: boolean;
  /** Sums of the start locations of his located open-play events in the match, and their count. */
  sum_x: number;
  sum_y: number;
  located: number;
}

const keyOf = (a: LocatedAppearance): string => `${a.fixture_id}:${a.team_id}`;
const GROUP_OF_ROLE = { GK: 'goalkeeper', DF: 'defender', MD: 'midfielder', FW: 'attacker' } as const;

const locationOf = (a: LocatedAppearance, role: WyscoutRole | undefined): ShapePlayer => ({
  player_id: a.player_id,
  x: a.sum_x / a.located,
  y: a.sum_y / a.located,
  ...(role ? { group: GROUP_OF_ROLE[role] } : {}),
});

/**
 * The position of each appearance in its match, in the order given: `null` for a player with fewer
 * than {@link MATCH_POSITION_MIN_EVENTS} located events (the caller uses his season position), `GK`
 * for a Wyscout goalkeeper, else his slot in his team's shape of that match. `roleOf` gives a
 * player's Wyscout role (undefined: treated as an outfield player).
 * @example matchPositionsOf(appearances, (id) => roles.get(id))[0] // => 'CM' for the left man of a midfield three
 */
export function matchPositionsOf(
  appearances: readonly LocatedAppearance[],
  roleOf: (playerId: number) => WyscoutRole | undefined,
): (PositionCode | null)[] {
  const starters = new Map<string, ShapePlayer[]>();
  for (const a of appearances) {
    if (!a.started || a.located < MATCH_POSITION_MIN_EVENTS || roleOf(a.player_id) === 'GK') continue;
    const team = starters.get(keyOf(a)) ?? [];
    team.push(locationOf(a, roleOf(a.player_id)));
    starters.set(keyOf(a), team);
  }
  const shapes = new Map([...starters].map(([key, players]) => [key, teamShapeOf(players)]));
  return appearances.map((a) => {
    const role = roleOf(a.player_id);
    if (role === 'GK') return 'GK';
    if (a.located < MATCH_POSITION_MIN_EVENTS) return null;
    const shape = shapes.get(keyOf(a));
    const at = locationOf(a, role);
    if (!shape) return positionCodeOf(role ?? 'MD', at.x, at.y);
    return shape.positions.get(a.player_id) ?? positionInShapeOf(shape, at);
  });
}

/** Where on the pitch a position code plays, both sides together. */
type Place = 'goal' | 'centre_back' | 'full_back' | 'central_midfield' | 'attacking_midfield' | 'wide' | 'forward';

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
