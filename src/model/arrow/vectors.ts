/**
 * Arrow vectors built straight from typed arrays, one validity mask and (for text) one UTF-8
 * buffer, without Arrow's row-by-row builders: the fast path for million-row tables (batch
 * scoring, CSV input, benches). Every builder packs its validity through `packBits`. They are
 * vectors of the apache-arrow halfspace imports, as a type given to {@link numericVectorOf} must be.
 */
import {
  Bool,
  type Float32,
  Float64,
  Int32,
  makeData,
  makeVector,
  TimestampMillisecond,
  Utf8,
  type Vector,
} from 'apache-arrow';
import type { ColumnKind } from '../schema.js';
import { packBits } from './bits.js';
import { utf8BuffersOf } from './buffers.js';
import { validityOf } from './validity.js';

const encoder = new TextEncoder();

/**
 * A fixed-width numeric vector of `xs` with rows whose `valid` byte is 0 stored as null
 * (`valid` null: no nulls). The typed array must match `type` (Int32Array for Int32, …).
 * @example numericVectorOf(new Float32(), Float32Array.of(1, 2), Uint8Array.of(1, 0)).get(1) // => null
 */
export function numericVectorOf<T extends Int32 | Float32 | Float64>(
  type: T,
  xs: T['TArray'],
  valid: Uint8Array | null,
): Vector<T> {
  const { bitmap, unset } = valid ? packBits(valid) : { bitmap: new Uint8Array(0), unset: 0 };
  const props = {
    type,
    length: xs.length,
    nullCount: unset,
    nullBitmap: unset > 0 ? bitmap : new Uint8Array(0),
    data: xs,
  };
  // makeData's overloads pick the vector type from a concrete `type`, and T is generic here.
  // cast: `xs` is T's own array type, so the data is what a concrete call would build.
  return makeVector(makeData(props as never)) as unknown as Vector<T>;
}

/**
 * A Utf8 vector from its raw buffers: `offsets` (length n + 1) into `bytes`, and rows whose
 * `valid` byte is 0 stored as null (`valid` null: no nulls).
 * @example utf8VectorFrom(Int32Array.of(0, 1, 1), Uint8Array.of(97), Uint8Array.of(1, 0)).get(0) // => 'a'
 */
export function utf8VectorFrom(offsets: Int32Array, bytes: Uint8Array, valid: Uint8Array | null): Vector<Utf8> {
  const n = offsets.length - 1;
  const { bitmap, unset } = valid ? packBits(valid) : { bitmap: new Uint8Array(0), unset: 0 };
  return makeVector(
    makeData({
      type: new Utf8(),
      length: n,
      nullCount: unset,
      nullBitmap: unset > 0 ? bitmap : new Uint8Array(0),
      valueOffsets: offsets,
      data: bytes,
    }),
  );
}

/**
 * A Float64 vector of `xs` with every NaN stored as null (the derived columns use NaN for "not
 * computable").
 * @example float64VectorOf(Float64Array.of(1.5, NaN)).get(1) // => null
 */
export function float64VectorOf(xs: Float64Array): Vector<Float64> {
  const valid = new Uint8Array(xs.length);
  let any = false;
  for (let i = 0; i < xs.length; i++) {
    if (Number.isNaN(xs[i])) any = true;
    else valid[i] = 1;
  }
  if (!any) return makeVector(xs);
  return numericVectorOf(new Float64(), xs, valid);
}

/**
 * An Int32 vector of `xs`, with rows whose `valid` byte is 0 stored as null (`valid` null: none).
 * @example int32VectorOf(Int32Array.of(3, 0), Uint8Array.of(1, 0)).get(1) // => null
 */
export function int32VectorOf(xs: Int32Array, valid: Uint8Array | null = null): Vector<Int32> {
  if (!valid || valid.every((v) => v === 1)) return makeVector(xs);
  return numericVectorOf(new Int32(), xs, valid);
}

/** A growing UTF-8 column: bytes, end offset of each row, validity (see {@link pushUtf8}). */
export interface Utf8Buffer {
  bytes: Uint8Array;
  at: number;
  ends: Int32Array;
  valid: Uint8Array;
}

/**
 * An empty {@link Utf8Buffer} with room for `rows` rows and `bytes` bytes (both grow).
 * @example utf8Buffer(1024).at // => 0
 */
export function utf8Buffer(rows: number, bytes = Math.max(64, rows * 8)): Utf8Buffer {
  return {
    bytes: new Uint8Array(bytes),
    at: 0,
    ends: new Int32Array(Math.max(1, rows)),
    valid: new Uint8Array(Math.max(1, rows)),
  };
}

