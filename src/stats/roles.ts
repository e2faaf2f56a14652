/**
 * Roles: the six peer groups a player is judged in (docs/methodology/stats.md#roles). Finer than
 * the four position groups, so a full-back is compared with full-backs and a winger with wingers.
 */
import type { PositionCode, PositionGroup } from '../model/positions.js';

/** The six roles, goal to goal. */
export const ROLES = [
  'goalkeeper',
  'centre_back',
  'full_back',
  'midfielder',
  'attacking_midfielder',
  'striker',
] as const;
export type Role = (typeof ROLES)[number];

/** The documented position → role map (docs/methodology/stats.md#roles). */
export const ROLE_OF_POSITION: Record<PositionCode, Role> = {
  GK: 'goalkeeper',
  CB: 'centre_back',
  LB: 'full_back',
  RB: 'full_back',
  LWB: 'full_back',
  RWB: 'full_back',
  DM: 'midfielder',
  CM: 'midfielder',
  AM: 'attacking_midfielder',
  LM: 'attacking_midfielder',
  RM: 'attacking_midfielder',
  LW: 'attacking_midfielder',
  RW: 'attacking_midfielder',
  CF: 'striker',
  ST: 'striker',
};

/**
 * The position group a role's cohort falls back to and reports as `position_group`. Wingers
 * (LW/RW, attackers) and wide midfielders (LM/RM) share a role; its group is midfielder.
 */
export const ROLE_GROUP: Record<Role, PositionGroup> = {
  goalkeeper: 'goalkeeper',
  centre_back: 'defender',
  full_back: 'defender',
  midfielder: 'midfielder',
  attacking_midfielder: 'midfielder',
  striker: 'attacker',
};

/** How a role is named in cohort text and on cards (plural). */
export const ROLE_LABELS: Record<Role, string> = {
  goalkeeper: 'goalkeepers',
  centre_back: 'centre-backs',
  full_back: 'full-backs and wing-backs',
  midfielder: 'defensive and central midfielders',
  attacking_midfielder: 'attacking midfielders and wingers',
  striker: 'strikers',
};

const isPositionCode = (code: string): code is PositionCode => Object.hasOwn(ROLE_OF_POSITION, code);

/**
 * The role of a position code; an unknown code (never in a validated dataset) is a midfielder.
 * @example roleOfPosition('RWB') // => 'full_back'
 */
export function roleOfPosition(code: string): Role {
  return isPositionCode(code) ? ROLE_OF_POSITION[code] : 'midfielder';
}
