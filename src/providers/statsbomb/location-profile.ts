/**
 * What one StatsBomb event adds to its player's zone counts (docs/methodology/dna.md#location-features),
 * the same actions as for Wyscout: open-play on-ball actions count in their touch zone, passes by direction,
 * length and target, defensive actions in their zone. StatsBomb locations are [x, y] on a 120 × 80
 * pitch in the acting team's frame (y from its left touchline), scaled here to the shared 0–100 frame.
 * Action kinds map onto Wyscout's where StatsBomb says the same thing; StatsBomb's reader keeps no
 * pass height or body part, so high and head passes stay 0 (docs/methodology/statsbomb.md).
 */
import {
  type ActionColumn,
  addAction,
  addDefence,
  addPass,
  addTouch,
  type ZoneCounts,
} from '../../model/location-profile.js';
import type { StatsBombEvent } from './read.js';

/** On-ball actions that count as touches in open play (receptions and carries do not: Wyscout has neither). */
const TOUCH_TYPES = new Set(['Pass', 'Shot', 'Dribble', 'Miscontrol', 'Clearance', 'Dispossessed']);
/** Defensive actions: duels (tackles, aerials), interceptions, clearances, blocks. */
const DEFENCE_TYPES: ReadonlySet<string> = new Set(['Duel', 'Interception', 'Clearance', 'Block']);

/** Passes that restart play: Wyscout files them as set pieces, not among its pass kinds. */
const SET_PIECE_PASSES: ReadonlySet<string> = new Set(['Corner', 'Free Kick', 'Goal Kick', 'Kick Off', 'Throw-in']);
/** Shots that restart play: penalties, direct free kicks, corners and kick-offs straight at goal. */
const SET_PIECE_SHOTS: ReadonlySet<string> = new Set(['Penalty', 'Free Kick', 'Corner', 'Kick Off']);

/**
 * True for a restart (a set-piece pass or shot): taken where the rules put the ball, so no
 * open-play touch (docs/methodology/dna.md#open-play-touches).
 * @example isRestart({ type: { id: 30, name: 'Pass' }, pass: { type: { id: 67, name: 'Throw-in' } }, … }) // => true
 */
export const isRestart = (e: StatsBombEvent): boolean =>
  SET_PIECE_PASSES.has(e.pass?.type?.name ?? '') || SET_PIECE_SHOTS.has(e.shot?.type?.name ?? '');

/** The action column of a StatsBomb event, when it has one. */
function actionOf(e: StatsBombEvent): Exclude<ActionColumn, 'pass_length_sum'> | undefined {
  switch (e.type.name) {
    case 'Pass':
      if (isRestart(e)) return undefined;
      return e.pass?.cross ? 'pass_cross' : e.pass?.through_ball ? 'pass_smart' : 'pass_simple';
    case 'Duel':
      return e.duel?.type.name === 'Aerial Lost' ? 'duel_air' : 'duel_ground_defending';
    case 'Dribble':
      return 'duel_ground_attacking';
    case 'Dribbled Past':
      return 'duel_ground_defending';
    case 'Miscontrol':
      return 'ball_touch';
    case 'Clearance':
      return 'clearance';
    case 'Foul Committed':
      return 'foul';
    case 'Shot':
      return 'shot';
    default:
      return undefined;
  }
}

/** An aerial duel StatsBomb records on the winner's pass, shot, clearance or miscontrol. */
const wonInTheAir = (e: StatsBombEvent): boolean =>
  Boolean(e.pass?.aerial_won || e.shot?.aerial_won || e.clearance?.aerial_won || e.miscontrol?.aerial_won);

const xOf = (v: number): number => (v * 100) / 120;
const yOf = (v: number): number => (v * 100) / 80;

/**
 * Adds one event to a player's zone counts; an event without a location adds only its action kind, a pass
 * without an end location counts as a touch only.
 * @example addStatsBombEventZones(counts, { type: { id: 30, name: 'Pass' }, location: [60, 40], pass: { end_location: [80, 40] }, … })
 */
export function addStatsBombEventZones(counts: ZoneCounts, e: StatsBombEvent): void {
  const action = actionOf(e);
  if (action) addAction(counts, action);
  if (wonInTheAir(e)) addAction(counts, 'duel_air');
  const at = e.location;
  if (!at) return;
  const x = xOf(at[0]);
  const y = yOf(at[1]);
  const type = e.type.name;
  if (TOUCH_TYPES.has(type) && !isRestart(e)) addTouch(counts, x, y);
  const end = e.pass?.end_location;
  if (type === 'Pass' && end) addPass(counts, x, y, xOf(end[0]), yOf(end[1]));
  if (DEFENCE_TYPES.has(type)) addDefence(counts, x, y);
}