/**
 * Appends row `row`'s text (null for null) to `b`, growing it by doubling; ASCII is copied byte
 * by byte (faster than `encodeInto` on short text; a UTF-16 unit needs at most 3 UTF-8 bytes).
 * @example const b = utf8Buffer(1); pushUtf8(b, 0, 'é'); b.at // => 2
 */
export function pushUtf8(b: Utf8Buffer, row: number, s: string | null): void {
  if (row >= b.ends.length) {
    const ends = new Int32Array(b.ends.length * 2);
    ends.set(b.ends);
    b.ends = ends;
    const valid = new Uint8Array(b.valid.length * 2);
    valid.set(b.valid);
    b.valid = valid;
  }
  if (s !== null) {
    if (b.at + s.length * 3 > b.bytes.length) {
      const bytes = new Uint8Array(Math.max(b.bytes.length * 2, b.at + s.length * 3));
      bytes.set(b.bytes.subarray(0, b.at));
      b.bytes = bytes;
    }
    let ascii = true;
    for (let k = 0; k < s.length; k++) {
      const c = s.charCodeAt(k);
      if (c > 0x7f) {
        ascii = false;
        break;
      }
      b.bytes[b.at + k] = c;
    }
    b.at += ascii ? s.length : encoder.encodeInto(s, b.bytes.subarray(b.at)).written;
    b.valid[row] = 1;
  }
  b.ends[row] = b.at;
}

/**
 * The Utf8 vector of the first `rows` rows of `b`, or of the rows `at` only (in that order).
 * @example const b = utf8Buffer(2); pushUtf8(b, 0, 'a'); pushUtf8(b, 1, null); utf8VectorOfBuffer(b, 2).toArray() // => ['a', null]
 */
export function utf8VectorOfBuffer(b: Utf8Buffer, rows: number, at?: readonly number[]): Vector<Utf8> {
  const n = at ? at.length : rows;
  const offsets = new Int32Array(n + 1);
  if (!at) {
    offsets.set(b.ends.subarray(0, rows), 1);
    // Pushing only appends past `b.at`, so the vector may share the buffer unless that wastes half of it.
    const bytes = b.at < b.bytes.length / 2 ? b.bytes.slice(0, b.at) : b.bytes.subarray(0, b.at);
    return utf8VectorFrom(offsets, bytes, b.valid.subarray(0, rows));
  }
  const valid = new Uint8Array(n);
  let size = 0;
  for (const r of at) size += b.ends[r] - (r > 0 ? b.ends[r - 1] : 0);
  const bytes = new Uint8Array(size);
  let p = 0;
  at.forEach((r, i) => {
    const from = r > 0 ? b.ends[r - 1] : 0;
    bytes.set(b.bytes.subarray(from, b.ends[r]), p);
    p += b.ends[r] - from;
    offsets[i + 1] = p;
    valid[i] = b.valid[r];
  });
  return utf8VectorFrom(offsets, bytes, valid);
}

/**
 * A Utf8 vector of `xs` (null stays null), encoded straight into one value buffer and an offsets
 * array, without Arrow's row builder and its per-value work.
 * @example utf8VectorOf(['a', null]).get(0) // => 'a'
 */
export function utf8VectorOf(xs: readonly (string | null)[]): Vector<Utf8> {
  const n = xs.length;
  // Sized by a first pass (exact for ASCII text), so a million-row column allocates its value
  // buffer and offsets once instead of a doubled buffer, a row-end array and their copies.
  let units = 0;
  let nulls = 0;
  for (let i = 0; i < n; i++) {
    const s = xs[i];
    if (s == null) nulls++;
    else units += s.length;
  }
  const offsets = new Int32Array(n + 1);
  const valid = nulls > 0 ? new Uint8Array(n) : null;
  let bytes = new Uint8Array(units);
  let at = 0;
  let seen = 0;
  let ascii = true;
  for (let i = 0; i < n; i++) {
    const s = xs[i];
    if (s != null) {
      if (valid) valid[i] = 1;
      let k = 0;
      if (ascii)
        for (; k < s.length; k++) {
          const c = s.charCodeAt(k);
          if (c > 0x7f) break;
          bytes[at + k] = c;
        }
      if (k === s.length) at += k;
      else {
        if (ascii) {
          // The first non-ASCII text: room for 3 bytes per remaining UTF-16 unit, once.
          ascii = false;
          const wider = new Uint8Array(at + 3 * (units - seen));
          wider.set(bytes.subarray(0, at));
          bytes = wider;
        }
        at += encoder.encodeInto(s, bytes.subarray(at)).written;
      }
      seen += s.length;
    }
    offsets[i + 1] = at;
  }
  const used = at === bytes.length || at >= bytes.length / 2 ? bytes.subarray(0, at) : bytes.slice(0, at);
  return utf8VectorFrom(offsets, used, valid);
}

