/**
 * Exact top-k cosine search over a similarity index (similarity-index.ts; docs/design.md#dna-and-similarity,
 * docs/methodology/dna.md#search): a SIMD integer first pass scores the filtered group's slice
 * from the int8 copy, and every candidate whose score could still reach the top k (a proven
 * quantisation bound) is re-scored exactly from the float32 vector and kept in a bounded, sorted list.
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
  /** Fewest minutes behind a candidate's vector (docs/methodology/dna.md#small-samples). */
  min_minutes?: number;
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

/** Writes the query's unit vector into the index's query view: a stored slot's vector, or `vector` normalised. */
function loadQuery(index: SimilarityIndex, query: SearchQuery): Float32Array {
  const q = index.queryView;
  q.fill(0);
  if (query.slot !== undefined) {
    assert(query.slot >= 0 && query.slot < index.count, 'slot out of range');
    q.set(index.vectors.subarray(query.slot * KERNEL_DIMS, (query.slot + 1) * KERNEL_DIMS));
    return q;
  }
  const v = query.vector;
  assert(v && v.length <= KERNEL_DIMS, `query vector must have at most ${KERNEL_DIMS} floats`);
  let norm2 = 0;
  for (let d = 0; d < v.length; d++) norm2 += v[d] * v[d];
  assert(Number.isFinite(norm2), 'query vector must be finite');
  const inv = norm2 > 0 ? 1 / Math.sqrt(norm2) : 0;
  for (let d = 0; d < v.length; d++) q[d] = v[d] * inv;
  return q;
}

/**
 * Quantises the query to int16 and bounds the error of the integer score (docs/methodology/dna.md#search):
 * with q = (q16 + eq) / 32767 and v = (q8 + ev) / 127, |eq|, |ev| ≤ 1/2,
 * |q·v − q16·q8 / (32767 × 127)| ≤ (½ Σ|q16| + ½ Σ|q8| + 16 × ¼) / (32767 × 127).
 */
function quantisedQueryBound(index: SimilarityIndex, q: Float32Array): number {
  const q16 = index.query16View;
  let q16AbsSum = 0;
  for (let d = 0; d < KERNEL_DIMS; d++) {
    const x = Math.max(-Q16_SCALE, Math.min(Q16_SCALE, Math.round(q[d] * Q16_SCALE)));
    q16[d] = x;
    q16AbsSum += Math.abs(x);
  }
  return (0.5 * q16AbsSum + 0.5 * index.q8AbsSumMax + 4) / (Q16_SCALE * Q8_SCALE) + KERNEL_SCORE_SLACK;
}

/** The k best (score, slot) pairs so far, best first (higher score, then lower player_id). */
interface TopK {
  k: number;
  size: number;
  score: Float64Array;
  slot: Int32Array;
  pid: Int32Array;
}

/** Inserts a candidate in order, dropping the worst of a full list; one no better than that worst is ignored. */
function offerTopK(h: TopK, score: number, slot: number, id: number): void {
  const { score: hs, slot: hslot, pid } = h;
  const ahead = (j: number) => hs[j] > score || (hs[j] === score && pid[hslot[j]] < id);
  if (h.size === h.k && ahead(h.k - 1)) return;
  let i = h.size < h.k ? h.size++ : h.k - 1;
  for (; i > 0 && !ahead(i - 1); i--) {
    hs[i] = hs[i - 1];
    hslot[i] = hslot[i - 1];
  }
  hs[i] = score;
  hslot[i] = slot;
}

/** The slot range a search covers: the filtered position group's slice, else the whole index. */
function slotRangeOf(index: SimilarityIndex, f: SearchFilters): { start: number; end: number } {
  if (f.position_group === undefined) return { start: 0, end: index.count };
  const g = POSITION_GROUPS.indexOf(f.position_group);
  return { start: index.groupStart[g], end: index.groupStart[g + 1] };
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
  const q = loadQuery(index, query);
  const f = query.filters ?? {};
  const { start, end } = slotRangeOf(index, f);
  const top: TopK = { k, size: 0, score: new Float64Array(k), slot: new Int32Array(k), pid: index.player_id };
  if (end <= start) return [];
  const scale = Q16_SCALE * Q8_SCALE;
  const bound = quantisedQueryBound(index, q);
  index.scores(index.q8Ptr + start * KERNEL_Q8_BYTES, end - start, index.query16Ptr, index.scoresPtr + start * 4);
  const { vectors, player_id: pid, fee_tier: fee, age, league_tier: ltier, season, league_id: league, minutes } = index;
  const approx = index.scoreView;
  const exclude = query.exclude_player_id ?? Number.NaN;
  // Filters as locals, read once: 0 in a fee or league-tier column means unknown, -1 an unknown age.
  const maxFee = f.max_fee_tier ?? 0;
  const minFee = f.min_fee_tier ?? 0;
  const maxAge = f.max_age ?? -1;
  const maxLeagueTier = f.league_tier_max ?? 0;
  const hasSeason = f.season !== undefined;
  const wantSeason = f.season ?? 0;
  const hasLeague = f.league_id !== undefined;
  const wantLeague = f.league_id ?? 0;
  const hasMinMinutes = f.min_minutes !== undefined;
  const minMinutes = f.min_minutes ?? 0;
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
    if (hasMinMinutes && !(minutes[slot] >= 0 && minutes[slot] >= minMinutes)) continue;
    const score = exactScore(vectors, slot * KERNEL_DIMS, q);
    offerTopK(top, score, slot, id);
    // Integer scores below this cannot reach the worst exact score kept.
    if (top.size === k) threshold = Math.max(-0x80000000, Math.ceil((top.score[k - 1] - bound) * scale)) | 0;
  }
  const hits: SearchHit[] = [];
  for (let i = 0; i < top.size; i++) {
    const slot = top.slot[i];
    hits.push({ slot, row: index.row[slot], player_id: pid[slot], score: top.score[i] });
  }
  hits.sort((a, b) => b.score - a.score || a.player_id - b.player_id);
  return hits;
}
