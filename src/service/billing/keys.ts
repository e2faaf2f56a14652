/**
 * @module API keys (docs/design.md#service): `svc_sk_` + 32 random bytes in base62 + a 6-character checksum.
 * Only the SHA-256 of the key is stored; lookups hash the presented key and compare hashes in
 * constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Prefix of every secret key (docs/design.md#authentication). */
export const KEY_PREFIX = 'svc_sk_';
/** Random bytes in a key's secret part: 256 bits. */
const KEY_SECRET_BYTES = 32;
const SECRET_CHARS = 43; // 62^43 > 2^256, so 32 bytes always fit in 43 base62 digits.
const CHECKSUM_CHARS = 6; // 62^6 > 2^32, so 4 checksum bytes always fit.
const ID_CHARS = 14; // 62^14 > 2^80: ten random bytes.

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${SECRET_CHARS + CHECKSUM_CHARS}}$`);

/**
 * Encodes bytes as a big-endian base62 number, left-padded with '0' to `width` characters.
 * @example base62(new Uint8Array([1, 0]), 3) // => '048'
 */
export function base62(bytes: Uint8Array, width: number): string {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out.padStart(width, '0');
}

const checksumOf = (secret: string): string =>
  base62(createHash('sha256').update(secret).digest().subarray(0, 4), CHECKSUM_CHARS);

/**
 * SHA-256 of a full key, lowercase hex: the only form a key is stored in.
 * @example hashKey('svc_sk_…').length // => 64
 */
export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** A new key: the secret (shown once), its id and hash. */
interface NewKey {
  id: string;
  key: string;
  hash: string;
}

/**
 * Generates a key from `random` (default: the operating system's CSPRNG).
 * @example generateKey().key.startsWith('svc_sk_') // => true
 */
export function generateKey(random: (n: number) => Uint8Array = randomBytes): NewKey {
  const secret = base62(random(KEY_SECRET_BYTES), SECRET_CHARS);
  const key = `${KEY_PREFIX}${secret}${checksumOf(secret)}`;
  return { id: `key_${base62(random(10), ID_CHARS)}`, key, hash: hashKey(key) };
}

/**
 * True when `key` has the prefix, length and alphabet of a key and its checksum matches, so typos
 * and truncated keys are refused without a store lookup.
 * @example isWellFormedKey('svc_sk_abc') // => false
 */
export function isWellFormedKey(key: string): boolean {
  if (!KEY_PATTERN.test(key)) return false;
  const secret = key.slice(KEY_PREFIX.length, KEY_PREFIX.length + SECRET_CHARS);
  return constantTimeEqual(checksumOf(secret), key.slice(KEY_PREFIX.length + SECRET_CHARS));
}

/**
 * Compares two strings in time independent of where they differ (lengths are not secret).
 * @example constantTimeEqual('abc', 'abd') // => false
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
