import { describe, expect, it } from 'vitest';
import { pricierTwinOf } from '../../src/dna/anchor.js';
import { Engine } from '../../src/engine.js';
import { CAST, dnaUniverse, type UniversePlayer } from './dna-dataset.js';

const engine = Engine.open({ dataset: dnaUniverse() });

describe('pricierTwinOf', () => {
  it('finds the closest player in a strictly higher tier', () => {
    // Bruno Vale (2, T1) plays exactly like Arno (1, T4) and Carlo (3, T4): similarity 1, tie → lower id 1.
    expect(pricierTwinOf(engine, engine.latestRowOf(2))).toEqual({
      player_id: 1,
      name: 'Arno Vale',
      fee_tier: 'T4',
      similarity: 1,
    });
    // Arno (T4) has his clone in T4, not higher; the only T5 attacker does not exist → null.
    expect(pricierTwinOf(engine, engine.latestRowOf(1))).toBeNull();
  });

  it('is null without a vector or without a fee tier', () => {
    expect(pricierTwinOf(engine, engine.latestRowOf(9))).toBeNull(); // 60 minutes
    expect(pricierTwinOf(engine, engine.latestRowOf(15))).toBeNull(); // no market value
  });
});

describe('pricierTwinOf and small samples', () => {
  // Arno (T4) plays Bruno's style on 450 minutes, Carlo (T4) nearly his style on a full 900.
  const double = (t: UniversePlayer['totals']) =>
    Object.fromEntries(Object.entries(t).map(([k, v]) => [k, 2 * (v ?? 0)])) as UniversePlayer['totals'];
  const cast = CAST.map((p): UniversePlayer => {
    if (p.player_id === 1) return { ...p, minutes: 450 };
    if (p.player_id === 2) return { ...p, totals: double(p.totals) };
    if (p.player_id === 3)
      return { ...p, totals: { ...double(p.totals), key_passes: 2 * (p.totals.key_passes ?? 0) + 6 } };
    return { ...p, minutes: (p.minutes ?? 900) < 900 ? p.minutes : 900 };
  });
  const short = Engine.open({ dataset: dnaUniverse({}, cast) });

  it('cites a pricier twin only among candidates a search would show by default', () => {
    const unfloored = short.dnaSearch({ player_id: 2, filters: { min_minutes: 0, position_group: 'attacker' } });
    const order = unfloored.ok ? unfloored.value.data.results.map((x) => x.player.player_id) : [];
    // Without the floor the half-season Arno is the closer one …
    expect(order.indexOf(1)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(1)).toBeLessThan(order.indexOf(3));
    // … but his vector stands on fewer minutes than the default floor, so the verdict cites Carlo.
    expect(pricierTwinOf(short, short.latestRowOf(2))).toMatchObject({ player_id: 3, fee_tier: 'T4' });
  });
});
