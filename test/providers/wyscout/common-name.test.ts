/**
 * Names a fan recognises from the Wyscout registry (docs/methodology/wyscout.md#names): an initial is
 * spelled out from the first name, a short name without one is kept. On the real 2017/18 Premier
 * League, test/cli/ingest-wyscout.test.ts finds the names fans search for.
 */
import { describe, expect, it } from 'vitest';
import { commonNameOf } from '../../../src/providers/wyscout/mapping.js';

describe('commonNameOf', () => {
  it('spells out an initial from the first name it stands for', () => {
    expect(commonNameOf('Harry', 'H. Kane')).toBe('Harry Kane');
    expect(commonNameOf('Kevin', 'K. De Bruyne')).toBe('Kevin De Bruyne');
    expect(commonNameOf('Lionel Andr\\u00e9s', 'L. Messi')).toBe('Lionel Messi');
    expect(commonNameOf('Sergio Leonel', 'S. Ag\\u00fcero')).toBe('Sergio Agüero');
    expect(commonNameOf("N'Golo", 'N. Kant\\u00e9')).toBe("N'Golo Kanté");
  });

  it('finds a nickname cut from a longer first name at a syllable, and nothing else', () => {
    expect(commonNameOf('Bamidele', 'D. Alli')).toBe('Dele Alli');
    // "R." is not in "Fernando" at a syllable: the short name stays.
    expect(commonNameOf('Fernando', 'R. Example')).toBe('R. Example');
  });

  it('keeps a short name that is already a name, and gives null without one', () => {
    expect(commonNameOf('Francisco Rom\\u00e1n', 'Isco')).toBe('Isco');
    expect(commonNameOf('Mohamed ', 'Mohamed Salah')).toBe('Mohamed Salah');
    expect(commonNameOf('Heung-Min', 'Son Heung-Min')).toBe('Son Heung-Min');
    expect(commonNameOf('Harry', '')).toBeNull();
    expect(commonNameOf(null, null)).toBeNull();
  });
});
