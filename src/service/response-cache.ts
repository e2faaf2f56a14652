/**
 * @module Serialized responses of pure operations (operation + engine clock + query + body → the
 * same JSON text every time over an immutable dataset), kept least-recently-used within a memory
 * budget. A hit skips the engine and JSON serialization only: the call is still authenticated,
 * validated, rate-limited and billed like any other (docs/api.md#caching).
 */

/** Default memory budget of the response cache, in bytes (UTF-16 text: 2 bytes a character). */
export const RESPONSE_CACHE_DEFAULT_BYTES = 64 * 1024 * 1024;

/** A least-recently-used map of strings with a byte budget. */
export class ResponseCache {
  private readonly entries = new Map<string, string>();
  private bytes = 0;
  /** The most recently used key: a hit on it again (the common case under load) needs no reordering. */
  private newest: string | undefined;

  /** @param maxBytes Budget in bytes; 0 keeps nothing. */
  constructor(readonly maxBytes: number = RESPONSE_CACHE_DEFAULT_BYTES) {}

  /**
   * The text stored under `key`, which becomes the most recently used; undefined when absent.
   * @example new ResponseCache().get('x') // => undefined
   */
  get(key: string): string | undefined {
    const text = this.entries.get(key);
    if (text !== undefined && key !== this.newest) {
      this.entries.delete(key);
      this.entries.set(key, text);
      this.newest = key;
    }
    return text;
  }

  /**
   * Stores `text` under `key`, evicting the least recently used entries beyond the budget; an entry
   * larger than the whole budget is not kept.
   * @example const c = new ResponseCache(100); c.set('k', 'v'); c.get('k') // => 'v'
   */
  set(key: string, text: string): void {
    const size = 2 * (key.length + text.length);
    if (size > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.bytes -= 2 * (key.length + old.length);
    }
    this.entries.set(key, text);
    this.newest = key;
    this.bytes += size;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= 2 * (k.length + v.length);
    }
  }

  /** Entries held now. */
  get size(): number {
    return this.entries.size;
  }

  /** Bytes held now (2 per character of keys and texts). */
  get usedBytes(): number {
    return this.bytes;
  }
}
