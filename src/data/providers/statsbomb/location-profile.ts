/**
 * What one StatsBomb event adds to its player's zone counts (docs/methodology/dna.md#location-features),
 * the same actions as for Wyscout: on-ball actions count in their touch zone, passes by direction,
 * length and target, defensive actions in their zone. StatsBomb locations are [x, y] on a 120 × 80
 * pitch in the acting team's frame (y from its left touchline), scaled here to the shared 0–100 frame.
 */
import { addDefence, addPass, addTouch, type ZoneCounts } from '../location-profile.js';
import type { StatsBombEvent } from './read.js';

/** On-ball actions that count as touches (receptions and carries do not: Wyscout has neither). */
const TOUCH_TYPES: ReadonlySet<string> = new Set([
  'Pass',
  'Shot',
  'Dribble',
  'Miscontrol',
  'Clearance',
  'Dispossessed',
]);
/** Defensive actions: duels (tackles, aerials), interceptions, clearances, blocks. */
const DEFENCE_TYPES: ReadonlySet<string> = new Set(['Duel', 'Interception', 'Clearance', 'Block']);

const xOf = (v: number): number => (v * 100) / 120;
const yOf = (v: number): number => (v * 100) / 80;

/**
 * Adds one event to a player's zone counts; an event without a location adds nothing, a pass
 * without an end location counts as a touch only.
 * @example addStatsBombEventZones(counts, { type: { id: 30, name: 'Pass' }, location: [60, 40], pass: { end_location: [80, 40] }, … })
 */
export function addStatsBombEventZones(counts: ZoneCounts, e: StatsBombEvent): void {
  const at = e.location;
  if (!at) return;
  const x = xOf(at[0]);
  const y = yOf(at[1]);
  const type = e.type.name;
  if (TOUCH_TYPES.has(type)) addTouch(counts, x, y);
  const end = e.pass?.end_location;
  if (type === 'Pass' && end) addPass(counts, x, y, xOf(end[0]), yOf(end[1]));
  if (DEFENCE_TYPES.has(type)) addDefence(counts, x, y);
}
