import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { DNA_DIMS } from '../../src/dna/features.js';
import {
  CANDIDATE_MINUTES_MIN,
  DNA_SEARCH_LIMIT_DEFAULT,
  defaultCandidateMinutesOf,
} from '../../src/dna/search-request.js';
import { CAST, dnaUniverse, type UniversePlayer } from './dna-dataset.js';
import { referenceCosine } from './reference-cosine.js';

const engine = Engine.open({ dataset: dnaUniverse() });

/** Brute force over the engine's own DNA matrix: every other player of the group with `minMinutes` behind his latest row, cosine by hand. */
function bruteForce(sourceId: number, keep: (id: number) => boolean = () => true, minMinutes = CANDIDATE_MINUTES_MIN) {
  const d = engine.derived;
  const src = engine.latestRowOf(sourceId);
  const out: { id: number; cos: number }[] = [];
  for (const p of engine.players) {
    const row = engine.latestRowOf(p.player_id);
    if (
      p.player_id === sourceId ||
      row < 0 ||
      !engine.dna.hasVector[row] ||
      d.group[row] !== d.group[src] ||
      d.minutes[row] < minMinutes ||
      !keep(p.player_id)
    )
      continue;
    out.push({ id: p.player_id, cos: referenceCosine(engine.dna.matrix, DNA_DIMS, src, row) });
  }
  return out.sort((a, b) => b.cos - a.cos || a.id - b.id);
}

