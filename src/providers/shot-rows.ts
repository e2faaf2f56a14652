/**
 * One shot of an event provider as the `shots` table stores it (docs/methodology/event-values.md#shots):
 * who, when, where (pitch fractions toward the goal attacked), with what, from which situation,
 * its xG and where that xG comes from, and how it ended. Pure.
 */
import type { BodyPart, ShotSituation } from '../event-models/shot.js';

/** How a shot ended. */
export const SHOT_OUTCOMES = ['goal', 'on_target', 'off_target', 'blocked'] as const;
export type ShotOutcome = (typeof SHOT_OUTCOMES)[number];

/** Where a shot's xG comes from: the provider's own value (StatsBomb) or halfspace's model. */
export const XG_SOURCES = ['provider', 'model'] as const;
export type XgSource = (typeof XG_SOURCES)[number];

/** One shot of a match, before its fixture id is known to the table. */
export interface ShotLine {
  player_id: number;
  team_id: number;
  /** Match minute (0-based, as the clock shows it: 0 in the first minute, 45 early in the second half). */
  minute: number;
  x: number;
  y: number;
  body_part: BodyPart;
  situation: ShotSituation;
  xg: number;
  xg_source: XgSource;
  outcome: ShotOutcome;
}
