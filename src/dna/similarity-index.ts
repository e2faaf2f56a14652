/**
 * @module The similarity index (docs/design.md#dna-and-similarity, docs/methodology/dna.md#search): every vector
 * L2-normalised in one contiguous Float32Array (inside a shared WebAssembly memory), with an int8
 * copy (16 bytes per vector), sorted by position group so a group filter scans one slice. Searched
 * by search.ts.
 */
import { POSITION_GROUPS } from '../model/schema.js';
import { assert } from '../errors.js';
import { KERNEL_DIMS, KERNEL_Q8_BYTES, KERNEL_VECTOR_BYTES, kernelOver, Q8_SCALE, sharedMemoryOf } from './kernel.js';

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
  /** Minutes behind the vector, -1 when unknown; default unknown. */
  minutes?: Float32Array;
}

/** Group boundaries and the slot order of a stable counting sort of the rows by group. */
function groupOrderOf(group: ArrayLike<number>, count: number): { groupStart: Int32Array; order: Int32Array } {
  const groupStart = new Int32Array(POSITION_GROUPS.length + 1);
  for (let i = 0; i < count; i++) groupStart[group[i] + 1]++;
  for (let g = 0; g < POSITION_GROUPS.length; g++) groupStart[g + 1] += groupStart[g];
  const next = groupStart.slice(0, POSITION_GROUPS.length);
  const order = new Int32Array(count);
  for (let i = 0; i < count; i++) order[next[group[i]]++] = i;
  return { groupStart, order };
}

/** Byte offsets in the shared memory: query, int16 query, vectors, int8 vectors, scores. */
function layoutOf(count: number) {
  const queryPtr = 0;
  const query16Ptr = KERNEL_VECTOR_BYTES;
  const vectorsPtr = 2 * KERNEL_VECTOR_BYTES;
  const q8Ptr = vectorsPtr + count * KERNEL_VECTOR_BYTES;
  const scoresPtr = q8Ptr + count * KERNEL_Q8_BYTES;
  return { queryPtr, query16Ptr, vectorsPtr, q8Ptr, scoresPtr, bytes: scoresPtr + count * 4 };
}

/**
 * Copies each vector, L2-normalised and zero-padded, into its slot, with its int8 copy; returns
 * the largest Σ|q8| over the vectors.
 */
function copyVectors(columns: IndexColumns, order: Int32Array, vectors: Float32Array, q8: Int8Array): number {
  const { dims, vectors: src } = columns;
  let q8AbsSumMax = 0;
  for (let slot = 0; slot < order.length; slot++) {
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
  return q8AbsSumMax;
}

/** The id and filter columns in slot order (absent filter columns stay at their "unknown" fill). */
function slotColumnsOf(columns: IndexColumns, order: Int32Array) {
  const count = order.length;
  const out = {
    player_id: new Int32Array(count),
    row: new Int32Array(count),
    group: new Uint8Array(count),
    season: new Int32Array(count),
    age: new Int16Array(count).fill(-1),
    fee_tier: new Uint8Array(count),
    league_tier: new Uint8Array(count),
    league_id: new Int32Array(count).fill(-1),
    minutes: new Float32Array(count).fill(-1),
  };
  for (let slot = 0; slot < count; slot++) {
    const i = order[slot];
    out.player_id[slot] = columns.player_id[i];
    out.row[slot] = columns.row ? columns.row[i] : i;
    out.group[slot] = columns.group[i];
  }
  const copy = <T extends { [i: number]: number }>(from: T | undefined, to: T) => {
    if (from) for (let slot = 0; slot < count; slot++) to[slot] = from[order[slot]];
  };
  copy(columns.season, out.season);
  copy(columns.age, out.age);
  copy(columns.fee_tier, out.fee_tier);
  copy(columns.league_tier, out.league_tier);
  copy(columns.league_id, out.league_id);
  copy(columns.minutes, out.minutes);
  return out;
}

/**
 * Builds an index: copies the vectors, L2-normalised and zero-padded to 16 floats, into one
 * shared WebAssembly memory sorted by group (stable), with the filter columns in the same order.
 * Cost: O(count × 16).
 * @example buildSimilarityIndex({ vectors, dims: 16, player_id, group }).count // => player_id.length
 */
export function buildSimilarityIndex(columns: IndexColumns) {
  const count = columns.player_id.length;
  const dims = columns.dims;
  assert(dims >= 1 && dims <= KERNEL_DIMS, `dims must be 1–${KERNEL_DIMS}, got ${dims}`);
  assert(columns.vectors.length === count * dims, 'vectors length must be count × dims');
  assert(columns.group.length === count, 'group length must equal count');
  const { groupStart, order } = groupOrderOf(columns.group, count);
  const { queryPtr, query16Ptr, vectorsPtr, q8Ptr, scoresPtr, bytes } = layoutOf(count);
  const memory = sharedMemoryOf(bytes);
  const vectors = new Float32Array(memory.buffer, vectorsPtr, count * KERNEL_DIMS);
  const q8 = new Int8Array(memory.buffer, q8Ptr, count * KERNEL_DIMS);
  const q8AbsSumMax = copyVectors(columns, order, vectors, q8);
  return {
    /** Number of vectors. */
    count,
    /** count × 16 unit vectors (all-zero for a zero input), a view into the shared memory. */
    vectors,
    ...slotColumnsOf(columns, order),
    /** Slots [groupStart[g], groupStart[g + 1]) hold group g. */
    groupStart,
    /** Largest Σ_d |q8[d]| over all vectors (for the quantisation bound). */
    q8AbsSumMax,
    scores: kernelOver(memory),
    /** Byte offsets in the kernel's shared memory. */
    query16Ptr,
    q8Ptr,
    scoresPtr,
    scoreView: new Int32Array(memory.buffer, scoresPtr, count),
    queryView: new Float32Array(memory.buffer, queryPtr, KERNEL_DIMS),
    query16View: new Int16Array(memory.buffer, query16Ptr, KERNEL_DIMS),
  };
}

/** A built index (see {@link buildSimilarityIndex}). Slot = position in the group-sorted order. */
export type SimilarityIndex = ReturnType<typeof buildSimilarityIndex>;

/** Player id → slot of each index, built on first use by {@link slotOfPlayer}. */
const slotMaps = new WeakMap<SimilarityIndex, Map<number, number>>();

/**
 * Slot of a player's vector (the last one when he has several), or -1. The map behind it is built
 * on the first call (O(count)), so a build that is never queried by id
 * does not pay for it.
 * @example slotOfPlayer(index, 10) // => 2
 */
export function slotOfPlayer(index: SimilarityIndex, playerId: number): number {
  let map = slotMaps.get(index);
  if (!map) {
    map = new Map();
    for (let slot = 0; slot < index.count; slot++) map.set(index.player_id[slot], slot);
    slotMaps.set(index, map);
  }
  return map.get(playerId) ?? -1;
}
