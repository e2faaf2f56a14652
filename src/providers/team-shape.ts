/**
 * Positions from a team's shape in one match (docs/methodology/positions.md): the outfield starters'
 * typical event locations are matched to the slots of the formation that fits them best. Pure.
 * Coordinates are 0–100 in the team's attacking frame (x from its own goal line to the opponent's,
 * y from its left touchline to its right), the frame Wyscout and StatsBomb both give events in.
 */
import { type PositionCode, type PositionGroup, positionGroupOf } from '../model/positions.js';

/** One outfield player's typical event location in a match. */
export interface ShapePlayer {
  player_id: number;
  /** Depth, 0–100 from his own goal line. */
  x: number;
  /** Width, 0–100 from his team's left touchline. */
  y: number;
  /** The position group the provider registers him in, when it gives one (a soft hint: see {@link SHAPE_GROUP_PENALTY}). */
  group?: PositionGroup;
}

/**
 * One place of a formation: its position code, its depth relative to the team's median depth
 * (`dx`, 0–100 units, positive towards the opponent) and its width (`y`, 0–100).
 */
interface ShapeSlot {
  code: PositionCode;
  dx: number;
  y: number;
}

/** A formation: its name and its ten outfield slots, back line first, each line left to right. */
export interface Formation {
  name: string;
  slots: readonly ShapeSlot[];
}

/** The formation a team's starters fit and the position of each of them. */
interface TeamShape {
  formation: string;
  /** Median depth of the located outfield starters: slots' `dx` are relative to it. */
  reference_x: number;
  /** Each fitted starter's position, by player id. */
  positions: Map<number, PositionCode>;
  /** Mean squared distance (0–100 units²) from a starter to his slot. */
  cost: number;
}

/** Fewest located outfield starters a shape is fitted on (docs/methodology/positions.md#the-fit). */
export const SHAPE_MIN_PLAYERS = 7;

/**
 * How much a unit of depth counts against a unit of width in a slot's distance
 * (docs/methodology/positions.md#the-fit): full-backs' events average as high as a holding
 * midfielder's, so the width of the outside men is what marks a back four.
 */
export const SHAPE_DEPTH_WEIGHT = 1;

/**
 * Added to a player's distance from a slot outside the position group his provider registers him
 * in (0–100 units²): a hint that settles near ties without overriding a clear shape
 * (docs/methodology/positions.md#the-fit).
 */
export const SHAPE_GROUP_PENALTY = 60;

const s = (code: PositionCode, dx: number, y: number): ShapeSlot => ({ code, dx, y });

/** A formation of `back` and the further slots, each `[code, dx, y]`. */
const f = (name: string, back: readonly ShapeSlot[], ...rest: [PositionCode, number, number][]): Formation => ({
  name,
  slots: [...back, ...rest.map(([code, dx, y]) => s(code, dx, y))],
});

// Slot coordinates: where each place's open-play events typically average relative to the team's
// median depth (docs/methodology/positions.md#formations).
const BACK4 = [s('LB', -3, 10), s('CB', -19, 31), s('CB', -19, 69), s('RB', -3, 90)];
const BACK3 = [s('CB', -17, 27), s('CB', -20, 50), s('CB', -17, 73)];
const BACK5 = [...BACK3, s('LWB', 1, 8), s('RWB', 1, 92)];

/** The formations a team's shape is matched against (docs/methodology/positions.md#formations). */
export const FORMATIONS: readonly Formation[] = [
  f('4-3-3', BACK4, ['CM', 0, 36], ['DM', -6, 50], ['CM', 0, 64], ['LW', 12, 22], ['ST', 16, 50], ['RW', 12, 78]),
  f('4-2-3-1', BACK4, ['DM', -4, 43], ['DM', -4, 57], ['LW', 12, 24], ['AM', 10, 48], ['RW', 10, 75], ['ST', 16, 50]),
  f('4-4-2', BACK4, ['LM', 11, 18], ['CM', -2, 42], ['CM', -2, 58], ['RM', 12, 80], ['ST', 14, 44], ['ST', 14, 56]),
  f('4-4-1-1', BACK4, ['LM', 11, 18], ['CM', -2, 42], ['CM', -2, 58], ['RM', 12, 80], ['AM', 10, 50], ['ST', 16, 50]),
  f('4-1-4-1', BACK4, ['DM', -6, 50], ['LM', 11, 18], ['CM', 1, 38], ['CM', 1, 62], ['RM', 12, 80], ['ST', 16, 50]),
  f('4-3-1-2', BACK4, ['CM', -1, 32], ['DM', -6, 50], ['CM', -1, 68], ['AM', 9, 50], ['ST', 14, 42], ['ST', 14, 58]),
  f('3-5-2', BACK5, ['CM', 0, 36], ['DM', -6, 50], ['CM', 0, 64], ['ST', 14, 42], ['ST', 14, 58]),
  f('3-4-3', BACK5, ['CM', -3, 42], ['CM', -3, 58], ['LW', 12, 26], ['ST', 16, 50], ['RW', 12, 74]),
  f('3-4-2-1', BACK5, ['CM', -3, 42], ['CM', -3, 58], ['AM', 9, 36], ['AM', 9, 64], ['ST', 16, 50]),
];

