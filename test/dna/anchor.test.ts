import { describe, expect, it } from 'vitest';
import { pricierTwinOf } from '../../src/dna/anchor.js';
import { Engine } from '../../src/engine.js';
import { dnaUniverse } from './dna-dataset.js';

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
