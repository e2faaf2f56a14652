/** Detailed position codes, the four position groups and the card label of each (docs/design.md#data-model). */
import { InvariantError } from '../errors.js';

/** Detailed position codes (docs/design.md#data-model). */
export const POSITION_CODES = [
  'GK',
  'CB',
  'LB',
  'RB',
  'LWB',
  'RWB',
  'DM',
  'CM',
  'AM',
  'LM',
  'RM',
  'LW',
  'RW',
  'CF',
  'ST',
] as const;
export type PositionCode = (typeof POSITION_CODES)[number];

/** Coarse position groups. */
export const POSITION_GROUPS = ['goalkeeper', 'defender', 'midfielder', 'attacker'] as const;
export type PositionGroup = (typeof POSITION_GROUPS)[number];

const GROUP_OF: Record<PositionCode, PositionGroup> = {
  GK: 'goalkeeper',
  CB: 'defender',
  LB: 'defender',
  RB: 'defender',
  LWB: 'defender',
  RWB: 'defender',
  DM: 'midfielder',
  CM: 'midfielder',
  AM: 'midfielder',
  LM: 'midfielder',
  RM: 'midfielder',
  LW: 'attacker',
  RW: 'attacker',
  CF: 'attacker',
  ST: 'attacker',
};

/**
 * The position group of a detailed position code.
 * @example positionGroupOf('LWB') // => 'defender'
 */
export function positionGroupOf(code: PositionCode): PositionGroup {
  return GROUP_OF[code];
}

/** True when a text is one of the detailed position codes. @example isPositionCode('LWB') // => true */
export function isPositionCode(text: string): text is PositionCode {
  return Object.hasOwn(GROUP_OF, text);
}

/**
 * The position code of a stored player's position. Validation admits position codes only, so any other
 * text is a bug: throws InvariantError.
 * @example positionCodeOf('ST') // => 'ST'
 */
export function positionCodeOf(position: string): PositionCode {
  if (!isPositionCode(position)) throw new InvariantError(`not a position code: ${position}`);
  return position;
}

/** Coarse label printed on cards. @example positionLabelOf('ST') // => 'Attacker' */
export function positionLabelOf(code: PositionCode): 'Goalkeeper' | 'Defender' | 'Midfielder' | 'Attacker' {
  const g = GROUP_OF[code];
  // cast: the four groups capitalised are exactly the four labels.
  return (g.charAt(0).toUpperCase() + g.slice(1)) as 'Goalkeeper' | 'Defender' | 'Midfielder' | 'Attacker';
}
