/**
 * The similarity index and exact top-k cosine search (DESIGN §4, docs/methodology/dna.md#search):
 * every vector L2-normalised in one contiguous Float32Array (inside a shared WebAssembly memory),
 * with an int8 copy (16 bytes per vector), sorted by position group so a group filter scans one
 * slice; a SIMD integer first pass scores the slice from the int8 copy, and every candidate whose
 * score could still reach the top k (a proven quantisation bound) is re-scored exactly from the
 * float32 vector and kept in a bounded heap. The result equals a brute-force exact float scan,
 * ties broken by player_id.
 */
import { POSITION_GROUPS, type PositionGroup } from '../data/schema.js';
import { assert } from '../errors.js';
import {
  KERNEL_DIMS,
  KERNEL_Q8_BYTES,
  KERNEL_VECTOR_BYTES,
  kernelOver,
  Q16_SCALE,
  Q8_SCALE,
  sharedMemoryOf,
  type ScoresFn,
  type WasmMemory,
} from './kernel.js';

/**
 * Added to the quantisation bound before discarding a candidate, covering float64 rounding of the
 * exact score and of the bound itself (docs/methodology/dna.md#search).
 */
export const KERNEL_SCORE_SLACK = 1e-9;
/** Most results one search returns (SPEC §4.4 `limit` maximum). */
export const SEARCH_K_MAX = 50;

/** Columns an index is built from; one entry per vector. */
export interface IndexColumns {
  /** count × dims floats, row-major; need not be normalised (the index normalises a copy). */
  vectors: Float32Array;
  /** Floats per vector, 1–16 (shorter vectors are zero-padded to 16). */
  dims: number;
  player_id: Int32Array;
  /** Index into POSITION_GROUPS. */
  group: Uint8Array;
  /** Caller's row id per vector (e.g. the derived row); default: the vector's position. */
  row?: Int32Array;
  /** Season key id (any integer); default 0 for all. */
  season?: Int32Array;
  /** Age in whole years, -1 when unknown; default unknown. */
  age?: Int16Array;
  /** Fee tier rank 1–5 (T1–T5), 0 when unknown; default unknown. */
  fee_tier?: Uint8Array;
  /** League tier (1 = top flight), 0 when unknown; default unknown. */
  league_tier?: Uint8Array;
  /** League id, -1 when unknown; default unknown. */
  league_id?: Int32Array;
}

/** A built index. Slot = position in the group-sorted order. */
export interface SimilarityIndex {
  /** Number of vectors. */
  count: number;
  /** Always 16: vectors are stored zero-padded. */
  dims: number;
  /** count × 16 unit vectors (all-zero for a zero input), a view into `memory`. */
  vectors: Float32Array;
  player_id: Int32Array;
  row: Int32Array;
  group: Uint8Array;
  season: Int32Array;
  age: Int16Array;
  fee_tier: Uint8Array;
  league_tier: Uint8Array;
  league_id: Int32Array;
  /** Slots [groupStart[g], groupStart[g + 1]) hold group g. */
  groupStart: Int32Array;
  /** Player id → slot map, built on first use by {@link slotOfPlayer}. */
  slotMap: Map<number, number> | null;
  /** count × 16 int8 copies: round(127 × component). */
  q8: Int8Array;
  /** Largest Σ_d |q8[d]| over all vectors (for the quantisation bound). */
  q8AbsSumMax: number;
  memory: WasmMemory;
  scores: ScoresFn;
  /** Byte offsets in `memory`. */
  queryPtr: number;
  query16Ptr: number;
  vectorsPtr: number;
  q8Ptr: number;
  scoresPtr: number;
  scoreView: Int32Array;
  queryView: Float32Array;
  query16View: Int16Array;
}

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

/**
 * Builds an index: copies the vectors, L2-normalised and zero-padded to 16 floats, into one
 * shared WebAssembly memory sorted by group (stable), with the filter columns in the same order.
 * Cost: O(count × 16); about 0.1 s per million vectors.
 * @example buildSimilarityIndex({ vectors, dims: 16, player_id, group }).count // => player_id.length
 */
