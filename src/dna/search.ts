/**
 * Exact top-k cosine search over a similarity index (similarity-index.ts; docs/design.md#dna-and-similarity,
 * docs/methodology/dna.md#search): a SIMD integer first pass scores the filtered group's slice
 * from the int8 copy, and every candidate whose score could still reach the top k (a proven
 * quantisation bound) is re-scored exactly from the float32 vector and kept in a bounded heap.
 * The result equals a brute-force exact float scan, ties broken by player_id.
 */
import { POSITION_GROUPS, type PositionGroup } from '../model/schema.js';
import { assert } from '../errors.js';
import { KERNEL_DIMS, KERNEL_Q8_BYTES, Q16_SCALE, Q8_SCALE } from './kernel.js';
import type { SimilarityIndex } from './similarity-index.js';

/**
 * Added to the quantisation bound before discarding a candidate, covering float64 rounding of the
 * exact score and of the bound itself (docs/methodology/dna.md#search).
 */
export const KERNEL_SCORE_SLACK = 1e-9;
/** Most results one search returns (docs/design.md#op-dna-search `limit` maximum). */
export const SEARCH_K_MAX = 50;

/** Search filters; an absent field does not filter. A candidate with an unknown value fails any filter on that value. */
export interface SearchFilters {
  position_group?: PositionGroup;
  /** Highest fee tier rank allowed, 1–5. */
  max_fee_tier?: number;
  /** Lowest fee tier rank allowed, 1–5. */
  min_fee_tier?: number;
  max_age?: number;
  league_tier_max?: number;
  season?: number;
  league_id?: number;
}

export interface SearchQuery {
  /** Query by an indexed slot (its stored vector) … */
  slot?: number;
  /** … or by a vector of `dims` floats (normalised here). */
  vector?: Float32Array | readonly number[];
  /** Number of results, 1–50. */
  k: number;
  filters?: SearchFilters;
  /** Never returned (the query player himself). */
  exclude_player_id?: number;
}

export interface SearchHit {
  slot: number;
  row: number;
  player_id: number;
  /** Exact cosine similarity, −1…1. */
  score: number;
}

/** Exact score: float64 sum of the 16 products in order (the reference a brute-force scan uses). */
function exactScore(v: Float32Array, base: number, q: Float32Array): number {
  let s = 0;
  for (let d = 0; d < KERNEL_DIMS; d++) s += q[d] * v[base + d];
  return s;
}

/**
 * Exact top-k cosine search over the candidates that pass every filter, the excluded player
 * left out; best first, equal scores by ascending player_id. Allocates nothing per candidate.
 * Cost: one SIMD pass over the int8 copy of the filtered group's slice (16 bytes per vector)
 * plus exact re-scoring of the candidates whose integer score is within the quantisation bound
 * (about 0.02 for unit vectors) of the running k-th best. Throws InvariantError for k outside 1–50 or a slot/vector that does not fit the index.
 * @example searchTopK(index, { slot: 0, k: 3 }).map((h) => h.player_id) // => [7, 2, 9]
 */
