import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { FEE_TIERS } from '../../src/stats/fee-tier.js';
import { POSITION_GROUPS } from '../../src/model/schema.js';
import { CAST, dnaUniverse } from './dna-dataset.js';

/** Every (path, key, value) of a JSON-like value, however deep. */
function* walk(value: unknown, path = '$'): Generator<{ path: string; key: string; value: unknown }> {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      yield { path: `${path}[${i}]`, key: String(i), value: value[i] };
      yield* walk(value[i], `${path}[${i}]`);
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      yield { path: `${path}.${k}`, key: k, value: v };
      yield* walk(v, `${path}.${k}`);
    }
  }
}

/** Fails with the offending path when a response carries a market value or any EUR amount. */
function expectNoEur(response: unknown, amounts: Set<number>) {
  for (const { path, key, value } of walk(response)) {
    expect(key, path).not.toMatch(/market|value_eur|_eur$|^eur/i);
    if (typeof value === 'string') expect(value, path).not.toMatch(/€|\bEUR\b|\d\s*(m|mn|million)\b/i);
    if (typeof value === 'number') expect(amounts.has(value), `${path} = ${value} is a market value`).toBe(false);
  }
}

const ids = CAST.map((p) => p.player_id);
// Market values from 1,000 EUR up: any of them showing up as a number in a response is a leak.
const valuesArb = fc.dictionary(
  fc.constantFrom(...ids.map(String)),
  fc.option(fc.integer({ min: 1_000, max: 250_000_000 }), { nil: null }),
);
const filtersArb = fc.record(
  {
    max_fee_tier: fc.constantFrom(...FEE_TIERS),
    max_age: fc.integer({ min: 15, max: 40 }),
    league_tier_max: fc.integer({ min: 1, max: 3 }),
    position_group: fc.constantFrom(...POSITION_GROUPS),
  },
  { requiredKeys: [] },
);

describe('fee-tier masking (property)', () => {
  it('no dna-search or alternatives response carries market_value_eur or an EUR amount', () => {
    fc.assert(
      fc.property(
        valuesArb,
        fc.constantFrom(...ids),
        filtersArb,
        fc.integer({ min: 1, max: 50 }),
        (raw, playerId, filters, limit) => {
          const values = Object.fromEntries(Object.entries(raw).map(([k, v]) => [Number(k), v]));
          const engine = Engine.open({ dataset: dnaUniverse(values) });
          const amounts = new Set(
            CAST.map((p) => (p.player_id in values ? values[p.player_id] : p.market_value_eur)).filter(
              (v): v is number => v !== null,
            ),
          );
          const search = engine.dnaSearch({ player_id: playerId, filters, limit });
          const alternatives = engine.alternatives({ player_id: playerId, limit });
          // Successes and failures alike: an error message must not leak an amount either.
          expectNoEur(search, amounts);
          expectNoEur(alternatives, amounts);
          // The tier is there instead, derived from the value we set.
          if (search.ok)
            for (const r of search.value.data.results)
              expect(r.player.fee_tier === null || FEE_TIERS.includes(r.player.fee_tier)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('the walker catches a leak (so the property can fail)', () => {
    expect(() => expectNoEur({ data: { results: [{ player: { market_value_eur: 5 } }] } }, new Set())).toThrow();
    expect(() => expectNoEur({ data: { x: [{ y: 45_000_000 }] } }, new Set([45_000_000]))).toThrow();
    expect(() => expectNoEur({ summary: 'worth €45m' }, new Set())).toThrow();
  });
});
