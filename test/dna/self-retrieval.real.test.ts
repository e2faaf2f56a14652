/*
 * DNA v2 against football (docs/methodology/dna.md#self-retrieval): split the Premier League
 * 2017/18 into rounds 1–19 and 20–38, ingest each half as its own dataset, and let every outfield
 * regular (≥ 900 minutes in both halves) look for himself in the other half by cosine. The
 * baseline (plain z-scored per-90 values) and the stats-only DNA are computed in the same test.
 * Reads ../shared/real/wyscout (HALFSPACE_REAL_DIR overrides); skipped, saying why, when absent.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BASELINE_MULTIPLE, leagueRetrievalOf } from '../../bench/judgment/self-retrieval.js';

const REAL = join(
  process.env.HALFSPACE_REAL_DIR ?? fileURLToPath(new URL('../../../shared/real/', import.meta.url)),
  'wyscout',
);
const present = existsSync(join(REAL, 'matches', 'matches_England.json'));
if (!present) console.log(`DNA self-retrieval test skipped: ${REAL} is absent (it ships with ../shared/real in CI).`);

/**
 * The top-1 DNA v2 reaches on this split when it was written (63 %): the floor this test holds,
 * below the 65 % goal (docs/methodology/dna.md#self-retrieval says where it stands).
 */
const TOP1_FLOOR = 0.6;

describe.skipIf(!present)('DNA v2 split-half self-retrieval, Premier League 2017/18', () => {
  it('finds the player himself first far more often than the per-90 baseline and the stats-only DNA', () => {
    const r = leagueRetrievalOf(REAL, 'England');
    expect(r.rounds).toBe('1–19 / 20–38');
    expect(r.players).toBeGreaterThan(100);
    expect(r.dnaV2.top1).toBeGreaterThanOrEqual(TOP1_FLOOR);
    expect(r.dnaV2.top1).toBeGreaterThanOrEqual(BASELINE_MULTIPLE * r.baseline.top1);
    expect(r.dnaV2.top1).toBeGreaterThan(r.dnaV1.top1);
    expect(r.dnaV2.top5).toBeGreaterThan(r.baseline.top5);
  }, 600_000);
});
