/* bestxi pick on the demo universe: slot eligibility, distinct players, the per-club cap, errors. */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  assignSlots,
  BestXiPickResponse,
  FORMATION_SLOTS,
  FORMATIONS,
  PICK_MINUTES_SHARE,
  SLOT_ELIGIBILITY,
} from '../../src/bestxi/pick.js';
import type { PoolEntry } from '../../src/bestxi/pool.js';
import { vibeById, vibeCatalog } from '../../src/bestxi/vibes.js';
import { POSITION_CODES } from '../../src/model/schema.js';
import { Engine } from '../../src/engine.js';

let engine: Engine;
beforeAll(() => {
  engine = Engine.open({ dataset: 'demo' });
});

describe('engine.bestXiPick (demo)', () => {
  it('fills every slot with an eligible, distinct player within the cap, for every formation and vibe that has candidates', () => {
    for (const formation of FORMATIONS) {
      for (const vibe of vibeCatalog().vibes) {
        const r = engine.bestXiPick({ vibe_id: vibe.id, formation });
        if (!r.ok) throw new Error(`${vibe.id} ${formation}: ${r.error.message}`);
        expect(BestXiPickResponse.safeParse(r.value).success).toBe(true);
        const slots = FORMATION_SLOTS[formation];
        expect(r.value.xi.length + r.value.unfilled.length).toBe(11);
        expect(new Set(r.value.xi.map((s) => s.player_id)).size).toBe(r.value.xi.length);
        for (const s of r.value.xi) {
          const kind = slots.find(([name]) => name === s.slot)![1];
          expect(SLOT_ELIGIBILITY[kind][s.position], `${s.slot} ${s.position}`).toBeDefined();
        }
        const cap = vibe.constraints.per_club_cap;
        const perClub = new Map<string | null, number>();
        for (const s of r.value.xi) perClub.set(s.team, (perClub.get(s.team) ?? 0) + 1);
        if (cap) expect(Math.max(...perClub.values())).toBeLessThanOrEqual(cap);
        expect(r.value.lineup.data_coverage.requested).toBe(r.value.xi.length);
      }
    }
  });

  it('picks regulars only: at least half the minutes of the busiest player of the season', () => {
    let busiest = 0;
    for (let i = 0; i < engine.derived.n; i++) busiest = Math.max(busiest, engine.derived.minutes[i]);
    const r = engine.bestXiPick({ vibe_id: 'balanced', formation: '4-3-3' });
    if (!r.ok) throw new Error(r.error.message);
    for (const s of r.value.xi) {
      const row = engine.latestRowOf(s.player_id);
      let seasonMax = 0;
      for (let i = 0; i < engine.derived.n; i++)
        if (engine.derived.season_id[i] === engine.derived.season_id[row])
          seasonMax = Math.max(seasonMax, engine.derived.minutes[i]);
      expect(engine.derived.minutes[row], s.display_name).toBeGreaterThanOrEqual(PICK_MINUTES_SHARE * seasonMax);
    }
    // The rule bites on the demo: some pool candidates are below it.
    const pool = engine.bestXiPool({ vibe_id: 'balanced', limit: 100 });
    if (!pool.ok) throw new Error(pool.error.message);
    expect(pool.value.players.some((p) => p.minutes < PICK_MINUTES_SHARE * busiest)).toBe(true);
  });

  it('names the bad field of a bad request', () => {
    expect(engine.bestXiPick({ formation: '4-4-3' } as never)).toMatchObject({
      ok: false,
      error: { param: 'formation' },
    });
    expect(engine.bestXiPick({ vibe_id: 'x' })).toMatchObject({ ok: false, error: { param: 'vibe_id' } });
  });
});

describe('assignSlots (property)', () => {
  const entryArb = fc.record({
    player_id: fc.integer({ min: 1, max: 40 }),
    position: fc.constantFrom(...POSITION_CODES),
    club: fc.integer({ min: 1, max: 4 }),
    score: fc.integer({ min: 0, max: 100 }),
  });
  it('never repeats a player, never breaks the cap, and only uses eligible positions', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(entryArb, { selector: (e) => e.player_id, maxLength: 40 }),
        fc.constantFrom(...FORMATIONS),
        (raw, formation) => {
          const entries = raw.map(
            (e) =>
              ({
                player_id: e.player_id,
                name: `P${e.player_id}`,
                position: e.position,
                team: { team_id: e.club, name: `C${e.club}` },
                vibe_score: e.score,
                season_score: e.score,
                age: null,
                fee_tier: null,
                top_metrics: [],
              }) as unknown as PoolEntry,
          );
          const vibe = vibeById('high_press')!;
          const slots = FORMATION_SLOTS[formation];
          const filled = assignSlots(slots, entries, vibe);
          const ids = [...filled.values()].map((f) => f.entry.player_id);
          if (new Set(ids).size !== ids.length) return false;
          const perClub = new Map<number, number>();
          for (const f of filled.values())
            perClub.set(f.entry.team!.team_id, (perClub.get(f.entry.team!.team_id) ?? 0) + 1);
          if ([...perClub.values()].some((n) => n > vibe.constraints.per_club_cap!)) return false;
          for (const [slot, f] of filled) {
            if (SLOT_ELIGIBILITY[slots[slot][1]][f.entry.position as (typeof POSITION_CODES)[number]] === undefined)
              return false;
          }
          return true;
        },
      ),
      { numRuns: 200 },
    );
  });
});
