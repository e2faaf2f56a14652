/*
 * DNA v2 on hand-built zone counts (docs/methodology/dna.md#dna-v2): where a player acts decides
 * his vector, minutes do not, a dataset without zone counts keeps stats-only DNA, and every vector
 * is a unit vector or none.
 */
import { tableFromArrays } from 'apache-arrow';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addAction,
  addDefence,
  addPass,
  addTouch,
  emptyZoneCounts,
  ZONE_COLUMNS,
} from '../../src/model/location-profile.js';
import { DNA_DIMS } from '../../src/dna/features.js';
import { ZONE_FEATURES } from '../../src/dna/zone-features.js';
import { datasetDnaOf, zoneDnaOf, zoneFeaturesOf } from '../../src/dna/zone-vectors.js';
import { derivedOf, type FixtureRow } from './derived-fixture.js';

/** Zone counts of a player who touches the ball `n` times around (x, y), passes forward from there and defends behind it. */
function countsAround(x: number, y: number, n: number): number[] {
  const counts = emptyZoneCounts();
  for (let k = 0; k < n; k++) {
    const dx = ((k * 7) % 11) - 5;
    const dy = ((k * 5) % 9) - 4;
    addTouch(counts, x + dx, y + dy);
    if (k % 2 === 0) addPass(counts, x + dx, y + dy, x + dx + 15, y);
    if (k % 3 === 0) addDefence(counts, x - 10, y + dy);
  }
  return counts;
}

function zonesOf(rows: number[][]) {
  const Z = ZONE_COLUMNS.length;
  const counts = new Float64Array(rows.length * Z);
  rows.forEach((r, i) => {
    counts.set(r, i * Z);
  });
  return { counts, has: Uint8Array.from(rows, () => 1) };
}

const cosine = (m: Float32Array, a: number, b: number) => {
  let s = 0;
  for (let d = 0; d < DNA_DIMS; d++) s += m[a * DNA_DIMS + d] * m[b * DNA_DIMS + d];
  return s;
};

// A small league: full-backs on both flanks, centre-backs, midfielders and forwards.
const SPOTS: [number, number][] = [
  [30, 10],
  [30, 90],
  [20, 40],
  [20, 60],
  [50, 50],
  [55, 30],
  [75, 15],
  [75, 85],
  [85, 50],
  [60, 70],
];
const values = (k: number) => ({
  shots_per90: k % 4,
  dribbles_per90: k % 3,
  crosses_per90: k % 2,
  aerials_won_per90: k % 5,
});

