/**
 * @module Authentication of keyed calls (docs/design.md#authentication): `Authorization: Bearer svc_sk_…`. Missing,
 * malformed, unknown and revoked keys all fail with `unauthorized` (401). Active keys already
 * authenticated are remembered by Authorization value while the key store's revision is
 * unchanged: checking a key's form, checksum and hash costs more than the rest of a paid call's
 * service work. A revocation, also from the CLI in another process, changes the revision and
 * empties the cache before the next call.
 */
import { fail, ok, type Result } from '../errors.js';
import type { KeyRecord, KeyStore, ServiceStore } from '../store/ports.js';
import { constantTimeEqual, hashKey, isWellFormedKey } from './billing/keys.js';

/**
 * The active key named by an `Authorization` header value.
 * @example await authenticate(store.keys, undefined) // => { ok: false, error: { code: 'unauthorized', … } }
 */
export async function authenticate(keys: KeyStore, authorization: string | undefined): Promise<Result<KeyRecord>> {
  if (authorization === undefined || authorization === '') {
    return fail(
      'unauthorized',
      'send Authorization: Bearer <API_KEY>, or X-SVC-Demo-Channel on an endpoint that accepts the demo channel',
      { param: 'Authorization' },
    );
  }
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
  if (!match)
    return fail('unauthorized', 'the Authorization header must read "Bearer <API_KEY>"', { param: 'Authorization' });
  const key = match[1];
  if (!isWellFormedKey(key))
    return fail('unauthorized', 'the API key is malformed (expected svc_sk_ followed by 49 letters and digits)', {
      param: 'Authorization',
    });
  const hash = hashKey(key);
  const record = await keys.byHash(hash);
  // The lookup is by hash; the comparison below keeps the final check constant-time anyway.
  if (!record || !constantTimeEqual(record.hash, hash))
    return fail('unauthorized', 'the API key is not known', { param: 'Authorization' });
  if (record.revoked_at !== null)
    return fail('unauthorized', 'the API key has been revoked', { param: 'Authorization' });
  return ok(record);
}

/** Active keys remembered between calls, at most; the cache empties when full. */
const KNOWN_KEYS_MAX = 10_000;

/** Looks up the active key of an Authorization value (401 `unauthorized` otherwise), as {@link authenticate} does. */
export type KeyLookup = (authorization: string | undefined) => Promise<Result<KeyRecord>>;

/**
 * A key lookup over `store.keys` that remembers active keys while its `revision()` is unchanged; a
 * key store without `revision` is asked on every call.
 * @example await keyCache(store)(undefined) // => { ok: false, error: { code: 'unauthorized', … } }
 */
export function keyCache(store: Pick<ServiceStore, 'keys'>): KeyLookup {
  const knownKeys = new Map<string, KeyRecord>();
  let knownRevision: number | undefined;
  /** Authenticates through the store and remembers the key while the revision read before is unchanged. */
  async function lookUp(authorization: string | undefined, revision: number | undefined) {
    const key = await authenticate(store.keys, authorization);
    if (key.ok && revision !== undefined && store.keys.revision!() === revision) {
      if (knownKeys.size >= KNOWN_KEYS_MAX) knownKeys.clear();
      knownKeys.set(authorization!, key.value);
    }
    return key;
  }
  return async function keyOf(authorization) {
    const revision = store.keys.revision?.();
    if (revision !== knownRevision) {
      knownKeys.clear();
      knownRevision = revision;
    }
    const known = revision === undefined || authorization === undefined ? undefined : knownKeys.get(authorization);
    return known ? ok(known) : lookUp(authorization, revision);
  };
}
