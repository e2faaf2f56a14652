/**
 * Arrow columns built and read with apache-arrow's own API (`makeData`, `makeVector`,
 * `Data.getValid`, `util.packBools`) over typed arrays: validity as one byte per row, vectors from
 * typed arrays and a mask, text vectors from strings, and the refusal of another copy's tables
 * (docs/design.md#arrow-loading).
 */
import { type Data, type DataType, Float64, makeData, makeVector, Table, Utf8, util, type Vector } from 'apache-arrow';
import { InvariantError } from '../errors.js';

/** A typed-array class such as `Int32Array` or `Float64Array`. */
type TypedArrayClass<A> = abstract new (...args: never[]) => A;

/**
 * `values` as an instance of `kind`; throws InvariantError otherwise (a column of another type got
 * past validation: a bug). Arrow-js types a column read by name as `Vector<any>`, so its buffers
 * come untyped; this checks the class once instead of casting. `what` names the buffer.
 * @example valuesAs(Int32Array.of(1), Int32Array, 'ids')[0] // => 1
 */
export function valuesAs<A>(values: unknown, kind: TypedArrayClass<A>, what: string): A {
  if (values instanceof kind) return values;
  throw new InvariantError(`${what}: expected ${kind.name}, got ${Object.prototype.toString.call(values)}`);
}

/**
 * The buffers of one chunk of a text column: `offsets` (length + 1) into the UTF-8 `bytes`;
 * throws InvariantError for a chunk of another type.
 * @example utf8BuffersOf(vectorFromArray(['ab']).data[0]).offsets // => Int32Array [0, 2]
 */
export function utf8BuffersOf(chunk: Data): { offsets: Int32Array; bytes: Uint8Array } {
  return {
    offsets: valuesAs(chunk.valueOffsets, Int32Array, 'text offsets'),
    bytes: valuesAs(chunk.values, Uint8Array, 'text bytes'),
  };
}

/**
 * Validity of every value of a column: 1 = present, 0 = null. Null when the column has no nulls
 * (callers skip the check). Arrow's `toArray()` turns Int32 nulls into 0, so this mask is the only
 * way to tell a null from a real zero (docs/methodology/stats.md#missing-values).
 * @example validityOf(vectorFromArray([1, null], new Int32())) // => Uint8Array [1, 0]
 */
export function validityOf(vector: Vector): Uint8Array | null {
  if (vector.nullCount === 0) return null;
  const out = new Uint8Array(vector.length);
  let at = 0;
  for (const d of vector.data) {
    const bitmap = d.nullBitmap;
    // One bitmap read per chunk: Data.getValid per row re-checks the type on every call.
    if (d.nullCount === 0 || !bitmap || bitmap.length === 0) out.fill(1, at, at + d.length);
    else
      for (let i = 0, j = d.offset; i < d.length; i++, j++) out[at + i] = util.getBit(null, j, bitmap[j >> 3], j & 7);
    at += d.length;
  }
  return out;
}

/**
 * A vector of `type` over the typed array `data` (its own array type: Int32Array for Int32, …),
 * rows whose `valid` byte is 0 stored as null (`valid` null: no nulls).
 * @example vectorOf(new Int32(), Int32Array.of(3, 0), Uint8Array.of(1, 0)).get(1) // => null
 */
export function vectorOf<T extends DataType>(type: T, data: T['TArray'], valid: Uint8Array | null = null): Vector<T> {
  let nulls = 0;
  if (valid) for (let i = 0; i < data.length; i++) nulls += valid[i] ? 0 : 1;
  const nullBitmap = nulls > 0 && valid ? util.packBools(valid) : undefined;
  const props = { type, length: data.length, nullCount: nulls, nullBitmap, data };
  // Without nulls the vector is Arrow's own view of the typed array (a field it writes as non-nullable).
  // makeData's overloads pick the vector type from a concrete `type`, and T is generic here.
  // cast: `data` is T's own array type, so the vector is what a concrete call would build.
  return makeVector((nullBitmap ? makeData(props as never) : data) as never) as unknown as Vector<T>;
}

/**
 * A Float64 vector of `xs` with every NaN stored as null (the derived columns use NaN for "not
 * computable").
 * @example float64VectorOf(Float64Array.of(1.5, NaN)).get(1) // => null
 */
export function float64VectorOf(xs: Float64Array): Vector<Float64> {
  const valid = new Uint8Array(xs.length);
  for (let i = 0; i < xs.length; i++) valid[i] = Number.isNaN(xs[i]) ? 0 : 1;
  return vectorOf(new Float64(), xs, valid);
}

/**
 * The offsets and one UTF-8 buffer of `texts` (null holds no bytes): the texts are joined and
 * encoded once, the offsets summed from each text's byte length, so a million short texts cost
 * one encoding instead of a builder call each.
 * @example utf8BytesOf(['ab', null]).valueOffsets // => Int32Array [0, 2, 2]
 */
function utf8BytesOf(texts: readonly (string | null)[]): { valueOffsets: Int32Array; data: Uint8Array } {
  const valueOffsets = new Int32Array(texts.length + 1);
  let at = 0;
  for (let i = 0; i < texts.length; i++) {
    const s = texts[i];
    if (s !== null) at += Buffer.byteLength(s);
    valueOffsets[i + 1] = at;
  }
  // Array#join writes null as the empty string, which is what a null row holds.
  let data = Buffer.from(texts.join(''), 'utf8');
  // A lone surrogate at the end of one text would pair with the next one's in the joined string.
  if (data.length !== at) data = Buffer.concat(texts.map((s) => Buffer.from(s ?? '', 'utf8')));
  return { valueOffsets, data };
}

/**
 * A Utf8 vector of `xs` (null stays null) over one UTF-8 buffer ({@link utf8BytesOf}).
 * @example utf8VectorOf(['a', null]).get(0) // => 'a'
 */
export function utf8VectorOf(xs: readonly (string | null)[]): Vector<Utf8> {
  const n = xs.length;
  const valid = new Uint8Array(n);
  let nullCount = 0;
  for (let i = 0; i < n; i++)
    if (xs[i] === null) nullCount++;
    else valid[i] = 1;
  const nullBitmap = nullCount > 0 ? util.packBools(valid) : undefined;
  return makeVector(makeData({ type: new Utf8(), length: n, nullCount, nullBitmap, ...utf8BytesOf(xs) }));
}

/**
 * `table` itself when it was built by the apache-arrow that halfspace imports; else a TypeError
 * saying how to get one copy. apache-arrow does not recognise its data types across copies, so a
 * writer or a `new Table` of one copy misreads the columns of another; reading needs no such check
 * (types are read by type id).
 * @example ownTable(tableFromArrays({ a: Int32Array.of(1) })) === table // => true
 */
export function ownTable(table: Table): Table {
  if (Object.prototype.isPrototypeOf.call(Table.prototype, table)) return table;
  throw new TypeError(
    'this Arrow table was built by another copy of apache-arrow than the one halfspace imports; ' +
      "install one version (`npm ls apache-arrow`, `npm dedupe`) or pass the table through tableToIPC and halfspace's tableFromFile",
  );
}