/**
 * A Utf8 vector of `vector`'s values at `rows` (in that order), copied byte for byte from its
 * buffers without decoding to strings: the fast, small path for repeating a column by an index.
 * @example utf8VectorAt(utf8VectorOf(['a', null, 'c']), Int32Array.of(2, 2, 1)).toArray() // => ['c', 'c', null]
 */
export function utf8VectorAt(vector: Vector, rows: Int32Array): Vector<Utf8> {
  // One flat view of every chunk: row r lives in chunk c at r - starts[c].
  const chunks = vector.data;
  const buffers = chunks.map(utf8BuffersOf);
  const starts = new Int32Array(chunks.length + 1);
  chunks.forEach((d, c) => {
    starts[c + 1] = starts[c] + d.length;
  });
  const chunkOf = (r: number): number => {
    let c = 0;
    while (r >= starts[c + 1]) c++;
    return c;
  };
  const valid = validityOf(vector);
  const n = rows.length;
  const offsets = new Int32Array(n + 1);
  let size = 0;
  for (let i = 0; i < n; i++) {
    const r = rows[i];
    if (valid && !valid[r]) continue;
    const c = chunks.length === 1 ? 0 : chunkOf(r);
    const o = buffers[c].offsets;
    size += o[r - starts[c] + 1] - o[r - starts[c]];
  }
  const bytes = new Uint8Array(size);
  const mask = new Uint8Array(n);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const r = rows[i];
    if (!(valid && !valid[r])) {
      const c = chunks.length === 1 ? 0 : chunkOf(r);
      const { offsets: o, bytes: values } = buffers[c];
      const k = r - starts[c];
      for (let b = o[k]; b < o[k + 1]; b++) bytes[at++] = values[b];
      mask[i] = 1;
    }
    offsets[i + 1] = at;
  }
  return utf8VectorFrom(offsets, bytes, mask);
}

/**
 * An Arrow vector of `kind` holding `values` (`null` for a missing value); numbers for int32,
 * float64 and timestamp (epoch milliseconds), strings for utf8, booleans for bool. The values must
 * already fit the kind (the caller parsed them); the result equals `vectorFromArray(values, type)`.
 * Cost: one pass over the values (two for text).
 * @example vectorOfKind('int32', [1, null, 3]).toArray() // => Int32Array [1, 0, 3]
 */
export function vectorOfKind(kind: ColumnKind, values: ReadonlyArray<number | string | boolean | null>): Vector {
  const n = values.length;
  const { bitmap, unset: nullCount } = packBits(values.map((v) => (v === null ? 0 : 1)));
  const nulls = { length: n, nullCount, nullBitmap: nullCount > 0 ? bitmap : undefined };
  switch (kind) {
    case 'int32':
      return makeVector(makeData({ type: new Int32(), ...nulls, data: numbersInto(new Int32Array(n), values) }));
    case 'float64':
      return makeVector(makeData({ type: new Float64(), ...nulls, data: numbersInto(new Float64Array(n), values) }));
    case 'timestamp': {
      const data = new BigInt64Array(n);
      for (let i = 0; i < n; i++) {
        const v = values[i];
        if (typeof v === 'number') data[i] = BigInt(v);
      }
      return makeVector(makeData({ type: new TimestampMillisecond('UTC'), ...nulls, data }));
    }
    case 'bool': {
      const data = packBits(values.map((v) => (v === true ? 1 : 0))).bitmap;
      return makeVector(makeData({ type: new Bool(), ...nulls, data }));
    }
    case 'utf8':
      return makeVector(makeData({ type: new Utf8(), ...nulls, ...utf8BytesOf(values) }));
  }
}

/** Copies the numbers of `values` into `data` (a missing value stays 0 under its null bit). */
function numbersInto<A extends Int32Array | Float64Array>(data: A, values: ReadonlyArray<unknown>): A {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v === 'number') data[i] = v;
  }
  return data;
}

/** The UTF-8 bytes of the strings of `values` and their offsets (a missing value is empty). */
function utf8BytesOf(values: ReadonlyArray<unknown>): { valueOffsets: Int32Array; data: Uint8Array } {
  const n = values.length;
  let bound = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (typeof v === 'string') bound += v.length * 3;
  }
  const bytes = new Uint8Array(bound);
  const valueOffsets = new Int32Array(n + 1);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (typeof v === 'string') at += encoder.encodeInto(v, bytes.subarray(at)).written;
    valueOffsets[i + 1] = at;
  }
  return { valueOffsets, data: bytes.subarray(0, at) };
}
