/** Records keyed by a list of names, typed by that list, built and checked without casts. */
import { assert } from '../errors.js';

/**
 * Whether `record` holds a value (null counts) for every key in `keys`.
 * @example hasEveryKey({ a: 1 }, ['a', 'b']) // => false
 */
export function hasEveryKey<K extends string, V>(
  record: Partial<Record<K, V>>,
  keys: readonly K[],
): record is Record<K, V> {
  return keys.every((k) => record[k] !== undefined);
}

/**
 * A record with one entry per key, each `entryOf(key)`, in the order of `keys`.
 * @example recordOf(['a', 'bb'] as const, (k) => k.length) // => { a: 1, bb: 2 }
 */
export function recordOf<K extends string, V>(keys: readonly K[], entryOf: (key: K) => V): Record<K, V> {
  const out: Partial<Record<K, V>> = {};
  for (const k of keys) out[k] = entryOf(k);
  assert(hasEveryKey(out, keys), 'a record built over its keys has every key');
  return out;
}