export function buildSimilarityIndex(columns: IndexColumns): SimilarityIndex {
  const count = columns.player_id.length;
  const dims = columns.dims;
  assert(dims >= 1 && dims <= KERNEL_DIMS, `dims must be 1–${KERNEL_DIMS}, got ${dims}`);
  assert(columns.vectors.length === count * dims, 'vectors length must be count × dims');
  assert(columns.group.length === count, 'group length must equal count');

  // Stable counting sort by group.
  const groupStart = new Int32Array(POSITION_GROUPS.length + 1);
  for (let i = 0; i < count; i++) groupStart[columns.group[i] + 1]++;
  for (let g = 0; g < POSITION_GROUPS.length; g++) groupStart[g + 1] += groupStart[g];
  const next = groupStart.slice(0, POSITION_GROUPS.length);
  const order = new Int32Array(count);
  for (let i = 0; i < count; i++) order[next[columns.group[i]]++] = i;

  const queryPtr = 0;
  const query16Ptr = KERNEL_VECTOR_BYTES;
  const vectorsPtr = 2 * KERNEL_VECTOR_BYTES;
  const q8Ptr = vectorsPtr + count * KERNEL_VECTOR_BYTES;
  const scoresPtr = q8Ptr + count * KERNEL_Q8_BYTES;
  const bytes = scoresPtr + count * 4;
  const memory = sharedMemoryOf(bytes);
  const vectors = new Float32Array(memory.buffer, vectorsPtr, count * KERNEL_DIMS);
  const q8 = new Int8Array(memory.buffer, q8Ptr, count * KERNEL_DIMS);
  let q8AbsSumMax = 0;
  const player_id = new Int32Array(count);
  const row = new Int32Array(count);
  const group = new Uint8Array(count);
  const season = new Int32Array(count);
  const age = new Int16Array(count).fill(-1);
  const fee_tier = new Uint8Array(count);
  const league_tier = new Uint8Array(count);
  const league_id = new Int32Array(count).fill(-1);
  const src = columns.vectors;
  for (let slot = 0; slot < count; slot++) {
    const from = order[slot] * dims;
    const to = slot * KERNEL_DIMS;
    let norm2 = 0;
    for (let d = 0; d < dims; d++) norm2 += src[from + d] * src[from + d];
    // A zero or non-finite vector is stored as zeros: it scores 0 against everything.
    const inv = norm2 > 0 && Number.isFinite(norm2) ? 1 / Math.sqrt(norm2) : 0;
    if (inv === 0) continue;
    let absSum = 0;
    for (let d = 0; d < dims; d++) {
      // Quantise the stored float32 value, the one exact scores use. |x| ≤ 1 up to float rounding,
      // so 127·x rounds into −127…127 without clamping.
      const x = Math.fround(src[from + d] * inv);
      vectors[to + d] = x;
      // Round half up via truncation of a positive number (faster than Math.round here).
      const q = ((x * Q8_SCALE + 128.5) | 0) - 128;
      q8[to + d] = q;
      absSum += q < 0 ? -q : q;
    }
    if (absSum > q8AbsSumMax) q8AbsSumMax = absSum;
  }
  for (let slot = 0; slot < count; slot++) {
    const i = order[slot];
    player_id[slot] = columns.player_id[i];
    row[slot] = columns.row ? columns.row[i] : i;
    group[slot] = columns.group[i];
  }
  const copy = <T extends { [i: number]: number }>(from: T | undefined, to: T) => {
    if (from) for (let slot = 0; slot < count; slot++) to[slot] = from[order[slot]];
  };
  copy(columns.season, season);
  copy(columns.age, age);
  copy(columns.fee_tier, fee_tier);
  copy(columns.league_tier, league_tier);
  copy(columns.league_id, league_id);
  return {
    count,
    dims: KERNEL_DIMS,
    vectors,
    player_id,
    row,
    group,
    season,
    age,
    fee_tier,
    league_tier,
    league_id,
    groupStart,
    slotMap: null,
    q8,
    q8AbsSumMax,
    memory,
    scores: kernelOver(memory),
    queryPtr,
    query16Ptr,
    vectorsPtr,
    q8Ptr,
    scoresPtr,
    scoreView: new Int32Array(memory.buffer, scoresPtr, count),
    queryView: new Float32Array(memory.buffer, queryPtr, KERNEL_DIMS),
    query16View: new Int16Array(memory.buffer, query16Ptr, KERNEL_DIMS),
  };
}

/**
 * Slot of a player's vector (the last one when he has several), or -1. The map behind it is built
 * on the first call (about 0.1 s per million vectors), so a build that is never queried by id
 * does not pay for it.
 * @example slotOfPlayer(index, 10) // => 2
 */
export function slotOfPlayer(index: SimilarityIndex, playerId: number): number {
  if (index.slotMap === null) {
    const map = new Map<number, number>();
    for (let slot = 0; slot < index.count; slot++) map.set(index.player_id[slot], slot);
    index.slotMap = map;
  }
  return index.slotMap.get(playerId) ?? -1;
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
