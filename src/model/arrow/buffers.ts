/**
 * Typed views of an Arrow chunk's buffers. Arrow-js types a column read by name as `Vector<any>`,
 * so its buffers come untyped; these check the class once per chunk instead of casting.
 */
import type { Data } from 'apache-arrow';
import { InvariantError } from '../../errors.js';

/** A typed-array class such as `Int32Array` or `Float64Array`. */
export type TypedArrayClass<A> = abstract new (...args: never[]) => A;

/**
 * `values` as an instance of `kind`; throws InvariantError otherwise (a column of another type got
 * past validation: a bug). `what` names the buffer for the message.
 * @example valuesAs(Int32Array.of(1), Int32Array, 'ids')[0] // => 1
 */
export function valuesAs<A>(values: unknown, kind: TypedArrayClass<A>, what: string): A {
  if (values instanceof kind) return values;
  throw new InvariantError(`${what}: expected ${kind.name}, got ${Object.prototype.toString.call(values)}`);
}

/** The buffers of one chunk of a text column: `offsets` (length + 1) into the UTF-8 `bytes`. */
export interface Utf8Buffers {
  offsets: Int32Array;
  bytes: Uint8Array;
}

/**
 * The UTF-8 buffers of one text chunk; throws InvariantError for a chunk of another type.
 * @example utf8BuffersOf(vectorFromArray(['ab']).data[0]).offsets // => Int32Array [0, 2]
 */
export function utf8BuffersOf(chunk: Data): Utf8Buffers {
  return {
    offsets: valuesAs(chunk.valueOffsets, Int32Array, 'text offsets'),
    bytes: valuesAs(chunk.values, Uint8Array, 'text bytes'),
  };
}