export function searchTopK(index: SimilarityIndex, query: SearchQuery): SearchHit[] {
  const { k } = query;
  assert(Number.isInteger(k) && k >= 1 && k <= SEARCH_K_MAX, `k must be 1–${SEARCH_K_MAX}`);
  const q = index.queryView;
  q.fill(0);
  if (query.slot !== undefined) {
    assert(query.slot >= 0 && query.slot < index.count, 'slot out of range');
    q.set(index.vectors.subarray(query.slot * KERNEL_DIMS, (query.slot + 1) * KERNEL_DIMS));
  } else {
    const v = query.vector;
    assert(v && v.length <= KERNEL_DIMS, `query vector must have at most ${KERNEL_DIMS} floats`);
    let norm2 = 0;
    for (let d = 0; d < v.length; d++) norm2 += v[d] * v[d];
    assert(Number.isFinite(norm2), 'query vector must be finite');
    const inv = norm2 > 0 ? 1 / Math.sqrt(norm2) : 0;
    for (let d = 0; d < v.length; d++) q[d] = v[d] * inv;
  }
  const f = query.filters ?? {};
  let start = 0;
  let end = index.count;
  if (f.position_group !== undefined) {
    const g = POSITION_GROUPS.indexOf(f.position_group);
    start = index.groupStart[g];
    end = index.groupStart[g + 1];
  }
  const heapScore = new Float64Array(k);
  const heapSlot = new Int32Array(k);
  if (end <= start) return [];
  // Quantise the query to int16 and bound the error of the integer score (docs/methodology/dna.md#search):
  // with q = (q16 + eq) / 32767 and v = (q8 + ev) / 127, |eq|, |ev| ≤ 1/2,
  // |q·v − q16·q8 / (32767 × 127)| ≤ (½ Σ|q16| + ½ Σ|q8| + 16 × ¼) / (32767 × 127).
  const q16 = index.query16View;
  let q16AbsSum = 0;
  for (let d = 0; d < KERNEL_DIMS; d++) {
    const x = Math.max(-Q16_SCALE, Math.min(Q16_SCALE, Math.round(q[d] * Q16_SCALE)));
    q16[d] = x;
    q16AbsSum += Math.abs(x);
  }
  const scale = Q16_SCALE * Q8_SCALE;
  const bound = (0.5 * q16AbsSum + 0.5 * index.q8AbsSumMax + 4) / scale + KERNEL_SCORE_SLACK;
  index.scores(index.q8Ptr + start * KERNEL_Q8_BYTES, end - start, index.query16Ptr, index.scoresPtr + start * 4);

  const { vectors, player_id: pid, fee_tier: fee, age, league_tier: ltier, season, league_id: league } = index;
  const approx = index.scoreView;
  const exclude = query.exclude_player_id ?? Number.NaN;
  const maxFee = f.max_fee_tier ?? 0;
  const minFee = f.min_fee_tier ?? 0;
  const maxAge = f.max_age ?? -1;
  const maxLeagueTier = f.league_tier_max ?? 0;
  const hasSeason = f.season !== undefined;
  const wantSeason = f.season ?? 0;
  const hasLeague = f.league_id !== undefined;
  const wantLeague = f.league_id ?? 0;
  let size = 0;
  // An int32 threshold keeps the hot comparison integer-only (approx < x ⇔ approx < ⌈x⌉ for integers).
  let threshold = -0x80000000;
  for (let slot = start; slot < end; slot++) {
    if (approx[slot] < threshold) continue;
    const id = pid[slot];
    if (id === exclude) continue;
    if (maxFee !== 0 && (fee[slot] === 0 || fee[slot] > maxFee)) continue;
    if (minFee !== 0 && fee[slot] < minFee) continue;
    if (maxAge !== -1 && (age[slot] < 0 || age[slot] > maxAge)) continue;
    if (maxLeagueTier !== 0 && (ltier[slot] === 0 || ltier[slot] > maxLeagueTier)) continue;
    if (hasSeason && season[slot] !== wantSeason) continue;
    if (hasLeague && league[slot] !== wantLeague) continue;
    const score = exactScore(vectors, slot * KERNEL_DIMS, q);
    if (size < k) {
      // Sift up: the root is the worst (lowest score, then highest player_id).
      let i = size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        const ps = heapScore[parent];
        if (ps < score || (ps === score && pid[heapSlot[parent]] > id)) break;
        heapScore[i] = ps;
        heapSlot[i] = heapSlot[parent];
        i = parent;
      }
      heapScore[i] = score;
      heapSlot[i] = slot;
    } else {
      const rs = heapScore[0];
      if (score < rs || (score === rs && id > pid[heapSlot[0]])) continue;
      // Replace the root and sift down.
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= k) break;
        const r = l + 1;
        let w = l;
        if (
          r < k &&
          (heapScore[r] < heapScore[l] || (heapScore[r] === heapScore[l] && pid[heapSlot[r]] > pid[heapSlot[l]]))
        )
          w = r;
        const ws = heapScore[w];
        if (ws > score || (ws === score && pid[heapSlot[w]] < id)) break;
        heapScore[i] = ws;
        heapSlot[i] = heapSlot[w];
        i = w;
      }
      heapScore[i] = score;
      heapSlot[i] = slot;
    }
    // Integer scores below this cannot reach the heap's worst exact score.
    if (size === k) threshold = Math.max(-0x80000000, Math.ceil((heapScore[0] - bound) * scale)) | 0;
  }
  const hits: SearchHit[] = [];
  for (let i = 0; i < size; i++)
    hits.push({ slot: heapSlot[i], row: index.row[heapSlot[i]], player_id: pid[heapSlot[i]], score: heapScore[i] });
  hits.sort((a, b) => b.score - a.score || a.player_id - b.player_id);
  return hits;
}