const distanceOf = (p: ShapePlayer, referenceX: number, slot: ShapeSlot): number => {
  const ddx = p.x - referenceX - slot.dx;
  const ddy = p.y - slot.y;
  const outside = p.group !== undefined && p.group !== positionGroupOf(slot.code) ? SHAPE_GROUP_PENALTY : 0;
  return SHAPE_DEPTH_WEIGHT * ddx * ddx + ddy * ddy + outside;
};

/**
 * The assignment of `players` to distinct `slots` with the least summed squared distance: exact,
 * by dynamic programming over the sets of slots taken (2^slots states). Needs players ≤ slots.
 */
function bestAssignment(
  players: readonly ShapePlayer[],
  referenceX: number,
  slots: readonly ShapeSlot[],
): { cost: number; slotOf: number[] } {
  const states = 1 << slots.length;
  const cost = new Float64Array(states).fill(Number.POSITIVE_INFINITY);
  const from = new Int32Array(states).fill(-1);
  cost[0] = 0;
  for (let mask = 0; mask < states; mask++) {
    if (cost[mask] === Number.POSITIVE_INFINITY) continue;
    const i = popCount(mask);
    if (i >= players.length) continue;
    for (let k = 0; k < slots.length; k++) {
      if (mask & (1 << k)) continue;
      const next = mask | (1 << k);
      const c = cost[mask] + distanceOf(players[i], referenceX, slots[k]);
      if (c < cost[next]) {
        cost[next] = c;
        from[next] = k;
      }
    }
  }
  let best = -1;
  for (let mask = 0; mask < states; mask++)
    if (popCount(mask) === players.length && (best < 0 || cost[mask] < cost[best])) best = mask;
  const slotOf = new Array<number>(players.length);
  for (let mask = best, i = players.length - 1; i >= 0; i--) {
    slotOf[i] = from[mask];
    mask &= ~(1 << from[mask]);
  }
  return { cost: cost[best], slotOf };
}

function popCount(mask: number): number {
  let n = 0;
  for (let m = mask; m; m &= m - 1) n++;
  return n;
}

function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The formation of {@link FORMATIONS} that a team's located outfield starters fit best (ties: the
 * one listed first), and each starter's position in it (docs/methodology/positions.md#the-fit).
 * `null` with fewer than {@link SHAPE_MIN_PLAYERS} players or more than a formation's ten slots.
 * @example teamShapeOf(fourThreeThree)?.positions.get(kroosId) // => 'CM' (the left slot of a midfield three)
 */
export function teamShapeOf(players: readonly ShapePlayer[]): TeamShape | null {
  if (players.length < SHAPE_MIN_PLAYERS || players.length > 10) return null;
  // Players sorted by id so the fit never depends on the order they were listed in.
  const ordered = [...players].sort((a, b) => a.player_id - b.player_id);
  const referenceX = medianOf(ordered.map((p) => p.x));
  let best: { formation: Formation; cost: number; slotOf: number[] } | null = null;
  for (const formation of FORMATIONS) {
    const fit = bestAssignment(ordered, referenceX, formation.slots);
    if (!best || fit.cost < best.cost) best = { formation, ...fit };
  }
  if (!best) return null;
  const positions = new Map<number, PositionCode>();
  for (const [i, p] of ordered.entries()) positions.set(p.player_id, best.formation.slots[best.slotOf[i]].code);
  return { formation: best.formation.name, reference_x: referenceX, positions, cost: best.cost / ordered.length };
}

/**
 * The position of a player who was not fitted with the starters (a substitute): the code of the
 * fitted formation's slot nearest to his own location, depth taken relative to the starters'.
 * @example positionInShapeOf(shape, { player_id: 9, x: 70, y: 88 }) // => 'RW' in a 4-3-3
 */
export function positionInShapeOf(shape: TeamShape, player: ShapePlayer): PositionCode {
  const formation = FORMATIONS.find((f) => f.name === shape.formation)!;
  let best = formation.slots[0];
  for (const slot of formation.slots)
    if (distanceOf(player, shape.reference_x, slot) < distanceOf(player, shape.reference_x, best)) best = slot;
  return best.code;
}
