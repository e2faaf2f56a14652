import { describe, expect, it } from 'vitest';
import { buildClubs } from '../../src/demo/clubs.js';
import { marketValueOf } from '../../src/demo/market-values.js';
import { CULTURES, drawName } from '../../src/demo/names.js';
import { NATIONS } from '../../src/demo/nations.js';
import { Rng } from '../../src/demo/rng.js';
import { ageCurve, fractionalAgeOn } from '../../src/demo/squads.js';

describe('names', () => {
  it('every nation draws only from cultures that exist, with weights summing to 1', () => {
    expect(NATIONS.length).toBe(48);
    expect(new Set(NATIONS.map((n) => n.code)).size).toBe(48);
    for (const n of NATIONS) {
      for (const [c] of n.cultures) expect(CULTURES[c]).toBeDefined();
      expect(n.cultures.reduce((s, [, w]) => s + w, 0)).toBeCloseTo(1, 9);
    }
  });

  it('writes Korean names family first and gives many Brazilians a single playing name', () => {
    const rng = new Rng(5);
    const taken = new Map<string, number>();
    const korean = drawName(rng, 'korean', taken);
    expect(CULTURES.korean.family).toContain(korean.name.split(' ')[0]);
    let knownAs = 0;
    for (let i = 0; i < 400; i++) if (drawName(rng, 'brazilian', taken).knownAs) knownAs++;
    // knownAsRate 0.45 → expect ≈ 180 of 400; a binomial sd is ≈ 10, so 120–240 is far outside chance.
    expect(knownAs).toBeGreaterThan(120);
    expect(knownAs).toBeLessThan(240);
  });

  it('keeps repeated full names rare', () => {
    const rng = new Rng(9);
    const taken = new Map<string, number>();
    const names = Array.from({ length: 600 }, () => drawName(rng, 'english', taken).name);
    expect(new Set(names).size).toBeGreaterThan(594);
  });
});

describe('clubs', () => {
  it('builds 40 clubs per country (36 in Germany), half of them in the first season top flight', () => {
    const { clubs } = buildClubs(new Rng(1));
    expect(clubs.length).toBe(40 + 40 + 40 + 36);
    expect(clubs.filter((c) => c.initialTier === 1).length).toBe(20 + 20 + 20 + 18);
    expect(clubs.map((c) => c.id)).toEqual(clubs.map((_, i) => i + 1));
  });
});

describe('market values and ages', () => {
  it('value grows with ability and falls in tier 2, all else equal', () => {
    // Same seed → same noise draw, so only the inputs differ.
    const v = (ability: number, tier: number): number => marketValueOf(new Rng(11), ability, 25, tier, 'midfielder');
    expect(v(1.2, 1)).toBeGreaterThan(v(0.4, 1));
    expect(v(0.4, 1)).toBeGreaterThan(v(0.4, 2));
  });

  it('age curve: flat from 27 to 30, lower before and after', () => {
    expect(ageCurve(27)).toBe(0);
    expect(ageCurve(30)).toBe(0);
    // 0.035 × (27 − 19)^1.6 = 0.035 × 27.86 = 0.975
    expect(ageCurve(19)).toBeCloseTo(-0.975, 2);
    // 0.04 × (34 − 30)^1.5 = 0.04 × 8 = 0.32
    expect(ageCurve(34)).toBeCloseTo(-0.32, 10);
    expect(Math.floor(fractionalAgeOn('2000-03-05', '2026-03-04'))).toBe(25);
  });
});
