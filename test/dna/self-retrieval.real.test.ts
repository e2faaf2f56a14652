/*
 * DNA v2 against football (docs/methodology/dna.md#self-retrieval): split the Premier League
 * 2017/18 into rounds 1–19 and 20–38, ingest each half as its own dataset, and let every outfield
 * regular (≥ 900 minutes in both halves) look for himself in the other half by cosine. The
 * baseline (plain z-scored per-90 values) and the stats-only DNA are computed in the same test.
 * Reads ../shared/real/wyscout (HALFSPACE_REAL_DIR overrides); skipped, saying why, when absent.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BASELINE_MULTIPLE,
  halvesOf,
  retrievalOfHalves,
  splitHalfCosinesOf,
  TOP1_TARGET,
} from '../../bench/judgment/self-retrieval.js';
import { SIMILARITY_BANDS } from '../../src/dna/similarity.js';
import { wyscoutIngest } from '../../src/providers/wyscout/dataset.js';
import { POSITION_GROUPS } from '../../src/model/schema.js';
import { DNA_DIMS } from '../../src/dna/features.js';
import { Engine } from '../../src/engine.js';
import { realDataPresent, realPath } from '../helpers/real-data.js';

const REAL = realPath('wyscout');
const present = realDataPresent('DNA self-retrieval test', join(REAL, 'matches', 'matches_England.json'));

/**
 * The goal for top-1 (DNA v2 reaches 72 % on this split since it reads action kinds;
 * docs/methodology/dna.md#self-retrieval has every league).
 */
const TOP1_FLOOR = TOP1_TARGET;

describe.skipIf(!present)('DNA v2 split-half self-retrieval, Premier League 2017/18', () => {
  it('finds the player himself first far more often than the per-90 baseline and the stats-only DNA, and is what dna-search ranks by', () => {
    const [h1, h2] = halvesOf(REAL, 'England');
    expect([h1, h2]).toEqual([
      { from: 1, to: 19 },
      { from: 20, to: 38 },
    ]);
    const first = wyscoutIngest(REAL, { competition: 'England', rounds: h1 }).dataset;
    const second = wyscoutIngest(REAL, { competition: 'England', rounds: h2 }).dataset;
    expect(first.tables.fixtures.numRows).toBe(190);
    const r = retrievalOfHalves(first, second);
    expect(r.players).toBeGreaterThan(100);
    expect(r.dnaV2.top1).toBeGreaterThanOrEqual(TOP1_FLOOR);
    expect(r.dnaV2.top1).toBeGreaterThanOrEqual(BASELINE_MULTIPLE * r.baseline.top1);
    expect(r.dnaV2.top1).toBeGreaterThan(r.dnaV1.top1);
    expect(r.dnaV2.top5).toBeGreaterThan(r.baseline.top5);

    // The "very similar" floor means what docs/methodology/dna.md#reading-a-score says: at it, a
    // player's own other half is at least as likely to reach it as the number of other players of
    // his group expected to; two points lower, no longer (so the floor is not set needlessly high).
    const { same, others } = splitHalfCosinesOf(first, second);
    expect(same.length).toBeGreaterThan(100);
    const selfShare = (t: number) => same.filter((c) => c >= t).length / same.length;
    const othersPerPlayer = (t: number) => others.filter((c) => c >= t).length / same.length;
    const floor = SIMILARITY_BANDS.zones.very_similar;
    expect(selfShare(floor)).toBeGreaterThanOrEqual(othersPerPlayer(floor));
    expect(selfShare(floor - 0.02)).toBeLessThan(othersPerPlayer(floor - 0.02));
    // Three players in four resemble their own other half at least at the "strong overlap" floor,
    // nineteen in twenty at "partial" (each read off the four leagues' halves, rounded down).
    expect(selfShare(SIMILARITY_BANDS.zones.strong_overlap)).toBeGreaterThanOrEqual(0.7);
    expect(selfShare(SIMILARITY_BANDS.zones.partial)).toBeGreaterThanOrEqual(0.9);

    // The engine searches these vectors: its top 5 for the busiest outfield player are the
    // five highest v2 cosines in his group (brute force over the same vectors).
    const engine = Engine.open({ dataset: first });
    const { search, n } = { search: engine.dna.search, n: engine.derived.n };
    expect(search.method).toBe('zones');
    let source = -1;
    for (let i = 0; i < n; i++)
      if (
        search.hasVector[i] &&
        POSITION_GROUPS[engine.derived.group[i]] !== 'goalkeeper' &&
        (source < 0 || engine.derived.minutes[i] > engine.derived.minutes[source])
      )
        source = i;
    const cos = (a: number, b: number) => {
      let s = 0;
      for (let d = 0; d < DNA_DIMS; d++) s += search.matrix[a * DNA_DIMS + d] * search.matrix[b * DNA_DIMS + d];
      return s;
    };
    const expected = [...Array(n).keys()]
      .filter((i) => i !== source && search.hasVector[i] && engine.derived.group[i] === engine.derived.group[source])
      .sort((a, b) => cos(source, b) - cos(source, a))
      .slice(0, 5)
      .map((i) => engine.derived.player_id[i]);
    const res = engine.dnaSearch({ player_id: engine.derived.player_id[source], limit: 5 });
    expect(res.ok).toBe(true);
    if (res.ok)
      expect(res.value.data.results.map((x: { player: { player_id: number } }) => x.player.player_id)).toEqual(
        expected,
      );
  }, 600_000);
});
