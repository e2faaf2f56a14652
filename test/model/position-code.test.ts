import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../../src/errors.js';
import { isPositionCode, POSITION_CODES, positionCodeOf } from '../../src/model/positions.js';

describe('position codes of stored text', () => {
  it('accepts exactly the detailed codes, case and prototype keys included', () => {
    for (const code of POSITION_CODES) expect(isPositionCode(code)).toBe(true);
    // Lower case, words and Object.prototype keys are not codes: the guard must not read inherited keys.
    for (const text of ['st', 'Striker', '', 'toString', 'constructor', '__proto__'])
      expect(isPositionCode(text)).toBe(false);
  });

  it('positionCodeOf returns a code unchanged and throws InvariantError on anything else', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const known = POSITION_CODES.some((c) => c === text);
        if (known) expect(positionCodeOf(text)).toBe(text);
        else expect(() => positionCodeOf(text)).toThrow(InvariantError);
      }),
    );
    expect(positionCodeOf('LWB')).toBe('LWB');
    expect(() => positionCodeOf('Left wing-back')).toThrow(/not a position code: Left wing-back/);
  });
});