describe('DNA v2 vectors', () => {
  it('are the same for the same play over twice the minutes, and tell a left-back from a right-back', () => {
    const rows: FixtureRow[] = SPOTS.map((_, k) => ({ group: 'defender', team_id: 10 + (k % 3), values: values(k) }));
    // Row 10 plays like row 0 over twice the minutes (twice the events, same per-90 values).
    rows.push({ group: 'defender', team_id: 10, minutes: 1800, values: values(0) });
    const counts = SPOTS.map(([x, y]) => countsAround(x, y, 198));
    counts.push(countsAround(30, 10, 396)); // the pattern repeats every 198 events
    const derived = derivedOf(rows);
    const dna = zoneDnaOf(derived, zonesOf(counts), (id) => id);
    expect(dna.hasVector.every((h) => h === 1)).toBe(true);
    expect(cosine(dna.matrix, 0, 10)).toBeGreaterThan(0.999);
    expect(cosine(dna.matrix, 0, 1)).toBeLessThan(cosine(dna.matrix, 0, 10) - 0.3);
    const features = zoneFeaturesOf(derived, zonesOf(counts), (id) => id);
    const yMean = ZONE_FEATURES.findIndex((f) => f.name === 'touch_y_mean');
    expect(features.values[0 * features.features + yMean]).toBeLessThan(0);
    expect(features.values[1 * features.features + yMean]).toBeGreaterThan(0);
  });

  it('tell players who act in the same places apart by the kind of action they choose', () => {
    const rows: FixtureRow[] = SPOTS.map((_, k) => ({ group: 'midfielder', team_id: 10, values: values(k) }));
    const counts = SPOTS.map(([x, y]) => countsAround(x, y, 198));
    counts.forEach((c, k) => {
      for (let n = 0; n < 60; n++) addAction(c, n < (k === 0 ? 30 : 6) ? 'pass_high' : 'pass_simple');
      for (let n = 0; n < 20; n++) addAction(c, n < (k === 3 ? 15 : 5) ? 'duel_air' : 'duel_ground_defending');
    });
    const features = zoneFeaturesOf(derivedOf(rows), zonesOf(counts), (id) => id);
    const column = (name: string) => {
      const f = ZONE_FEATURES.findIndex((feature) => feature.name === name);
      return SPOTS.map((_, k) => features.values[k * features.features + f]);
    };
    const high = column('pass_high_share');
    expect(Math.max(...high.slice(1))).toBeLessThan(high[0]);
    const air = column('duel_air_share');
    expect(Math.max(...air.filter((_, k) => k !== 3))).toBeLessThan(air[3]);
  });

  it('give ball-winning its own dimension: two midfielders in the same places, one winning the ball back far more, are told apart there and nowhere else', () => {
    // Same touches, passes and duels for everyone; row 4 wins the ball back (PAdj tackles,
    // interceptions and recoveries) three times as often as the others.
    const ballWinning = (k: number) => ({
      tackles_padj_per90: k === 4 ? 6 : 2,
      interceptions_padj_per90: k === 4 ? 3 : 1,
      ball_recovery_padj_per90: k === 4 ? 12 : 4,
    });
    const rows: FixtureRow[] = SPOTS.map((_, k) => ({
      group: 'midfielder',
      team_id: 10,
      values: { ...values(0), ...ballWinning(k) },
    }));
    const counts = SPOTS.map(() => countsAround(50, 50, 198));
    const features = zoneFeaturesOf(derivedOf(rows), zonesOf(counts), (id) => id);
    const f = ZONE_FEATURES.findIndex((feature) => feature.name === 'ball_winning_padj_per90');
    expect(f).toBeGreaterThanOrEqual(0);
    const at = (k: number, g: number) => features.values[k * features.features + g];
    expect(at(4, f)).toBeGreaterThan(0);
    expect(at(0, f)).toBeLessThan(0);
    for (let g = 0; g < features.features; g++) if (g !== f) expect(at(4, g)).toBeCloseTo(at(0, g), 9);
    // A row without the possession-adjusted metrics (a dataset without event values) scores average there.
    const bare = zoneFeaturesOf(
      derivedOf(SPOTS.map(() => ({ group: 'midfielder', team_id: 10, values: values(0) }))),
      zonesOf(counts),
      (id) => id,
    );
    expect(bare.values[4 * bare.features + f]).toBe(0);
  });

  it('still exist for a dataset written before the action counts (they score as average)', () => {
    const rows: FixtureRow[] = SPOTS.map((_, k) => ({ group: 'defender', team_id: 10, values: values(k) }));
    const dna = zoneDnaOf(derivedOf(rows), zonesOf(SPOTS.map(([x, y]) => countsAround(x, y, 198))), (id) => id);
    expect(dna.hasVector.every((h) => h === 1)).toBe(true);
    const duel = ZONE_FEATURES.findIndex((f) => f.name === 'duel_share');
    SPOTS.forEach((_, k) => {
      expect(dna.matrix[k * DNA_DIMS + duel]).toBe(0);
    });
  });

  it('have at most DNA_DIMS features, so the exact search keeps its 16 floats', () => {
    expect(ZONE_FEATURES.length).toBeLessThanOrEqual(DNA_DIMS);
  });

  it('are unit vectors or none, whatever the counts', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 100 }),
            fc.integer({ min: 0, max: 100 }),
            fc.integer({ min: 0, max: 300 }),
          ),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 12, maxLength: 12 }),
        (spots, minutes) => {
          const rows: FixtureRow[] = spots.map((_, k) => ({
            group: 'midfielder',
            minutes: minutes[k],
            values: values(k),
          }));
          const dna = zoneDnaOf(derivedOf(rows), zonesOf(spots.map(([x, y, n]) => countsAround(x, y, n))), (id) => id);
          rows.forEach((r, i) => {
            let n2 = 0;
            for (let d = 0; d < DNA_DIMS; d++) n2 += dna.matrix[i * DNA_DIMS + d] ** 2;
            if (dna.hasVector[i]) expect(Math.abs(n2 - 1)).toBeLessThan(1e-5);
            else expect(n2).toBe(0);
            if ((r.minutes ?? 0) < 90) expect(dna.hasVector[i]).toBe(0);
          });
        },
      ),
    );
  });
});

describe('datasetDnaOf', () => {
  const rows: FixtureRow[] = SPOTS.map((_, k) => ({
    group: 'attacker',
    player_id: k + 1,
    team_id: 10,
    values: values(k),
  }));
  const derived = derivedOf(rows);

  it('searches stats-only DNA when the dataset has no player_zones table', () => {
    const dna = datasetDnaOf(derived, undefined);
    expect(dna.search.method).toBe('stats');
    expect(dna.search.matrix).toBe(dna.matrix);
  });

  it('searches DNA v2 when it has one, and gives a row without zone counts no search vector', () => {
    const counted = SPOTS.slice(0, 9);
    const table = tableFromArrays({
      player_id: Int32Array.from(counted, (_, k) => k + 1),
      season_id: Int32Array.from(counted, () => 100),
      team_id: Int32Array.from(counted, () => 10),
      ...Object.fromEntries(
        ZONE_COLUMNS.map((c, z) => [c, Int32Array.from(counted, ([x, y]) => countsAround(x, y, 150)[z])]),
      ),
    });
    const dna = datasetDnaOf(derived, table);
    expect(dna.search.method).toBe('zones');
    expect(Array.from(dna.search.hasVector)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 0]);
    // Style tags keep reading the stats-only vectors.
    expect(dna.hasVector[9]).toBe(1);
  });
});
