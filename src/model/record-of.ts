/** Records keyed by a list of names, typed by that list. */

/**
 * A record with one entry per key, each `entryOf(key)`, in the order of `keys`.
 * @example recordOf(['a', 'bb'] as const, (k) => k.length) // => { a: 1, bb: 2 }
 */
export function recordOf<K extends string, V>(keys: readonly K[], entryOf: (key: K) => V): Record<K, V> {
  // cast: Object.fromEntries types its keys as string; the map over `keys` sets every key of K.
  return Object.fromEntries(keys.map((k) => [k, entryOf(k)])) as Record<K, V>;
}
