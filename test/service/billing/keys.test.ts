import { describe, expect, it } from 'vitest';
import {
  base62,
  constantTimeEqual,
  generateKey,
  hashKey,
  isWellFormedKey,
  KEY_PREFIX,
} from '../../../src/service/billing/keys.js';

describe('keys', () => {
  it('encodes base62 big-endian with padding', () => {
    // 256 = 4·62 + 8 → digits "4","8".
    expect(base62(new Uint8Array([1, 0]), 3)).toBe('048');
    // 61 → "z"; 62 → "10".
    expect(base62(new Uint8Array([61]), 1)).toBe('z');
    expect(base62(new Uint8Array([62]), 2)).toBe('10');
    // 2^256 − 1 needs all 43 digits (62^42 < 2^256 < 62^43).
    expect(base62(new Uint8Array(32).fill(255), 43)).toHaveLength(43);
    expect(base62(new Uint8Array(32).fill(255), 43)[0]).not.toBe('0');
  });

  it('generates well-formed keys: prefix, 43 secret + 6 checksum characters, unique', () => {
    const a = generateKey();
    const b = generateKey();
    expect(a.key.startsWith(KEY_PREFIX)).toBe(true);
    expect(a.key).toHaveLength(7 + 43 + 6);
    expect(a.key).not.toBe(b.key);
    expect(a.id).toMatch(/^key_[0-9A-Za-z]{14}$/);
    expect(a.hash).toBe(hashKey(a.key));
    expect(isWellFormedKey(a.key)).toBe(true);
  });

  it('rejects keys with a wrong checksum, prefix or length', () => {
    const { key } = generateKey();
    const i = 10;
    const flipped = key.slice(0, i) + (key[i] === 'a' ? 'b' : 'a') + key.slice(i + 1);
    expect(isWellFormedKey(flipped)).toBe(false);
    expect(isWellFormedKey(key.slice(0, -1))).toBe(false);
    expect(isWellFormedKey(key.replace('svc_sk_', 'svc_pk_'))).toBe(false);
    expect(isWellFormedKey(`${key}x`)).toBe(false);
  });

  it('is deterministic under an injected random source', () => {
    const zeros = (n: number) => new Uint8Array(n);
    const k = generateKey(zeros);
    expect(k.key.slice(0, 50)).toBe(`svc_sk_${'0'.repeat(43)}`);
    expect(k.id).toBe(`key_${'0'.repeat(14)}`);
  });

  it('hashes with SHA-256 and compares in constant time', () => {
    // FIPS 180-2 test vector for "abc".
    expect(hashKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
  });
});
