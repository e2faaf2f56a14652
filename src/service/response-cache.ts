/**
 * @module Serialized responses of pure operations (operation + engine clock + query + body → the
 * same JSON text every time over an immutable dataset), kept least-recently-used within a memory
 * budget as UTF-8 bytes, so a hit is written to the socket as it is, with no encoding per call. A
 * hit skips the engine and JSON serialization only: the call is still authenticated, validated,
 * rate-limited and billed like any other (docs/api.md#caching).
 */

/** Default memory budget of the response cache, in bytes (keys count 2 bytes a character, answers their UTF-8 bytes). */
export const RESPONSE_CACHE_DEFAULT_BYTES = 64 * 1024 * 1024;

const UTF8 = new TextEncoder();

/** Bytes an entry counts: its key as UTF-16, its answer as stored. */
const sizeOf = (key: string, bytes: Uint8Array): number => 2 * key.length + bytes.byteLength;

/** A least-recently-used map of UTF-8 answers by string key, with a byte budget. */
export class ResponseCache {
  private readonly entries = new Map<string, Uint8Array>();
  private bytes = 0;
  /** The most recently used key: a hit on it again (the common case under load) needs no reordering. */
  private newest: string | undefined;

  /** @param maxBytes Budget in bytes; 0 keeps nothing. */
  constructor(readonly maxBytes: number = RESPONSE_CACHE_DEFAULT_BYTES) {}

  /**
   * The answer stored under `key`, which becomes the most recently used; undefined when absent.
   * @example new ResponseCache().get('x') // => undefined
   */
  get(key: string): Uint8Array | undefined {
    const bytes = this.entries.get(key);
    if (bytes !== undefined && key !== this.newest) {
      this.entries.delete(key);
      this.entries.set(key, bytes);
      this.newest = key;
    }
    return bytes;
  }

  /**
   * Stores the UTF-8 bytes of `text` under `key`, evicting the least recently used entries beyond
   * the budget; an entry larger than the whole budget is not kept.
   * @example const c = new ResponseCache(100); c.set('k', 'v'); c.get('k') // => Uint8Array [ 118 ]
   */
  set(key: string, text: string): void {
    const bytes = UTF8.encode(text);
    const size = sizeOf(key, bytes);
    if (size > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.bytes -= sizeOf(key, old);
    }
    this.entries.set(key, bytes);
    this.newest = key;
    this.bytes += size;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= sizeOf(k, v);
    }
  }

  /** Entries held now. */
  get size(): number {
    return this.entries.size;
  }

  /** Bytes held now (2 per character of keys, and the answers' UTF-8 bytes). */
  get usedBytes(): number {
    return this.bytes;
  }
}