describe('engine.dnaSearch', () => {
  it('returns the brute-force ranking of the same group, the source excluded, with fee tiers and explanations', () => {
    const r = engine.dnaSearch({ name: 'arno vale' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const { data } = r.value;
    // Attackers with a vector: 1–8 and 10 (9 has 60 minutes); 10 has 200 minutes, under the
    // candidate floor of 900 → 7 candidates besides player 1, all within the default limit 10.
    expect(DNA_SEARCH_LIMIT_DEFAULT).toBe(10);
    expect(CANDIDATE_MINUTES_MIN).toBe(900);
    const expected = bruteForce(1);
    expect(expected).toHaveLength(7);
    expect(data.results.some((x) => x.player.player_id === 10)).toBe(false);
    expect(data.results.map((x) => x.player.player_id)).toEqual(expected.map((x) => x.id));
    data.results.forEach((x, i) => {
      expect(x.similarity).toBeCloseTo(Math.max(0, expected[i].cos), 4);
      expect(x.match).toBe(Math.round(x.similarity * 100));
      expect(x.player.position_group).toBe('attacker');
    });
    // Twin and clone have identical totals and minutes: cosine 1, "very similar"; ties by player_id (2 before 3).
    expect(data.results.slice(0, 2).map((x) => [x.player.player_id, x.similarity, x.band])).toEqual([
      [2, 1, 'very similar'],
      [3, 1, 'very similar'],
    ]);
    expect(data.results[0].player).toMatchObject({
      name: 'Bruno Vale',
      team: 'SV Ostmark',
      league: 'Zweite Liga',
      league_tier: 2,
      position: 'ST',
      age: 21,
      fee_tier: 'T1',
    });
    expect(data.results[0].shared_style_tags).toEqual(data.source.style_tags);
    expect(data.results[0].agreeing_metrics).toHaveLength(3);
    expect(data.filters).toEqual({
      position_group: 'attacker',
      max_fee_tier: null,
      max_age: null,
      league_tier_max: null,
      min_minutes: 900,
    });
    expect(data.source).toMatchObject({ player_id: 1, fee_tier: 'T4', season: '2025/26' });
    expect(r.value.meta.entity_id).toBe(1);
  });

  it('applies max_fee_tier, max_age and league_tier_max and reports them as applied', () => {
    // T2 or cheaper (≤ 30M): 2 (5M), 5 (12M), 6 (15M), 10 (8M); age ≤ 24 on 2026-03-01: 2 (21), 5 (23), 10 (24); top flight: 10.
    const tiers = { 2: 1, 3: 4, 4: 2, 5: 2, 6: 2, 7: 3, 8: 3, 10: 1 } as Record<number, number>;
    // min_minutes: 0 admits player 10 (200 minutes), so every filter below has someone to keep.
    const all = { min_minutes: 0 };
    const r = engine.dnaSearch({ player_id: 1, filters: { ...all, max_fee_tier: 'T2' }, limit: 50 });
    expect(r.ok && r.value.data.results.map((x) => x.player.player_id)).toEqual(
      bruteForce(1, (id) => tiers[id] <= 2, 0).map((x) => x.id),
    );
    const young = engine.dnaSearch({ player_id: 1, filters: { ...all, max_fee_tier: 'T2', max_age: 24 } });
    expect(young.ok && young.value.data.results.map((x) => x.player.player_id).sort()).toEqual([10, 2, 5].sort());
    const top = engine.dnaSearch({
      player_id: 1,
      filters: { ...all, max_fee_tier: 'T2', max_age: 24, league_tier_max: 1 },
    });
    expect(top.ok && top.value.data.results.map((x) => x.player.player_id)).toEqual([10]);
    expect(top.ok && top.value.data.filters).toEqual({
      position_group: 'attacker',
      max_fee_tier: 'T2',
      max_age: 24,
      league_tier_max: 1,
      min_minutes: 0,
    });
    // The default floor leaves the same filters with nobody, and the summary says how to lower it.
    const floored = engine.dnaSearch({
      player_id: 1,
      filters: { max_fee_tier: 'T2', max_age: 24, league_tier_max: 1 },
    });
    expect(floored.ok && floored.value.data.results).toEqual([]);
    expect(floored.ok && floored.value.summary).toMatch(/900 minutes.*filters\.min_minutes/);
    const limited = engine.dnaSearch({ player_id: 1, limit: 1 });
    expect(limited.ok && limited.value.data.results.map((x) => x.player.player_id)).toEqual([2]);
  });

  it('refuses bad filter values, naming the field', () => {
    const cases: [unknown, string][] = [
      [{ player_id: 1, filters: { max_fee_tier: 'T6' } }, 'filters.max_fee_tier'],
      [{ player_id: 1, filters: { max_age: -1 } }, 'filters.max_age'],
      [{ player_id: 1, filters: { max_age: 23.5 } }, 'filters.max_age'],
      [{ player_id: 1, filters: { league_tier_max: 0 } }, 'filters.league_tier_max'],
      [{ player_id: 1, filters: { position_group: 'striker' } }, 'filters.position_group'],
      [{ player_id: 1, filters: { max_value_eur: 5 } }, 'filters.max_value_eur'],
      [{ player_id: 1, filters: { min_minutes: -1 } }, 'filters.min_minutes'],
      [{ player_id: 1, filters: { min_minutes: 'abc' } }, 'filters.min_minutes'],
      [{ player_id: 1, filters: { min_minutes: null } }, 'filters.min_minutes'],
      [{ player_id: 1, limit: 0 }, 'limit'],
      [{ player_id: 1, limit: 51 }, 'limit'],
      [{ filters: {} }, 'name'],
      // A group other than the source's: vector slots would mean different metrics.
      [{ player_id: 1, filters: { position_group: 'midfielder' } }, 'filters.position_group'],
    ];
    for (const [input, param] of cases) {
      const r = engine.dnaSearch(input as Record<string, unknown>);
      expect(r.ok, JSON.stringify(input)).toBe(false);
      if (!r.ok) expect([r.error.code, r.error.param]).toEqual(['invalid_request', param]);
    }
  });

  it('says no_dna_vector for a player without a DNA vector, and passes resolver failures through', () => {
    const r = engine.dnaSearch({ name: 'Ivo Short' });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('no_dna_vector');
      expect(r.error.message).toMatch(/60 minutes/);
    }
    const unknown = engine.dnaSearch({ name: 'Nobody Anywhere' });
    expect(!unknown.ok && unknown.error.code).toBe('player_not_found');
  });

  it('searches keepers among keepers', () => {
    const r = engine.dnaSearch({ player_id: 14 });
    expect(r.ok && r.value.data.results.map((x) => x.player.player_id)).toEqual(bruteForce(14).map((x) => x.id));
    expect(r.ok && r.value.data.results.every((x) => x.player.position_group === 'goalkeeper')).toBe(true);
    // Olaf Tor has no market value: his tier is null, never an amount.
    expect(r.ok && r.value.data.results.find((x) => x.player.player_id === 15)!.player.fee_tier).toBeNull();
  });
});

describe('the candidate minutes floor', () => {
  // A hand-made near-twin of Arno Vale (player 1) on half his minutes: the same per-90 values
  // (poacher totals halved over 450 minutes), so his vector points near Arno's.
  const halfTwin: UniversePlayer = {
    ...CAST[0],
    player_id: 17,
    name: 'Rui Halb',
    team_id: 21,
    minutes: 450,
    totals: Object.fromEntries(Object.entries(CAST[0].totals).map(([k, v]) => [k, (v ?? 0) / 2])),
  };
  const withTwin = Engine.open({ dataset: dnaUniverse({}, [...CAST, halfTwin]) });

  it('leaves a short-sample near-twin out by default and lets a lower floor admit him', () => {
    const byDefault = withTwin.dnaSearch({ player_id: 1, limit: 50 });
    expect(byDefault.ok && byDefault.value.data.results.map((x) => x.player.player_id)).not.toContain(17);
    const lowered = withTwin.dnaSearch({ player_id: 1, filters: { min_minutes: 450 }, limit: 50 });
    expect(lowered.ok).toBe(true);
    if (!lowered.ok) return;
    // He comes right after the two full-season copies (cosine 1), closer than any other striker.
    const results = lowered.value.data.results;
    expect(results.slice(0, 3).map((x) => x.player.player_id)).toEqual([2, 3, 17]);
    expect(results[2].similarity).toBeGreaterThan(results[3].similarity);
    expect(lowered.value.data.filters.min_minutes).toBe(450);
    // One minute above his sample leaves him out again.
    const above = withTwin.dnaSearch({ player_id: 1, filters: { min_minutes: 451 }, limit: 50 });
    expect(above.ok && above.value.data.results.map((x) => x.player.player_id)).not.toContain(17);
  });

  it('applies to alternatives the same way, and refuses a negative or non-numeric floor', () => {
    const ids = (r: ReturnType<typeof withTwin.alternatives>) =>
      r.ok ? r.value.data.results.map((x) => x.player.player_id) : null;
    expect(ids(withTwin.alternatives({ player_id: 1, limit: 50 }))).not.toContain(17);
    expect(ids(withTwin.alternatives({ player_id: 1, limit: 50, min_minutes: 0 }))).toContain(17);
    for (const bad of [-1, 'ninety', Number.NaN]) {
      const r = withTwin.alternatives({ player_id: 1, min_minutes: bad } as Record<string, unknown>);
      expect(!r.ok && [r.error.code, r.error.param]).toEqual(['invalid_request', 'min_minutes']);
    }
  });

  it('keeps the anchor rule: a source on 200 minutes searches, among candidates of at least his whole matches', () => {
    // 900, or the source's own minutes in whole matches of 90 when he has fewer.
    expect([2996, 900, 899, 400, 200, 95].map(defaultCandidateMinutesOf)).toEqual([900, 900, 810, 360, 180, 90]);
    // Jan Ersatz (player 10, 200 minutes): floor 180, so the 450-minute Rui Halb is a candidate.
    const r = withTwin.dnaSearch({ player_id: 10, limit: 50 });
    expect(r.ok && r.value.data.filters.min_minutes).toBe(180);
    expect(r.ok && r.value.data.results.map((x) => x.player.player_id)).toContain(17);
  });
});
